import { sql, type SQL } from 'drizzle-orm';
import {
  chatImageTypes,
  thumbnailUrl,
  type ChatAttachment,
  type ChatContact,
  type ChatContentType,
  type ChatConversationType,
  type ChatMessage,
  type ChatParticipant,
  type ChatPresence,
} from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import type { AreaFileRow } from '../../lib/area-files.ts';
import type { StoredFile } from '../../lib/storage/index.ts';
import { rowsOf, uuidArray } from '../../lib/records/sql.ts';

// Every SQL statement over the chat's tables. Each takes the workspace id and filters by it; the
// reads of a conversation also take the caller, so a conversation they are not in is not found.

/** A member is online while a process holds a connection of theirs it touched this recently. */
export const PRESENCE_FRESH_SECONDS = 90;
/** Away: no connection now, but one this recently. */
export const PRESENCE_AWAY_SECONDS = 15 * 60;

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Owner = { workspaceId: string; userId: string };

type AttachmentRow = Pick<ChatAttachment, 'id' | 'name' | 'mimeType' | 'size'> & {
  storedFileId: string | null;
};

type MessageRow = Omit<ChatMessage, 'attachments' | 'seq'> & {
  seq: number | string;
  attachments: AttachmentRow[] | string | null;
};

/**
 * An attachment as answered: an image the browser may preview (by its detected type), and its
 * thumbnail once it is in the storage (rows not moved yet have none).
 */
function toAttachment(row: AttachmentRow): ChatAttachment {
  const { storedFileId, ...attachment } = row;
  return {
    ...attachment,
    isImage: (chatImageTypes as readonly string[]).includes(row.mimeType),
    previewUrl: storedFileId ? thumbnailUrl(storedFileId, row.mimeType) : null,
  };
}

const messageSelect = sql`
  m.id, m.conversation_id as "conversationId", m.seq::float8 as seq, m.body,
  m.content_type as "contentType", m.mention_ids::text[] as "mentionIds",
  ${iso(sql`m.created_at`)} as "createdAt", ${iso(sql`m.edited_at`)} as "editedAt",
  ${iso(sql`m.deleted_at`)} as "deletedAt", m.sender_id as "senderId", m.client_id as "clientId",
  coalesce((
    select json_agg(json_build_object('id', a.id, 'name', a.name, 'mimeType', a.mime_type,
      'size', a.size, 'storedFileId', a.stored_file_id) order by a.created_at, a.id)
    from chat_attachments a where a.message_id = m.id
  ), '[]'::json) as attachments`;

function toMessage(row: MessageRow): ChatMessage {
  const attachments = (
    typeof row.attachments === 'string'
      ? (JSON.parse(row.attachments) as AttachmentRow[])
      : (row.attachments ?? [])
  ).map(toAttachment);
  return {
    ...row,
    seq: Number(row.seq),
    mentionIds: parseTextArray(row.mentionIds),
    // A deleted message keeps its place, without what it said.
    body: row.deletedAt ? '' : row.body,
    attachments: row.deletedAt ? [] : attachments,
  };
}

/** A text[] as either driver answers it (an array, or PGlite/pg's `{a,b}` text). */
function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{')) {
    const inner = value.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((v) => v.replace(/^"|"$/g, ''));
  }
  return [];
}

const presenceOf = (online: boolean, recent: boolean): ChatPresence =>
  online ? 'online' : recent ? 'away' : 'offline';

type MemberRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  online: boolean;
  recent: boolean;
  lastActivity: string | null;
};

/** The presence columns of `u` (a users row) from every process's counts. */
const presenceSelect = sql`
  coalesce(bool_or(p.connections > 0 and p.seen_at > now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS})), false) as online,
  coalesce(bool_or(p.seen_at > now() - make_interval(secs => ${PRESENCE_AWAY_SECONDS})), false) as recent,
  ${iso(sql`max(p.seen_at)`)} as "lastActivity"`;

export async function listContacts(db: Executor, workspaceId: string): Promise<ChatContact[]> {
  const rows = await rowsOf<MemberRow>(
    db,
    sql`
    select u.id, trim(u.first_name || ' ' || u.last_name) as name, u.email, u.role::text as role,
      ${presenceSelect}
    from users u
    left join chat_presence p on p.user_id = u.id and p.workspace_id = u.workspace_id
    where u.workspace_id = ${workspaceId} and u.status = 'active'
    group by u.id
    order by lower(u.first_name), lower(u.last_name), u.id`,
  );
  return rows.map(({ online, recent, ...row }) => ({
    ...row,
    avatarUrl: null,
    status: presenceOf(online, recent),
  }));
}

