import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { DatabaseHandle, Transaction } from '../../db/client.ts';
import {
  enqueueJob,
  JobInterruptedError,
  JobQueue,
  LeaseLostError,
  throwIfStopping,
  type JobHandler,
  type RunningJob,
} from '../../lib/jobs.ts';
import {
  classifyConnectionError,
  describeProblem,
  imapClient,
  type ConnectionSettings,
} from './imap-connection.ts';
import { syncPass, type InboxSnapshot, type SyncStore } from './imap-sync.ts';
import * as repo from './mail-imap.repository.ts';

/** The job that syncs one connected mailbox (payload `{ mailboxId }`). */
export const IMAP_SYNC_JOB = 'mail.imap-sync';

export type ImapSyncOptions = {
  /** Sync workers per process: each holds one mailbox's connection while it waits for mail. */
  workers: number;
  /** How long one run holds its mailbox before handing it back to the queue (fairness). */
  windowMs: number;
  /** Between passes when nothing wakes the run: folders other than INBOX are checked this often. */
  pollMs: number;
  /** The lock and the job's lease: a killed process's mailbox is taken over after this. */
  leaseMs: number;
};

export const defaultImapSyncOptions: ImapSyncOptions = {
  workers: 4,
  windowMs: 10 * 60_000,
  pollMs: 60_000,
  leaseMs: 20_000,
};

export type SyncedMailbox = {
  id: string;
  workspaceId: string;
  ownerId: string | null;
  shared: boolean;
  syncSince: Date | null;
  settings: ConnectionSettings;
};

/** What the job needs of the mail side: the mailbox to sync and how to store into it. */
export type SyncSource = {
  /** The connected mailbox, when it exists and is not paused; its password opened. */
  load(mailboxId: string): Promise<SyncedMailbox | undefined>;
  store: SyncStore;
  /** Writes the run's status; false when the mailbox was paused meanwhile (the run stops). */
  setStatus(
    mailboxId: string,
    status: {
      syncStatus: 'idle' | 'syncing' | 'error';
      syncError: string | null;
      synced?: boolean;
    },
  ): Promise<boolean>;
  /** Announces messages the sync changed (flags, folders, deletions), inside its transaction. */
  changed(tx: Transaction, mailbox: SyncedMailbox, mailIds: string[]): Promise<void>;
  /** Calls `wake` when someone in Beacon changed this mailbox (a flag, a pause): the run wakes. */
  onLocalChange(mailbox: SyncedMailbox, wake: () => void): () => void;
};

/**
 * The mailbox was paused or disconnected while the run worked: the batch in hand is not
 * committed and the run ends quietly (a resume queues the next one).
 */
export class SyncPausedError extends Error {
  constructor() {
    super('the mailbox was paused');
    this.name = 'SyncPausedError';
  }
}

/** Enqueues a run for the mailbox unless one is waiting already. */
export async function requestSync(
  executor: Pick<Transaction, 'execute'>,
  mailboxId: string,
  runAt?: Date,
): Promise<void> {
  const waiting = (await executor.execute(sqlWaiting(mailboxId))) as unknown as { rows: unknown[] };
  if (waiting.rows.length > 0) return;
  await enqueueJob(executor, IMAP_SYNC_JOB, { mailboxId }, { runAt, maxAttempts: 1_000_000 });
}

function sqlWaiting(mailboxId: string) {
  return sql`select id from jobs where kind = ${IMAP_SYNC_JOB} and status = 'queued'
    and payload->>'mailboxId' = ${mailboxId} limit 1`;
}

/** Retries of a failed run: 2 s, 4 s, 8 s … up to 5 minutes, for as long as the mailbox exists. */
const backoff = (attempts: number) => Math.min(5 * 60_000, 2_000 * 2 ** (attempts - 1));

/** The sync's own workers (IDLE holds a connection for minutes: the app's one worker must not wait). */
export function startSyncWorkers(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  source: SyncSource,
  options: ImapSyncOptions,
): { start(): Promise<void>; stop(): Promise<void> } {
  const queues = Array.from({ length: options.workers }, () => {
    const queue = new JobQueue(database, log, {
      leaseMs: options.leaseMs,
      pollMs: Math.min(5_000, options.pollMs),
      backoffMs: backoff,
    });
    queue.register(IMAP_SYNC_JOB, syncHandler(database, log, source, options));
    return queue;
  });
  return {
    async start() {
      for (const queue of queues) await queue.start();
    },
    async stop() {
      await Promise.all(queues.map((queue) => queue.stop()));
    },
  };
}

