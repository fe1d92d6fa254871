import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './kanban.ts';
import { storedFiles } from './storage.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * The workspace's logo (admin panel, issue 10): one image per workspace, its type checked by its
 * bytes, stored like the kanban's attachments until the files issue moves it.
 */
export const workspaceLogos = pgTable(
  'workspace_logos',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** The image in the storage; deleted with the row (and the old one when it is replaced). */
    storedFileId: uuid('stored_file_id').references(() => storedFiles.id, {
      onDelete: 'cascade',
    }),
    /**
     * The bytes as they were kept before the storage (issue 11): null once moved into it (the
     * start-up move, lib/files-moved.ts). Read by nothing else; dropped by a later migration once
     * every row is moved (docs/decisions/053-files-moved-and-previews.md).
     */
    legacyContent: bytea('content'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workspace_logos_stored_file_idx').on(t.storedFileId),
    check(
      'workspace_logos_bytes',
      sql`${t.storedFileId} is not null or ${t.legacyContent} is not null`,
    ),
  ],
);

/**
 * E-mail templates and snippets (contributor panel, issue 10): a name, a subject (templates only)
 * and a body with variables such as `{{firstName}}`, shared by the workspace, used by mail and
 * sequences later.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** `template` (a whole message) or `snippet` (a piece of one). */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_templates_workspace_idx').on(t.workspaceId, t.kind, t.name),
    uniqueIndex('email_templates_name_idx').on(t.workspaceId, t.kind, sql`lower(${t.name})`),
  ],
);
