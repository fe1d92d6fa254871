import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  type AnyPgColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull().default('#00A76F'),
    allDay: boolean('all_day').notNull().default(false),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    location: text('location').notNull().default(''),
    /** The UID of the event this one was imported from, so a second import updates it. */
    importUid: text('import_uid'),
    /**
     * A repeating event (a series): its RFC 5545 rule (`FREQ=WEEKLY;BYDAY=MO`), the starts it
     * skips (EXDATE, ISO instants), the IANA zone its wall times repeat in (null: UTC), and the
     * end of its last occurrence when the rule ends (null: it repeats for ever). `start_at` and
     * `end_at` are the first occurrence.
     */
    rrule: text('rrule'),
    exdates: jsonb('exdates').$type<string[]>().notNull().default([]),
    timeZone: text('time_zone'),
    repeatUntil: timestamp('repeat_until', { withTimezone: true }),
    /** An occurrence of a series changed on its own (RECURRENCE-ID): its series and its start. */
    seriesId: uuid('series_id').references((): AnyPgColumn => calendarEvents.id, {
      onDelete: 'cascade',
    }),
    recurrenceId: timestamp('recurrence_id', { withTimezone: true }),
    /** People outside the workspace, as calendars exchange them (ORGANIZER and ATTENDEE). */
    organizer: jsonb('organizer').$type<{ email: string; name: string } | null>(),
    guests: jsonb('guests')
      .$type<{ email: string; name: string; status: string; role: string }[]>()
      .notNull()
      .default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_events_range_idx').on(t.workspaceId, t.startAt, t.endAt),
    index('calendar_events_import_idx').on(t.workspaceId, t.importUid),
    index('calendar_events_series_idx').on(t.seriesId),
    check('calendar_events_end_after_start', sql`${t.endAt} >= ${t.startAt}`),
  ],
);

export const calendarEventAttendees = pgTable(
  'calendar_event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('calendar_attendee_user_idx').on(t.userId),
  ],
);

/** One private feed per user: the token in the URL is the only credential the feed takes. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The ETag of the last file the feed served, and when its content last changed. */
  etag: text('etag'),
  changedAt: timestamp('changed_at', { withTimezone: true }),
});
