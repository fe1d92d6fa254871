import { defineModule } from '../../lib/module.ts';
import { kanbanRoutes } from './kanban.routes.ts';
import { KanbanService } from './kanban.service.ts';

export const kanbanModule = defineModule({
  name: 'kanban',
  async register(app, { db, realtime }) {
    await app.register(kanbanRoutes, { service: new KanbanService(db, realtime) });
  },
});
