import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * The workspace's audit log of security events (issue 10: sign-ins and failures, role changes,
 * invitations, exports, deletions, settings changes). Rows are only ever inserted, through
 * `recordAudit` (modules/audit/audit.repository.ts), inside the transaction of the change they
 * describe, so a change and its entry land together or not at all.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who acted; null for events without a signed-in member (a failed sign-in, a job). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Dotted event name, e.g. `auth.sign_in`, `member.role_changed` (contract `auditKinds`). */
    kind: text('kind').notNull(),
    /** What the event is about: `user:<id>`, `invitation:<id>`, `people`, `workspace`... */
    subject: text('subject'),
    /** The event's own figures (old and new role, export's row count...): never secrets. */
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_workspace_kind_idx').on(t.workspaceId, t.kind, t.createdAt.desc()),
  ],
);
