import { defineModule } from '../../lib/module.ts';
import { verifyConnection } from './imap-connection.ts';
import { requestSync, startSyncWorkers } from './imap-sync.job.ts';
import { mailImapRoutes } from './mail-imap.routes.ts';
import { MailImapService } from './mail-imap.service.ts';

/**
 * Connected mailboxes (docs/decisions/058), on the mail area's pieces (`app.mail`, decorated by
 * modules/mail/mail.module.ts, which registers first): a new connected mailbox is checked by
 * logging in and its sync started; sending goes through the mailbox's own SMTP; each process runs
 * the sync workers; the sync calls.
 */
export const mailImapModule = defineModule({
  name: 'mail-imap',
  async register(app, { config, database, realtime, box }) {
    const mail = app.mail;
    const service = new MailImapService(database.db, realtime, box, mail.store, app.log);
    mail.service.connectedMailboxes = {
      verify: (input) => verifyConnection(input),
      started: (tx, mailboxId) => requestSync(tx, mailboxId),
    };
    mail.sender.connectedSend = service.send;

    const workers = startSyncWorkers(database, app.log, service.syncSource(), {
      workers: config.imapSync.workers,
      pollMs: config.imapSync.pollSeconds * 1000,
      windowMs: config.imapSync.windowSeconds * 1000,
      leaseMs: 20_000,
    });
    app.addHook('onReady', async () => workers.start());
    app.addHook('onClose', async () => workers.stop());

    await app.register(mailImapRoutes, { service });
  },
});
