import { defineModule } from '../../lib/module.ts';
import { conversationsRoutes } from './conversations.routes.ts';
import { ConversationsService } from './conversations.service.ts';

/**
 * Conversations (issue 12; docs/decisions/061-conversations.md): replies of people of the CRM,
 * sorted by rules. They are made as mail is stored (conversations.intake.ts, from the mail store).
 */
export const conversationsModule = defineModule({
  name: 'conversations',
  async register(app, { db, realtime }) {
    await app.register(conversationsRoutes, { service: new ConversationsService(db, realtime) });
  },
});
