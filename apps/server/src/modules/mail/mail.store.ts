import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type {
  MailAttachment,
  MailAuth,
  MailDirection,
  MailFolder,
  MailResponseMode,
  MailStatus,
} from '@beacon/contract';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  activities,
  companies,
  dealPeople,
  deals,
  mailBounces,
  mailboxes,
  mailLabels,
  mailLinks,
  mailMessageLabels,
  mailMessages,
  mailThreads,
  people,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { WrittenFile } from '../../lib/storage/index.ts';
import { conversationsAfterStore } from '../conversations/conversations.intake.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { parseMessage, renderBody, type ParsedMessage } from './mail.parse.ts';
import { isReplySubject, SUBJECT_THREAD_DAYS, subjectKey } from './mail.threading.ts';
import { mailboxAudience, summaryOf, type MessageRow } from './mail.repository.ts';

/**
 * Where the store keeps a message's raw bytes and its attachments: the files storage
 * (`Storage.put` of apps/server/src/lib/storage/, owner kinds `mail_raw` and `mail_attachment`).
 */
export type MailFileStore = {
  put(
    executor: Executor,
    file: {
      workspaceId: string;
      createdBy: string | null;
      name: string;
      ownerKind: 'mail_raw' | 'mail_attachment';
      ownerId?: string | null;
      body: Buffer;
    },
  ): Promise<{ id: string }>;
  /**
   * The two halves of `put` (lib/storage `Storage.write` and `keepAll`): `prepare` writes the
   * bytes under reserved keys, `storeIn` inserts their rows in the message's transaction (one
   * commit for the files and the message); `abandon` deletes bytes that were not kept.
   */
  write(
    executor: Executor,
    file: {
      workspaceId: string;
      createdBy: string | null;
      name: string;
      ownerKind: 'mail_raw' | 'mail_attachment';
      ownerId?: string | null;
      body: Buffer;
    },
  ): Promise<WrittenFile>;
  keepAll(executor: Executor, files: readonly WrittenFile[]): Promise<void>;
  abandon(file: WrittenFile): Promise<void>;
  /** Deletes the files a record holds (the bytes go once the transaction commits). */
  removeOwned(
    executor: Executor,
    workspaceId: string,
    ownerKind: 'mail_raw' | 'mail_attachment',
    ownerId: string,
  ): Promise<number>;
};

export type StoreMessageInput = {
  workspaceId: string;
  mailboxId: string;
  /** The message as received or sent (RFC 5322 bytes); kept as the raw file. */
  raw: Buffer;
  /** The message parsed already (inbound SMTP parses before it checks); parsed here if absent. */
  parsed?: ParsedMessage;
  direction: MailDirection;
  folder: MailFolder;
  /** Defaults: `received` inbound, `sent` outbound. */
  status?: MailStatus;
  /** Custom labels of the mailbox to put on it (ids of `mail_labels`). */
  labelIds?: readonly string[];
  seen?: boolean;
  starred?: boolean;
  important?: boolean;
  /** The inbound checks' verdict (mailauth). */
  auth?: MailAuth | null;
  /** When it arrived (the list's order); defaults to now inbound, the Date header outbound. */
  date?: Date;
  /** A connected mailbox's copy: a second store of the same UID is the same message. */
  imap?: { folder: string; uidValidity: number; uid: number } | null;
  createdBy?: string | null;
  /** What a member wrote it in answer to (a reply or forward, sent or a draft). */
  respondsTo?: { mailId: string; mode: MailResponseMode } | null;
  /**
   * Link it to the CRM now (default). Mail a member writes is linked when it is sent
   * (`linkSent`), so a draft or an undone send leaves no trace on a timeline.
   */
  linkToCrm?: boolean;
  /** The files written already by `prepare` (outside any transaction). */
  prepared?: PreparedFiles;
};

/** A message's files, written before its transaction: the raw message and its attachments. */
export type PreparedFiles = {
  /** The id the message's row will have (the files' owner). */
  messageRowId: string;
  rawFileId: string;
  attachments: MailAttachment[];
  /** Their bytes, written; `storeIn` inserts their rows (none when they were put whole). */
  written?: WrittenFile[];
};

export type StoredMessage = {
  id: string;
  threadId: string;
  /** False when the mailbox had it already (same Message-ID or IMAP UID): labels and flags merged. */
  created: boolean;
};

