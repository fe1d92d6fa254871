import { defineModule } from '../../lib/module.ts';
import { InvitationsService } from './invitations.service.ts';
import { membersRoutes } from './members.routes.ts';
import { MembersService } from './members.service.ts';

export const membersModule = defineModule({
  name: 'members',
  async register(app, { config, db, mailer, limiter, tokens, storage }) {
    await app.register(membersRoutes, {
      members: new MembersService(db, storage),
      invitations: new InvitationsService(db, mailer, limiter, tokens),
      publicUrl: config.publicUrl,
    });
  },
});
