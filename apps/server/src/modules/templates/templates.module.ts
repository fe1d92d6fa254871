import { defineModule } from '../../lib/module.ts';
import { templatesRoutes } from './templates.routes.ts';
import { TemplatesService } from './templates.service.ts';

export const templatesModule = defineModule({
  name: 'templates',
  async register(app, { db }) {
    await app.register(templatesRoutes, { service: new TemplatesService(db) });
  },
});
