import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Database } from '../../db/client.ts';
import {
  beaconFolderOf,
  classifyConnectionError,
  describeProblem,
  imapClient,
  smtpTransport,
  type ConnectionSettings,
} from './imap-connection.ts';
import * as repo from './mail-imap.repository.ts';

/**
 * Sending from a connected mailbox (docs/decisions/058): the message the mail side built
 * (`modules/mail/mail.sender.ts`) is composed once into its raw bytes, handed to the mailbox's
 * own SMTP server, then the same bytes are appended to its Sent folder over IMAP (as a mail
 * program does) and the copy is recorded, so the next sync finds it there.
 */

/** The message's bytes and its envelope (Bcc recipients included, the Bcc header not). */
export async function compose(
  message: Mail.Options,
): Promise<{ raw: Buffer; envelope: { from: string; to: string[] } }> {
  const node = new MailComposer(message).compile();
  const envelope = node.getEnvelope();
  const raw = await node.build();
  return { raw, envelope: { from: envelope.from || '', to: envelope.to } };
}

/**
 * Hands the raw message to the mailbox's SMTP server. A failure keeps the server's reply code
 * (the sender job fails a 5xx for good and retries the rest) and words the cause without the
 * server's text.
 */
export async function sendThroughSmtp(
  settings: ConnectionSettings,
  envelope: { from: string; to: string[] },
  raw: Buffer,
): Promise<void> {
  const transport = smtpTransport(settings);
  try {
    await transport.sendMail({ envelope, raw });
  } catch (error) {
    const e = error as { responseCode?: number };
    throw Object.assign(new Error(describeProblem('SMTP', classifyConnectionError(error))), {
      ...(e.responseCode !== undefined ? { responseCode: e.responseCode } : {}),
    });
  } finally {
    transport.close();
  }
}

/**
 * Appends the sent message to the mailbox's Sent folder (special-use `\Sent`, else a folder
 * named Sent) as seen, and records the copy for the Beacon message of that Message-ID. Answers
 * false when the mailbox has no Sent folder.
 */
export async function appendToSent(
  db: Database,
  mailbox: { id: string; workspaceId: string },
  settings: ConnectionSettings,
  messageIdHeader: string,
  raw: Buffer,
): Promise<boolean> {
  const client = imapClient(settings);
  client.on('error', () => {});
  await client.connect();
  try {
    const folders = await client.list();
    const sent =
      folders.find((f) => beaconFolderOf(f) === 'sent') ??
      folders.find((f) => f.path.toLowerCase() === 'sent');
    if (!sent) return false;
    const result = await client.append(sent.path, raw, ['\\Seen']);
    if (!result || !result.uid || result.uidValidity === undefined) return true;
    const { uid, uidValidity } = result;
    await db.transaction(async (tx) => {
      const messageId = await repo.messageByHeader(tx, mailbox.id, messageIdHeader);
      if (!messageId) return;
      // What the server holds now: \Seen, not flagged. A message Beacon shows otherwise is
      // written so on the next pass.
      await repo.addLocation(tx, {
        workspaceId: mailbox.workspaceId,
        mailboxId: mailbox.id,
        messageId,
        folderPath: sent.path,
        uidValidity: Number(uidValidity),
        uid,
        seen: true,
        starred: false,
      });
    });
    return true;
  } finally {
    await client.logout().catch(() => client.close());
  }
}
