import { defineModule } from '../../lib/module.ts';
import { kanbanRoutes } from './kanban.routes.ts';
import { KanbanService } from './kanban.service.ts';

export const kanbanModule = defineModule({
  name: 'kanban',
  async register(app, { db, realtime, storage, previews }) {
    // Any member reads the board, so any member may see its attachments' previews.
    previews.allowReaders(['kanban_attachment'], async () => true);
    await app.register(kanbanRoutes, {
      service: new KanbanService(db, realtime, storage, previews),
    });
  },
});
