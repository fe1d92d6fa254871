import { defineModule } from '../../lib/module.ts';
import { resealTotpSecrets } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';

export const authModule = defineModule({
  name: 'auth',
  async register(app, { config, db, tokens, mailer, limiter, box, demo }) {
    const { resealed, unreadable } = await resealTotpSecrets(db, box);
    if (resealed > 0) app.log.info({ resealed }, 'sealed two-factor secrets with the current key');
    if (unreadable.length > 0) {
      app.log.error(
        { users: unreadable },
        'two-factor secrets sealed with a key this server lacks: add it to ENCRYPTION_KEY_PREVIOUS',
      );
    }
    await app.register(authRoutes, {
      service: new AuthService(db, tokens, mailer, limiter, box),
      demo,
      tokenTtlSeconds: config.jwtTtlSeconds,
    });
  },
});
