import { randomBytes } from 'node:crypto';
import type {
  CalendarEvent,
  CalendarEventPatch,
  CalendarImportResult,
  EventsQuery,
} from '@beacon/contract';
import type { z } from 'zod';
import type { calendarEventInputSchema } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { formatIcs, parseIcs, type IcsEvent } from '../../lib/ics.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { nonMembers } from '../members/members.repository.ts';
import * as repo from './calendar.repository.ts';

type EventInput = z.output<typeof calendarEventInputSchema>;

const eventNotFound = () => notFound('No such event');
/** The feed covers what a subscribed calendar shows: the recent past and the year ahead. */
const FEED_PAST_DAYS = 90;
const FEED_FUTURE_DAYS = 366;
export const IMPORT_MAX_EVENTS = 5000;

function toIcs(event: CalendarEvent): IcsEvent {
  return {
    uid: `${event.id}@beacon`,
    title: event.title,
    description: event.description,
    location: event.location,
    allDay: event.allDay,
    start: new Date(event.start),
    end: new Date(event.end),
    updatedAt: new Date(event.updatedAt),
  };
}

export class CalendarService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  list(caller: Caller, query: EventsQuery): Promise<CalendarEvent[]> {
    return repo.listEvents(this.db, caller.workspaceId, {
      ...(query.start ? { from: new Date(query.start) } : {}),
      ...(query.end ? { to: new Date(query.end) } : {}),
    });
  }

  async create(caller: Caller, input: EventInput): Promise<CalendarEvent> {
    await this.checkAttendees(caller.workspaceId, input.attendeeIds);
    return this.db.transaction(async (tx) => {
      const id = await repo.insertEvent(tx, caller.workspaceId, {
        title: input.title,
        description: input.description,
        color: input.color,
        allDay: input.allDay,
        startAt: new Date(input.start),
        endAt: new Date(input.end),
        location: input.location,
        createdBy: caller.userId,
      });
      await repo.replaceAttendees(tx, id, input.attendeeIds);
      const event = (await repo.getEvent(tx, caller.workspaceId, id))!;
      await this.realtime.publish(tx, caller.workspaceId, {
        type: 'calendar.event.created',
        data: event,
      });
      return event;
    });
  }

  async update(caller: Caller, eventId: string, patch: CalendarEventPatch): Promise<CalendarEvent> {
    if (patch.attendeeIds) await this.checkAttendees(caller.workspaceId, patch.attendeeIds);
    return this.db.transaction(async (tx) => {
      const current = await repo.getEvent(tx, caller.workspaceId, eventId);
      if (!current) throw eventNotFound();
      const start = patch.start ?? current.start;
      const end = patch.end ?? current.end;
      if (Date.parse(end) < Date.parse(start)) {
        throw fieldError('end', 'The end cannot be before the start');
      }
      await repo.updateEvent(tx, caller.workspaceId, eventId, {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.color !== undefined ? { color: patch.color } : {}),
        ...(patch.allDay !== undefined ? { allDay: patch.allDay } : {}),
        ...(patch.location !== undefined ? { location: patch.location } : {}),
        startAt: new Date(start),
        endAt: new Date(end),
      });
      if (patch.attendeeIds) await repo.replaceAttendees(tx, eventId, patch.attendeeIds);
      const event = (await repo.getEvent(tx, caller.workspaceId, eventId))!;
      await this.realtime.publish(tx, caller.workspaceId, {
        type: 'calendar.event.updated',
        data: event,
      });
      return event;
    });
  }

  async remove(caller: Caller, eventId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteEvent(tx, caller.workspaceId, eventId))) throw eventNotFound();
      await this.realtime.publish(tx, caller.workspaceId, {
        type: 'calendar.event.deleted',
        data: { eventId },
      });
    });
  }

  async exportIcs(workspaceId: string, name: string, range: { from?: Date; to?: Date } = {}) {
    const events = await repo.listEvents(this.db, workspaceId, range);
    return formatIcs(events.map(toIcs), { name });
  }

  /** The feed of the user whose secret token this is; undefined for an unknown token. */
  async feedIcs(token: string, name: (workspaceId: string) => Promise<string>) {
    if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return undefined;
    const feed = await repo.findFeedByToken(this.db, token);
    if (!feed) return undefined;
    const now = Date.now();
    return this.exportIcs(feed.workspaceId, await name(feed.workspaceId), {
      from: new Date(now - FEED_PAST_DAYS * 86_400_000),
      to: new Date(now + FEED_FUTURE_DAYS * 86_400_000),
    });
  }

  getFeed(caller: Caller) {
    return repo.findFeedByUser(this.db, caller.userId);
  }

  /** A new secret address; the old one stops working. */
  rotateFeed(caller: Caller) {
    return repo.upsertFeed(
      this.db,
      caller.userId,
      caller.workspaceId,
      randomBytes(24).toString('base64url'),
    );
  }

  revokeFeed(caller: Caller) {
    return repo.deleteFeed(this.db, caller.userId);
  }

  /**
   * Imports the events of an .ics file in one transaction. An event with a UID seen before in
   * this workspace updates the earlier import instead of adding a copy.
   */
  async importIcs(caller: Caller, text: string): Promise<CalendarImportResult> {
    let parsed: ReturnType<typeof parseIcs>;
    try {
      parsed = parseIcs(text);
    } catch (error) {
      throw new AppError('BAD_REQUEST', (error as Error).message);
    }
    if (parsed.events.length > IMPORT_MAX_EVENTS) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The file holds ${parsed.events.length} events; import at most ${IMPORT_MAX_EVENTS} at once`,
      );
    }
    await this.db.transaction(async (tx) => {
      for (const event of parsed.events) {
        const values = {
          title: event.title,
          description: event.description,
          color: '#00B8D9',
          allDay: event.allDay,
          startAt: event.start,
          endAt: event.end,
          location: event.location,
        };
        const existing = event.uid
          ? await repo.findImported(tx, caller.workspaceId, event.uid)
          : undefined;
        if (existing) await repo.updateEvent(tx, caller.workspaceId, existing, values);
        else {
          await repo.insertEvent(tx, caller.workspaceId, {
            ...values,
            createdBy: caller.userId,
            importUid: event.uid,
          });
        }
      }
      if (parsed.events.length > 0) {
        await this.realtime.publish(tx, caller.workspaceId, {
          type: 'calendar.events.imported',
          data: { count: parsed.events.length },
          refetch: true,
        });
      }
    });
    return { imported: parsed.events.length, skipped: parsed.skipped };
  }

  private async checkAttendees(workspaceId: string, ids: string[]) {
    const strangers = await nonMembers(this.db, workspaceId, ids);
    if (strangers.length > 0) {
      throw fieldError('attendeeIds', 'Attendees must be members of your workspace');
    }
  }
}