function syncHandler(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  source: SyncSource,
  options: ImapSyncOptions,
): JobHandler {
  const db = database.db;
  const leaseSeconds = options.leaseMs / 1000;
  return {
    async run(job: RunningJob) {
      const mailboxId = String(job.payload.mailboxId ?? '');
      // The job's id: a run of the same job taken over after a kill takes its own lock back.
      const holder = job.id;
      const mailbox = await source.load(mailboxId);
      if (!mailbox) return; // Gone, paused or disconnected: nothing to do.
      if (!(await repo.takeLease(db, mailboxId, holder, leaseSeconds))) return; // Another run has it.

      const lost = new AbortController();
      const renewal = setInterval(() => {
        repo
          .renewLease(db, mailboxId, holder, leaseSeconds)
          .then((held) => {
            if (!held) lost.abort(new LeaseLostError());
          })
          .catch((error: unknown) =>
            log.warn({ err: error, mailboxId }, 'imap lease renewal failed'),
          );
      }, options.leaseMs / 3);
      renewal.unref();
      const stopping = () => {
        throwIfStopping(job);
        if (lost.signal.aborted) throw new LeaseLostError();
      };

      let client: ImapFlow | undefined;
      // A change in Beacon while a pass runs is kept for the wait after it (`dirty`).
      let dirty: boolean;
      let wake: (() => void) | undefined;
      const stopWatching = source.onLocalChange(mailbox, () => {
        dirty = true;
        wake?.();
      });
      try {
        if (!(await source.setStatus(mailboxId, { syncStatus: 'syncing', syncError: null })))
          return;
        client = imapClient(mailbox.settings);
        // A dropped connection rejects the command in flight; the event only needs a listener.
        client.on('error', (error: unknown) =>
          log.debug({ err: errorSummary(error), mailboxId }, 'imap connection error'),
        );
        try {
          await client.connect();
        } catch (error) {
          if (classifyConnectionError(error) === 'auth') {
            // Retrying a refused password only locks the account: wait for the member.
            await source.setStatus(mailboxId, {
              syncStatus: 'error',
              syncError: describeProblem('IMAP', 'auth'),
            });
            return;
          }
          throw error;
        }
        const end = Date.now() + options.windowMs;
        for (;;) {
          dirty = false;
          const inbox = await syncPass({
            db,
            client,
            mailbox,
            store: source.store,
            checkpoint: stopping,
            guard: async (tx) => {
              stopping();
              await job.holdLease(tx);
              if (!(await repo.renewLease(tx, mailboxId, holder, leaseSeconds)))
                throw new LeaseLostError();
              // A pause (or a disconnect) stops the run here, not at the end of its pass.
              if (!(await repo.stillSyncing(tx, mailboxId))) throw new SyncPausedError();
            },
            changed: (tx, mailIds) => source.changed(tx, mailbox, mailIds),
          });
          if (
            !(await source.setStatus(mailboxId, {
              syncStatus: 'idle',
              syncError: null,
              synced: true,
            }))
          ) {
            return; // Paused or disconnected meanwhile.
          }
          const left = end - Date.now();
          if (left <= 0) break;
          if (!dirty)
            await waitForChange(
              client,
              inbox,
              Math.min(left, options.pollMs),
              job.signal,
              lost.signal,
              (w) => (wake = w),
            );
          stopping();
        }
        // The window is over: hand the mailbox back to the queue (any process may take it).
        await db.transaction(async (tx) => {
          await requestSync(tx, mailboxId);
          await repo.releaseLease(tx, mailboxId, holder);
        });
      } catch (error) {
        if (error instanceof SyncPausedError) return;
        if (
          error instanceof JobInterruptedError ||
          error instanceof LeaseLostError ||
          job.signal.aborted
        ) {
          throw error instanceof Error ? error : new JobInterruptedError();
        }
        const problem = classifyConnectionError(error);
        log.warn(
          { err: errorSummary(error), mailboxId, jobId: job.id },
          'imap sync failed; will retry',
        );
        await source
          .setStatus(mailboxId, {
            syncStatus: 'error',
            syncError: describeProblem('IMAP', problem),
          })
          .catch(() => {});
        // Not the caught error as `cause`: the queue logs what it is given, and a server's error
        // may quote the command it answered.
        // eslint-disable-next-line preserve-caught-error
        throw new Error(`imap sync failed: ${problem}`);
      } finally {
        clearInterval(renewal);
        stopWatching();
        if (client) {
          const c = client;
          await Promise.race([
            c.logout().catch(() => {}),
            new Promise((r) => setTimeout(r, 2_000)),
          ]);
          c.close();
        }
        await repo.releaseLease(db, mailboxId, holder).catch(() => {});
      }
    },
  };
}

/** Only what is safe to log of an imapflow or socket error (its text may quote a command). */
function errorSummary(error: unknown) {
  const e = error as { name?: string; code?: string; responseStatus?: string };
  return { name: e?.name, code: e?.code, responseStatus: e?.responseStatus };
}

/**
 * Waits in IDLE on INBOX (imapflow falls back to NOOP polling when the server has no IDLE) until
 * the server reports a change, Beacon wakes the run, `ms` pass or the run must stop.
 */
async function waitForChange(
  client: ImapFlow,
  seen: InboxSnapshot,
  ms: number,
  ...signalsAndWake: [AbortSignal, AbortSignal, (wake: () => void) => void]
): Promise<void> {
  const [stop, lost, setWake] = signalsAndWake;
  const box = await client.mailboxOpen('INBOX');
  // Something came between the pass and now: no wait.
  if (seen && (box.uidNext !== seen.uidNext || box.highestModseq !== seen.highestModseq)) return;
  let done!: () => void;
  const woken = new Promise<void>((resolve) => (done = resolve));
  const timer = setTimeout(done, ms);
  const events = ['exists', 'expunge', 'flags', 'close'] as const;
  for (const event of events) client.on(event, done);
  stop.addEventListener('abort', done);
  lost.addEventListener('abort', done);
  setWake(done);
  const idling = client.idle().catch(() => undefined);
  try {
    await woken;
  } finally {
    clearTimeout(timer);
    for (const event of events) client.off(event, done);
    stop.removeEventListener('abort', done);
    lost.removeEventListener('abort', done);
    setWake(() => {});
  }
  // Any next command ends IDLE; a NOOP now, so the run goes on from a quiet connection.
  if (client.usable) await client.noop().catch(() => undefined);
  await idling;
}
