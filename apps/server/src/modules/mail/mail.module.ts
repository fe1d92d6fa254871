import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { seedDemoMail } from '../../db/crm-seed/mail.ts';
import { workspaces } from '../../db/schema/index.ts';
import { defineModule } from '../../lib/module.ts';
import { systemResolver } from './mail.auth.ts';
import { InboundSmtp } from './mail.inbound.ts';
import { mailRoutes } from './mail.routes.ts';
import { MailSender } from './mail.sender.ts';
import { MailService, SEND_JOB, type MailFiles } from './mail.service.ts';
import { MailStore } from './mail.store.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Mail (issue 12; docs/decisions/057-mail.md): the API, the `mail.send` job, and the inbound SMTP
 * listener when INBOUND_SMTP_PORT is set.
 */
export const mailModule = defineModule({
  name: 'mail',
  async register(app, { config, db, realtime, jobs, storage, box, mail, demo }) {
    const files: MailFiles = {
      put: (executor, file) => storage.put(executor, file),
      write: (executor, file) => storage.write(executor, file),
      keepAll: (executor, written) => storage.keepAll(executor, written),
      abandon: (written) => storage.abandon(written),
      get: (executor, workspaceId, id) => storage.get(executor, workspaceId, id),
      read: async (file) => bytesOf(await storage.open(file)),
      removeOwned: (executor, workspaceId, ownerKind, ownerId) =>
        storage.removeOwned(executor, workspaceId, ownerKind, ownerId),
    };
    const store = new MailStore(db, realtime, files);
    const service = new MailService(
      db,
      realtime,
      store,
      files,
      box,
      mail?.undoSeconds,
      // What Beacon takes in one message it also sends at most in attachments.
      config.inboundSmtpMaxBytes,
    );
    service.remoteImagesAllowPrivate = config.mailRemoteImagesAllowPrivate;
    const sender = new MailSender(db, realtime, store, files, service, app.log, config.smtpUrl);
    jobs.register(SEND_JOB, sender.handler);
    app.addHook('onClose', async () => sender.close());
    // Other parts (the IMAP sync) store and send through these.
    app.decorate('mail', { store, service, sender });
    await app.register(mailRoutes, { service, storage });
    if (demo) {
      const [workspace] = await db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.demoKey, 'demo'));
      if (workspace) await seedDemoMail(db, workspace.id, { store, service });
    }

    if (config.inboundSmtpPort !== undefined) {
      const inbound = new InboundSmtp(db, store, app.log, {
        port: config.inboundSmtpPort,
        host: config.host,
        maxBytes: config.inboundSmtpMaxBytes,
        tls: config.inboundSmtpTls
          ? {
              cert: readFileSync(config.inboundSmtpTls.certFile),
              key: readFileSync(config.inboundSmtpTls.keyFile),
            }
          : undefined,
        resolver: mail?.resolver ?? systemResolver,
        onStored: mail?.onInboundStored,
      });
      app.addHook('onReady', async () => {
        const address = await inbound.start();
        mail?.onInboundSmtp?.(address);
      });
      app.addHook('onClose', async () => inbound.stop());
    }
  },
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail area's store, service and sender (modules/mail). */
    mail: { store: MailStore; service: MailService; sender: MailSender };
  }
}
