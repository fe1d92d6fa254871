import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CalendarEvent } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import {
  calendarEventAttendees,
  calendarEvents,
  calendarFeeds,
  users,
} from '../../db/schema/index.ts';

export type { Executor };

export type EventValues = {
  title: string;
  description: string;
  color: string;
  allDay: boolean;
  startAt: Date;
  endAt: Date;
  location: string;
};

type Guest = NonNullable<CalendarEvent['guests']>[number];

/** What an import or a change to a series stores besides the plain fields. */
export type SeriesValues = {
  rrule?: string | null;
  exdates?: string[];
  timeZone?: string | null;
  repeatUntil?: Date | null;
  seriesId?: string | null;
  recurrenceId?: Date | null;
  organizer?: { email: string; name: string } | null;
  guests?: Guest[];
};

/** An event as stored, with what expanding and exporting a series need. */
export type StoredEvent = CalendarEvent & {
  timeZone: string | null;
  exdates: string[];
  recurrenceId: string | null;
};

/** Qualified by hand: Drizzle drops the table name when a query reads from one table. */
const outerEventId = sql.raw('"calendar_events"."id"');

const attendeeIds = sql<string[]>`coalesce(
  (select array_agg(a.user_id::text order by a.user_id)
     from ${calendarEventAttendees} a where a.event_id = ${outerEventId}),
  '{}'::text[])`;

const eventColumns = {
  id: calendarEvents.id,
  title: calendarEvents.title,
  description: calendarEvents.description,
  color: calendarEvents.color,
  allDay: calendarEvents.allDay,
  startAt: calendarEvents.startAt,
  endAt: calendarEvents.endAt,
  location: calendarEvents.location,
  rrule: calendarEvents.rrule,
  exdates: calendarEvents.exdates,
  timeZone: calendarEvents.timeZone,
  seriesId: calendarEvents.seriesId,
  recurrenceId: calendarEvents.recurrenceId,
  organizer: calendarEvents.organizer,
  guests: calendarEvents.guests,
  createdBy: calendarEvents.createdBy,
  createdAt: calendarEvents.createdAt,
  updatedAt: calendarEvents.updatedAt,
  attendeeIds,
};

type EventRow = {
  id: string;
  title: string;
  description: string;
  color: string;
  allDay: boolean;
  startAt: Date;
  endAt: Date;
  location: string;
  rrule: string | null;
  exdates: string[];
  timeZone: string | null;
  seriesId: string | null;
  recurrenceId: Date | null;
  organizer: { email: string; name: string } | null;
  guests: Guest[];
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  attendeeIds: string[];
};

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    ...toEvent(row),
    timeZone: row.timeZone,
    exdates: row.exdates,
    recurrenceId: row.recurrenceId?.toISOString() ?? null,
  };
}

export function toEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    color: row.color,
    allDay: row.allDay,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    location: row.location,
    attendeeIds: row.attendeeIds,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    seriesId: row.seriesId,
    rrule: row.rrule,
    organizer: row.organizer,
    guests: row.guests,
  };
}

/**
 * Events of a workspace that overlap [from, to] (both ends optional): single events and changed
 * occurrences by their own times, series (their first occurrence in `start`/`end`) when some
 * occurrence may fall in the range.
 */
export async function listEvents(
  db: Executor,
  workspaceId: string,
  range: { from?: Date; to?: Date } = {},
): Promise<StoredEvent[]> {
  // The start bound is shared, outside the OR, so the range index still serves it.
  const conditions: SQL[] = [eq(calendarEvents.workspaceId, workspaceId)];
  if (range.to) conditions.push(lt(calendarEvents.startAt, range.to));
  if (range.from) {
    conditions.push(
      or(
        and(isNull(calendarEvents.rrule), gte(calendarEvents.endAt, range.from)),
        and(
          isNotNull(calendarEvents.rrule),
          or(isNull(calendarEvents.repeatUntil), gte(calendarEvents.repeatUntil, range.from)),
        ),
      )!,
    );
  }
  const where = and(...conditions);
  // Two flat queries (events, then their attendees) rather than a subquery per event.
  const { attendeeIds: _attendees, ...plainColumns } = eventColumns;
  const [rows, attendees] = await Promise.all([
    db
      .select(plainColumns)
      .from(calendarEvents)
      .where(where)
      .orderBy(asc(calendarEvents.startAt), asc(calendarEvents.id)),
    db
      .select({ eventId: calendarEventAttendees.eventId, userId: calendarEventAttendees.userId })
      .from(calendarEventAttendees)
      .innerJoin(calendarEvents, eq(calendarEvents.id, calendarEventAttendees.eventId))
      .where(where),
  ]);
  const attendeesOf = new Map<string, string[]>();
  for (const { eventId, userId } of attendees) {
    const list = attendeesOf.get(eventId);
    if (list) list.push(userId);
    else attendeesOf.set(eventId, [userId]);
  }
  return rows.map((row) =>
    toStoredEvent({ ...row, attendeeIds: (attendeesOf.get(row.id) ?? []).sort() }),
  );
}

