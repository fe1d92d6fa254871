import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAIL_INBOUND_MAX_BYTES } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { mailboxes, mailDomains } from '../../db/schema/index.ts';
import { cachingResolver, checkMessage, type DnsResolver } from './mail.auth.ts';
import { parseMessage } from './mail.parse.ts';
import type { MailStore } from './mail.store.ts';

export type InboundOptions = {
  port: number;
  host: string;
  /** STARTTLS is offered with this certificate and key (PEM); without them, plain SMTP only. */
  tls?: { key: Buffer; cert: Buffer } | undefined;
  /** Messages over this many bytes are refused (552), announced by the SIZE extension. */
  maxBytes?: number;
  /** The name the server greets with and stamps in its checks. */
  serverName?: string;
  resolver: DnsResolver;
  /** Distinct recipients one message may have here (more are deferred with 452). */
  maxRecipients?: number;
  /**
   * Told the time from the end of a message's data to its storing (parse, checks, store), and
   * its parts: the parse with the checks, then the store (files and rows).
   */
  onStored?: (ms: number, parts: { checks: number; store: number }) => void;
};

type Recipient = { workspaceId: string; mailboxId: string };
/** A session, with the mailbox of each recipient address it was given. */
type Session = SMTPServerSession & { beacon?: Map<string, Recipient> };

/** An SMTP reply with its code: smtp-server answers `responseCode` and the message. */
const reply = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * The inbound SMTP listener (docs/decisions/057-mail.md), on INBOUND_SMTP_PORT: smtp-server
 * speaks the protocol (STARTTLS when a certificate is configured, the SIZE limit, timeouts for
 * clients that stall); this class decides. A recipient is accepted only when it is a Beacon
 * mailbox at one of the workspaces' mail domains (550 otherwise, at RCPT). Each message is
 * parsed, checked with mailauth and stored once in each recipient mailbox before the 250 answer:
 * a failure answers 451 so the sender tries again, and nothing is lost.
 */
export class InboundSmtp {
  private readonly server: SMTPServer;
  private readonly name: string;
  private readonly maxBytes: number;
  private readonly maxRecipients: number;
  /** The configured resolver behind a cache of its answers (mail.auth.ts `cachingResolver`). */
  private readonly resolver: DnsResolver;

  constructor(
    private readonly db: Database,
    private readonly store: MailStore,
    private readonly log: FastifyBaseLogger,
    private readonly options: InboundOptions,
  ) {
    this.name = options.serverName ?? hostname();
    this.maxBytes = options.maxBytes ?? MAIL_INBOUND_MAX_BYTES;
    this.maxRecipients = options.maxRecipients ?? 100;
    this.resolver = cachingResolver(options.resolver);
    this.server = new SMTPServer({
      name: this.name,
      banner: 'Beacon',
      size: this.maxBytes,
      authOptional: true,
      disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
      secure: false,
      disableReverseLookup: true,
      maxClients: 50,
      socketTimeout: 60_000,
      closeTimeout: 5_000,
      logger: false,
      onRcptTo: (address, session, callback) => {
        this.recipient(address.address, session as Session).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
      onData: (stream, session, callback) => {
        this.receive(stream, session as Session).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
    });
    // A client's broken connection or protocol error is its own; the listener goes on.
    this.server.on('error', (error) => this.log.warn({ err: error }, 'inbound SMTP client error'));
  }

  async start(): Promise<AddressInfo> {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.server.server.once('error', onError);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.server.off('error', onError);
        resolve();
      });
    });
    const address = this.server.server.address() as AddressInfo;
    this.log.info({ port: address.port }, 'inbound SMTP listening');
    return address;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async recipient(raw: string, session: Session): Promise<void> {
    const address = raw.trim().toLowerCase();
    const at = address.lastIndexOf('@');
    if (at <= 0 || /[\s<>]/.test(address)) throw reply(501, 'Bad recipient address');
    const domain = address.slice(at + 1);
    const [mailbox] = await this.db
      .select({ workspaceId: mailboxes.workspaceId, id: mailboxes.id })
      .from(mailboxes)
      .innerJoin(mailDomains, eq(mailDomains.id, mailboxes.domainId))
      .where(
        and(
          eq(mailboxes.kind, 'beacon'),
          eq(mailboxes.address, address),
          eq(mailDomains.domain, domain),
        ),
      );
    if (!mailbox) throw reply(550, `No mailbox here for <${address}>`);
    // The mailboxes of this session's addresses; the message goes to those of its envelope
    // (smtp-server keeps `envelope.rcptTo` and clears it on RSET and at each MAIL FROM).
    session.beacon ??= new Map();
    const current = new Set(
      session.envelope.rcptTo.map((r) => session.beacon!.get(r.address.toLowerCase())?.mailboxId),
    );
    if (!current.has(mailbox.id) && current.size >= this.maxRecipients) {
      throw reply(452, 'Too many recipients in one message; send the rest in another');
    }
    session.beacon.set(address, { workspaceId: mailbox.workspaceId, mailboxId: mailbox.id });
  }

  private async receive(stream: Readable & { sizeExceeded?: boolean }, session: Session) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      // Past the limit the rest is read and dropped (the client is told at the end).
      if (size <= this.maxBytes) chunks.push(chunk as Buffer);
    }
    if (stream.sizeExceeded || size > this.maxBytes) {
      throw reply(552, `Message too large: the limit is ${this.maxBytes} bytes`);
    }
    const byMailbox = new Map<string, Recipient>();
    for (const { address } of session.envelope.rcptTo) {
      const recipient = session.beacon?.get(address.trim().toLowerCase());
      if (recipient) byMailbox.set(recipient.mailboxId, recipient);
    }
    const recipients = [...byMailbox.values()];
    if (recipients.length === 0) throw reply(554, 'No valid recipients');
    const raw = Buffer.concat(chunks);
    const started = performance.now();
    try {
      // The parse and the checks read the same bytes independently: the checks' DNS questions
      // are in flight while the parser works.
      const [parsed, auth] = await Promise.all([
        parseMessage(raw),
        checkMessage(
          raw,
          {
            ip: session.remoteAddress,
            helo: session.hostNameAppearsAs || session.clientHostname,
            sender: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            mta: this.name,
          },
          this.resolver,
        ),
      ]);
      const checked = performance.now();
      for (const recipient of recipients) {
        await this.store.store({
          workspaceId: recipient.workspaceId,
          mailboxId: recipient.mailboxId,
          raw,
          parsed,
          direction: 'in',
          folder: 'inbox',
          auth,
        });
      }
      const done = performance.now();
      this.options.onStored?.(done - started, { checks: checked - started, store: done - checked });
    } catch (error) {
      this.log.error({ err: error }, 'inbound mail could not be stored');
      // Temporary: the sending server keeps the message and tries again; a store of it that
      // did happen (one recipient of several) is found again by its Message-ID, not doubled.
      throw reply(451, 'The message could not be stored now; try again later');
    }
  }
}
