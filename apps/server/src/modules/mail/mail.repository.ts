import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  systemMailLabels,
  type MailFolder,
  type MailLink,
  type MailSummary,
} from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import {
  mailboxes,
  mailLabels,
  mailLinks,
  mailMessageLabels,
  mailMessages,
  mailThreads,
  storedFiles,
} from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { ownedBy } from '../../lib/records/scope.ts';

/** A message as the table holds it. */
export type MessageRow = typeof mailMessages.$inferSelect;

/** Who hears a mailbox's realtime events: its owner, or the whole workspace when it is shared. */
export function mailboxAudience(mailbox: { ownerId: string | null; shared: boolean }): {
  to?: readonly string[];
} {
  if (mailbox.shared) return {};
  return { to: mailbox.ownerId ? [mailbox.ownerId] : [] };
}

/** The labels a message is under: its folder, its flags, then its custom labels. */
export function labelsOf(
  row: Pick<MessageRow, 'folder' | 'starred' | 'important'>,
  customLabelIds: readonly string[],
): string[] {
  return [
    row.folder,
    ...(row.starred ? ['starred'] : []),
    ...(row.important ? ['important'] : []),
    ...customLabelIds,
  ];
}

/** What the list shows of a message. */
export function summaryOf(
  row: MessageRow,
  customLabelIds: readonly string[],
  threadCount: number,
): MailSummary {
  return {
    id: row.id,
    mailboxId: row.mailboxId,
    threadId: row.threadId,
    folder: row.folder,
    labels: labelsOf(row, customLabelIds),
    from: { name: row.fromName, address: row.fromAddress },
    to: row.to,
    subject: row.subject,
    snippet: row.snippet,
    date: row.date.toISOString(),
    isUnread: !row.seen,
    isStarred: row.starred,
    isImportant: row.important,
    hasAttachments: row.hasAttachments,
    direction: row.direction,
    status: row.status,
    sendAt: row.sendAt?.toISOString() ?? null,
    spoofed: row.spoofed,
    threadCount,
  };
}

// ---- Reads and writes of the mail API (mail.service.ts) ----------------------------------------

/** The mailboxes a member reads: their own and the shared ones of their workspace. */
export async function readableMailboxes(
  db: Executor,
  caller: Pick<Caller, 'workspaceId' | 'userId'>,
): Promise<MailboxRow[]> {
  return db
    .select()
    .from(mailboxes)
    .where(
      and(
        eq(mailboxes.workspaceId, caller.workspaceId),
        or(eq(mailboxes.ownerId, caller.userId), eq(mailboxes.shared, true)),
      ),
    )
    .orderBy(asc(mailboxes.createdAt), asc(mailboxes.id));
}

export type MailboxRow = typeof mailboxes.$inferSelect;

export async function mailboxById(
  db: Executor,
  workspaceId: string,
  mailboxId: string,
): Promise<MailboxRow | undefined> {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.workspaceId, workspaceId), eq(mailboxes.id, mailboxId)));
  return row;
}

/** Messages by id among the given mailboxes (others are not there: a 404 for the caller). */
export async function messagesByIds(
  db: Executor,
  workspaceId: string,
  mailboxIds: readonly string[],
  ids: readonly string[],
): Promise<MessageRow[]> {
  if (mailboxIds.length === 0 || ids.length === 0) return [];
  return db
    .select()
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.workspaceId, workspaceId),
        inArray(mailMessages.mailboxId, [...mailboxIds]),
        inArray(mailMessages.id, [...ids]),
      ),
    );
}

export async function threadMessages(
  db: Executor,
  workspaceId: string,
  threadId: string,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.workspaceId, workspaceId), eq(mailMessages.threadId, threadId)))
    .orderBy(asc(mailMessages.date), asc(mailMessages.id));
}

/** The custom labels on each message. */
export async function customLabelsOf(
  db: Executor,
  messageIds: readonly string[],
): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (messageIds.length === 0) return map;
  const rows = await db
    .select({ messageId: mailMessageLabels.messageId, labelId: mailMessageLabels.labelId })
    .from(mailMessageLabels)
    .where(inArray(mailMessageLabels.messageId, [...messageIds]));
  for (const row of rows) map.set(row.messageId, [...(map.get(row.messageId) ?? []), row.labelId]);
  return map;
}

