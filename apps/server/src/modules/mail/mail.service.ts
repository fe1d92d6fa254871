import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  MAIL_UNDO_SECONDS,
  systemMailLabels,
  type Mail,
  type MailAuth,
  type Mailbox,
  type MailDomain,
  type MailLabel,
  type MailPage,
  type MailResponseMode,
  type MailTrustedSender,
  MAIL_TRUSTED_SENDERS_MAX,
} from '@beacon/contract';
import { createPublicKey } from 'node:crypto';
import type { z } from 'zod';
import type {
  composeMailSchema,
  mailsQuerySchema,
  newMailboxSchema,
  newMailDomainSchema,
  newMailLabelSchema,
  replyMailSchema,
  saveDraftSchema,
  sendMailSchema,
  updateMailboxSchema,
  updateMailDomainSchema,
  updateMailLabelSchema,
} from '@beacon/contract';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  jobs,
  mailboxes,
  mailDomains,
  mailLabels,
  mailMessageLabels,
  mailMessages,
  mailTrustedSenders,
  users,
} from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { formatBytes, UPLOAD_OWNER, type StoredFile } from '../../lib/storage/index.ts';
import { buildRaw, newMessageId, type Composition } from './mail.compose.ts';
import { htmlToText, remoteImageAddresses, sanitizeComposedHtml } from './mail.html.ts';
import { parseMessage } from './mail.parse.ts';
import { fetchRemoteImage, type RemoteImage } from './mail.remote-image.ts';
import * as repo from './mail.repository.ts';
import { mailboxAudience, summaryOf, type MailboxRow, type MessageRow } from './mail.repository.ts';
import type { MailFileStore, MailStore } from './mail.store.ts';

/** The job that sends one message (mail.sender.ts). */
export const SEND_JOB = 'mail.send';

/** A stored file as the mail API reads it back (the files storage's row). */
export type MailStoredFile = StoredFile;

/** The files storage as the mail area uses it: store, find and read back. */
export type MailFiles = MailFileStore & {
  get(executor: Executor, workspaceId: string, id: string): Promise<MailStoredFile | null>;
  read(file: MailStoredFile): Promise<Buffer>;
};

const mailNotFound = () => notFound('No such mail');
const mailboxNotFound = () => notFound('No such mailbox');
const labelNotFound = () => notFound('No such label');
const domainNotFound = () => notFound('No such mail domain');

type ComposeInput = z.output<typeof composeMailSchema>;
type SaveDraftInput = z.output<typeof saveDraftSchema>;
type SendInput = z.output<typeof sendMailSchema>;
type ReplyInput = z.output<typeof replyMailSchema>;
/** What a member's message answers: the original's id and how. */
type RespondsTo = { mailId: string; mode: MailResponseMode };

/** The thread headers of an answer to `original` (a forward names it only in References). */
function answerHeaders(
  original: Pick<MessageRow, 'messageId' | 'references'>,
  mode: MailResponseMode,
): { inReplyTo: string | null; references: string[] } {
  return {
    inReplyTo: mode === 'forward' ? null : original.messageId,
    references: [...original.references, original.messageId].slice(-50),
  };
}

/**
 * The mail API's rules (docs/decisions/057-mail.md). A member reads the mailboxes they own and
 * the shared ones; any other mailbox's messages, labels and files answer 404. Sending, drafts
 * and changes need a writer (contributor or admin) who owns the mailbox or reads it shared.
 * Domains are the admins'.
 */
export class MailService {
  /**
   * Set by the IMAP part (modules/mail-imap/mail-imap.module.ts): logs in to a connected
   * mailbox's servers before it is kept, and starts its sync in the transaction that makes it.
   */
  connectedMailboxes:
    | {
        verify(
          input: Extract<z.output<typeof newMailboxSchema>, { kind: 'connected' }>,
        ): Promise<void>;
        started(tx: Transaction, mailboxId: string): Promise<void>;
      }
    | undefined;