/** The workspace's active members but `owner` (who hear a member's presence). */
export async function otherMemberIds(db: Executor, owner: Owner): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from users where workspace_id = ${owner.workspaceId} and status = 'active'
      and id <> ${owner.userId}`,
  );
  return rows.map((r) => r.id);
}

/** The status of one member now (for the presence event). */
export async function presenceOfMember(db: Executor, owner: Owner): Promise<ChatPresence> {
  const [row] = await rowsOf<{ online: boolean; recent: boolean }>(
    db,
    sql`select ${presenceSelect} from chat_presence p
      where p.workspace_id = ${owner.workspaceId} and p.user_id = ${owner.userId}`,
  );
  return presenceOf(row?.online ?? false, row?.recent ?? false);
}

/** This process's count of a member's connections, touched now. */
export async function setPresence(
  db: Executor,
  owner: Owner,
  instanceId: string,
  connections: number,
): Promise<void> {
  await db.execute(sql`
    insert into chat_presence (workspace_id, user_id, instance_id, connections, seen_at)
    values (${owner.workspaceId}, ${owner.userId}, ${instanceId}, ${connections}, now())
    on conflict (user_id, instance_id)
    do update set connections = excluded.connections, seen_at = now()`);
}

/** A process that stops drops its counts. */
export async function setPresenceGone(db: Executor, instanceId: string): Promise<void> {
  await db.execute(sql`update chat_presence set connections = 0 where instance_id = ${instanceId}`);
}

/**
 * Drops the presence rows that no longer say anything: those of processes that stopped or died
 * (no connections, or not touched within the fresh window), keeping each member's newest row for
 * their last activity, whose count is zeroed when its process is gone. Any process may run it.
 */
export async function sweepPresence(db: Executor): Promise<number> {
  const stale = sql`(p.connections = 0 or p.seen_at < now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS}))`;
  const result = (await db.execute(sql`
    with ranked as (
      select p.user_id, p.instance_id, ${stale} as stale,
        row_number() over (partition by p.user_id order by p.seen_at desc) as n
      from chat_presence p
    ), dropped as (
      delete from chat_presence p using ranked r
      where p.user_id = r.user_id and p.instance_id = r.instance_id and r.stale and r.n > 1
      returning 1
    ), zeroed as (
      update chat_presence p set connections = 0 from ranked r
      where p.user_id = r.user_id and p.instance_id = r.instance_id and r.stale and r.n = 1
        and p.connections > 0
      returning 1
    )
    select (select count(*) from dropped)::int as dropped`)) as unknown as {
    rows: { dropped: number }[];
  };
  return Number(result.rows[0]?.dropped ?? 0);
}

/** Touches the rows of the members this process holds connections of. */
export async function touchPresence(
  db: Executor,
  instanceId: string,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    update chat_presence set seen_at = now()
    where instance_id = ${instanceId} and user_id = any(${uuidArray(userIds)})`);
}

/** Whether the caller is a current participant; the conversation's type and newest seq. */
export async function membership(
  db: Executor,
  owner: Owner,
  conversationId: string,
  options: { lock?: boolean } = {},
): Promise<{ type: ChatConversationType; lastSeq: number; lastReadSeq: number } | null> {
  const [row] = await rowsOf<{ type: ChatConversationType; lastSeq: number; lastReadSeq: number }>(
    db,
    sql`
    select c.type, c.last_seq::float8 as "lastSeq", p.last_read_seq::float8 as "lastReadSeq"
    from chat_conversations c
    join chat_participants p on p.conversation_id = c.id and p.user_id = ${owner.userId}
      and p.left_at is null
    where c.id = ${conversationId} and c.workspace_id = ${owner.workspaceId}
    ${options.lock ? sql`for update of c` : sql``}`,
  );
  return row
    ? { ...row, lastSeq: Number(row.lastSeq), lastReadSeq: Number(row.lastReadSeq) }
    : null;
}

/** The current participants' ids. */
export async function participantIds(db: Executor, conversationId: string): Promise<string[]> {
  const rows = await rowsOf<{ userId: string }>(
    db,
    sql`select user_id as "userId" from chat_participants
      where conversation_id = ${conversationId} and left_at is null`,
  );
  return rows.map((r) => r.userId);
}

