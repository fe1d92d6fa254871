import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { storedFiles } from './storage.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** Binary content; PGlite answers Uint8Array, node-postgres Buffer: both become Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const kanbanPriority = pgEnum('kanban_priority', ['low', 'medium', 'high']);

/** One board per workspace: its columns, in the order of their fractional `position` keys. */
export const kanbanColumns = pgTable(
  'kanban_columns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: text('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kanban_columns_workspace_idx').on(t.workspaceId)],
);

export const kanbanCards = pgTable(
  'kanban_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    columnId: uuid('column_id')
      .notNull()
      .references(() => kanbanColumns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priority: kanbanPriority('priority').notNull().default('medium'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    checklist: jsonb('checklist')
      .$type<{ id: string; text: string; done: boolean }[]>()
      .notNull()
      .default([]),
    position: text('position').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kanban_cards_workspace_idx').on(t.workspaceId),
    index('kanban_cards_column_idx').on(t.columnId),
  ],
);

export const kanbanCardAssignees = pgTable(
  'kanban_card_assignees',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.userId] }),
    index('kanban_assignee_user_idx').on(t.userId),
  ],
);

export const kanbanComments = pgTable(
  'kanban_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kanban_comments_card_idx').on(t.cardId, t.createdAt)],
);

export const kanbanAttachments = pgTable(
  'kanban_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
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
    index('kanban_attachments_card_idx').on(t.cardId),
    index('kanban_attachments_stored_file_idx').on(t.storedFileId),
    check(
      'kanban_attachments_bytes',
      sql`${t.storedFileId} is not null or ${t.legacyContent} is not null`,
    ),
  ],
);
