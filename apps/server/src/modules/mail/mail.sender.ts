import { and, eq, inArray } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { mailboxes, mailDomains, mailMessages, outbox } from '../../db/schema/index.ts';
import type { JobHandler, JobRow, RunningJob } from '../../lib/jobs.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { mailboxAudience, type MailboxRow, type MessageRow } from './mail.repository.ts';
import type { MailFiles, MailService } from './mail.service.ts';
import type { MailStore } from './mail.store.ts';

/** Why a message whose hand-over was cut short is not sent again (a restart finds it `sending`). */
export const INTERRUPTED_ERROR =
  'The server stopped while handing this mail to the mail server. It may have been delivered, so it was not sent again: check with the recipient before sending it again.';

/** Sends a message through a connected mailbox's own SMTP (the IMAP part sets it). */
export type ConnectedSend = (mailbox: MailboxRow, message: Mail.Options) => Promise<void>;

/**
 * The `mail.send` job (docs/decisions/057-mail.md): sends one queued or scheduled message, at
 * most once. The message row is the send's status: the job moves it from `queued` (or
 * `scheduled`) to `sending` in a committed transaction before it talks to the mail server, and
 * to `sent` after; only the job the row names (`send_job_id`) may send it. A process killed in
 * between leaves it `sending`: the next run marks it `failed` (may have been delivered) rather
 * than send it a second time. A temporary refusal (4xx, no connection) puts it back to `queued`
 * and the job tries again later; a permanent one (5xx) fails it.
 */
