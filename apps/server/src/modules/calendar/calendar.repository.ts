import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { CalendarEvent } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { calendarEventAttendees, calendarEvents, calendarFeeds } from '../../db/schema/index.ts';

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
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  attendeeIds: string[];
};

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
  };
}

/** Events of a workspace that overlap [from, to]; both ends optional. */
export async function listEvents(
  db: Executor,
  workspaceId: string,
  range: { from?: Date; to?: Date } = {},
): Promise<CalendarEvent[]> {
  const conditions: SQL[] = [eq(calendarEvents.workspaceId, workspaceId)];
  if (range.to) conditions.push(lt(calendarEvents.startAt, range.to));
  if (range.from) conditions.push(gte(calendarEvents.endAt, range.from));
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
    toEvent({ ...row, attendeeIds: (attendeesOf.get(row.id) ?? []).sort() }),
  );
}

export async function getEvent(
  db: Executor,
  workspaceId: string,
  eventId: string,
): Promise<CalendarEvent | undefined> {
  const [row] = await db
    .select(eventColumns)
    .from(calendarEvents)
    .where(and(eq(calendarEvents.workspaceId, workspaceId), eq(calendarEvents.id, eventId)));
  return row ? toEvent(row) : undefined;
}

export async function insertEvent(
  db: Executor,
  workspaceId: string,
  values: EventValues & { createdBy: string | null; importUid?: string | null },
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
  values: Partial<EventValues>,
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

export async function findImported(db: Executor, workspaceId: string, importUid: string) {
  const [row] = await db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(
      and(eq(calendarEvents.workspaceId, workspaceId), eq(calendarEvents.importUid, importUid)),
    )
    .limit(1);
  return row?.id;
}

export async function findFeedByUser(db: Executor, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

export async function findFeedByToken(db: Executor, token: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token));
  return row;
}

export async function upsertFeed(db: Executor, userId: string, workspaceId: string, token: string) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, workspaceId, token })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { token, workspaceId, createdAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('feed upsert returned nothing');
  return row;
}

export async function deleteFeed(db: Executor, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
