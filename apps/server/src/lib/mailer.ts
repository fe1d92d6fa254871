import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  workspaceId?: string | null;
};

/** Anything that can run an insert: the database or a transaction on it. */
type Executor = Pick<Database, 'insert'>;

/**
 * The one mailer (docs/decisions/004-mail-outbox.md). Every message is first written to the outbox, inside
 * the caller's transaction, so no e-mail is promised for work that rolled back. After the commit,
 * `deliver` sends it over SMTP when SMTP_URL is set, or logs it and keeps it in the outbox.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl: string | undefined,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  async enqueue(executor: Executor, mail: Mail): Promise<string> {
    const [row] = await executor
      .insert(outbox)
      .values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        workspaceId: mail.workspaceId ?? null,
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox insert returned nothing');
    return row.id;
  }

  /** Sends (or logs) one queued message; never throws, failures are recorded on the row. */
  async deliver(id: string): Promise<void> {
    const [mail] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    if (!mail || mail.status !== 'pending') return;
    if (!this.transport) {
      this.log.info(
        { mail: { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text } },
        'e-mail kept in the outbox (no SMTP_URL)',
      );
      await this.db
        .update(outbox)
        .set({ status: 'logged', sentAt: new Date() })
        .where(eq(outbox.id, id));
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
      await this.db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), error: null })
        .where(eq(outbox.id, id));
    } catch (error) {
      this.log.error({ err: error, mailId: id }, 'e-mail could not be sent');
      await this.db
        .update(outbox)
        .set({ status: 'failed', error: (error as Error).message.slice(0, 500) })
        .where(eq(outbox.id, id));
    }
  }

  /** Delivers what a stopped process left pending. */
  async deliverPending(): Promise<void> {
    const pending = await this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.status, 'pending'))
      .limit(500);
    for (const { id } of pending) await this.deliver(id);
  }

  close(): void {
    this.transport?.close();
  }
}
