import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { enqueueJob, throwIfStopping, type JobHandler } from '../../lib/jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
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

/** `publicUrl`: PUBLIC_URL; the mail links to the tasks only with it (a job has no request). */
export function dueTasksJobHandler(
  db: Database,
  realtime: Realtime,
  mailer: Mailer,
  publicUrl?: string,
): JobHandler {
  return {
    async run(job) {
      for (;;) {
        throwIfStopping(job);
        const { marked, mailIds } = await db.transaction(async (tx) => {
          await job.holdLease(tx);
          const due = await raiseDueNotifications(tx, BATCH);
          for (const row of due.raised) {
            await realtime.publish(tx, row.workspaceId, {
              type: 'notification.created',
              data: { userId: row.userId, id: row.id },
            });
          }
          const ids: string[] = [];
          for (const mail of due.mails) {
            ids.push(
              await mailer.enqueue(tx, {
                to: mail.email,
                workspaceId: mail.workspaceId,
                subject: `Task due: ${mail.title}`,
                text:
                  `Hello ${mail.firstName},\n\nYour task "${mail.title}" is due now.\n\n` +
                  (publicUrl ? `Open your tasks: ${publicUrl}/dashboard/tasks\n\n` : '') +
                  `You get this e-mail because you chose it in your account's notifications.\n`,
              }),
            );
          }
          return { marked: due.marked, mailIds: ids };
        });
        for (const id of mailIds) await mailer.deliver(id);
        if (marked < BATCH) break;
      }
      // The finished runs of this job are of no further use; keep the jobs table small.
      await db.execute(sql`delete from jobs where kind = ${DUE_TASKS_JOB} and status = 'done'`);
      await scheduleDueTasksJob(db, DUE_TASKS_EVERY_MS);
    },
  };
}
