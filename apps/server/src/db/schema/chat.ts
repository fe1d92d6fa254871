import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { chatContentTypes, chatConversationTypes } from '@beacon/contract';
import { bytea } from './kanban.ts';
import { storedFiles } from './storage.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

// Chat (issue 10; docs/decisions/048-chat.md).

export const chatConversationType = pgEnum('chat_conversation_type', chatConversationTypes);
export const chatContentType = pgEnum('chat_content_type', chatContentTypes);

/**
 * A conversation. `lastSeq` numbers its messages (1, 2, 3…): a send takes the next under the
 * row's lock, so the numbers have no gaps and a client catches up by asking for those after its
 * last. A direct conversation has `directKey` (its two members' ids, sorted), unique per workspace.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    type: chatConversationType('type').notNull(),
    name: text('name').notNull().default(''),
    directKey: text('direct_key'),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_conversations_workspace_idx').on(t.workspaceId, t.updatedAt),
    uniqueIndex('chat_conversations_direct_idx')
      .on(t.workspaceId, t.directKey)
      .where(sql`${t.directKey} is not null`),
  ],
);

/** Who is in a conversation; `leftAt` set when they left a group. `lastReadSeq`: read receipts. */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('chat_participants_user_idx').on(t.workspaceId, t.userId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    contentType: chatContentType('content_type').notNull().default('text'),
    mentionIds: uuid('mention_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Pages by seq within a conversation: the newest page and any deep page are one index range.
    uniqueIndex('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('chat_messages_workspace_idx').on(t.workspaceId),
    uniqueIndex('chat_messages_client_idx')
      .on(t.conversationId, t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/**
 * An uploaded file, kept as bytes as the kanban's are until the files issue moves them; attached
 * to a message when it is sent (`messageId` null until then).
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** The file in the storage (its bytes, detected type and hash); deleted with the row. */
    storedFileId: uuid('stored_file_id').references(() => storedFiles.id, { onDelete: 'cascade' }),
    /**
     * The bytes as they were kept before the storage (issue 11): null once moved into it (the
     * start-up move, lib/files-moved.ts). Read by nothing else; dropped by a later migration once
     * every row is moved (docs/decisions/053-files-moved-and-previews.md).
     */
    legacyContent: bytea('content'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_attachments_stored_file_idx').on(t.storedFileId),
    check(
      'chat_attachments_bytes',
      sql`${t.storedFileId} is not null or ${t.legacyContent} is not null`,
    ),
    index('chat_attachments_workspace_idx').on(t.workspaceId),
    index('chat_attachments_message_idx').on(t.messageId),
    index('chat_attachments_conversation_idx').on(t.conversationId),
  ],
);

/**
 * Presence: each server process counts the realtime connections it holds per member and touches
 * `seenAt` while they last. Online: a connection in any process seen lately; away: none now, but
 * one lately; offline otherwise.
 */
export const chatPresence = pgTable(
  'chat_presence',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    connections: integer('connections').notNull().default(0),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.instanceId] }),
    index('chat_presence_workspace_idx').on(t.workspaceId, t.userId),
  ],
);
