import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.ts';

/** NOTIFY channel: an enqueue wakes every process's worker at once (payload: the job's kind). */
export const JOBS_CHANNEL = 'beacon_jobs';

type Executor = Pick<Database, 'execute'>;

export type JobRow = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
};

/** What a handler gets: the job, and the means to stop at a safe point and to keep its lease. */
export type RunningJob = JobRow & {
  /** Aborted when the process is stopping or the lease was lost: stop at the next safe point. */
  signal: AbortSignal;
  /**
   * Inside the handler's own transaction: proves this worker still holds the lease (and renews
   * it), or throws `LeaseLostError` so the transaction rolls back. A batch committed with this
   * check can never be committed twice by two workers.
   */
  holdLease(tx: Executor): Promise<void>;
  /** True when this run is the last attempt: a failure now fails the job for good. */
  lastAttempt: boolean;
};

export type JobHandler = {
  run(job: RunningJob): Promise<void>;
  /** Called once when the job gives up (attempts exhausted), with the last error. */
  onFailed?(job: JobRow, error: Error): Promise<void>;
};

/** The handler stopped at a safe point because the process is stopping: run it again later. */
export class JobInterruptedError extends Error {
  constructor() {
    super('job interrupted by shutdown');
    this.name = 'JobInterruptedError';
  }
}
export class LeaseLostError extends Error {
  constructor() {
    super('the lease on this job was lost to another worker');
    this.name = 'LeaseLostError';
  }
}

export type EnqueueOptions = { runAt?: Date; maxAttempts?: number };

/**
 * Adds a job. Give the caller's transaction as `executor` to enqueue atomically with its write:
 * the job and its wake-up NOTIFY exist only if that transaction commits.
 */
