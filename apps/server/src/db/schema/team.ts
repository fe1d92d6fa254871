import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { userRole, users } from './users.ts';
import { bytea } from './kanban.ts';
import { storedFiles } from './storage.ts';
import { workspaces } from './workspaces.ts';

/**
 * Invitations into a workspace (issue 10). The link carries a random token; only its SHA-256 is
 * kept. A resend makes a new token (the old link stops working) and a new expiry; revoking and
 * accepting stamp the row, so a used or revoked token is refused.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    role: userRole('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    // One open invitation per address and workspace.
    uniqueIndex('invitations_open_email_key')
      .on(t.workspaceId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

/**
 * A member's avatar and cover image, kept as bytes like the kanban's attachments until the files
 * issue moves them; apart from `users` so that the per-request user lookup never reads them.
 */
export const memberImages = pgTable(
  'member_images',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['avatar', 'cover'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    /** The image in the storage; deleted with the row (and the old one when it is replaced). */
    storedFileId: uuid('stored_file_id').references(() => storedFiles.id, { onDelete: 'cascade' }),
    /**
     * The bytes as they were kept before the storage (issue 11): null once moved into it (the
     * start-up move, lib/files-moved.ts). Read by nothing else; dropped by a later migration once
     * every row is moved (docs/decisions/053-files-moved-and-previews.md).
     */
    legacyContent: bytea('content'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    index('member_images_workspace_idx').on(t.workspaceId),
    index('member_images_stored_file_idx').on(t.storedFileId),
    check(
      'member_images_bytes',
      sql`${t.storedFileId} is not null or ${t.legacyContent} is not null`,
    ),
  ],
);
