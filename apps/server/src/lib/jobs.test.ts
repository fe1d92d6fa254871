import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { testDatabaseOptions } from '../../test/databases.ts';
import { JobQueue, enqueueJob, throwIfStopping, type JobQueueOptions } from './jobs.ts';

const log = pino({ level: 'silent' });
const url = process.env.DATABASE_URL;
let database: DatabaseHandle;
/** On PostgreSQL a second handle, so two workers really race on two connections. */
let second: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase(await testDatabaseOptions(url));
  second = url ? await openDatabase({ kind: 'postgres', url, poolSize: 4 }) : database;
});
afterAll(async () => {
  if (second !== database) await second.close();
  await database.close();
});

type JobState = { status: string; attempts: number; last_error: string | null };
async function jobState(id: string): Promise<JobState> {
  const result = (await database.db.execute(
    sql`select status, attempts, last_error from jobs where id = ${id}`,
  )) as unknown as { rows: JobState[] };
  return result.rows[0]!;
}

const kindFor = (name: string) => `test.${name}.${randomUUID().slice(0, 8)}`;
const queue = (handle: DatabaseHandle, options: JobQueueOptions = {}) =>
  new JobQueue(handle, log, { pollMs: 50, backoffMs: () => 0, ...options });

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('job queue', () => {
  it('never runs one job in two workers', async () => {
    const kind = kindFor('race');
    const runs = new Map<string, number>();
    const handler = {
      run: async (job: { id: string }) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      },
    };
    const a = queue(database);
    const b = queue(second);
    a.register(kind, handler);
    b.register(kind, handler);
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await enqueueJob(database.db, kind, { i }));
    await Promise.all([a.start(), b.start()]);
    await until(async () => ids.every((id) => runs.has(id)));
    await Promise.all([a.stop(), b.stop()]);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(30);
    for (const id of ids) expect((await jobState(id)).status).toBe('done');
  });

  it('wakes on NOTIFY without waiting for the poll', async () => {
    const kind = kindFor('notify');
    let ran = false;
    const worker = queue(database, { pollMs: 60_000 });
    worker.register(kind, { run: async () => void (ran = true) });
    await worker.start();
    const started = Date.now();
    await enqueueJob(database.db, kind, {});
    await until(async () => ran, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    await worker.stop();
  });

  it('claims a job whose lease ran out, and not one whose lease holds', async () => {
    const kind = kindFor('lease');
    const ran: string[] = [];
    const worker = queue(database);
    worker.register(kind, { run: async (job) => void ran.push(job.id) });
    const expired = await enqueueJob(database.db, kind, {});
    const held = await enqueueJob(database.db, kind, {});
    await database.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'a-dead-process',
        locked_until = now() - interval '1 second' where id = ${expired}`);
    await database.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'a-live-process',
        locked_until = now() + interval '1 hour' where id = ${held}`);
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    expect(ran).toEqual([expired]);
    expect(await jobState(expired)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobState(held)).toMatchObject({ status: 'running', attempts: 1 });
  });

  it('refuses a commit from a worker that lost its lease', async () => {
    const kind = kindFor('lost');
    const worker = queue(database);
    let outcome = '';
    worker.register(kind, {
      run: async (job) => {
        // Another worker took the job over (as after an expiry): this one must not write.
        await database.db.execute(
          sql`update jobs set locked_by = 'someone-else' where id = ${job.id}`,
        );
        try {
          await database.db.transaction(async (tx) => job.holdLease(tx));
          outcome = 'committed';
        } catch (error) {
          outcome = (error as Error).name;
          throw error;
        }
      },
    });
    const id = await enqueueJob(database.db, kind, {});
    await worker.runOnce();
    expect(outcome).toBe('LeaseLostError');
    // The job stays with its new owner, untouched by the worker that lost it.
    expect(await jobState(id)).toMatchObject({ status: 'running' });
  });

  it('retries a failing job with backoff, then marks it failed with the last error', async () => {
    const kind = kindFor('fail');
    let calls = 0;
    const failed: string[] = [];
    const worker = queue(database, { backoffMs: (n) => (n === 1 ? 0 : 0) });
    worker.register(kind, {
      run: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      onFailed: async (job, error) => void failed.push(`${job.id}: ${error.message}`),
    });
    const id = await enqueueJob(database.db, kind, {}, { maxAttempts: 3 });
    expect(await worker.runOnce()).toBe(true);
    expect(await jobState(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'boom 1',
    });
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    expect(calls).toBe(3);
    expect(await jobState(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'boom 3',
    });
    expect(failed).toEqual([`${id}: boom 3`]);
  });

  it('waits for the backoff before a retry', async () => {
    const kind = kindFor('backoff');
    const worker = queue(database, { backoffMs: () => 60_000 });
    worker.register(kind, {
      run: async () => {
        throw new Error('later');
      },
    });
    const id = await enqueueJob(database.db, kind, {});
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    expect(await jobState(id)).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('on stop, lets the running job reach a safe point and hands it back', async () => {
    const kind = kindFor('stop');
    let steps = 0;
    const worker = queue(database);
    worker.register(kind, {
      run: async (job) => {
        for (;;) {
          steps += 1;
          await new Promise((r) => setTimeout(r, 10));
          throwIfStopping(job);
        }
      },
    });
    const id = await enqueueJob(database.db, kind, {});
    await worker.start();
    await until(async () => steps > 2);
    await worker.stop();
    expect(await jobState(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it("enqueues inside the caller's transaction: a rollback leaves no job", async () => {
    const kind = kindFor('tx');
    await database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, kind, {});
        throw new Error('rollback');
      })
      .catch(() => {});
    const result = (await database.db.execute(
      sql`select count(*)::int as n from jobs where kind = ${kind}`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]!.n).toBe(0);
  });
});
