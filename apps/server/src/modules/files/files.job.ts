import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { enqueueJob, type JobHandler } from '../../lib/jobs.ts';
import type { FilesService } from './files.service.ts';

/** The job that empties the trash of items trashed more than FILES_TRASH_DAYS ago. */
export const FILES_TRASH_JOB = 'files.empty_trash';
/** How often it looks: an item leaves at most this long after its 30 days. */
export const FILES_TRASH_EVERY_MS = 60 * 60_000;

/**
 * Queues the next run unless one is queued, so the job runs as one chain however many processes
 * start (as the due-tasks job, modules/notifications/notifications.job.ts).
 */
export async function scheduleTrashJob(db: Executor, delayMs: number): Promise<void> {
  const result = (await db.execute(sql`
    select 1 from jobs where kind = ${FILES_TRASH_JOB} and status = 'queued' limit 1`)) as unknown as {
    rows: unknown[];
  };
  if (result.rows.length > 0) return;
  await enqueueJob(db, FILES_TRASH_JOB, {}, { runAt: new Date(Date.now() + delayMs) });
}

export function trashJobHandler(db: Executor, service: FilesService): JobHandler {
  return {
    async run() {
      await service.purgeExpiredTrash();
      await db.execute(sql`delete from jobs where kind = ${FILES_TRASH_JOB} and status = 'done'`);
      await scheduleTrashJob(db, FILES_TRASH_EVERY_MS);
    },
  };
}