/**
 * Stores one message with its thread, labels, CRM links and bounce reports
 * (docs/decisions/057-mail.md). The one way a message enters Beacon: inbound SMTP, sending, the
 * IMAP sync (modules/mail-imap) and the demo seed all call it. Idempotent: storing a message the
 * mailbox already has (its Message-ID, or its IMAP folder, UIDVALIDITY and UID) stores nothing
 * again and merges the labels and flags.
 */
export class MailStore {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
    private readonly files: MailFileStore,
  ) {}

  /**
   * Stores in a transaction of its own. The files are written first (`prepare`), and deleted
   * again when the message was there already or the transaction failed.
   */
  async store(input: StoreMessageInput): Promise<StoredMessage> {
    const prepared = await this.prepare(input);
    try {
      const stored = await this.db.transaction((tx) => this.storeIn(tx, prepared));
      if (!stored.created) await this.discard(prepared);
      return stored;
    } catch (error) {
      await this.discard(prepared).catch(() => {});
      throw error;
    }
  }

  /**
   * Parses the message and writes its raw bytes and attachments to the files storage, outside
   * any transaction (the storage reserves its keys on a connection of its own, which a
   * transaction held on the embedded database would wait for): give the result to `storeIn`.
   * When the mailbox has the message already its files are written for nothing; `discard`
   * deletes them (`store` does).
   */
  async prepare(
    input: StoreMessageInput,
  ): Promise<StoreMessageInput & { prepared: PreparedFiles; parsed: ParsedMessage }> {
    if (input.prepared && input.parsed)
      return { ...input, prepared: input.prepared, parsed: input.parsed };
    const parsed = input.parsed ?? (await parseMessage(input.raw));
    const prepared = await this.writeFiles(this.db, input, parsed, randomUUID(), 'write');
    return { ...input, parsed, prepared };
  }

  /** Deletes the files `prepare` wrote for a message that was not stored. */
  async discard(input: { workspaceId: string; prepared?: PreparedFiles }): Promise<void> {
    if (!input.prepared) return;
    const owner = input.prepared.messageRowId;
    const written = input.prepared.written;
    if (written) {
      // Kept only with the message: when its row is there, so are theirs.
      const [row] = await this.db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(eq(mailMessages.id, owner));
      if (!row) await Promise.all(written.map((file) => this.files.abandon(file)));
      return;
    }
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(eq(mailMessages.id, owner));
      if (row) return;
      await this.files.removeOwned(tx, input.workspaceId, 'mail_raw', owner);
      await this.files.removeOwned(tx, input.workspaceId, 'mail_attachment', owner);
    });
  }

  private async writeFiles(
    executor: Executor,
    input: StoreMessageInput,
    parsed: ParsedMessage,
    messageRowId: string,
    mode: 'put' | 'write' = 'put',
  ): Promise<PreparedFiles> {
    const store = (file: Parameters<MailFileStore['put']>[1]) =>
      mode === 'write' ? this.files.write(executor, file) : this.files.put(executor, file);
    // The raw message and the attachments are written at once (each put waits on the disk);
    // when one fails, those written go again.
    const settled = await Promise.allSettled([
      store({
        workspaceId: input.workspaceId,
        createdBy: input.createdBy ?? null,
        name: `${parsed.messageId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)}.eml`,
        ownerKind: 'mail_raw',
        ownerId: messageRowId,
        body: input.raw,
      }),
      ...parsed.attachments.map((part) =>
        store({
          workspaceId: input.workspaceId,
          createdBy: input.createdBy ?? null,
          name: part.name,
          ownerKind: 'mail_attachment',
          ownerId: messageRowId,
          body: part.content,
        }),
      ),
    ]);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    const done = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (failed) {
      // Written only: deleted here. Put through a transaction: they go with its rollback; put
      // outside one: deleted with the rows of the message's id.
      if (mode === 'write') {
        await Promise.all(done.map((file) => this.files.abandon(file as WrittenFile)));
      } else if (executor === this.db) {
        await this.discard({
          workspaceId: input.workspaceId,
          prepared: { messageRowId } as PreparedFiles,
        }).catch(() => {});
      }
      throw failed.reason;
    }
    const idOf = (file: (typeof done)[number]) =>
      mode === 'write' ? (file as WrittenFile).values.id : (file as { id: string }).id;
    const [raw, ...files] = done;
    const attachments: MailAttachment[] = parsed.attachments.map((part, i) => ({
      id: idOf(files[i]!),
      name: part.name,
      mimeType: part.mimeType,
      size: part.content.length,
      inline: part.inline,
      contentId: part.contentId,
    }));
    return {
      messageRowId,
      rawFileId: idOf(raw!),
      attachments,
      ...(mode === 'write' ? { written: done as WrittenFile[] } : {}),
    };
  }

  /**
   * Stores inside the caller's transaction (a sync commits its folder state with its messages).
   * The realtime event leaves when that transaction commits. Give it what `prepare` returned
   * (the files written before the transaction); without it the files are written through the
   * transaction, which the embedded database cannot do (see `prepare`). When the mailbox had the
   * message already (`created: false`), call `discard` with the prepared input after the commit.
   */
  async storeIn(tx: Transaction, input: StoreMessageInput): Promise<StoredMessage> {
    const parsed = input.parsed ?? (await parseMessage(input.raw));
    // Two stores of one message (a retried delivery, two syncs) take turns on this lock, taken
    // in the statement that reads the mailbox (one round trip less per message).
    const [mailbox] = await tx
      .select({
        id: mailboxes.id,
        address: mailboxes.address,
        ownerId: mailboxes.ownerId,
        shared: mailboxes.shared,
        locked: sql<string>`pg_advisory_xact_lock(hashtextextended(${`mail:${input.mailboxId.toLowerCase()}:${parsed.messageId}`}::text, 0))::text`,
      })
      .from(mailboxes)
      .where(and(eq(mailboxes.workspaceId, input.workspaceId), eq(mailboxes.id, input.mailboxId)));
    if (!mailbox) throw notFound('No such mailbox');

    const existing = await this.findExisting(tx, mailbox.id, parsed.messageId, input.imap);
    if (existing) {
      await this.merge(tx, input, existing);
      return { id: existing.id, threadId: existing.threadId, created: false };
    }

    const id = input.prepared?.messageRowId ?? randomUUID();
    const date =
      input.date ?? (input.direction === 'out' ? (parsed.date ?? new Date()) : new Date());
    const { threadId, made } = await this.threadFor(
      tx,
      input.workspaceId,
      mailbox.id,
      parsed,
      date,
    );

    const files = input.prepared ?? (await this.writeFiles(tx, input, parsed, id));
    // The files written by `prepare` get their rows with the message, in its transaction.
    if (files.written?.length) await this.files.keepAll(tx, files.written);
    const attachments = files.attachments;
    const byContentId = new Map(
      attachments.filter((a) => a.contentId).map((a) => [a.contentId!, a.id]),
    );
    const body = renderBody(parsed, (cid) => {
      const fileId = byContentId.get(cid);
      return fileId ? `/api/mail/attachments/${fileId}` : undefined;
    });

    const status = input.status ?? (input.direction === 'in' ? 'received' : 'sent');
    const [row] = await tx
      .insert(mailMessages)
      .values({
        id,
        workspaceId: input.workspaceId,
        mailboxId: mailbox.id,
        threadId,
        folder: input.folder,
        direction: input.direction,
        status,
        messageId: parsed.messageId,
        inReplyTo: parsed.inReplyTo,
        references: parsed.references,
        fromAddress: parsed.from.address,
        fromName: parsed.from.name,
        to: parsed.to,
        cc: parsed.cc,
        bcc: parsed.bcc,
        replyTo: parsed.replyTo,
        subject: parsed.subject,
        text: parsed.text,
        html: body.html,
        hasRemoteImages: body.hasRemoteImages,
        snippet: body.snippet,
        date,
        seen: input.seen ?? input.direction === 'out',
        starred: input.starred ?? false,
        important: input.important ?? false,
        hasAttachments: attachments.some((a) => !a.inline),
        attachments,
        auth: input.auth ?? null,
        spoofed: input.auth?.spoofed ?? false,
        rawFileId: files.rawFileId,
        size: parsed.size,
        sentAt: input.direction === 'out' && status === 'sent' ? date : null,
        createdBy: input.createdBy ?? null,
        respondsToId: input.respondsTo?.mailId ?? null,
        respondsMode: input.respondsTo?.mode ?? null,
        imapFolder: input.imap?.folder ?? null,
        imapUidValidity: input.imap?.uidValidity ?? null,
        imapUid: input.imap?.uid ?? null,
      })
      .returning();
    // A thread made for this message counts it already.
    const [thread] = made
      ? [{ messageCount: 1 }]
      : await tx
          .update(mailThreads)
          .set({
            messageCount: sql`${mailThreads.messageCount} + 1`,
            lastMessageAt: sql`greatest(${mailThreads.lastMessageAt}, ${date.toISOString()}::timestamptz)`,
          })
          .where(eq(mailThreads.id, threadId))
          .returning({ messageCount: mailThreads.messageCount });
    // A new message has no labels but those given.
    const labelIds = input.labelIds?.length ? await this.applyLabels(tx, input, id, date) : [];
    if (input.linkToCrm !== false) await this.linkToCrm(tx, input, row!, parsed);
    if (input.direction === 'in' && parsed.deliveryStatus?.length) {
      await this.recordBounces(tx, input, row!, parsed);
    }
    await conversationsAfterStore(tx, this.realtime, mailbox, row!, parsed);

    const threadCount = thread?.messageCount ?? 1;
    await this.realtime.publish(
      tx,
      input.workspaceId,
      {
        type: 'mail.received',
        data: { mailboxId: mailbox.id, mail: summaryOf(row!, labelIds, threadCount) },
      },
      mailboxAudience(mailbox),
    );
    return { id, threadId, created: true };
  }

  /** Links a message a member wrote to the CRM once it has been sent (mail.sender.ts). */
  async linkSent(tx: Transaction, workspaceId: string, messageId: string): Promise<void> {
    const [row] = await tx
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.workspaceId, workspaceId), eq(mailMessages.id, messageId)));
    if (!row) return;
    const parsed = { from: { name: row.fromName, address: row.fromAddress } };
    await this.linkToCrm(
      tx,
      { workspaceId, mailboxId: row.mailboxId, direction: row.direction, createdBy: row.createdBy },
      row,
      { ...parsed, replyTo: row.replyTo, to: row.to, cc: row.cc, bcc: row.bcc },
    );
  }

  private async findExisting(
    tx: Transaction,
    mailboxId: string,
    messageId: string,
    imap: StoreMessageInput['imap'],
  ): Promise<{ id: string; threadId: string } | undefined> {
    if (imap) {
      const [byUid] = await tx
        .select({ id: mailMessages.id, threadId: mailMessages.threadId })
        .from(mailMessages)
        .where(
          and(
            eq(mailMessages.mailboxId, mailboxId),
            eq(mailMessages.imapFolder, imap.folder),
            eq(mailMessages.imapUidValidity, imap.uidValidity),
            eq(mailMessages.imapUid, imap.uid),
          ),
        );
      if (byUid) return byUid;
    }
    const [byId] = await tx
      .select({ id: mailMessages.id, threadId: mailMessages.threadId })
      .from(mailMessages)
      .where(and(eq(mailMessages.mailboxId, mailboxId), eq(mailMessages.messageId, messageId)));
    return byId;
  }

  /** A message stored again: its labels are added, its flags set when given, its UID noted. */
  private async merge(
    tx: Transaction,
    input: StoreMessageInput,
    existing: { id: string; threadId: string },
  ): Promise<void> {
    const changes: Partial<typeof mailMessages.$inferInsert> = {};
    if (input.seen !== undefined) changes.seen = input.seen;
    if (input.starred !== undefined) changes.starred = input.starred;
    if (input.important !== undefined) changes.important = input.important;
    if (input.imap) {
      changes.imapFolder = input.imap.folder;
      changes.imapUidValidity = input.imap.uidValidity;
      changes.imapUid = input.imap.uid;
    }
    let changed = false;
    if (Object.keys(changes).length > 0) {
      await tx
        .update(mailMessages)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(mailMessages.id, existing.id));
      changed = true;
    }
    const [row] = await tx
      .select({ date: mailMessages.date })
      .from(mailMessages)
      .where(eq(mailMessages.id, existing.id));
    const before = await labelCount(tx, existing.id);
    await this.applyLabels(tx, input, existing.id, row!.date);
    if ((await labelCount(tx, existing.id)) !== before) changed = true;
    if (changed) {
      const [mailbox] = await tx
        .select({ id: mailboxes.id, ownerId: mailboxes.ownerId, shared: mailboxes.shared })
        .from(mailboxes)
        .where(eq(mailboxes.id, input.mailboxId));
      await this.realtime.publish(
        tx,
        input.workspaceId,
        { type: 'mail.changed', data: { mailboxId: input.mailboxId, mailIds: [existing.id] } },
        mailboxAudience(mailbox!),
      );
    }
  }

  /**
   * The thread a message joins: the latest message of the mailbox it names in In-Reply-To or
   * References; else a message already stored that answers it; else, for a reply, the latest
   * thread of the mailbox with its subject; else a new one.
   */
  private async threadFor(
    tx: Transaction,
    workspaceId: string,
    mailboxId: string,
    parsed: ParsedMessage,
    date: Date,
  ): Promise<{ threadId: string; made: boolean }> {
    const named = [
      ...new Set([parsed.inReplyTo, ...parsed.references].filter(Boolean)),
    ] as string[];
    // The message it names first, else one that answers it: one statement for both.
    const child = sql`select thread_id, 1 as rank from mail_messages
      where mailbox_id = ${mailboxId}::uuid and in_reply_to = ${parsed.messageId} limit 1`;
    const related = (await tx.execute(
      named.length > 0
        ? sql`(select thread_id, 0 as rank from mail_messages
            where mailbox_id = ${mailboxId}::uuid and message_id = any(${sqlTextArray(named)})
            order by date desc limit 1)
          union all (${child}) order by rank limit 1`
        : child,
    )) as unknown as { rows: { thread_id: string }[] };
    if (related.rows[0]) return { threadId: related.rows[0].thread_id, made: false };
    const key = subjectKey(parsed.subject);
    if (key && isReplySubject(parsed.subject)) {
      const since = new Date(date.getTime() - SUBJECT_THREAD_DAYS * 86_400_000);
      const [bySubject] = await tx
        .select({ id: mailThreads.id })
        .from(mailThreads)
        .where(
          and(
            eq(mailThreads.mailboxId, mailboxId),
            eq(mailThreads.subjectKey, key),
            gt(mailThreads.lastMessageAt, since),
          ),
        )
        .orderBy(desc(mailThreads.lastMessageAt))
        .limit(1);
      if (bySubject) return { threadId: bySubject.id, made: false };
    }
    const [thread] = await tx
      .insert(mailThreads)
      .values({ workspaceId, mailboxId, subjectKey: key, lastMessageAt: date, messageCount: 1 })
      .returning({ id: mailThreads.id });
    return { threadId: thread!.id, made: true };
  }

  /** Puts the mailbox's labels named in the input on the message; others are ignored. */
  private async applyLabels(
    tx: Transaction,
    input: StoreMessageInput,
    messageId: string,
    date: Date,
  ): Promise<string[]> {
    if (input.labelIds?.length) {
      const labels = await tx
        .select({ id: mailLabels.id })
        .from(mailLabels)
        .where(
          and(
            eq(mailLabels.mailboxId, input.mailboxId),
            inArray(mailLabels.id, [...new Set(input.labelIds)]),
          ),
        );
      if (labels.length > 0) {
        await tx
          .insert(mailMessageLabels)
          .values(
            labels.map((l) => ({
              labelId: l.id,
              messageId,
              workspaceId: input.workspaceId,
              date,
            })),
          )
          .onConflictDoNothing();
      }
    }
    const rows = await tx
      .select({ id: mailMessageLabels.labelId })
      .from(mailMessageLabels)
      .where(eq(mailMessageLabels.messageId, messageId));
    return rows.map((r) => r.id);
  }

  /**
   * Links the message to the people whose address it is from or to (any case; the mailbox's own
   * address aside), their companies and their open deals, with a timeline activity on each.
   */
  private async linkToCrm(
    tx: Transaction,
    input: Pick<StoreMessageInput, 'workspaceId' | 'mailboxId' | 'direction' | 'createdBy'>,
    row: MessageRow,
    parsed: Pick<ParsedMessage, 'from' | 'replyTo' | 'to' | 'cc' | 'bcc'>,
  ): Promise<void> {
    const parties =
      input.direction === 'in'
        ? [parsed.from, ...parsed.replyTo, ...parsed.to, ...parsed.cc]
        : [...parsed.to, ...parsed.cc, ...parsed.bcc];
    const addresses = [
      ...new Set(parties.map((p) => p.address.toLowerCase()).filter(Boolean)),
    ].slice(0, 1000);
    if (addresses.length === 0) return;
    // The workspace's own mailboxes' addresses are left out in the same statement.
    const theirs = sql`array(select a from unnest(${sqlTextArray(addresses)}) as a
      where not exists (select 1 from mailboxes b where b.workspace_id = ${input.workspaceId}::uuid and b.address = a))`;
    const found = await tx
      .select({ id: people.id, companyId: people.companyId })
      .from(people)
      .where(
        and(
          eq(people.workspaceId, input.workspaceId),
          sql`(${people.email} = any(${theirs}) or ${people.additionalEmails} && ${theirs})`,
        ),
      );
    if (found.length === 0) return;
    const personIds = found.map((p) => p.id);
    const companyIds = [...new Set(found.map((p) => p.companyId).filter(Boolean))] as string[];
    const openDeals = await tx
      .selectDistinct({ id: dealPeople.dealId })
      .from(dealPeople)
      .innerJoin(deals, eq(deals.id, dealPeople.dealId))
      .where(
        and(
          eq(dealPeople.workspaceId, input.workspaceId),
          inArray(dealPeople.personId, personIds),
          eq(deals.status, 'open'),
        ),
      );
    const base = {
      workspaceId: input.workspaceId,
      messageId: row.id,
      date: row.date,
      direction: row.direction,
    };
    const subjects = [
      ...personIds.map((personId) => ({ personId })),
      ...companyIds.map((companyId) => ({ companyId })),
      ...openDeals.map((d) => ({ dealId: d.id })),
    ];
    await tx.insert(mailLinks).values(subjects.map((s) => ({ ...base, ...s })));
    const kind = input.direction === 'in' ? 'email_received' : 'email_sent';
    await tx.insert(activities).values(
      subjects.map((s) => ({
        workspaceId: input.workspaceId,
        ...s,
        kind: kind as 'email_received' | 'email_sent',
        actorId: input.createdBy ?? null,
        newValue: row.subject.slice(0, 500),
        mailMessageId: row.id,
      })),
    );
    const now = new Date();
    await tx.update(people).set({ lastActivityAt: now }).where(inArray(people.id, personIds));
    if (companyIds.length > 0) {
      await tx
        .update(companies)
        .set({ lastActivityAt: now })
        .where(inArray(companies.id, companyIds));
    }
  }

  /**
   * A delivery status notification: each failed recipient is recorded as a bounce, the message
   * it is about (found by its Message-ID in the workspace) marked `bounced`, and the person with
   * that address gets a bounce on their timeline.
   */
  private async recordBounces(
    tx: Transaction,
    input: StoreMessageInput,
    report: MessageRow,
    parsed: ParsedMessage,
  ): Promise<void> {
    for (const entry of parsed.deliveryStatus ?? []) {
      if (entry.action !== 'failed' && entry.action !== 'delayed') continue;
      const [bounced] = entry.originalMessageId
        ? await tx
            .select({ id: mailMessages.id, mailboxId: mailMessages.mailboxId })
            .from(mailMessages)
            .where(
              and(
                eq(mailMessages.workspaceId, input.workspaceId),
                eq(mailMessages.messageId, entry.originalMessageId),
                eq(mailMessages.direction, 'out'),
              ),
            )
            .limit(1)
        : [];
      const [person] = await tx
        .select({ id: people.id })
        .from(people)
        .where(
          and(
            eq(people.workspaceId, input.workspaceId),
            sql`(${people.email} = ${entry.recipient} or ${entry.recipient} = any(${people.additionalEmails}))`,
          ),
        )
        .limit(1);
      await tx.insert(mailBounces).values({
        workspaceId: input.workspaceId,
        mailboxId: input.mailboxId,
        reportId: report.id,
        bouncedId: bounced?.id ?? null,
        address: entry.recipient,
        personId: person?.id ?? null,
        action: entry.action,
        status: entry.status,
        diagnostic: entry.diagnostic,
      });
      if (entry.action !== 'failed') continue;
      if (bounced) {
        await tx
          .update(mailMessages)
          .set({
            status: 'bounced',
            error: entry.diagnostic || `Delivery to ${entry.recipient} failed`,
            updatedAt: new Date(),
          })
          .where(eq(mailMessages.id, bounced.id));
      }
      if (person) {
        await tx.insert(activities).values({
          workspaceId: input.workspaceId,
          personId: person.id,
          kind: 'email_bounced',
          field: 'email',
          newValue: entry.recipient,
          oldValue: entry.diagnostic.slice(0, 500) || null,
          mailMessageId: bounced?.id ?? report.id,
        });
      }
    }
  }
}

const sqlTextArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

async function labelCount(tx: Executor, messageId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mailMessageLabels)
    .where(eq(mailMessageLabels.messageId, messageId));
  return row?.n ?? 0;
}
