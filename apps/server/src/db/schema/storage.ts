import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * Every stored file's metadata (lib/storage/index.ts owns the bytes, under `storage_key`). A row
 * exists only once its bytes are whole under that key; deleting a row (also through the
 * workspace's cascade) queues its bytes in `stored_file_purges` (a trigger of the migration
 * 0019_storage), and the `storage.purge` job deletes them after the commit.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Where the driver keeps the bytes; never made from the name. */
    storageKey: text('storage_key').notNull().unique(),
    /** As typed (any Unicode; a NUL, which PostgreSQL text cannot hold, becomes U+2400). */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Detected from the bytes, never the type the uploader claimed. */
    contentType: text('content_type').notNull(),
    /** Hex SHA-256 of the bytes (also the ETag they are served with). */
    sha256: text('sha256').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Which area's record holds the file: kanban_attachment, chat_attachment, avatar, file, … */
    ownerKind: text('owner_kind').notNull(),
    ownerId: uuid('owner_id'),
  },
  (t) => [
    index('stored_files_owner_idx').on(t.workspaceId, t.ownerKind, t.ownerId),
    index('stored_files_created_by_idx').on(t.createdBy),
    // The same bytes elsewhere in the workspace: a file's copies and where it is used
    // (docs/decisions/065-files-where-used.md).
    index('stored_files_sha256_idx').on(t.workspaceId, t.sha256),
  ],
);

/**
 * Bytes that may have to be deleted: a key whose upload is under way (due a day later, in case
 * the process dies before its row is written; `holder` names that process) or whose row was
 * deleted (due at once). The `storage.purge` job deletes the bytes of every due key that no
 * `stored_files` row holds.
 */
export const storedFilePurges = pgTable(
  'stored_file_purges',
  {
    storageKey: text('storage_key').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** `host:pid` of the process writing the key; null once its row was deleted. */
    holder: text('holder'),
  },
  (t) => [index('stored_file_purges_due_idx').on(t.dueAt)],
);

/** One received piece of a resumable upload: its bytes under `key`, from `start`, `length` long. */
export type UploadChunk = { key: string; start: number; length: number };

/**
 * A resumable (tus) upload under way (modules/uploads/upload-store.ts): where it stands and the
 * pieces received so far, each stored through the storage driver, so any process can take the
 * next request. When the last byte arrives the pieces become one stored file and the row goes.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The announced length; null while deferred (`Upload-Defer-Length`). */
    size: bigint('size', { mode: 'number' }),
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull().default({}),
    chunks: jsonb('chunks').$type<UploadChunk[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('resumable_uploads_workspace_idx').on(t.workspaceId),
    index('resumable_uploads_created_idx').on(t.createdAt),
  ],
);
