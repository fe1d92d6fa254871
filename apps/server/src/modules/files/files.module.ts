import { sql } from 'drizzle-orm';
import { defineModule } from '../../lib/module.ts';
import { rowsOf } from '../../lib/records/sql.ts';
import { FILES_TRASH_JOB, scheduleTrashJob, trashJobHandler } from './files.job.ts';
import { filesRoutes } from './files.routes.ts';
import { visibleTo } from './files.repository.ts';
import { FILE_OWNER_KIND, FilesService } from './files.service.ts';

export const filesModule = defineModule({
  name: 'files',
  async register(app, { db, storage, limiter, jobs, config, previews }) {
    // A file's thumbnails are read by whoever sees its item (the item's own rules: the
    // workspace's, the owner's, or shared with the caller, itself or a folder above it).
    previews.allowReaders([FILE_OWNER_KIND], async (executor, caller, file) => {
      const [row] = await rowsOf<{ seen: boolean }>(
        executor,
        sql`select exists (select 1 from file_items i where i.workspace_id = ${caller.workspaceId}
          and i.stored_file_id = ${file.id} and ${visibleTo(caller)}) as seen`,
      );
      return row?.seen ?? false;
    });
    const service = new FilesService(db, storage, limiter, config.jwtSecret, previews);
    jobs.register(FILES_TRASH_JOB, trashJobHandler(db, service));
    await scheduleTrashJob(db, 0);
    await app.register(filesRoutes, { service, storage });
  },
});
