import { defineModule } from '../../lib/module.ts';
import { viewsRoutes } from './views.routes.ts';
import { ViewsService } from './views.service.ts';

export const viewsModule = defineModule({
  name: 'views',
  async register(app, { db }) {
    await app.register(viewsRoutes, { service: new ViewsService(db) });
  },
});
