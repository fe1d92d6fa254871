import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { MailAddress } from '@beacon/contract';

/** What a member composed, ready to be built into a message. */
export type Composition = {
  from: MailAddress;
  to: readonly string[];
  cc: readonly string[];
  bcc: readonly string[];
  subject: string;
  html: string;
  text: string;
  messageId: string;
  inReplyTo?: string | null;
  references?: readonly string[];
  date: Date;
  attachments: { name: string; contentType: string; content: Buffer; contentId?: string | null }[];
};

/** A new Message-ID at the sending mailbox's domain (RFC 5322 `id-left@id-right`). */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.split('@')[1] || 'beacon.local';
  return `${randomUUID()}@${domain}`;
}

/** nodemailer's options for the composition (the sender job gives them to the transport). */
export function mailOptions(composition: Composition): Mail.Options {
  const references = composition.references ?? [];
  return {
    from: { name: composition.from.name, address: composition.from.address },
    to: [...composition.to],
    cc: [...composition.cc],
    bcc: [...composition.bcc],
    subject: composition.subject,
    text: composition.text,
    ...(composition.html ? { html: composition.html } : {}),
    messageId: `<${composition.messageId}>`,
    ...(composition.inReplyTo ? { inReplyTo: `<${composition.inReplyTo}>` } : {}),
    ...(references.length ? { references: references.map((r) => `<${r}>`) } : {}),
    date: composition.date,
    attachments: composition.attachments.map((a) => ({
      filename: a.name,
      content: a.content,
      contentType: a.contentType,
      ...(a.contentId ? { cid: a.contentId } : {}),
    })),
    // Header values come from the contract's checked fields; nodemailer encodes them (no raw lines).
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * The message as RFC 5322 bytes, built by nodemailer's composer. `keepBcc` keeps the Bcc header
 * for the copy in Sent (never in what goes out: the transport drops it).
 */
export async function buildRaw(composition: Composition, keepBcc: boolean): Promise<Buffer> {
  const node = new MailComposer(mailOptions(composition)).compile();
  node.keepBcc = keepBcc;
  return node.build();
}