export class MailSender {
  private readonly transport: Transporter | undefined;
  /** Set by the IMAP part for connected mailboxes. */
  connectedSend: ConnectedSend | undefined;
  /**
   * Set by the e-mails part: changes what leaves just before it does (open and click tracking,
   * modules/emails/emails.tracking.ts). A failure there sends the message as it is.
   */
  beforeSend: ((row: MessageRow, message: Mail.Options) => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
    private readonly store: MailStore,
    private readonly files: MailFiles,
    private readonly service: MailService,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  readonly handler: JobHandler = {
    run: (job) => this.run(job),
    onFailed: (job, error) => this.giveUp(job, error),
  };

  close(): void {
    this.transport?.close();
  }

  private async run(job: RunningJob): Promise<void> {
    const { workspaceId, mailId } = job.payload as { workspaceId: string; mailId: string };
    const claimed = await this.db.transaction(async (tx) => {
      await job.holdLease(tx);
      const [row] = await tx
        .update(mailMessages)
        .set({ status: 'sending', updatedAt: new Date() })
        .where(
          and(
            eq(mailMessages.workspaceId, workspaceId),
            eq(mailMessages.id, mailId),
            eq(mailMessages.sendJobId, job.id),
            inArray(mailMessages.status, ['queued', 'scheduled']),
          ),
        )
        .returning();
      return row;
    });
    if (!claimed) {
      await this.db
        .update(mailMessages)
        .set({ status: 'failed', error: INTERRUPTED_ERROR, updatedAt: new Date() })
        .where(
          and(
            eq(mailMessages.id, mailId),
            eq(mailMessages.sendJobId, job.id),
            eq(mailMessages.status, 'sending'),
          ),
        );
      return;
    }
    const [mailbox] = await this.db
      .select()
      .from(mailboxes)
      .where(eq(mailboxes.id, claimed.mailboxId));
    if (!mailbox) return;
    let message: Mail.Options;
    try {
      message = await this.messageOf(claimed, mailbox);
    } catch (error) {
      await this.finish(
        claimed,
        'failed',
        `The mail could not be built: ${(error as Error).message}`,
      );
      return;
    }
    try {
      await this.beforeSend?.(claimed, message);
    } catch (error) {
      this.log.warn({ err: error, mail: { id: claimed.id } }, 'mail tracking not applied');
    }
    try {
      await this.deliver(mailbox, message, claimed);
    } catch (caught) {
      const error = caught as Error & { responseCode?: number };
      const permanent = (error.responseCode ?? 0) >= 500;
      if (permanent || job.lastAttempt) {
        await this.finish(claimed, 'failed', error.message.slice(0, 1000));
        return;
      }
      // Nothing was accepted: back in the queue, the job runs again after its backoff.
      await this.db
        .update(mailMessages)
        .set({ status: 'queued', error: error.message.slice(0, 1000), updatedAt: new Date() })
        .where(and(eq(mailMessages.id, claimed.id), eq(mailMessages.status, 'sending')));
      throw error;
    }
    await this.finish(claimed, 'sent', null);
  }

  private async giveUp(job: JobRow, error: Error): Promise<void> {
    const { mailId } = job.payload as { mailId: string };
    await this.db
      .update(mailMessages)
      .set({ status: 'failed', error: error.message.slice(0, 1000), updatedAt: new Date() })
      .where(
        and(
          eq(mailMessages.id, mailId),
          eq(mailMessages.sendJobId, job.id),
          inArray(mailMessages.status, ['queued', 'sending']),
        ),
      );
  }

  private async finish(row: MessageRow, status: 'sent' | 'failed', error: string | null) {
    await this.db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(mailMessages)
        .set({
          status,
          error,
          folder: 'sent',
          ...(status === 'sent' ? { sentAt: now, date: now } : {}),
          updatedAt: now,
        })
        .where(and(eq(mailMessages.id, row.id), eq(mailMessages.status, 'sending')));
      if (status === 'sent') await this.store.linkSent(tx, row.workspaceId, row.id);
      const [mailbox] = await tx
        .select({ ownerId: mailboxes.ownerId, shared: mailboxes.shared })
        .from(mailboxes)
        .where(eq(mailboxes.id, row.mailboxId));
      if (mailbox) {
        await this.realtime.publish(
          tx,
          row.workspaceId,
          { type: 'mail.changed', data: { mailboxId: row.mailboxId, mailIds: [row.id] } },
          mailboxAudience(mailbox),
        );
      }
    });
  }

  /** nodemailer's options from the stored message: its headers, bodies and attachments. */
  private async messageOf(row: MessageRow, mailbox: MailboxRow): Promise<Mail.Options> {
    const attachments: Mail.Attachment[] = [];
    for (const attachment of row.attachments) {
      const file = await this.files.get(this.db, row.workspaceId, attachment.id);
      if (!file) throw new Error(`attachment ${attachment.name} is missing`);
      attachments.push({
        filename: attachment.name,
        content: await this.files.read(file),
        contentType: attachment.mimeType,
        ...(attachment.contentId ? { cid: attachment.contentId } : {}),
      });
    }
    const list = (values: { name: string; address: string }[]) =>
      values.map((v) => ({ name: v.name, address: v.address }));
    const message: Mail.Options = {
      from: { name: row.fromName, address: row.fromAddress },
      to: list(row.to),
      cc: list(row.cc),
      bcc: list(row.bcc),
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      messageId: `<${row.messageId}>`,
      ...(row.inReplyTo ? { inReplyTo: `<${row.inReplyTo}>` } : {}),
      ...(row.references.length ? { references: row.references.map((r) => `<${r}>`) } : {}),
      attachments,
      disableFileAccess: true,
      disableUrlAccess: true,
    };
    if (mailbox.domainId) {
      const [domain] = await this.db
        .select()
        .from(mailDomains)
        .where(eq(mailDomains.id, mailbox.domainId));
      const key = domain ? this.service.dkimKey(domain) : null;
      if (domain && key && domain.dkimSelector) {
        message.dkim = {
          domainName: domain.domain,
          keySelector: domain.dkimSelector,
          privateKey: key,
        };
      }
    }
    return message;
  }

  private async deliver(mailbox: MailboxRow, message: Mail.Options, row: MessageRow) {
    if (mailbox.kind === 'connected') {
      if (!this.connectedSend)
        throw Object.assign(new Error('Connected mailboxes cannot send yet'), {
          responseCode: 554,
        });
      await this.connectedSend(mailbox, message);
      return;
    }
    if (!this.transport) {
      // As the mailer does without SMTP_URL: kept in the outbox and written to the log.
      const to = [...row.to, ...row.cc, ...row.bcc].map((a) => a.address).join(', ');
      await this.db.insert(outbox).values({
        workspaceId: row.workspaceId,
        to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        status: 'logged',
        sentAt: new Date(),
      });
      this.log.info(
        { mail: { id: row.id, to, subject: row.subject } },
        'mail kept in the outbox (no SMTP_URL)',
      );
      return;
    }
    await this.transport.sendMail(message);
  }
}