  /** MAIL_REMOTE_IMAGES_ALLOW_PRIVATE: remote images may come from private addresses. */
  remoteImagesAllowPrivate = false;

  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
    private readonly store: MailStore,
    private readonly files: MailFiles,
    private readonly box: CryptoBox | undefined,
    private readonly undoSeconds: number = MAIL_UNDO_SECONDS,
    /** The most a composed message's attachments may come to (INBOUND_SMTP_MAX_BYTES). */
    private readonly attachmentsMaxBytes: number = 30 * 1024 * 1024,
  ) {}

  // ---- Reading ----------------------------------------------------------------------------

  private async readable(caller: Caller, mailboxId?: string): Promise<MailboxRow[]> {
    const all = await repo.readableMailboxes(this.db, caller);
    if (!mailboxId) return all;
    const one = all.filter((m) => m.id === mailboxId);
    if (one.length === 0) throw mailboxNotFound();
    return one;
  }

  async labels(caller: Caller, mailboxId?: string): Promise<MailLabel[]> {
    const ids = (await this.readable(caller, mailboxId)).map((m) => m.id);
    const [counts, custom] = await Promise.all([
      repo.labelCounts(this.db, ids),
      repo.customLabelsOfMailboxes(this.db, ids),
    ]);
    const none = { unread: 0, total: 0 };
    const system = systemMailLabels.map((key): MailLabel => {
      const sum =
        key === 'all'
          ? repo.ALL_FOLDERS.map((f) => counts.get(f) ?? none).reduce(
              (acc, c) => ({ unread: acc.unread + c.unread, total: acc.total + c.total }),
              none,
            )
          : (counts.get(key) ?? none);
      return {
        id: key,
        type: 'system',
        name: '',
        color: 'default',
        mailboxId: null,
        unreadCount: sum.unread,
        totalCount: sum.total,
      };
    });
    return [
      ...system,
      ...custom.map((l): MailLabel => {
        const sum = counts.get(l.id) ?? none;
        return customLabel(l, sum.unread, sum.total);
      }),
    ];
  }

  async mails(caller: Caller, query: z.output<typeof mailsQuerySchema>): Promise<MailPage> {
    const boxes = await this.readable(caller, query.mailboxId);
    const label = query.label ?? 'all';
    let ids = boxes.map((m) => m.id);
    if (!(systemMailLabels as readonly string[]).includes(label)) {
      const [owner] = await this.db
        .select({ mailboxId: mailLabels.mailboxId })
        .from(mailLabels)
        .where(and(eq(mailLabels.workspaceId, caller.workspaceId), eq(mailLabels.id, label)));
      if (!owner || !ids.includes(owner.mailboxId)) throw labelNotFound();
      ids = [owner.mailboxId];
    }
    const cursor = query.cursor ? repo.decodeCursor(query.cursor) : null;
    if (query.cursor && !cursor) throw fieldError('cursor', 'Not a cursor of this list');
    if (ids.length === 0) return { mails: [], nextCursor: null };
    const rows = await repo.listPage(this.db, {
      mailboxIds: ids,
      label,
      search: query.search || undefined,
      unread: query.unread,
      starred: query.starred,
      hasAttachments: query.hasAttachments,
      from: query.from || undefined,
      after: query.after,
      before: query.before,
      cursor,
      limit: query.limit,
    });
    const page = rows.slice(0, query.limit);
    const [labels, threads] = await Promise.all([
      repo.customLabelsOf(
        this.db,
        page.map((r) => r.id),
      ),
      repo.threadCounts(
        this.db,
        page.map((r) => r.threadId),
      ),
    ]);
    return {
      mails: page.map((r) => summaryOf(r, labels.get(r.id) ?? [], threads.get(r.threadId) ?? 1)),
      nextCursor: rows.length > query.limit ? repo.encodeCursor(page[page.length - 1]!) : null,
    };
  }

  private async readableMessage(caller: Caller, mailId: string): Promise<MessageRow> {
    const ids = (await this.readable(caller)).map((m) => m.id);
    const [row] = await repo.messagesByIds(this.db, caller.workspaceId, ids, [mailId]);
    if (!row) throw mailNotFound();
    return row;
  }

  async mail(caller: Caller, mailId: string): Promise<Mail> {
    const row = await this.readableMessage(caller, mailId);
    const trusted = await this.trustedAmong(caller, [row]);
    return this.full(this.db, caller, row, trusted);
  }

  async thread(caller: Caller, mailId: string): Promise<{ threadId: string; mails: Mail[] }> {
    const row = await this.readableMessage(caller, mailId);
    const rows = await repo.threadMessages(this.db, caller.workspaceId, row.threadId);
    const trusted = await this.trustedAmong(caller, rows);
    const mails = await Promise.all(rows.map((r) => this.full(this.db, caller, r, trusted)));
    return { threadId: row.threadId, mails };
  }

  /** Which of these messages' senders the caller lets show remote images (lower-cased). */
  private async trustedAmong(caller: Caller, rows: readonly MessageRow[]): Promise<Set<string>> {
    const addresses = [
      ...new Set(
        rows.filter((r) => r.hasRemoteImages).map((r) => r.fromAddress.trim().toLowerCase()),
      ),
    ].filter(Boolean);
    if (addresses.length === 0) return new Set();
    const found = await this.db
      .select({ address: mailTrustedSenders.address })
      .from(mailTrustedSenders)
      .where(
        and(
          eq(mailTrustedSenders.userId, caller.userId),
          eq(mailTrustedSenders.workspaceId, caller.workspaceId),
          inArray(mailTrustedSenders.address, addresses),
        ),
      );
    return new Set(found.map((f) => f.address));
  }

  private async full(
    db: Executor,
    caller: Caller,
    row: MessageRow,
    trusted: ReadonlySet<string> = new Set(),
  ): Promise<Mail> {
    const [labels, threads, links] = await Promise.all([
      repo.customLabelsOf(db, [row.id]),
      repo.threadCounts(db, [row.threadId]),
      repo.linksOf(db, row.id, caller),
    ]);
    return {
      ...summaryOf(row, labels.get(row.id) ?? [], threads.get(row.threadId) ?? 1),
      cc: row.cc,
      bcc: row.bcc,
      replyTo: row.replyTo,
      messageId: row.messageId,
      inReplyTo: row.inReplyTo,
      references: row.references,
      text: row.text,
      html: row.html,
      hasRemoteImages: row.hasRemoteImages,
      remoteImagesAllowed: row.hasRemoteImages && trusted.has(row.fromAddress.trim().toLowerCase()),
      attachments: row.attachments,
      auth: row.auth as MailAuth | null,
      error: row.error,
      links,
      respondsTo:
        row.respondsToId && row.respondsMode
          ? { mailId: row.respondsToId, mode: row.respondsMode }
          : null,
    };
  }

  /** An attachment (or inline image) of a message the caller reads. */
  async attachment(caller: Caller, fileId: string): Promise<MailStoredFile> {
    const file = await this.files.get(this.db, caller.workspaceId, fileId);
    if (!file || file.ownerKind !== 'mail_attachment' || !file.ownerId) {
      throw notFound('No such attachment');
    }
    await this.readableMessage(caller, file.ownerId).catch(() => {
      throw notFound('No such attachment');
    });
    return file;
  }

  // ---- Composing and sending ---------------------------------------------------------------

  /**
   * A stored file the caller may attach: an upload of their own no record holds yet, or an
   * attachment of a message they read. Any other file of the workspace (another member's upload,
   * a files-manager file, a chat attachment, a raw message) answers 404, as another workspace's.
   */
  private async attachable(caller: Caller, fileId: string): Promise<MailStoredFile> {
    const file = await this.files.get(this.db, caller.workspaceId, fileId);
    if (file?.ownerKind === UPLOAD_OWNER && file.createdBy === caller.userId) return file;
    if (file?.ownerKind === 'mail_attachment' && file.ownerId) {
      const readable = await this.readableMessage(caller, file.ownerId).then(
        () => true,
        () => false,
      );
      if (readable) return file;
    }
    throw notFound('No such attachment');
  }

  /** A mailbox the caller may send from: their own, or a shared one. */
  private async sendable(caller: Caller, mailboxId: string): Promise<MailboxRow> {
    const [mailbox] = await this.readable(caller).then((all) =>
      all.filter((m) => m.id === mailboxId),
    );
    if (!mailbox) throw mailboxNotFound();
    return mailbox;
  }

  private async composition(
    caller: Caller,
    mailbox: MailboxRow,
    input: Pick<ComposeInput, 'to' | 'cc' | 'bcc' | 'subject' | 'html' | 'text' | 'attachmentIds'>,
    thread: { inReplyTo?: string | null; references?: string[]; messageId?: string },
    extraFiles: MailStoredFile[] = [],
  ): Promise<Composition> {
    const html = input.html ? sanitizeComposedHtml(input.html) : '';
    const text = input.text || (html ? htmlToText(html) : '');
    const files: MailStoredFile[] = [...extraFiles];
    for (const id of new Set(input.attachmentIds)) files.push(await this.attachable(caller, id));
    // Checked on the sizes the rows hold, before any file is read into memory.
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > this.attachmentsMaxBytes) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The attachments come to ${formatBytes(total)}; a message can carry at most ${formatBytes(this.attachmentsMaxBytes)} of them`,
      );
    }
    const attachments = [];
    for (const file of files) {
      attachments.push({
        name: file.name,
        contentType: file.contentType,
        content: await this.files.read(file),
      });
    }
    const [owner] = mailbox.ownerId
      ? await this.db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, mailbox.ownerId))
      : [];
    const name =
      mailbox.displayName || (owner ? `${owner.firstName} ${owner.lastName}`.trim() : '');
    return {
      from: { name, address: mailbox.address },
      to: input.to,
      cc: input.cc,
      bcc: input.bcc,
      subject: input.subject,
      html,
      text,
      messageId: thread.messageId ?? newMessageId(mailbox.address),
      inReplyTo: thread.inReplyTo ?? null,
      references: thread.references ?? [],
      date: new Date(),
      attachments,
    };
  }

  /**
   * Stores a composed message (a new row, or the draft `draftId` names, rebuilt), then queues it
   * to send after the undo delay or at `sendAt`, or keeps it as a draft.
   */
  private async keep(
    caller: Caller,
    mailbox: MailboxRow,
    composition: Composition,
    mode: { kind: 'draft' } | { kind: 'send'; sendAt?: string },
    draftId: string | undefined,
    respondsTo: RespondsTo | null = null,
  ): Promise<Mail> {
    const raw = await buildRaw(composition, true);
    const parsed = await parseMessage(raw);
    const prepared = await this.store.prepare({
      workspaceId: caller.workspaceId,
      mailboxId: mailbox.id,
      raw,
      parsed,
      direction: 'out',
      folder: 'drafts',
      createdBy: caller.userId,
    });
    try {
      return await this.keepIn(caller, mailbox, prepared, mode, draftId, respondsTo);
    } catch (error) {
      await this.store.discard(prepared).catch(() => {});
      throw error;
    }
  }

  private keepIn(
    caller: Caller,
    mailbox: MailboxRow,
    prepared: Awaited<ReturnType<MailStore['prepare']>>,
    mode: { kind: 'draft' } | { kind: 'send'; sendAt?: string },
    draftId: string | undefined,
    respondsTo: RespondsTo | null,
  ): Promise<Mail> {
    return this.db.transaction(async (tx) => {
      if (draftId) {
        const [draft] = await tx
          .select({ id: mailMessages.id, status: mailMessages.status })
          .from(mailMessages)
          .where(
            and(
              eq(mailMessages.workspaceId, caller.workspaceId),
              eq(mailMessages.mailboxId, mailbox.id),
              eq(mailMessages.id, draftId),
            ),
          )
          .for('update');
        if (!draft) throw notFound('No such draft');
        if (draft.status !== 'draft') throw conflict('This mail is no longer a draft');
        // The draft gives way to the new version (its files go with it).
        await repo.deleteMessages(tx, caller.workspaceId, [draft.id]);
      }
      const sendAt =
        mode.kind === 'send'
          ? mode.sendAt
            ? new Date(mode.sendAt)
            : new Date(Date.now() + this.undoSeconds * 1000)
          : null;
      const scheduled = mode.kind === 'send' && Boolean(mode.sendAt);
      const stored = await this.store.storeIn(tx, {
        ...prepared,
        direction: 'out',
        folder: mode.kind === 'draft' ? 'drafts' : scheduled ? 'scheduled' : 'sent',
        status: mode.kind === 'draft' ? 'draft' : scheduled ? 'scheduled' : 'queued',
        seen: true,
        date: new Date(),
        createdBy: caller.userId,
        linkToCrm: false,
        respondsTo,
      });
      if (!stored.created) throw conflict('This mail was stored already');
      if (sendAt) {
        const jobId = await enqueueJob(
          tx,
          SEND_JOB,
          { workspaceId: caller.workspaceId, mailId: stored.id },
          { runAt: sendAt, maxAttempts: 5 },
        );
        await tx
          .update(mailMessages)
          .set({ sendAt, sendJobId: jobId })
          .where(eq(mailMessages.id, stored.id));
      }
      const [row] = await tx.select().from(mailMessages).where(eq(mailMessages.id, stored.id));
      return this.full(tx, caller, row!);
    });
  }

  async send(caller: Caller, input: SendInput): Promise<Mail> {
    const mailbox = await this.sendable(caller, input.mailboxId);
    const draft = input.draftId ? await this.draftOf(caller, mailbox.id, input.draftId) : null;
    // A reply's or forward's draft goes out as that reply, whichever call sends it.
    if (draft?.respondsTo) {
      const { mailboxId: _mailboxId, ...rest } = input;
      return this.respond(
        caller,
        { ...rest, mailId: draft.respondsTo.mailId, all: draft.respondsTo.mode === 'replyAll' },
        draft.respondsTo.mode === 'forward' ? 'forward' : 'reply',
      );
    }
    requireRecipients(input);
    checkSendAt(input.sendAt);
    // A draft whose original is gone (or one synced with its headers) stays in its thread.
    const composition = await this.composition(caller, mailbox, input, draft?.headers ?? {});
    return this.keep(
      caller,
      mailbox,
      composition,
      { kind: 'send', sendAt: input.sendAt },
      input.draftId,
    );
  }

  /**
   * Saves a draft. A reply's or forward's (`respondsTo`, or the draft it replaces had one) is
   * kept in the original's mailbox with the answer's thread headers and the link to the
   * original, so it reopens, and leaves, as that reply.
   */
  async saveDraft(caller: Caller, input: SaveDraftInput): Promise<Mail> {
    const mailbox = await this.sendable(caller, input.mailboxId);
    const previous = input.draftId ? await this.draftOf(caller, mailbox.id, input.draftId) : null;
    const asked = input.respondsTo ?? previous?.respondsTo ?? null;
    let respondsTo: RespondsTo | null = null;
    let headers = previous?.headers ?? {};
    if (asked) {
      const original = await this.readableMessage(caller, asked.mailId);
      if (original.mailboxId !== mailbox.id) {
        throw fieldError(
          'mailboxId',
          'A reply’s draft is kept in the mailbox of the mail it answers',
        );
      }
      respondsTo = { mailId: original.id, mode: asked.mode };
      headers = answerHeaders(original, asked.mode);
    }
    const composition = await this.composition(caller, mailbox, input, headers);
    return this.keep(caller, mailbox, composition, { kind: 'draft' }, input.draftId, respondsTo);
  }

  /**
   * A draft of the mailbox (null when there is none by that id: the save or send that names it
   * answers 404 in its transaction): what it answers, and its thread headers.
   */
  private async draftOf(
    caller: Caller,
    mailboxId: string,
    draftId: string,
  ): Promise<{
    respondsTo: RespondsTo | null;
    headers: { inReplyTo: string | null; references: string[] };
  } | null> {
    const [draft] = await this.db
      .select({
        respondsToId: mailMessages.respondsToId,
        respondsMode: mailMessages.respondsMode,
        inReplyTo: mailMessages.inReplyTo,
        references: mailMessages.references,
      })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.workspaceId, caller.workspaceId),
          eq(mailMessages.mailboxId, mailboxId),
          eq(mailMessages.id, draftId),
          eq(mailMessages.status, 'draft'),
        ),
      );
    if (!draft) return null;
    return {
      respondsTo:
        draft.respondsToId && draft.respondsMode
          ? { mailId: draft.respondsToId, mode: draft.respondsMode }
          : null,
      headers: { inReplyTo: draft.inReplyTo, references: draft.references },
    };
  }

  /** A reply or a forward: sent from the original's mailbox, in its thread. */
  async respond(caller: Caller, input: ReplyInput, kind: 'reply' | 'forward'): Promise<Mail> {
    const original = await this.readableMessage(caller, input.mailId);
    const mailbox = await this.sendable(caller, original.mailboxId);
    const own = mailbox.address;
    let to = input.to;
    let cc = input.cc;
    if (kind === 'reply' && to.length === 0) {
      const back =
        original.direction === 'in'
          ? original.replyTo.length
            ? original.replyTo
            : [{ name: original.fromName, address: original.fromAddress }]
          : original.to;
      to = back.map((a) => a.address).filter((a) => a && a !== own);
      if (input.all) {
        const others = [...original.to, ...original.cc]
          .map((a) => a.address)
          .filter((a) => a && a !== own && !to.includes(a));
        cc = [...new Set([...cc, ...others])];
      }
    }
    const base = { ...input, to, cc };
    requireRecipients(base);
    checkSendAt(input.sendAt);
    const prefix = kind === 'reply' ? 'Re: ' : 'Fwd: ';
    const subject =
      input.subject ||
      (new RegExp(`^${prefix.trim()}`, 'i').test(original.subject)
        ? original.subject
        : `${prefix}${original.subject}`);
    const forwarded: MailStoredFile[] = [];
    if (kind === 'forward') {
      for (const attachment of original.attachments) {
        const file = await this.files.get(this.db, caller.workspaceId, attachment.id);
        if (file) forwarded.push(file);
      }
    }
    const mode: MailResponseMode =
      kind === 'forward' ? 'forward' : input.all ? 'replyAll' : 'reply';
    const composition = await this.composition(
      caller,
      mailbox,
      { ...base, subject },
      answerHeaders(original, mode),
      forwarded,
    );
    return this.keep(
      caller,
      mailbox,
      composition,
      { kind: 'send', sendAt: input.sendAt },
      input.draftId,
      { mailId: original.id, mode },
    );
  }

  /** Undo send: a queued or scheduled message becomes a draft again and its job is removed. */
  async undoSend(caller: Caller, mailId: string): Promise<Mail> {
    const row = await this.readableMessage(caller, mailId);
    await this.sendable(caller, row.mailboxId);
    return this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(mailMessages)
        .set({
          status: 'draft',
          folder: 'drafts',
          sendAt: null,
          sendJobId: null,
          updatedAt: new Date(),
        })
        .where(
          and(eq(mailMessages.id, row.id), inArray(mailMessages.status, ['queued', 'scheduled'])),
        )
        .returning();
      if (!changed) throw conflict('This mail has been sent already');
      if (row.sendJobId) {
        await tx.delete(jobs).where(and(eq(jobs.id, row.sendJobId), eq(jobs.status, 'queued')));
      }
      await this.publishChanged(tx, caller.workspaceId, row.mailboxId, [row.id]);
      return this.full(tx, caller, changed);
    });
  }

  // ---- Flags, labels, folders --------------------------------------------------------------

  /** The messages of the caller's mailboxes by id; any other id is a 404. */
  private async writable(caller: Caller, ids: readonly string[]): Promise<MessageRow[]> {
    const boxes = (await this.readable(caller)).map((m) => m.id);
    const unique = [...new Set(ids)];
    const rows = await repo.messagesByIds(this.db, caller.workspaceId, boxes, unique);
    if (rows.length !== unique.length) throw mailNotFound();
    return rows;
  }

  async setFlag(
    caller: Caller,
    ids: readonly string[],
    flag: 'seen' | 'starred' | 'important',
    value: boolean,
  ): Promise<string[]> {
    const rows = await this.writable(caller, ids);
    return this.change(caller, rows, { [flag]: value });
  }

  async move(
    caller: Caller,
    ids: readonly string[],
    folder: 'inbox' | 'archive' | 'spam' | 'trash',
  ): Promise<string[]> {
    const rows = await this.writable(caller, ids);
    const movable = rows.filter(
      (r) => !['draft', 'queued', 'scheduled', 'sending'].includes(r.status),
    );
    if (movable.length !== rows.length && folder !== 'trash') {
      throw conflict('Drafts and mail waiting to be sent cannot be moved; send or delete them');
    }
    // A waiting message moved to the trash stops: it is a draft in the trash.
    const waiting = rows.filter((r) => ['queued', 'scheduled'].includes(r.status));
    for (const row of waiting) {
      if (row.sendJobId) {
        await this.db
          .delete(jobs)
          .where(and(eq(jobs.id, row.sendJobId), eq(jobs.status, 'queued')));
      }
    }
    if (waiting.length > 0) {
      await this.db
        .update(mailMessages)
        .set({ status: 'draft', sendAt: null, sendJobId: null })
        .where(
          inArray(
            mailMessages.id,
            waiting.map((r) => r.id),
          ),
        );
    }
    return this.change(caller, rows, { folder });
  }

  private async change(
    caller: Caller,
    rows: MessageRow[],
    set: Partial<typeof mailMessages.$inferInsert>,
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    await this.db.transaction(async (tx) => {
      await tx
        .update(mailMessages)
        .set({ ...set, updatedAt: new Date() })
        .where(inArray(mailMessages.id, ids));
      for (const mailboxId of new Set(rows.map((r) => r.mailboxId))) {
        await this.publishChanged(
          tx,
          caller.workspaceId,
          mailboxId,
          rows.filter((r) => r.mailboxId === mailboxId).map((r) => r.id),
        );
      }
    });
    return ids;
  }

  async deleteForGood(caller: Caller, ids: readonly string[]): Promise<string[]> {
    const rows = await this.writable(caller, ids);
    if (rows.some((r) => r.folder !== 'trash' && r.status !== 'draft')) {
      throw conflict('Only mail in the trash and drafts can be deleted for good');
    }
    await this.db.transaction(async (tx) => {
      await repo.deleteMessages(
        tx,
        caller.workspaceId,
        rows.map((r) => r.id),
      );
      await tx.execute(sql`
        update mail_threads t set message_count = (select count(*) from mail_messages m where m.thread_id = t.id)
        where t.id in (${sql.join(
          [...new Set(rows.map((r) => r.threadId))].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
      for (const mailboxId of new Set(rows.map((r) => r.mailboxId))) {
        await this.publishChanged(
          tx,
          caller.workspaceId,
          mailboxId,
          rows.filter((r) => r.mailboxId === mailboxId).map((r) => r.id),
        );
      }
    });
    return rows.map((r) => r.id);
  }

  private async labelOf(caller: Caller, labelId: string) {
    const readable = (await this.readable(caller)).map((m) => m.id);
    const [label] = await this.db
      .select()
      .from(mailLabels)
      .where(and(eq(mailLabels.workspaceId, caller.workspaceId), eq(mailLabels.id, labelId)));
    if (!label || !readable.includes(label.mailboxId)) throw labelNotFound();
    return label;
  }

  async applyLabel(
    caller: Caller,
    ids: readonly string[],
    labelId: string,
    on: boolean,
  ): Promise<string[]> {
    const label = await this.labelOf(caller, labelId);
    const rows = await this.writable(caller, ids);
    if (rows.some((r) => r.mailboxId !== label.mailboxId)) {
      throw fieldError('labelId', 'The label belongs to another mailbox');
    }
    await this.db.transaction(async (tx) => {
      if (on) {
        await tx
          .insert(mailMessageLabels)
          .values(
            // In id order: each row share-locks its message (drizzle/0026), as updates do.
            [...rows]
              .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
              .map((r) => ({
                labelId,
                messageId: r.id,
                workspaceId: caller.workspaceId,
                date: r.date,
              })),
          )
          .onConflictDoNothing();
      } else {
        await tx.delete(mailMessageLabels).where(
          and(
            eq(mailMessageLabels.labelId, labelId),
            inArray(
              mailMessageLabels.messageId,
              rows.map((r) => r.id),
            ),
          ),
        );
      }
      await this.publishChanged(
        tx,
        caller.workspaceId,
        label.mailboxId,
        rows.map((r) => r.id),
      );
    });
    return rows.map((r) => r.id);
  }

  private async publishChanged(
    tx: Executor,
    workspaceId: string,
    mailboxId: string,
    mailIds: string[],
  ) {
    const [mailbox] = await tx
      .select({ ownerId: mailboxes.ownerId, shared: mailboxes.shared })
      .from(mailboxes)
      .where(eq(mailboxes.id, mailboxId));
    if (!mailbox) return;
    await this.realtime.publish(
      tx,
      workspaceId,
      { type: 'mail.changed', data: { mailboxId, mailIds } },
      mailboxAudience(mailbox),
    );
  }

  // ---- Custom labels -----------------------------------------------------------------------

  async newLabel(caller: Caller, input: z.output<typeof newMailLabelSchema>): Promise<MailLabel> {
    await this.sendable(caller, input.mailboxId);
    return this.db.transaction(async (tx) => {
      const [label] = await tx
        .insert(mailLabels)
        .values({
          workspaceId: caller.workspaceId,
          mailboxId: input.mailboxId,
          name: input.name,
          color: input.color,
        })
        .onConflictDoNothing()
        .returning();
      if (!label) throw conflict('The mailbox has a label of that name');
      await this.publishLabels(tx, caller.workspaceId, input.mailboxId);
      return customLabel(label, 0, 0);
    });
  }

  async updateLabel(
    caller: Caller,
    input: z.output<typeof updateMailLabelSchema>,
  ): Promise<MailLabel> {
    const label = await this.labelOf(caller, input.labelId);
    return this.db.transaction(async (tx) => {
      if (input.name !== undefined) {
        const [clash] = await tx
          .select({ id: mailLabels.id })
          .from(mailLabels)
          .where(
            and(
              eq(mailLabels.mailboxId, label.mailboxId),
              sql`lower(${mailLabels.name}) = lower(${input.name})`,
              sql`${mailLabels.id} <> ${label.id}`,
            ),
          );
        if (clash) throw conflict('The mailbox has a label of that name');
      }
      const [row] = await tx
        .update(mailLabels)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.color ? { color: input.color } : {}),
          updatedAt: new Date(),
        })
        .where(eq(mailLabels.id, label.id))
        .returning();
      await this.publishLabels(tx, caller.workspaceId, label.mailboxId);
      const counts = (await repo.labelCounts(tx, [label.mailboxId])).get(label.id);
      return customLabel(row!, counts?.unread ?? 0, counts?.total ?? 0);
    });
  }

  async deleteLabel(caller: Caller, labelId: string): Promise<void> {
    const label = await this.labelOf(caller, labelId);
    await this.db.transaction(async (tx) => {
      await tx.delete(mailLabels).where(eq(mailLabels.id, label.id));
      await this.publishLabels(tx, caller.workspaceId, label.mailboxId);
    });
  }

  private async publishLabels(tx: Executor, workspaceId: string, mailboxId: string) {
    const [mailbox] = await tx
      .select({ ownerId: mailboxes.ownerId, shared: mailboxes.shared })
      .from(mailboxes)
      .where(eq(mailboxes.id, mailboxId));
    await this.realtime.publish(
      tx,
      workspaceId,
      { type: 'mail.labels.changed', data: { mailboxId } },
      mailboxAudience(mailbox!),
    );
  }

  // ---- Trusted senders (remote images) ----------------------------------------------------

  /**
   * One of a mail's remote images, fetched for a reader of the mail: only an address the mail's
   * HTML holds back (`data-remote-src`), so this is no open proxy (mail.remote-image.ts).
   */
  async remoteImage(caller: Caller, mailId: string, url: string): Promise<RemoteImage> {
    const row = await this.readableMessage(caller, mailId);
    if (!row.html || !remoteImageAddresses(row.html).includes(url)) {
      throw notFound('The mail has no such image');
    }
    return fetchRemoteImage(url, { allowPrivate: this.remoteImagesAllowPrivate });
  }

  async trustedSenders(caller: Caller): Promise<MailTrustedSender[]> {
    const rows = await this.db
      .select({
        id: mailTrustedSenders.id,
        address: mailTrustedSenders.address,
        createdAt: mailTrustedSenders.createdAt,
      })
      .from(mailTrustedSenders)
      .where(
        and(
          eq(mailTrustedSenders.userId, caller.userId),
          eq(mailTrustedSenders.workspaceId, caller.workspaceId),
        ),
      )
      .orderBy(mailTrustedSenders.address);
    return rows.map((r) => ({
      id: r.id,
      address: r.address,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** Remote images of this sender load for the caller from now on (a second call is a no-op). */
  async trustSender(caller: Caller, address: string): Promise<MailTrustedSender> {
    const key = address.trim().toLowerCase();
    return this.db.transaction(async (tx) => {
      const [{ count }] = (await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(mailTrustedSenders)
        .where(eq(mailTrustedSenders.userId, caller.userId))) as [{ count: number }];
      const [existing] = await tx
        .select({ id: mailTrustedSenders.id, createdAt: mailTrustedSenders.createdAt })
        .from(mailTrustedSenders)
        .where(
          and(eq(mailTrustedSenders.userId, caller.userId), eq(mailTrustedSenders.address, key)),
        );
      if (existing) {
        return { id: existing.id, address: key, createdAt: existing.createdAt.toISOString() };
      }
      if (count >= MAIL_TRUSTED_SENDERS_MAX) {
        throw conflict(`At most ${MAIL_TRUSTED_SENDERS_MAX} trusted senders`);
      }
      const [row] = await tx
        .insert(mailTrustedSenders)
        .values({ workspaceId: caller.workspaceId, userId: caller.userId, address: key })
        .onConflictDoNothing()
        .returning({ id: mailTrustedSenders.id, createdAt: mailTrustedSenders.createdAt });
      await this.realtime.publish(
        tx,
        caller.workspaceId,
        { type: 'mail.senders.changed', data: { address: key, trusted: true } },
        { to: [caller.userId] },
      );
      if (!row) {
        // Another request trusted it between the read and the insert: that row is the answer.
        const [now] = await tx
          .select({ id: mailTrustedSenders.id, createdAt: mailTrustedSenders.createdAt })
          .from(mailTrustedSenders)
          .where(
            and(eq(mailTrustedSenders.userId, caller.userId), eq(mailTrustedSenders.address, key)),
          );
        return { id: now!.id, address: key, createdAt: now!.createdAt.toISOString() };
      }
      return { id: row.id, address: key, createdAt: row.createdAt.toISOString() };
    });
  }

  async distrustSender(caller: Caller, address: string): Promise<void> {
    const key = address.trim().toLowerCase();
    await this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(mailTrustedSenders)
        .where(
          and(eq(mailTrustedSenders.userId, caller.userId), eq(mailTrustedSenders.address, key)),
        )
        .returning({ address: mailTrustedSenders.address });
      if (gone.length === 0) return;
      await this.realtime.publish(
        tx,
        caller.workspaceId,
        { type: 'mail.senders.changed', data: { address: key, trusted: false } },
        { to: [caller.userId] },
      );
    });
  }

  /**
   * Removes one of the caller's trusted senders by its id (the trusted-senders screen). Another
   * member's row, or another workspace's, answers 404 as a missing one: it is theirs alone.
   */
  async deleteTrustedSender(caller: Caller, senderId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(mailTrustedSenders)
        .where(
          and(
            eq(mailTrustedSenders.id, senderId),
            eq(mailTrustedSenders.userId, caller.userId),
            eq(mailTrustedSenders.workspaceId, caller.workspaceId),
          ),
        )
        .returning({ address: mailTrustedSenders.address });
      if (!gone) throw notFound('No such trusted sender');
      await this.realtime.publish(
        tx,
        caller.workspaceId,
        { type: 'mail.senders.changed', data: { address: gone.address, trusted: false } },
        { to: [caller.userId] },
      );
    });
  }

  // ---- Mailboxes ---------------------------------------------------------------------------

  async mailboxes(caller: Caller): Promise<Mailbox[]> {
    return (await this.readable(caller)).map(mailboxOf);
  }

  async newMailbox(caller: Caller, input: z.output<typeof newMailboxSchema>): Promise<Mailbox> {
    const ownerId = input.ownerId ?? caller.userId;
    if (ownerId !== caller.userId && caller.role !== 'admin') {
      throw forbidden('Only an admin may make a mailbox for another member');
    }
    const [owner] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.workspaceId, caller.workspaceId), eq(users.id, ownerId)));
    if (!owner) throw notFound('No such member');
    const address = input.address.trim().toLowerCase();
    if (input.kind === 'connected') await this.connectedMailboxes?.verify(input);
    return this.db.transaction(async (tx) => {
      let domainId: string | null = null;
      if (input.kind === 'beacon') {
        const domain = address.split('@')[1] ?? '';
        const [row] = await tx
          .select({ id: mailDomains.id })
          .from(mailDomains)
          .where(
            and(eq(mailDomains.workspaceId, caller.workspaceId), eq(mailDomains.domain, domain)),
          );
        if (!row) throw fieldError('address', 'Not at one of the workspace’s mail domains');
        domainId = row.id;
      }
      const [taken] = await tx
        .select({ id: mailboxes.id })
        .from(mailboxes)
        .where(
          input.kind === 'beacon'
            ? and(eq(mailboxes.address, address), eq(mailboxes.kind, 'beacon'))
            : and(eq(mailboxes.workspaceId, caller.workspaceId), eq(mailboxes.address, address)),
        );
      if (taken) throw conflict('A mailbox has this address already');
      const connected =
        input.kind === 'connected'
          ? {
              imapHost: input.imapHost,
              imapPort: input.imapPort,
              imapSecurity: input.imapSecurity,
              smtpHost: input.smtpHost,
              smtpPort: input.smtpPort,
              smtpSecurity: input.smtpSecurity,
              username: input.username,
              syncSince: input.syncSince ? new Date(input.syncSince) : null,
            }
          : {};
      const [row] = await tx
        .insert(mailboxes)
        .values({
          workspaceId: caller.workspaceId,
          kind: input.kind,
          address,
          displayName: input.displayName,
          ownerId,
          shared: input.shared,
          signature: input.signature,
          domainId,
          ...connected,
        })
        .returning();
      if (input.kind === 'connected') {
        if (!this.box)
          throw new AppError('NOT_READY', 'The server has no key to keep passwords with');
        await tx
          .update(mailboxes)
          .set({ passwordSealed: this.box.seal(input.password, `mailbox:${row!.id}`) })
          .where(eq(mailboxes.id, row!.id));
        await this.connectedMailboxes?.started(tx, row!.id);
      }
      return mailboxOf(row!);
    });
  }

  /** The owner (or an admin) changes a mailbox. */
  private async ownMailbox(caller: Caller, mailboxId: string): Promise<MailboxRow> {
    const mailbox = await repo.mailboxById(this.db, caller.workspaceId, mailboxId);
    if (!mailbox) throw mailboxNotFound();
    if (mailbox.ownerId !== caller.userId) {
      if (!mailbox.shared && caller.role !== 'admin') throw mailboxNotFound();
      if (caller.role !== 'admin')
        throw forbidden('Only its owner or an admin may change a mailbox');
    }
    return mailbox;
  }

  async updateMailbox(
    caller: Caller,
    input: z.output<typeof updateMailboxSchema>,
  ): Promise<Mailbox> {
    const mailbox = await this.ownMailbox(caller, input.mailboxId);
    const [row] = await this.db
      .update(mailboxes)
      .set({
        ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
        ...(input.shared !== undefined ? { shared: input.shared } : {}),
        ...(input.signature !== undefined ? { signature: input.signature } : {}),
        updatedAt: new Date(),
      })
      .where(eq(mailboxes.id, mailbox.id))
      .returning();
    return mailboxOf(row!);
  }

  async deleteMailbox(caller: Caller, mailboxId: string): Promise<void> {
    const mailbox = await this.ownMailbox(caller, mailboxId);
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`delete from jobs where kind = ${SEND_JOB} and status = 'queued'
        and id in (select send_job_id from mail_messages where mailbox_id = ${mailbox.id} and send_job_id is not null)`);
      await repo.deleteMailboxFiles(tx, caller.workspaceId, mailbox.id);
      await tx.delete(mailboxes).where(eq(mailboxes.id, mailbox.id));
    });
  }

  // ---- Domains (admins) --------------------------------------------------------------------

  async domains(caller: Caller): Promise<MailDomain[]> {
    const rows = await this.db
      .select()
      .from(mailDomains)
      .where(eq(mailDomains.workspaceId, caller.workspaceId))
      .orderBy(mailDomains.domain);
    return rows.map((r) => this.domainOf(r));
  }

  private sealKey(domainId: string, pem: string | undefined | null): string | null {
    if (!pem) return null;
    return this.box ? this.box.seal(pem, `dkim:${domainId}`) : pem;
  }

  /** The DKIM private key of a domain, opened. */
  dkimKey(row: { id: string; dkimPrivateKey: string | null }): string | null {
    if (!row.dkimPrivateKey) return null;
    return this.box
      ? this.box.openOrPlain(row.dkimPrivateKey, `dkim:${row.id}`)
      : row.dkimPrivateKey;
  }

  private domainOf(row: typeof mailDomains.$inferSelect): MailDomain {
    const key = this.dkimKey(row);
    let record: string | null = null;
    if (key && row.dkimSelector) {
      const publicKey = createPublicKey(key);
      const der = publicKey.export({ type: 'spki', format: 'der' });
      const type = publicKey.asymmetricKeyType === 'ed25519' ? 'ed25519' : 'rsa';
      const p = type === 'ed25519' ? der.subarray(der.length - 32) : der;
      record = `v=DKIM1; k=${type}; p=${p.toString('base64')}`;
    }
    return {
      id: row.id,
      domain: row.domain,
      dkimSelector: row.dkimSelector,
      hasDkimKey: Boolean(row.dkimPrivateKey),
      dkimRecord: record,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async newDomain(
    caller: Caller,
    input: z.output<typeof newMailDomainSchema>,
  ): Promise<MailDomain> {
    checkDkim(input.dkimSelector, input.dkimPrivateKey);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailDomains)
        .values({
          workspaceId: caller.workspaceId,
          domain: input.domain,
          dkimSelector: input.dkimSelector ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('This domain is taken');
      const [keyed] = await tx
        .update(mailDomains)
        .set({ dkimPrivateKey: this.sealKey(row.id, input.dkimPrivateKey) })
        .where(eq(mailDomains.id, row.id))
        .returning();
      return this.domainOf(keyed!);
    });
  }

  async updateDomain(
    caller: Caller,
    input: z.output<typeof updateMailDomainSchema>,
  ): Promise<MailDomain> {
    checkDkim(input.dkimSelector, input.dkimPrivateKey);
    const [row] = await this.db
      .update(mailDomains)
      .set({
        dkimSelector: input.dkimSelector ?? null,
        dkimPrivateKey: this.sealKey(input.domainId, input.dkimPrivateKey),
        updatedAt: new Date(),
      })
      .where(
        and(eq(mailDomains.workspaceId, caller.workspaceId), eq(mailDomains.id, input.domainId)),
      )
      .returning();
    if (!row) throw domainNotFound();
    return this.domainOf(row);
  }

  async deleteDomain(caller: Caller, domainId: string): Promise<void> {
    const [row] = await this.db
      .select({ id: mailDomains.id })
      .from(mailDomains)
      .where(and(eq(mailDomains.workspaceId, caller.workspaceId), eq(mailDomains.id, domainId)));
    if (!row) throw domainNotFound();
    const [used] = await this.db
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(eq(mailboxes.domainId, row.id))
      .limit(1);
    if (used) throw conflict('Mailboxes use this domain: delete them first');
    await this.db.delete(mailDomains).where(eq(mailDomains.id, row.id));
  }
}

