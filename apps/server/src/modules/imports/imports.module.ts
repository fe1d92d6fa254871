import { defineModule } from '../../lib/module.ts';
import { IMPORT_JOB, importJobHandler } from './imports.job.ts';
import { importsRoutes } from './imports.routes.ts';
import { ImportsService } from './imports.service.ts';

export const importsModule = defineModule({
  name: 'imports',
  async register(app, { db, realtime, jobs }) {
    jobs.register(IMPORT_JOB, importJobHandler(db, realtime));
    await app.register(importsRoutes, { service: new ImportsService(db, realtime) });
  },
});
