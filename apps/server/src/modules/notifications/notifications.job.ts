import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { enqueueJob, throwIfStopping, type JobHandler } from '../../lib/jobs.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { raiseDueNotifications } from './notifications.repository.ts';

/** The job that announces tasks whose due time has come (docs/decisions/031-tasks.md). */
export const DUE_TASKS_JOB = 'tasks.due_notifications';
/** How often the job looks: a notification arrives at most this late. */
export const DUE_TASKS_EVERY_MS = 30_000;
const BATCH = 500;

/**
 * Queues the next run unless one is already queued, so the job runs as one chain however many
 * processes start (a second chain, as from a race at start, joins the first at its next run).
 */
export async function scheduleDueTasksJob(db: Executor, delayMs: number): Promise<void> {
  const result = (await db.execute(sql`
    select 1 from jobs where kind = ${DUE_TASKS_JOB} and status = 'queued' limit 1`)) as unknown as {
    rows: unknown[];
  };
  if (result.rows.length > 0) return;
  await enqueueJob(db, DUE_TASKS_JOB, {}, { runAt: new Date(Date.now() + delayMs) });
}

export function dueTasksJobHandler(db: Database, realtime: Realtime): JobHandler {
  return {
    async run(job) {
      for (;;) {
        throwIfStopping(job);
        const raised = await db.transaction(async (tx) => {
          await job.holdLease(tx);
          const rows = await raiseDueNotifications(tx, BATCH);
          for (const row of rows) {
            await realtime.publish(tx, row.workspaceId, {
              type: 'notification.created',
              data: { userId: row.userId, id: row.id },
            });
          }
          return rows.length;
        });
        if (raised < BATCH) break;
      }
      // The finished runs of this job are of no further use; keep the jobs table small.
      await db.execute(sql`delete from jobs where kind = ${DUE_TASKS_JOB} and status = 'done'`);
      await scheduleDueTasksJob(db, DUE_TASKS_EVERY_MS);
    },
  };
}
