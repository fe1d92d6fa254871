import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { defineModule } from '../../lib/module.ts';
import { ResumableUploads } from './resumable.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { UploadsService } from './uploads.service.ts';

/** Hourly: unfinished uploads past their expiry, and finished ones no record took. */
export const UPLOADS_CLEANUP_JOB = 'uploads.cleanup';
const CLEANUP_EVERY_MS = 3600 * 1000;

/** Queues the cleanup at `runAt` unless a run is already waiting (several processes, restarts). */
async function scheduleCleanup(db: Database, runAt: Date): Promise<void> {
  const waiting = (await db.execute(sql`
    select 1 from jobs where kind = ${UPLOADS_CLEANUP_JOB} and status = 'queued' limit 1`)) as unknown as {
    rows: unknown[];
  };
  if (waiting.rows.length === 0) await enqueueJob(db, UPLOADS_CLEANUP_JOB, {}, { runAt });
}

export const uploadsModule = defineModule({
  name: 'uploads',
  async register(app, { db, storage, jobs, config }) {
    const service = new UploadsService(db, storage);
    const resumable = new ResumableUploads(db, storage, app.log, {
      trustProxy: config.trustProxy,
    });
    jobs.register(UPLOADS_CLEANUP_JOB, {
      async run() {
        const expired = await resumable.deleteExpired();
        const unclaimed = await service.deleteUnclaimed();
        if (expired + unclaimed > 0) {
          app.log.info({ expired, unclaimed }, 'uploads: deleted stale uploads');
        }
        await enqueueJob(
          db,
          UPLOADS_CLEANUP_JOB,
          {},
          { runAt: new Date(Date.now() + CLEANUP_EVERY_MS) },
        );
      },
    });
    await scheduleCleanup(db, new Date());
    await app.register(uploadsRoutes, { service, resumable });
  },
});