type ParticipantRow = MemberRow & { conversationId: string; lastReadSeq: number };

/** The current participants of the conversations, with presence and read receipts. */
export async function listParticipants(
  db: Executor,
  workspaceId: string,
  conversationIds: string[],
): Promise<Map<string, ChatParticipant[]>> {
  const byConversation = new Map<string, ChatParticipant[]>();
  if (conversationIds.length === 0) return byConversation;
  const rows = await rowsOf<ParticipantRow>(
    db,
    sql`
    select cp.conversation_id as "conversationId", u.id,
      trim(u.first_name || ' ' || u.last_name) as name, u.email, u.role::text as role,
      cp.last_read_seq::float8 as "lastReadSeq", ${presenceSelect}
    from chat_participants cp
    join users u on u.id = cp.user_id
    left join chat_presence p on p.user_id = u.id and p.workspace_id = u.workspace_id
    where cp.workspace_id = ${workspaceId} and cp.left_at is null
      and cp.conversation_id = any(${uuidArray(conversationIds)})
    group by cp.conversation_id, u.id, cp.last_read_seq, cp.joined_at
    order by cp.joined_at, u.id`,
  );
  for (const { conversationId, online, recent, lastReadSeq, ...row } of rows) {
    const list = byConversation.get(conversationId) ?? [];
    list.push({
      ...row,
      avatarUrl: null,
      status: presenceOf(online, recent),
      lastReadSeq: Number(lastReadSeq),
    });
    byConversation.set(conversationId, list);
  }
  return byConversation;
}

export type ConversationRow = {
  id: string;
  type: ChatConversationType;
  name: string;
  updatedAt: string;
  lastSeq: number;
  unreadCount: number;
};

const conversationSelect = (userId: string) => sql`
  c.id, c.type, c.name, ${iso(sql`c.updated_at`)} as "updatedAt", c.last_seq::float8 as "lastSeq",
  (select count(*)::int from chat_messages m
    where m.conversation_id = c.id and m.seq > cp.last_read_seq and m.deleted_at is null
      and m.sender_id is distinct from ${userId}) as "unreadCount"`;

/** The caller's conversations, latest activity first. */
export async function listConversations(db: Executor, owner: Owner): Promise<ConversationRow[]> {
  const rows = await rowsOf<ConversationRow>(
    db,
    sql`
    select ${conversationSelect(owner.userId)}
    from chat_participants cp
    join chat_conversations c on c.id = cp.conversation_id
    where cp.workspace_id = ${owner.workspaceId} and cp.user_id = ${owner.userId}
      and cp.left_at is null
    order by c.updated_at desc, c.id`,
  );
  return rows.map((r) => ({ ...r, lastSeq: Number(r.lastSeq) }));
}

export async function getConversation(
  db: Executor,
  owner: Owner,
  conversationId: string,
): Promise<ConversationRow | null> {
  const [row] = await rowsOf<ConversationRow>(
    db,
    sql`
    select ${conversationSelect(owner.userId)}
    from chat_participants cp
    join chat_conversations c on c.id = cp.conversation_id
    where cp.workspace_id = ${owner.workspaceId} and cp.user_id = ${owner.userId}
      and cp.left_at is null and c.id = ${conversationId}`,
  );
  return row ? { ...row, lastSeq: Number(row.lastSeq) } : null;
}

