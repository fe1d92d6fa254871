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
 * Sending from a connected mailbox (docs/decisions/058): the message, already built and signed
 * by the mail side, goes out through the mailbox's own SMTP server, then a copy is appended to
 * its Sent folder over IMAP (as a mail program does), bound to the Beacon message so the next
 * sync finds it already there.
 */

export class ConnectedSendError extends Error {
  constructor(
    message: string,
    /** True when the SMTP server never took the message: sending again is safe. */
    readonly notSent: boolean,
  ) {
    super(message);
    this.name = 'ConnectedSendError';
  }
}

/** Hands the raw message to the mailbox's SMTP server for the envelope's recipients. */
export async function sendThroughSmtp(
  settings: ConnectionSettings,
  envelope: { from: string; to: string[] },
  raw: Buffer,
): Promise<{ response: string }> {
  const transport = smtpTransport(settings);
  try {
    const info = await transport.sendMail({ envelope, raw });
    return { response: String(info.response ?? '') };
  } catch (error) {
    const e = error as { responseCode?: number; code?: string };
    // A refusal with a reply code (or no connection at all) means the server kept nothing.
    const notSent =
      e.responseCode !== undefined ||
      ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EAUTH', 'EDNS'].includes(e.code ?? '');
    throw new ConnectedSendError(describeProblem('SMTP', classifyConnectionError(error)), notSent);
  } finally {
    transport.close();
  }
}

/**
 * Appends the sent message to the mailbox's Sent folder (special-use `\Sent`, else a folder
 * named Sent), seen, and records the copy. Answers false when the mailbox has no Sent folder.
 */
export async function appendToSent(
  db: Database,
  mailbox: { id: string; workspaceId: string },
  settings: ConnectionSettings,
  messageId: string,
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
      // The copy is \Seen and not flagged; a message Beacon shows otherwise is pushed so.
      const flags = await repo.messageFlags(tx, mailbox.id, messageId);
      if (!flags) return;
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
