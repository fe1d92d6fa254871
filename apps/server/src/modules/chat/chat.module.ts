import { defineModule } from '../../lib/module.ts';
import { ChatPresence } from './chat.presence.ts';
import { chatRoutes } from './chat.routes.ts';
import * as repo from './chat.repository.ts';
import { ChatService } from './chat.service.ts';

export const chatModule = defineModule({
  name: 'chat',
  async register(app, { config, db, realtime, mailer, storage, previews }) {
    const presence = new ChatPresence(db, realtime, app.log);
    presence.start();
    app.addHook('onClose', async () => presence.stop());
    // A conversation's files are read by its participants (an unsent upload by its uploader).
    previews.allowReaders(['chat_attachment'], async (executor, caller, file) =>
      file.ownerId ? (await repo.getAttachment(executor, caller, file.ownerId)) !== null : false,
    );
    const service = new ChatService(db, realtime, storage, previews, mailer);
    await app.register(chatRoutes, { service, publicUrl: config.publicUrl });
  },
});
