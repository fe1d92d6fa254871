import { defineModule } from '../../lib/module.ts';
import { ChatPresence } from './chat.presence.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService } from './chat.service.ts';

export const chatModule = defineModule({
  name: 'chat',
  async register(app, { config, db, realtime, mailer }) {
    const presence = new ChatPresence(db, realtime, app.log);
    presence.start();
    app.addHook('onClose', async () => presence.stop());
    await app.register(chatRoutes, {
      service: new ChatService(db, realtime, mailer),
      publicUrl: config.publicUrl,
    });
  },
});
