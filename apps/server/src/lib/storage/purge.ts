import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { processAlive } from './alive.ts';
import { enqueueJob, type JobHandler, type JobQueue } from '../jobs.ts';
import { PURGE_JOB, type Storage } from './storage.ts';

const BATCH = 100;

type Rows<T> = { rows: T[] };

/**
 * Deletes the bytes of due keys that no `stored_files` row holds (rows deleted, uploads a crash
 * interrupted), a batch per transaction: the keys are locked (`skip locked`, so several
 * processes share the work), their bytes deleted, then their entries. A failure rolls the batch
 * back and the job retries; deleting bytes twice is harmless. The count of keys handled.
 */
export async function purgeDue(
  db: Database,
  storage: Storage,
  signal?: AbortSignal,
): Promise<number> {
  let handled = 0;
  for (;;) {
    if (signal?.aborted) return handled;
    const count = await db.transaction(async (tx) => {
      const due = (await tx.execute(sql`
        select p.storage_key as key,
          exists (select 1 from stored_files f where f.storage_key = p.storage_key) as kept
        from stored_file_purges p
        where p.due_at <= now()
        order by p.due_at
        limit ${BATCH}
        for update of p skip locked`)) as unknown as Rows<{ key: string; kept: boolean }>;
      if (due.rows.length === 0) return 0;
      for (const { key, kept } of due.rows) {
        if (!kept) await storage.driver.delete(key);
      }
      const keys = due.rows.map((row) => row.key);
      await tx.execute(sql`
        delete from stored_file_purges
        where storage_key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`);
      return keys.length;
    });
    handled += count;
    if (count < BATCH) return handled;
  }
}

/**
 * Queues a purge at the next due key, unless one is queued already: a purge run, and the start
 * of the server, leave one waiting for the reservations of uploads still under way.
 */
export async function schedulePurge(db: Database): Promise<void> {
  const next = (await db.execute(sql`
    select min(due_at) as due from stored_file_purges`)) as unknown as Rows<{ due: unknown }>;
  const due = next.rows[0]?.due;
  if (due === null || due === undefined) return;
  const runAt = due instanceof Date ? due : new Date(String(due));
  const queued = (await db.execute(sql`
    select 1 from jobs where kind = ${PURGE_JOB} and status = 'queued' and run_at <= ${runAt.toISOString()}::timestamptz
    limit 1`)) as unknown as Rows<unknown>;
  if (queued.rows.length > 0) return;
  await enqueueJob(db, PURGE_JOB, {}, { runAt });
}

export function purgeJobHandler(db: Database, storage: Storage): JobHandler {
  return {
    async run(job) {
      await purgeDue(db, storage, job.signal);
      await schedulePurge(db);
    },
  };
}

/**
 * At start: the driver removes what interrupted writes left, and the keys reserved by processes
 * of this host that no longer run (a crash, a `kill -9`) fall due now, so bytes written just
 * before their row never stay. Then the purge job is registered and queued for what is due.
 */
export async function startStorage(
  db: Database,
  storage: Storage,
  jobs: JobQueue,
  log: FastifyBaseLogger,
): Promise<void> {
  jobs.register(PURGE_JOB, purgeJobHandler(db, storage));
  try {
    await storage.driver.sweep();
  } catch (error) {
    log.error({ err: error }, 'storage: could not sweep interrupted writes');
  }
  const host = `${hostname()}:`;
  const holders = (await db.execute(sql`
    select distinct holder from stored_file_purges
    where holder like ${`${host}%`}`)) as unknown as Rows<{ holder: string }>;
  const dead = holders.rows
    .map((row) => row.holder)
    .filter((holder) => !processAlive(Number(holder.slice(host.length))));
  if (dead.length > 0) {
    await db.execute(sql`
      update stored_file_purges set due_at = now(), holder = null
      where holder in (${sql.join(
        dead.map((holder) => sql`${holder}`),
        sql`, `,
      )})`);
  }
  await schedulePurge(db);
}