/** The total of the caller's unread messages. */
export async function unreadTotal(db: Executor, owner: Owner): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    select count(*)::int as n
    from chat_participants cp
    join chat_messages m on m.conversation_id = cp.conversation_id and m.seq > cp.last_read_seq
    where cp.workspace_id = ${owner.workspaceId} and cp.user_id = ${owner.userId}
      and cp.left_at is null and m.deleted_at is null and m.sender_id is distinct from ${owner.userId}`,
  );
  return Number(row?.n ?? 0);
}

/** The newest message of each conversation. */
export async function lastMessages(
  db: Executor,
  conversations: { id: string; lastSeq: number }[],
): Promise<Map<string, ChatMessage>> {
  const result = new Map<string, ChatMessage>();
  const withAny = conversations.filter((c) => c.lastSeq > 0);
  if (withAny.length === 0) return result;
  const pairs = sql.join(
    withAny.map((c) => sql`(${c.id}::uuid, ${c.lastSeq}::bigint)`),
    sql`, `,
  );
  const rows = await rowsOf<MessageRow>(
    db,
    sql`select ${messageSelect} from chat_messages m
      where (m.conversation_id, m.seq) in (${pairs})`,
  );
  for (const row of rows) result.set(row.conversationId, toMessage(row));
  return result;
}

/**
 * A page of messages, oldest first: the newest `limit` (neither bound), those before `before`
 * (scrolling up), or those after `after` (catching up). One index range on (conversation, seq).
 */
export async function pageOfMessages(
  db: Executor,
  conversationId: string,
  options: { before?: number; after?: number; limit: number },
): Promise<ChatMessage[]> {
  if (options.after !== undefined) {
    const rows = await rowsOf<MessageRow>(
      db,
      sql`select ${messageSelect} from chat_messages m
        where m.conversation_id = ${conversationId} and m.seq > ${options.after}
        order by m.seq asc limit ${options.limit}`,
    );
    return rows.map(toMessage);
  }
  const rows = await rowsOf<MessageRow>(
    db,
    sql`select ${messageSelect} from chat_messages m
      where m.conversation_id = ${conversationId}
        ${options.before !== undefined ? sql`and m.seq < ${options.before}` : sql``}
      order by m.seq desc limit ${options.limit}`,
  );
  return rows.map(toMessage).reverse();
}

export async function getMessage(
  db: Executor,
  workspaceId: string,
  messageId: string,
): Promise<ChatMessage | null> {
  const [row] = await rowsOf<MessageRow>(
    db,
    sql`select ${messageSelect} from chat_messages m
      where m.id = ${messageId} and m.workspace_id = ${workspaceId}`,
  );
  return row ? toMessage(row) : null;
}

export async function findByClientId(
  db: Executor,
  owner: Owner,
  conversationId: string,
  clientId: string,
): Promise<ChatMessage | null> {
  const [row] = await rowsOf<MessageRow>(
    db,
    sql`select ${messageSelect} from chat_messages m
      where m.conversation_id = ${conversationId} and m.sender_id = ${owner.userId}
        and m.client_id = ${clientId}`,
  );
  return row ? toMessage(row) : null;
}

/** Takes the conversation's next seq (the row is locked by the caller's transaction). */
export async function nextSeq(db: Executor, conversationId: string): Promise<number> {
  const [row] = await rowsOf<{ seq: number }>(
    db,
    sql`update chat_conversations set last_seq = last_seq + 1, updated_at = now()
      where id = ${conversationId} returning last_seq::float8 as seq`,
  );
  return Number(row!.seq);
}

export async function insertMessage(
  db: Executor,
  values: {
    workspaceId: string;
    conversationId: string;
    seq: number;
    senderId: string;
    body: string;
    contentType: ChatContentType;
    mentionIds: string[];
    clientId: string | null;
  },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into chat_messages
      (workspace_id, conversation_id, seq, sender_id, body, content_type, mention_ids, client_id)
      values (${values.workspaceId}, ${values.conversationId}, ${values.seq}, ${values.senderId},
        ${values.body}, ${values.contentType}, ${uuidArray(values.mentionIds)}, ${values.clientId})
      returning id`,
  );
  return row!.id;
}

/** The content type follows from what was attached (images only: image; else file). */
export async function setContentType(db: Executor, messageId: string, type: ChatContentType) {
  await db.execute(sql`update chat_messages set content_type = ${type} where id = ${messageId}`);
}

/** Attaches the caller's unattached uploads of the conversation; answers their mime types. */
export async function attachUploads(
  db: Executor,
  owner: Owner,
  conversationId: string,
  messageId: string,
  attachmentIds: string[],
): Promise<string[]> {
  if (attachmentIds.length === 0) return [];
  const rows = await rowsOf<{ mimeType: string }>(
    db,
    sql`update chat_attachments set message_id = ${messageId}
      where workspace_id = ${owner.workspaceId} and conversation_id = ${conversationId}
        and created_by = ${owner.userId} and message_id is null
        and id = any(${uuidArray(attachmentIds)})
      returning mime_type as "mimeType"`,
  );
  return rows.map((r) => r.mimeType);
}

