import { defineModule } from '../../lib/module.ts';
import { accountRoutes } from './account.routes.ts';
import { AccountService } from './account.service.ts';

export const accountModule = defineModule({
  name: 'account',
  async register(app, { db, mailer, limiter, box }) {
    await app.register(accountRoutes, { service: new AccountService(db, mailer, limiter, box) });
  },
});
