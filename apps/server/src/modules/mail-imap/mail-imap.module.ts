import type { ModuleApp, ModuleContext } from '../../lib/module.ts';
import type { MailSender } from '../mail/mail.sender.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { MailStore } from '../mail/mail.store.ts';
import { verifyConnection } from './imap-connection.ts';
import { requestSync, startSyncWorkers } from './imap-sync.job.ts';
import { mailImapRoutes } from './mail-imap.routes.ts';
import { MailImapService } from './mail-imap.service.ts';

/**
 * The connected mailboxes' part of the mail area (docs/decisions/058), registered by the mail
 * module with the mail pieces it builds: checks a new connected mailbox by logging in and starts
 * its sync, sends through the mailbox's own SMTP, runs the sync workers and serves the sync calls.
 */
export async function registerMailImap(
  app: ModuleApp,
  { config, database, realtime, box }: ModuleContext,
  mail: { store: MailStore; service: MailService; sender: MailSender },
): Promise<MailImapService> {
  const service = new MailImapService(database.db, realtime, box, mail.store, app.log);
  mail.service.connectedMailboxes = {
    verify: (input) => verifyConnection({ ...input }),
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
  return service;
}
