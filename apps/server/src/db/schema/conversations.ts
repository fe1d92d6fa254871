import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversationCategories, conversationStatuses } from '@beacon/contract';
import { people } from './crm.ts';
import { mailboxes, mailMessages, mailThreads } from './mail.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

// Conversations and e-mail tracking (issue 12; docs/decisions/061-conversations.md).

export const conversationCategory = pgEnum('conversation_category', conversationCategories);
export const conversationStatus = pgEnum('conversation_status', conversationStatuses);

/**
 * A reply from a person of the CRM, sorted into a category. One per inbound message (the reply)
 * and person. The list reads the mailboxes a member reads, newest first: (mailbox, status, date,
 * id) is one index range per mailbox.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => mailThreads.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    category: conversationCategory('category').notNull(),
    /** `rules` or `member` (re-sorted by hand: the rules never change it again). */
    sortedBy: text('sorted_by', { enum: ['rules', 'member'] })
      .notNull()
      .default('rules'),
    rule: text('rule').notNull().default(''),
    status: conversationStatus('status').notNull().default('open'),
    /** Out of office: the day the person is back. */
    returnDate: date('return_date', { mode: 'string' }),
    /** The reply's date (the list's order). */
    date: timestamp('date', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_message_person_key').on(t.messageId, t.personId),
    index('conversations_list_idx').on(t.mailboxId, t.status, t.date, t.id),
    index('conversations_category_idx').on(t.mailboxId, t.status, t.category, t.date, t.id),
    index('conversations_workspace_idx').on(t.workspaceId, t.date),
    index('conversations_person_idx').on(t.personId),
  ],
);

/**
 * The links of a tracked message, as it was sent: a click's token names the message and the
 * link's position, and the redirect goes only to the address kept here.
 */
export const mailTrackedLinks = pgTable(
  'mail_tracked_links',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_tracked_links_key').on(t.messageId, t.position)],
);

/** An open (the pixel was fetched: an estimate) or a click of a tracked message. */
export const mailTrackingEvents = pgTable(
  'mail_tracking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['open', 'click'] }).notNull(),
    /** A click: the link's position. */
    position: integer('position'),
    /** Fetched by an image proxy (its user agent says so), not by the reader's own program. */
    proxy: text('proxy').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_tracking_events_message_idx').on(t.messageId, t.kind, t.at),
    index('mail_tracking_events_workspace_idx').on(t.workspaceId, t.at),
  ],
);

/** When a message was sent with tracking (its pixel and links rewritten). */
export const mailTracked = pgTable(
  'mail_tracked',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    links: integer('links').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_tracked_workspace_idx').on(t.workspaceId)],
);