export async function threadCounts(
  db: Executor,
  threadIds: readonly string[],
): Promise<Map<string, number>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .select({ id: mailThreads.id, n: mailThreads.messageCount })
    .from(mailThreads)
    .where(inArray(mailThreads.id, [...new Set(threadIds)]));
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * The CRM records a message is linked to, with their names: only those the caller sees (a member
 * with record visibility `own` reads mail of their mailbox, not the names of others' records).
 */
export async function linksOf(
  db: Executor,
  messageId: string,
  caller: Pick<Caller, 'userId' | 'visibility'>,
): Promise<MailLink[]> {
  const seen = (table: string, column: SQL) =>
    sql`exists (select 1 from ${sql.raw(table)} r where r.id = ${column} and ${ownedBy(
      sql.raw('r.owner_id'),
      caller,
    )})`;
  const rows = await db
    .select({
      personId: mailLinks.personId,
      companyId: mailLinks.companyId,
      dealId: mailLinks.dealId,
      personName: sql<
        string | null
      >`(select trim(first_name || ' ' || last_name) from people where id = ${mailLinks.personId})`,
      personEmail: sql<string | null>`(select email from people where id = ${mailLinks.personId})`,
      companyName: sql<
        string | null
      >`(select name from companies where id = ${mailLinks.companyId})`,
      dealName: sql<string | null>`(select name from deals where id = ${mailLinks.dealId})`,
    })
    .from(mailLinks)
    .where(
      and(
        eq(mailLinks.messageId, messageId),
        or(
          seen('people', sql`${mailLinks.personId}`),
          seen('companies', sql`${mailLinks.companyId}`),
          seen('deals', sql`${mailLinks.dealId}`),
        ),
      ),
    );
  return rows.map((r): MailLink => {
    if (r.personId)
      return { kind: 'person', id: r.personId, name: r.personName || r.personEmail || '' };
    if (r.companyId) return { kind: 'company', id: r.companyId, name: r.companyName ?? '' };
    return { kind: 'deal', id: r.dealId!, name: r.dealName ?? '' };
  });
}

export type PageCursor = { date: string; id: string };

export const encodeCursor = (row: { date: Date; id: string }): string =>
  Buffer.from(`${row.date.toISOString()}|${row.id}`).toString('base64url');

export function decodeCursor(cursor: string): PageCursor | null {
  const [date, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!date || !id || Number.isNaN(Date.parse(date))) return null;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { date, id };
}

/** The folders under `all`: what is neither a draft, waiting, spam nor in the trash. */
export const ALL_FOLDERS = ['inbox', 'sent', 'archive'] as const;

export type ListFilter = {
  mailboxIds: readonly string[];
  /** A system label or a custom label's id. */
  label: string;
  search?: string;
  unread?: boolean;
  starred?: boolean;
  hasAttachments?: boolean;
  from?: string;
  after?: string;
  before?: string;
  cursor: PageCursor | null;
  limit: number;
};

/** A `like` pattern matching `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a label, newest first: one index range for a folder of one mailbox
 * (`mail_messages_folder_idx`), a flag (`_starred_idx`, `_important_idx`) or a custom label
 * (`mail_message_labels_list_idx`), then the filters on the rows it reads.
 */
export async function listPage(db: Executor, filter: ListFilter): Promise<MessageRow[]> {
  if (filter.mailboxIds.length === 1) return mailboxPage(db, filter);
  // Several mailboxes (all of a member's): each one's page is an index range; the newest of
  // them together are the page (a sort of every mailbox's messages would not be).
  const pages = await Promise.all(
    filter.mailboxIds.map((id) => mailboxPage(db, { ...filter, mailboxIds: [id] })),
  );
  return pages
    .flat()
    .sort((a, b) => b.date.getTime() - a.date.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, filter.limit + 1);
}

async function mailboxPage(db: Executor, filter: ListFilter): Promise<MessageRow[]> {
  const m = mailMessages;
  const conditions: SQL[] = [eq(m.mailboxId, filter.mailboxIds[0]!)];
  const label = filter.label;
  const custom = !(systemMailLabels as readonly string[]).includes(label);
  // Written out, so the planner matches the partial index `mail_messages_all_idx`.
  if (label === 'all') conditions.push(sql`${m.folder} in ('inbox', 'sent', 'archive')`);
  else if (label === 'starred' || label === 'important') {
    conditions.push(label === 'starred' ? eq(m.starred, true) : eq(m.important, true));
    conditions.push(notInArray(m.folder, ['spam', 'trash']));
  } else if (!custom) conditions.push(eq(m.folder, label as MailFolder));
  if (filter.unread) conditions.push(eq(m.seen, false));
  if (filter.starred) conditions.push(eq(m.starred, true));
  if (filter.hasAttachments) conditions.push(eq(m.hasAttachments, true));
  if (filter.from) {
    const pattern = containsPattern(filter.from.toLowerCase());
    conditions.push(
      sql`(${m.fromAddress} like ${pattern} or lower(${m.fromName}) like ${pattern})`,
    );
  }
  if (filter.after) conditions.push(sql`${m.date} >= ${filter.after}::timestamptz`);
  if (filter.before) conditions.push(sql`${m.date} < ${filter.before}::timestamptz`);
  if (filter.search) {
    conditions.push(sql`${m.searchVector} @@ plainto_tsquery('simple', ${filter.search})`);
  }
  // A custom label's page reads its own index (label, date, message): the keys are its columns.
  const l = mailMessageLabels;
  const [dateKey, idKey] = custom ? [l.date, l.messageId] : [m.date, m.id];
  if (filter.cursor) {
    conditions.push(
      sql`(${dateKey}, ${idKey}) < (${filter.cursor.date}::timestamptz, ${filter.cursor.id}::uuid)`,
    );
  }
  const query = db.select({ message: m }).from(m);
  const rows = custom
    ? await query
        .innerJoin(l, and(eq(l.messageId, m.id), eq(l.labelId, label)))
        .where(and(...conditions))
        .orderBy(desc(dateKey), desc(idKey))
        .limit(filter.limit + 1)
    : await query
        .where(and(...conditions))
        .orderBy(desc(m.date), desc(m.id))
        .limit(filter.limit + 1);
  return rows.map((r) => r.message);
}

/** A counter's total and unread messages. */
export type LabelCount = { unread: number; total: number };

/**
 * When a mailbox's counter rows pass this many more than it has keys, a read folds them (each
 * stored, moved or flagged message adds a row: drizzle/0026_mail_counts.sql).
 */
export const COUNT_ROWS_SLACK = 200;

/**
 * Unread and total messages of each key (a folder, `starred`, `important`, a custom label's id)
 * over the mailboxes, summed from the counters the triggers keep (docs/decisions/062); a mailbox
 * whose counters have grown long is folded afterwards.
 */
export async function labelCounts(
  db: Executor,
  mailboxIds: readonly string[],
): Promise<Map<string, LabelCount>> {
  const counts = new Map<string, LabelCount>();
  if (mailboxIds.length === 0) return counts;
  const result = (await db.execute(sql`
    select mailbox_id::text as "mailboxId", key, sum(total)::int as total,
      sum(unread)::int as unread, count(*)::int as rows
    from mail_counts where mailbox_id in (${sql.join(
      mailboxIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by mailbox_id, key`)) as unknown as {
    rows: { mailboxId: string; key: string; total: number; unread: number; rows: number }[];
  };
  const rows = new Map<string, { keys: number; rows: number }>();
  for (const row of result.rows) {
    const sum = counts.get(row.key) ?? { unread: 0, total: 0 };
    counts.set(row.key, { unread: sum.unread + row.unread, total: sum.total + row.total });
    const box = rows.get(row.mailboxId) ?? { keys: 0, rows: 0 };
    rows.set(row.mailboxId, { keys: box.keys + 1, rows: box.rows + row.rows });
  }
  for (const [mailboxId, box] of rows) {
    if (box.rows > box.keys + COUNT_ROWS_SLACK) await compactCounts(db, mailboxId);
  }
  return counts;
}

/**
 * Folds a mailbox's counter rows into one per key, in one statement: each row is deleted once
 * (a concurrent fold waits for this one and then finds the rows gone) and its amounts go into
 * the sum this statement inserts; rows added meanwhile are not seen and stay as they are. The
 * mailbox is share-locked so a deletion of it cannot leave a sum behind; a deleted label's rows
 * are dropped.
 */
export async function compactCounts(db: Executor, mailboxId: string): Promise<void> {
  await db.execute(sql`
    with box as (select id from mailboxes where id = ${mailboxId}::uuid for key share),
    gone as (
      delete from mail_counts where mailbox_id in (select id from box)
      returning key, total, unread)
    insert into mail_counts (mailbox_id, key, total, unread)
    select ${mailboxId}::uuid, g.key, sum(g.total), sum(g.unread) from gone g
    where g.key in ('inbox', 'sent', 'drafts', 'scheduled', 'archive', 'spam', 'trash', 'starred', 'important')
      or exists (select 1 from mail_labels l where l.id::text = g.key and l.mailbox_id = ${mailboxId}::uuid)
    group by g.key
    having sum(g.total) <> 0 or sum(g.unread) <> 0`);
}

/** The custom labels of the mailboxes, by name. */
export async function customLabelsOfMailboxes(
  db: Executor,
  mailboxIds: readonly string[],
): Promise<(typeof mailLabels.$inferSelect)[]> {
  if (mailboxIds.length === 0) return [];
  return db
    .select()
    .from(mailLabels)
    .where(inArray(mailLabels.mailboxId, [...mailboxIds]))
    .orderBy(asc(sql`lower(${mailLabels.name})`), asc(mailLabels.id));
}

/** Deletes messages with their files (raw and attachments; the storage purges the bytes). */
export async function deleteMessages(
  tx: Executor,
  workspaceId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.workspaceId, workspaceId),
        inArray(storedFiles.ownerKind, ['mail_raw', 'mail_attachment']),
        inArray(storedFiles.ownerId, [...ids]),
      ),
    );
  await tx
    .delete(mailMessages)
    .where(and(eq(mailMessages.workspaceId, workspaceId), inArray(mailMessages.id, [...ids])));
}

/** Deletes the files of every message of a mailbox (before the mailbox goes). */
export async function deleteMailboxFiles(
  tx: Executor,
  workspaceId: string,
  mailboxId: string,
): Promise<void> {
  await tx.execute(sql`
    delete from stored_files where workspace_id = ${workspaceId}
      and owner_kind in ('mail_raw', 'mail_attachment')
      and owner_id in (select id from mail_messages where mailbox_id = ${mailboxId})`);
}
