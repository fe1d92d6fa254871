import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { fileKinds, fileShareAccesses, fileVisibilities } from '@beacon/contract';
import { storedFiles } from './storage.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

// The files manager (issue 11; docs/decisions/054-files-manager.md).

export const fileKind = pgEnum('file_kind', fileKinds);
export const fileVisibility = pgEnum('file_visibility', fileVisibilities);
export const fileShareAccess = pgEnum('file_share_access', fileShareAccesses);

/**
 * A folder or a file of the files manager. `path` holds the ids of the folders above it, from the
 * root down (empty at the root): a share of a folder reaches everything whose path holds it, and a
 * subtree is one `= any(path)` test. A file points at its bytes, a `stored_files` row
 * (`stored_file_id`, several copies may share one); `size`, `mime_type` and `kind` are kept here
 * so a folder of 100,000 files pages by any sort from one index.
 *
 * A trashed folder trashes everything in it with the same `trash_root_id` (the item the member
 * trashed), so a restore brings back exactly that, and lists need no walk up the tree.
 */
export const fileItems = pgTable(
  'file_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => fileItems.id, {
      onDelete: 'cascade',
    }),
    path: uuid('path')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isFolder: boolean('is_folder').notNull(),
    name: text('name').notNull(),
    /** The stored file holding a file's bytes (null for a folder); it goes, the item goes. */
    storedFileId: uuid('stored_file_id').references(() => storedFiles.id, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mimeType: text('mime_type').notNull(),
    kind: fileKind('kind').notNull(),
    visibility: fileVisibility('visibility').notNull().default('workspace'),
    /** Whose private item it is (inside a private folder: the folder's owner). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    trashRootId: uuid('trash_root_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A folder's page by each sort, folders and files apart (each a range of one index).
    index('file_items_name_idx')
      .on(t.workspaceId, t.parentId, t.isFolder, sql`lower(${t.name}) collate "C"`, t.id)
      .where(sql`${t.trashedAt} is null`),
    index('file_items_size_idx')
      .on(t.workspaceId, t.parentId, t.isFolder, t.size, t.id)
      .where(sql`${t.trashedAt} is null`),
    index('file_items_type_idx')
      .on(t.workspaceId, t.parentId, t.isFolder, t.kind, sql`lower(${t.name}) collate "C"`, t.id)
      .where(sql`${t.trashedAt} is null`),
    index('file_items_date_idx')
      .on(t.workspaceId, t.parentId, t.isFolder, t.updatedAt, t.id)
      .where(sql`${t.trashedAt} is null`),
    index('file_items_path_idx').using('gin', t.path),
    index('file_items_trash_idx')
      .on(t.workspaceId, t.trashedAt)
      .where(sql`${t.trashedAt} is not null`),
    index('file_items_stored_idx').on(t.storedFileId),
    index('file_items_recent_idx')
      .on(t.workspaceId, t.createdAt)
      .where(sql`${t.trashedAt} is null and not ${t.isFolder}`),
  ],
);

/** A member's star on an item (each member stars for themselves). */
export const fileStars = pgTable(
  'file_stars',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    index('file_stars_user_idx').on(t.workspaceId, t.userId),
  ],
);

/** An item shared with a member: `view` reads it (and what is in it), `edit` also organises it. */
export const fileShares = pgTable(
  'file_shares',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    access: fileShareAccess('access').notNull().default('view'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    index('file_shares_user_idx').on(t.workspaceId, t.userId),
  ],
);

/**
 * A public link: anyone with the address opens the item signed out, until `expires_at`. Only the
 * token's SHA-256 is kept; a password is kept as an Argon2id hash (lib/passwords.ts).
 */
export const fileLinks = pgTable(
  'file_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_links_item_idx').on(t.workspaceId, t.itemId)],
);
