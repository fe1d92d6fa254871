import { defineModule } from '../../lib/module.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { TasksService } from './tasks.service.ts';

export const tasksModule = defineModule({
  name: 'tasks',
  async register(app, { db, realtime }) {
    await app.register(tasksRoutes, { service: new TasksService(db, realtime) });
  },
});
