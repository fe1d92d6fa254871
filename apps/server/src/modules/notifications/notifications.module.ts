import { defineModule } from '../../lib/module.ts';
import { DUE_TASKS_JOB, dueTasksJobHandler, scheduleDueTasksJob } from './notifications.job.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService } from './notifications.service.ts';

export const notificationsModule = defineModule({
  name: 'notifications',
  async register(app, { config, db, realtime, jobs, mailer }) {
    jobs.register(DUE_TASKS_JOB, dueTasksJobHandler(db, realtime, mailer, config.publicUrl));
    // The first run of the chain (each run queues the next).
    await scheduleDueTasksJob(db, 0);
    await app.register(notificationsRoutes, { service: new NotificationsService(db, realtime) });
  },
});
