import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notificationKinds, taskPriorities, taskStatuses, taskTypes } from '@beacon/contract';
import { companies, people } from './crm.ts';
import { deals } from './deals.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

// Tasks and notifications (issue 9; docs/decisions/031-tasks.md).

export const taskType = pgEnum('task_type', taskTypes);
export const taskPriority = pgEnum('task_priority', taskPriorities);
export const taskStatus = pgEnum('task_status', taskStatuses);
export const notificationKind = pgEnum('notification_kind', notificationKinds);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: taskType('type').notNull().default('todo'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    priority: taskPriority('priority').notNull().default('normal'),
    status: taskStatus('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the due notification was raised; cleared when the due time moves to the future. */
    dueNotifiedAt: timestamp('due_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A change, a note, completion: what the records engine's `lastActivityAt` reads. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the records engine's free-text search reads: trigram-indexed, lower-cased. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(title || ' ' || notes)`),
  },
  (t) => [
    index('tasks_search_idx').using('gin', sql`search_text gin_trgm_ops`),
    index('tasks_workspace_due_idx').on(t.workspaceId, t.status, t.dueAt, t.id),
    index('tasks_assignee_due_idx').on(t.workspaceId, t.assigneeId, t.status, t.dueAt, t.id),
    index('tasks_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    /** The home page's "tasks done this week" of one member. */
    index('tasks_assignee_completed_idx')
      .on(t.workspaceId, t.assigneeId, t.completedAt)
      .where(sql`${t.status} = 'done'`),
    index('tasks_person_idx').on(t.personId),
    index('tasks_company_idx').on(t.companyId),
    index('tasks_deal_idx').on(t.dealId),
    /** What the due-notification job scans: open tasks not yet announced. */
    index('tasks_to_notify_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'open' and ${t.dueNotifiedAt} is null and ${t.dueAt} is not null`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    title: text('title').notNull(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    /** A `chat_mention`'s conversation (its foreign key is written in migration 0018). */
    conversationId: uuid('conversation_id'),
    at: timestamp('at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_workspace_idx').on(t.workspaceId),
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
