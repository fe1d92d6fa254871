import { defineModule } from '../../lib/module.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';

export const authModule = defineModule({
  name: 'auth',
  async register(app, { config, db, tokens, mailer, limiter, demo }) {
    await app.register(authRoutes, {
      service: new AuthService(db, tokens, mailer, limiter),
      demo,
      tokenTtlSeconds: config.jwtTtlSeconds,
    });
  },
});
