import { createHash, randomBytes } from 'node:crypto';
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
import { formatIcs, parseIcs, type IcsEvent, type ParsedIcsEvent } from '../../lib/ics.ts';
import { REQUEST_STEPS, expandSeries, seriesEnd } from '../../lib/recurrence.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { nonMembers } from '../members/members.repository.ts';
import * as repo from './calendar.repository.ts';

type EventInput = z.output<typeof calendarEventInputSchema>;

const eventNotFound = () => notFound('No such event');
/** The feed covers what a subscribed calendar shows: the recent past and the year ahead. */
const FEED_PAST_DAYS = 90;
const FEED_FUTURE_DAYS = 366;
export const IMPORT_MAX_EVENTS = 5000;
/** At most this many occurrences of one series, and of all series, in one answer. */
export const MAX_OCCURRENCES_PER_SERIES = 1000;
export const MAX_OCCURRENCES_PER_REQUEST = 5000;
/** Without an end, a list shows a series' occurrences up to a year from now. */
const OPEN_RANGE_DAYS = 366;

/** `<uuid>_<YYYYMMDD[THHMMSSZ]>`: an occurrence of a series; the part after `_` is its start. */
const OCCURRENCE_ID = /^([0-9a-f-]{36})_(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/i;

function occurrenceStamp(start: Date, allDay: boolean): string {
  const iso = start.toISOString();
  const date = iso.slice(0, 10).replaceAll('-', '');
  return allDay ? date : `${date}T${iso.slice(11, 19).replaceAll(':', '')}Z`;
}

/** The series id and the occurrence's start of an occurrence id; undefined for a plain id. */
function parseOccurrenceId(id: string): { seriesId: string; start: Date } | undefined {
  const m = OCCURRENCE_ID.exec(id);
  if (!m) return undefined;
  const [, seriesId, y, mo, d, h = '00', mi = '00', sec = '00'] = m;
  const start = new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec}Z`);
  return Number.isNaN(start.getTime()) ? undefined : { seriesId: seriesId!, start };
}

function plain(event: repo.StoredEvent): CalendarEvent {
  const { timeZone: _z, exdates: _x, recurrenceId: _r, ...rest } = event;
  return rest;
}

/** One occurrence of a series as the API shows it. */
function occurrenceOf(series: repo.StoredEvent, start: Date, end: Date): CalendarEvent {
  return {
    ...plain(series),
    id: `${series.id}_${occurrenceStamp(start, series.allDay)}`,
    start: start.toISOString(),
    end: end.toISOString(),
    seriesId: series.id,
  };
}

function toIcs(event: repo.StoredEvent, members: Map<string, { email: string; name: string }>) {
  const guests = [...(event.guests ?? [])];
  const known = new Set(guests.map((g) => g.email.toLowerCase()));
  for (const id of event.attendeeIds) {
    const member = members.get(id);
    if (member && !known.has(member.email.toLowerCase())) {
      guests.push({ ...member, status: 'ACCEPTED', role: 'REQ-PARTICIPANT' });
    }
  }
  const creator = event.createdBy ? members.get(event.createdBy) : undefined;
  return {
    // A changed occurrence carries its series' UID, as RECURRENCE-ID requires.
    uid: `${event.seriesId ?? event.id}@beacon`,
    title: event.title,
    description: event.description,
    location: event.location,
    allDay: event.allDay,
    start: new Date(event.start),
    end: new Date(event.end),
    updatedAt: new Date(event.updatedAt),
    timeZone: event.timeZone,
    rrule: event.rrule ?? null,
    exdates: event.exdates.map((x) => new Date(x)),
    recurrenceId: event.recurrenceId ? new Date(event.recurrenceId) : null,
    organizer: event.organizer ?? (creator ? { email: creator.email, name: creator.name } : null),
    guests,
  } satisfies IcsEvent;
}

export class CalendarService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  /**
   * The events overlapping the range, a series as its occurrences there (without the ones it
   * skips or that were changed apart), at most MAX_OCCURRENCES_PER_SERIES of each.
   */
  async list(caller: Caller, query: EventsQuery): Promise<CalendarEvent[]> {
    const from = query.start ? new Date(query.start) : undefined;
    const to = query.end ? new Date(query.end) : undefined;
    const stored = await repo.listEvents(this.db, caller.workspaceId, {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
    const seriesIds = stored.filter((e) => e.rrule).map((e) => e.id);
    const overridden = await repo.overriddenStarts(this.db, seriesIds);
    const seriesTo =
      to ?? new Date(Math.max(Date.now(), from?.getTime() ?? 0) + OPEN_RANGE_DAYS * 86_400_000);
    const result: CalendarEvent[] = [];
    let budget = MAX_OCCURRENCES_PER_REQUEST;
    // The candidates every series of this answer may look at together: a rule that repeats
    // every second from long ago costs its share, not the whole request.
    let steps = REQUEST_STEPS;
    for (const event of stored) {
      if (!event.rrule) {
        result.push(plain(event));
        continue;
      }
      if (budget <= 0 || steps <= 0) continue;
      let occurrences: { start: Date; end: Date }[];
      try {
        let used: number;
        ({ occurrences, steps: used } = expandSeries(
          {
            start: new Date(event.start),
            end: new Date(event.end),
            allDay: event.allDay,
            timeZone: event.timeZone,
            rrule: event.rrule,
            skip: [...event.exdates, ...(overridden.get(event.id) ?? [])],
          },
          { ...(from ? { from } : {}), to: seriesTo },
          {
            maxOccurrences: Math.min(MAX_OCCURRENCES_PER_SERIES, budget),
            maxSteps: Math.min(20_000, steps),
          },
        ));
        steps -= used;
      } catch {
        occurrences = [];
      }
      budget -= occurrences.length;
      for (const o of occurrences) result.push(occurrenceOf(event, o.start, o.end));
    }
    return result.sort(
      (a, b) => Date.parse(a.start) - Date.parse(b.start) || (a.id < b.id ? -1 : 1),
    );
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
      const event = plain((await repo.getEvent(tx, caller.workspaceId, id))!);
      await this.realtime.publish(tx, caller.workspaceId, {
        type: 'calendar.event.created',
        data: event,
      });
      return event;
    });
  }

  /**
   * Changes an event. For an occurrence of a series (its id `<seriesId>_<start>`), the change
   * goes to the whole series: its fields, and its times moved by as much as the occurrence's.
   */
  async update(caller: Caller, eventId: string, patch: CalendarEventPatch): Promise<CalendarEvent> {
    if (patch.attendeeIds) await this.checkAttendees(caller.workspaceId, patch.attendeeIds);
    const occurrence = parseOccurrenceId(eventId);
    return this.db.transaction(async (tx) => {
      const id = occurrence?.seriesId ?? eventId;
      const current = await repo.getEvent(tx, caller.workspaceId, id);
      if (!current || (occurrence && !current.rrule)) throw eventNotFound();
      const storedStart = Date.parse(current.start);
      const storedEnd = Date.parse(current.end);
      // The occurrence being changed, or the event itself.
      const shownStart = occurrence ? occurrence.start.getTime() : storedStart;
      const shownEnd = shownStart + (storedEnd - storedStart);
      const startShift = patch.start ? Date.parse(patch.start) - shownStart : 0;
      const endShift = patch.end ? Date.parse(patch.end) - shownEnd : 0;
      const start = storedStart + startShift;
      const end = storedEnd + endShift;
      if (end < start) throw fieldError('end', 'The end cannot be before the start');
      const series: repo.SeriesValues = {};
      if (current.rrule && startShift !== 0) {
        series.exdates = current.exdates.map((x) =>
          new Date(Date.parse(x) + startShift).toISOString(),
        );
        await repo.shiftOverrides(tx, id, startShift);
      }
      const allDay = patch.allDay ?? current.allDay;
      if (current.rrule) {
        series.repeatUntil = seriesEnd({
          start: new Date(start),
          end: new Date(end),
          allDay,
          timeZone: current.timeZone,
          rrule: current.rrule,
        });
      }
      await repo.updateEvent(tx, caller.workspaceId, id, {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.color !== undefined ? { color: patch.color } : {}),
        ...(patch.allDay !== undefined ? { allDay: patch.allDay } : {}),
        ...(patch.location !== undefined ? { location: patch.location } : {}),
        ...series,
        startAt: new Date(start),
        endAt: new Date(end),
      });
      if (patch.attendeeIds) await repo.replaceAttendees(tx, id, patch.attendeeIds);
      const stored = (await repo.getEvent(tx, caller.workspaceId, id))!;
      const event = occurrence
        ? occurrenceOf(stored, new Date(shownStart + startShift), new Date(shownEnd + endShift))
        : plain(stored);
      await this.realtime.publish(tx, caller.workspaceId, {
        type: 'calendar.event.updated',
        data: event,
        // Every occurrence on screen changed: clients read the range again.
        ...(stored.rrule ? { refetch: true } : {}),
      });
      return event;
    });
  }

  /** Deletes an event, a whole series, or (by an occurrence's id) that occurrence only. */
  async remove(caller: Caller, eventId: string): Promise<void> {
    const occurrence = parseOccurrenceId(eventId);
    await this.db.transaction(async (tx) => {
      if (occurrence) {
        const series = await repo.getEvent(tx, caller.workspaceId, occurrence.seriesId);
        if (!series?.rrule) throw eventNotFound();
        const skipped = occurrence.start.toISOString();
        if (!series.exdates.includes(skipped)) {
          await repo.updateEvent(tx, caller.workspaceId, series.id, {
            exdates: [...series.exdates, skipped],
          });
        }
      } else if (!(await repo.deleteEvent(tx, caller.workspaceId, eventId))) {
        throw eventNotFound();
      }
      await this.realtime.publish(tx, caller.workspaceId, {
        type: 'calendar.event.deleted',
        data: { eventId },
      });
    });
  }

  /** The workspace's events as iCalendar: a series as one VEVENT with its rule. */
  async exportIcs(workspaceId: string, name: string, range: { from?: Date; to?: Date } = {}) {
    const [events, members] = await Promise.all([
      repo.listEvents(this.db, workspaceId, range),
      repo.memberContacts(this.db, workspaceId),
    ]);
    return formatIcs(
      events.map((e) => toIcs(e, members)),
      { name, now: new Date(0) },
    );
  }

  /**
   * The feed of the user whose secret token this is; undefined for an unknown token. Its ETag
   * is a hash of the file; `changedAt` is when that hash last changed (Last-Modified).
   */
  async feedIcs(token: string, name: (workspaceId: string) => Promise<string>) {
    if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return undefined;
    const feed = await repo.findFeedByToken(this.db, token);
    if (!feed) return undefined;
    const now = Date.now();
    const ics = await this.exportIcs(feed.workspaceId, await name(feed.workspaceId), {
      from: new Date(now - FEED_PAST_DAYS * 86_400_000),
      to: new Date(now + FEED_FUTURE_DAYS * 86_400_000),
    });
    const etag = `"${createHash('sha256').update(ics).digest('base64url').slice(0, 32)}"`;
    let changedAt = feed.changedAt;
    if (feed.etag !== etag || !changedAt) {
      // Whole seconds: Last-Modified has no finer precision.
      changedAt = new Date(Math.floor(now / 1000) * 1000);
      await repo.saveFeedVersion(this.db, feed.userId, etag, changedAt);
    }
    return { ics, etag, changedAt };
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
   * this workspace updates the earlier import instead of adding a copy. A repeating event stays
   * one series; its occurrences changed apart (RECURRENCE-ID) are stored with it.
   */
  async importIcs(caller: Caller, file: Buffer | string): Promise<CalendarImportResult> {
    let parsed: ReturnType<typeof parseIcs>;
    try {
      parsed = parseIcs(file);
    } catch (error) {
      throw new AppError('BAD_REQUEST', (error as Error).message);
    }
    if (parsed.events.length > IMPORT_MAX_EVENTS) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The file holds ${parsed.events.length} events; import at most ${IMPORT_MAX_EVENTS} at once`,
      );
    }
    const masters = new Map<string, ParsedIcsEvent>();
    const loose: ParsedIcsEvent[] = [];
    const overrides: ParsedIcsEvent[] = [];
    for (const event of parsed.events) {
      if (event.recurrenceId && event.uid) overrides.push(event);
      else if (event.uid) masters.set(event.uid, event);
      else loose.push(event);
    }
    // Shared by every series of the file (lib/recurrence.ts).
    const endBudget = { steps: REQUEST_STEPS };
    const values = (event: ParsedIcsEvent) => {
      let repeatUntil: Date | null = null;
      if (event.rrule) {
        repeatUntil = seriesEnd(
          {
            start: event.start,
            end: event.end,
            allDay: event.allDay,
            timeZone: event.timeZone,
            rrule: event.rrule,
          },
          endBudget,
        );
      }
      return {
        title: event.title,
        description: event.description,
        color: '#00B8D9',
        allDay: event.allDay,
        startAt: event.start,
        endAt: event.end,
        location: event.location,
        rrule: event.rrule,
        exdates: event.exdates.map((d) => d.toISOString()),
        timeZone: event.timeZone,
        repeatUntil,
        organizer: event.organizer,
        guests: event.guests,
      };
    };
    await this.db.transaction(async (tx) => {
      // An occurrence whose series is not in the file stands alone, under its own key.
      const keyOf = (o: ParsedIcsEvent) => `${o.uid}#${o.recurrenceId!.toISOString()}`;
      const alone = overrides.filter((o) => !masters.has(o.uid!));
      const uids = [...masters.keys(), ...alone.map(keyOf)];
      const existing = await repo.findImportedMany(tx, caller.workspaceId, uids);
      const fresh: Parameters<typeof repo.insertEvents>[2] = [];
      const freshUids: string[] = [];
      const seriesIds = new Map<string, string>();
      for (const [uid, event] of masters) {
        const id = existing.get(uid);
        if (id) {
          await repo.updateEvent(tx, caller.workspaceId, id, values(event));
          seriesIds.set(uid, id);
        } else {
          fresh.push({ ...values(event), createdBy: caller.userId, importUid: uid });
          freshUids.push(uid);
        }
      }
      for (const event of alone) {
        const id = existing.get(keyOf(event));
        if (id) await repo.updateEvent(tx, caller.workspaceId, id, values(event));
        else fresh.push({ ...values(event), createdBy: caller.userId, importUid: keyOf(event) });
      }
      for (const event of loose) fresh.push({ ...values(event), createdBy: caller.userId });
      const ids = await repo.insertEvents(tx, caller.workspaceId, fresh);
      freshUids.forEach((uid, i) => seriesIds.set(uid, ids[i]!));
      // The changed occurrences of the series in the file replace the ones imported before.
      await repo.deleteOverrides(tx, [...existing.values()]);
      const changed = overrides
        .filter((o) => masters.has(o.uid!))
        .map((o) => ({
          ...values(o),
          rrule: null,
          repeatUntil: null,
          seriesId: seriesIds.get(o.uid!)!,
          recurrenceId: o.recurrenceId,
          createdBy: caller.userId,
        }));
      await repo.insertEvents(tx, caller.workspaceId, changed);
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