export async function enqueueJob(
  executor: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string> {
  const result = (await executor.execute(sql`
    insert into jobs (kind, payload, run_at, max_attempts)
    values (${kind}, ${JSON.stringify(payload)}::jsonb, ${(options.runAt ?? new Date()).toISOString()}::timestamptz,
            ${options.maxAttempts ?? 5})
    returning id`)) as unknown as { rows: { id: string }[] };
  await executor.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`);
  return result.rows[0]!.id;
}

export type JobQueueOptions = {
  /** How long a claim lasts without renewal; a job whose lease ran out is claimed again. */
  leaseMs?: number;
  /** The slow poll that catches due retries and missed notifications. */
  pollMs?: number;
  /** Delay before attempt n + 1 after attempt n failed. */
  backoffMs?: (attempts: number) => number;
  /** How long `stop` waits for the running job to reach a safe point. */
  stopTimeoutMs?: number;
  workerId?: string;
};

const defaultBackoff = (attempts: number) => Math.min(5 * 60_000, 2_000 * 4 ** (attempts - 1));

/**
 * A PostgreSQL-backed job queue (docs/decisions/015-jobs-and-import.md). Every server
 * process runs one worker loop: it claims the next due job with `for update skip locked`, holds
 * a lease it renews while the job runs, and retries failures with backoff up to the job's
 * `max_attempts`. It wakes on NOTIFY and polls slowly as a fallback.
 */
export class JobQueue {
  readonly workerId: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly backoffMs: (attempts: number) => number;
  private readonly stopTimeoutMs: number;
  private stopping = false;
  private started = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private pending = false;
  private current: AbortController | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly handle: Pick<DatabaseHandle, 'db' | 'listen'>,
    private readonly log: FastifyBaseLogger,
    options: JobQueueOptions = {},
  ) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.backoffMs = options.backoffMs ?? defaultBackoff;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 8_000;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  enqueue(executor: Executor, kind: string, payload: Record<string, unknown>, o?: EnqueueOptions) {
    return enqueueJob(executor, kind, payload, o);
  }

  /** Starts the worker loop: LISTEN for enqueues, then claim and run jobs until `stop`. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.unlisten = await this.handle.listen(JOBS_CHANNEL, (kind) => {
      if (this.handlers.has(kind)) this.poke();
    });
    this.loop = this.run();
  }

  /** Wakes the loop now (an enqueue in this process, a NOTIFY, a test). */
  poke(): void {
    this.pending = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let ran = false;
      try {
        ran = await this.runOnce();
      } catch (error) {
        if (this.stopping) break;
        this.log.error({ err: error }, 'job worker: could not claim a job');
      }
      if (ran || this.stopping) continue;
      if (this.pending) {
        this.pending = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
      this.pending = false;
    }
  }

  /** Claims one due job of a registered kind and runs it. False when none was due. */
  async runOnce(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    if (this.stopping) {
      // Claimed while stopping: hand it straight back.
      await this.release(job.id);
      return false;
    }
    const controller = new AbortController();
    this.current = controller;
    try {
      await this.execute(job, controller);
    } finally {
      this.current = undefined;
    }
    return true;
  }

  private async claim(): Promise<JobRow | undefined> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return undefined;
    const result = (await this.handle.db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}), updated_at = now()
      where id = (
        select id from jobs
        where kind = any(${sqlTextArray(kinds)})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by run_at
        for update skip locked
        limit 1)
      returning id, kind, payload, attempts, max_attempts as "maxAttempts"`)) as unknown as {
      rows: JobRow[];
    };
    return result.rows[0];
  }

  private async execute(job: JobRow, controller: AbortController): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    const leaseSeconds = this.leaseMs / 1000;
    const renew = async (executor: Executor): Promise<boolean> => {
      const result = (await executor.execute(sql`
        update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds})
        where id = ${job.id} and locked_by = ${this.workerId} and status = 'running'
        returning id`)) as unknown as { rows: unknown[] };
      return result.rows.length === 1;
    };
    const renewal = setInterval(() => {
      renew(this.handle.db)
        .then((held) => {
          if (!held) controller.abort(new LeaseLostError());
        })
        .catch((error: unknown) => this.log.warn({ err: error }, 'job lease renewal failed'));
    }, this.leaseMs / 3);
    renewal.unref();

    if (job.attempts > job.maxAttempts) {
      clearInterval(renewal);
      await this.fail(job, handler, new Error('gave up: the job was interrupted too many times'));
      return;
    }
    try {
      await handler.run({
        ...job,
        signal: controller.signal,
        lastAttempt: job.attempts >= job.maxAttempts,
        holdLease: async (tx) => {
          if (!(await renew(tx))) throw new LeaseLostError();
        },
      });
      clearInterval(renewal);
      await this.handle.db.execute(sql`
        update jobs set status = 'done', locked_by = null, locked_until = null, last_error = null,
          updated_at = now()
        where id = ${job.id} and locked_by = ${this.workerId}`);
    } catch (caught) {
      clearInterval(renewal);
      const error = caught instanceof Error ? caught : new Error(String(caught));
      if (error instanceof LeaseLostError || controller.signal.reason instanceof LeaseLostError) {
        this.log.warn({ jobId: job.id }, 'job lease lost; another worker has it');
        return;
      }
      if (error instanceof JobInterruptedError) {
        // Stopped at a safe point: hand it back without spending an attempt.
        await this.release(job.id);
        return;
      }
      this.log.warn({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      if (job.attempts >= job.maxAttempts) {
        await this.fail(job, handler, error);
      } else {
        const delay = this.backoffMs(job.attempts);
        await this.handle.db.execute(sql`
          update jobs set status = 'queued', locked_by = null, locked_until = null,
            run_at = now() + make_interval(secs => ${delay / 1000}), last_error = ${error.message},
            updated_at = now()
          where id = ${job.id} and locked_by = ${this.workerId}`);
        if (delay <= this.pollMs) setTimeout(() => this.poke(), delay + 5).unref();
      }
    }
  }

  private async release(jobId: string): Promise<void> {
    await this.handle.db.execute(sql`
      update jobs set status = 'queued', attempts = attempts - 1, locked_by = null,
        locked_until = null, run_at = now(), updated_at = now()
      where id = ${jobId} and locked_by = ${this.workerId}`);
  }

  private async fail(job: JobRow, handler: JobHandler, error: Error): Promise<void> {
    await this.handle.db.execute(sql`
      update jobs set status = 'failed', locked_by = null, locked_until = null,
        last_error = ${error.message}, updated_at = now()
      where id = ${job.id} and locked_by = ${this.workerId}`);
    try {
      await handler.onFailed?.(job, error);
    } catch (hookError) {
      this.log.error({ err: hookError, jobId: job.id }, 'job failure hook failed');
    }
  }

  /**
   * Stops the loop. The running job is told to stop (its signal aborts) and the loop is awaited
   * until the job reaches a safe point, up to `stopTimeoutMs`; past that, its lease runs out and
   * another process takes it over.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    this.current?.abort(new JobInterruptedError());
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.loop,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, this.stopTimeoutMs))),
    ]);
    clearTimeout(timer);
    await this.unlisten?.().catch(() => {});
  }
}

/** A text[] parameter that both drivers send the same way. */
function sqlTextArray(values: string[]) {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** Throws `JobInterruptedError` when the job was asked to stop: call it between batches. */
export function throwIfStopping(job: RunningJob): void {
  if (job.signal.aborted) {
    throw job.signal.reason instanceof Error ? job.signal.reason : new JobInterruptedError();
  }
}