function requireRecipients(input: {
  to: readonly string[];
  cc: readonly string[];
  bcc: readonly string[];
}) {
  if (input.to.length + input.cc.length + input.bcc.length === 0) {
    throw fieldError('to', 'Add at least one recipient');
  }
  if (input.to.length + input.cc.length + input.bcc.length > 100) {
    throw fieldError('to', 'At most 100 recipients');
  }
}

function checkSendAt(sendAt: string | undefined) {
  if (sendAt && Date.parse(sendAt) <= Date.now()) {
    throw fieldError('sendAt', 'Choose a time in the future');
  }
}

function checkDkim(selector: string | undefined, key: string | undefined) {
  if (Boolean(selector) !== Boolean(key)) {
    throw fieldError('dkimPrivateKey', 'Give both a DKIM selector and a private key, or neither');
  }
  if (!key) return;
  try {
    const publicKey = createPublicKey(key);
    if (!['rsa', 'ed25519'].includes(publicKey.asymmetricKeyType ?? '')) throw new Error('type');
  } catch {
    throw fieldError('dkimPrivateKey', 'Not a PEM RSA or Ed25519 private key');
  }
}

function customLabel(
  row: typeof mailLabels.$inferSelect,
  unread: number,
  total: number,
): MailLabel {
  return {
    id: row.id,
    type: 'custom',
    name: row.name,
    color: row.color,
    mailboxId: row.mailboxId,
    unreadCount: unread,
    totalCount: total,
  };
}

export function mailboxOf(row: MailboxRow): Mailbox {
  return {
    id: row.id,
    kind: row.kind,
    address: row.address,
    displayName: row.displayName,
    ownerId: row.ownerId,
    shared: row.shared,
    signature: row.signature,
    connection:
      row.kind === 'connected'
        ? {
            imapHost: row.imapHost ?? '',
            imapPort: row.imapPort ?? 0,
            imapSecurity: row.imapSecurity ?? 'tls',
            smtpHost: row.smtpHost ?? '',
            smtpPort: row.smtpPort ?? 0,
            smtpSecurity: row.smtpSecurity ?? 'tls',
            username: row.username ?? '',
            syncStatus: row.syncStatus,
            syncError: row.syncError,
            lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}
