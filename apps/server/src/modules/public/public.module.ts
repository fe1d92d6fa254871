import { defineModule } from '../../lib/module.ts';
import { publicRoutes } from './public.routes.ts';
import { PublicService } from './public.service.ts';

export const publicModule = defineModule({
  name: 'public',
  async register(app, { db, mailer }) {
    await app.register(publicRoutes, { service: new PublicService(db, mailer) });
  },
});
