import { defineModule } from '../../lib/module.ts';
import { healthRoutes } from './health.routes.ts';

export const healthModule = defineModule({
  name: 'health',
  async register(app, { database }) {
    await app.register(healthRoutes, { ping: database.ping });
  },
});
