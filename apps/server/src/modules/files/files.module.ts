import { defineModule } from '../../lib/module.ts';
import { FILES_TRASH_JOB, scheduleTrashJob, trashJobHandler } from './files.job.ts';
import { filesRoutes } from './files.routes.ts';
import { FilesService } from './files.service.ts';

export const filesModule = defineModule({
  name: 'files',
  async register(app, { db, storage, limiter, jobs, config }) {
    const service = new FilesService(db, storage, limiter, config.jwtSecret);
    jobs.register(FILES_TRASH_JOB, trashJobHandler(db, service));
    await scheduleTrashJob(db, 0);
    await app.register(filesRoutes, { service, storage });
  },
});
