import { defineModule } from '../../lib/module.ts';
import { listsRoutes } from './lists.routes.ts';
import { ListsService } from './lists.service.ts';

export const listsModule = defineModule({
  name: 'lists',
  async register(app, { db }) {
    await app.register(listsRoutes, { service: new ListsService(db) });
  },
});