export async function editMessage(
  db: Executor,
  messageId: string,
  change: { body: string } | { deleted: true },
): Promise<void> {
  if ('body' in change) {
    await db.execute(
      sql`update chat_messages set body = ${change.body}, edited_at = now() where id = ${messageId}`,
    );
  } else {
    await db.execute(sql`update chat_messages set deleted_at = now() where id = ${messageId}`);
    await db.execute(sql`delete from chat_attachments where message_id = ${messageId}`);
  }
}

/** Marks the caller's participation read up to `seq` (never backwards). */
export async function markRead(
  db: Executor,
  owner: Owner,
  conversationId: string,
  seq: number,
): Promise<boolean> {
  const rows = await rowsOf<{ userId: string }>(
    db,
    sql`update chat_participants set last_read_seq = ${seq}
      where conversation_id = ${conversationId} and user_id = ${owner.userId}
        and workspace_id = ${owner.workspaceId} and last_read_seq < ${seq}
      returning user_id as "userId"`,
  );
  return rows.length > 0;
}

export async function findDirect(
  db: Executor,
  workspaceId: string,
  directKey: string,
): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select id from chat_conversations
      where workspace_id = ${workspaceId} and direct_key = ${directKey}`,
  );
  return row?.id ?? null;
}

/** A new conversation with its participants; a direct one that exists already answers null. */
export async function createConversation(
  db: Executor,
  values: {
    workspaceId: string;
    type: ChatConversationType;
    name: string;
    directKey: string | null;
    createdBy: string;
    memberIds: string[];
  },
): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into chat_conversations (workspace_id, type, name, direct_key, created_by)
      values (${values.workspaceId}, ${values.type}, ${values.name}, ${values.directKey},
        ${values.createdBy})
      on conflict (workspace_id, direct_key) where direct_key is not null do nothing
      returning id`,
  );
  if (!row) return null;
  await db.execute(sql`
    insert into chat_participants (conversation_id, user_id, workspace_id)
    select ${row.id}, id, ${values.workspaceId} from unnest(${uuidArray(values.memberIds)}) as id`);
  return row.id;
}

/** A participant who had left a direct conversation, or its other member, takes part again. */
export async function rejoin(db: Executor, conversationId: string, userIds: string[]) {
  await db.execute(sql`update chat_participants set left_at = null
    where conversation_id = ${conversationId} and user_id = any(${uuidArray(userIds)})`);
}

export async function leave(db: Executor, owner: Owner, conversationId: string): Promise<void> {
  await db.execute(sql`update chat_participants set left_at = now()
    where conversation_id = ${conversationId} and user_id = ${owner.userId}
      and workspace_id = ${owner.workspaceId}`);
}

export async function insertAttachment(
  db: Executor,
  values: {
    id: string;
    workspaceId: string;
    conversationId: string;
    name: string;
    file: StoredFile;
    createdBy: string;
  },
): Promise<ChatAttachment> {
  const { file } = values;
  // The clock, not the transaction's start: files attached together keep the order given.
  await db.execute(sql`insert into chat_attachments
      (id, workspace_id, conversation_id, name, mime_type, size, stored_file_id, created_by,
        created_at)
      values (${values.id}, ${values.workspaceId}, ${values.conversationId}, ${values.name},
        ${file.contentType}, ${file.size}, ${file.id}, ${values.createdBy}, clock_timestamp())`);
  return toAttachment({
    id: values.id,
    name: values.name,
    mimeType: file.contentType,
    size: file.size,
    storedFileId: file.id,
  });
}

/** An attachment of a conversation the caller is in (uploaded but unsent: only the uploader's). */
export async function getAttachment(
  db: Executor,
  owner: Owner,
  attachmentId: string,
): Promise<AreaFileRow | null> {
  const [row] = await rowsOf<{
    name: string;
    mimeType: string;
    storedFileId: string | null;
    content: Buffer | Uint8Array | null;
  }>(
    db,
    sql`select a.name, a.mime_type as "mimeType", a.stored_file_id as "storedFileId", a.content
      from chat_attachments a
      join chat_participants p on p.conversation_id = a.conversation_id
        and p.user_id = ${owner.userId} and p.left_at is null
      where a.id = ${attachmentId} and a.workspace_id = ${owner.workspaceId}
        and (a.message_id is not null or a.created_by = ${owner.userId})`,
  );
  if (!row) return null;
  const { content, ...rest } = row;
  return {
    ...rest,
    legacyContent: content === null || Buffer.isBuffer(content) ? content : Buffer.from(content),
  };
}
