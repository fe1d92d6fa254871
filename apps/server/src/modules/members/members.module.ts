import { defineModule } from '../../lib/module.ts';
import { membersRoutes } from './members.routes.ts';

export const membersModule = defineModule({
  name: 'members',
  async register(app, { db }) {
    await app.register(membersRoutes, { db });
  },
});