/** The original starts (ISO) of the occurrences of these series that were changed apart. */
export async function overriddenStarts(
  db: Executor,
  seriesIds: string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (seriesIds.length === 0) return result;
  const rows = await db
    .select({ seriesId: calendarEvents.seriesId, recurrenceId: calendarEvents.recurrenceId })
    .from(calendarEvents)
    .where(
      and(inArray(calendarEvents.seriesId, seriesIds), isNotNull(calendarEvents.recurrenceId)),
    );
  for (const row of rows) {
    if (!row.seriesId || !row.recurrenceId) continue;
    const list = result.get(row.seriesId) ?? [];
    list.push(row.recurrenceId.toISOString());
    result.set(row.seriesId, list);
  }
  return result;
}

export async function getEvent(
  db: Executor,
  workspaceId: string,
  eventId: string,
): Promise<StoredEvent | undefined> {
  const [row] = await db
    .select(eventColumns)
    .from(calendarEvents)
    .where(and(eq(calendarEvents.workspaceId, workspaceId), eq(calendarEvents.id, eventId)));
  return row ? toStoredEvent(row) : undefined;
}

export async function insertEvent(
  db: Executor,
  workspaceId: string,
  values: EventValues & SeriesValues & { createdBy: string | null; importUid?: string | null },
): Promise<string> {
  const [row] = await db
    .insert(calendarEvents)
    .values({ ...values, workspaceId })
    .returning({ id: calendarEvents.id });
  if (!row) throw new Error('event insert returned nothing');
  return row.id;
}

/** Updates an event of the workspace; false when there is none with that id there. */
export async function updateEvent(
  db: Executor,
  workspaceId: string,
  eventId: string,
  values: Partial<EventValues> & SeriesValues,
): Promise<boolean> {
  const rows = await db
    .update(calendarEvents)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(calendarEvents.workspaceId, workspaceId), eq(calendarEvents.id, eventId)))
    .returning({ id: calendarEvents.id });
  return rows.length === 1;
}

export async function deleteEvent(db: Executor, workspaceId: string, eventId: string) {
  const rows = await db
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.workspaceId, workspaceId), eq(calendarEvents.id, eventId)))
    .returning({ id: calendarEvents.id });
  return rows.length === 1;
}

export async function replaceAttendees(db: Executor, eventId: string, userIds: string[]) {
  await db.delete(calendarEventAttendees).where(eq(calendarEventAttendees.eventId, eventId));
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    await db.insert(calendarEventAttendees).values(unique.map((userId) => ({ eventId, userId })));
  }
}

/** Many events at once (an import): their ids, in the order given. */
export async function insertEvents(
  db: Executor,
  workspaceId: string,
  values: (EventValues & SeriesValues & { createdBy: string | null; importUid?: string | null })[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let at = 0; at < values.length; at += 500) {
    const rows = await db
      .insert(calendarEvents)
      .values(values.slice(at, at + 500).map((v) => ({ ...v, workspaceId })))
      .returning({ id: calendarEvents.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** The events imported before under these UIDs, by UID. */
export async function findImportedMany(db: Executor, workspaceId: string, importUids: string[]) {
  const found = new Map<string, string>();
  for (let at = 0; at < importUids.length; at += 1000) {
    const rows = await db
      .select({ id: calendarEvents.id, importUid: calendarEvents.importUid })
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.workspaceId, workspaceId),
          inArray(calendarEvents.importUid, importUids.slice(at, at + 1000)),
        ),
      );
    for (const row of rows) if (row.importUid) found.set(row.importUid, row.id);
  }
  return found;
}

/** Removes the occurrences of these series that were changed apart (before a new import). */
export async function deleteOverrides(db: Executor, seriesIds: string[]) {
  for (let at = 0; at < seriesIds.length; at += 1000) {
    await db
      .delete(calendarEvents)
      .where(inArray(calendarEvents.seriesId, seriesIds.slice(at, at + 1000)));
  }
}

/** Moves the changed occurrences of a series along with it. */
export async function shiftOverrides(db: Executor, seriesId: string, ms: number) {
  await db
    .update(calendarEvents)
    .set({ recurrenceId: sql`${calendarEvents.recurrenceId} + ${`${ms} milliseconds`}::interval` })
    .where(eq(calendarEvents.seriesId, seriesId));
}

/** The name and e-mail of each user of the workspace, by id (attendees in exports). */
export async function memberContacts(db: Executor, workspaceId: string) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.workspaceId, workspaceId));
  return new Map(
    rows.map((r) => [r.id, { email: r.email, name: `${r.firstName} ${r.lastName}`.trim() }]),
  );
}

export async function findFeedByUser(db: Executor, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

export async function saveFeedVersion(db: Executor, userId: string, etag: string, at: Date) {
  await db
    .update(calendarFeeds)
    .set({ etag, changedAt: at })
    .where(eq(calendarFeeds.userId, userId));
}

/** A feed by its secret address; only while its owner is an active member of that workspace. */
export async function findFeedByToken(db: Executor, token: string) {
  const [row] = await db
    .select({ feed: calendarFeeds })
    .from(calendarFeeds)
    .innerJoin(
      users,
      and(
        eq(users.id, calendarFeeds.userId),
        eq(users.workspaceId, calendarFeeds.workspaceId),
        eq(users.status, 'active'),
      ),
    )
    .where(eq(calendarFeeds.token, token));
  return row?.feed;
}

export async function upsertFeed(db: Executor, userId: string, workspaceId: string, token: string) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, workspaceId, token })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { token, workspaceId, createdAt: sql`now()`, etag: null, changedAt: null },
    })
    .returning();
  if (!row) throw new Error('feed upsert returned nothing');
  return row;
}

export async function deleteFeed(db: Executor, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
