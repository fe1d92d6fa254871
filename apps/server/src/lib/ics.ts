/**
 * iCalendar (RFC 5545) for the calendar's export, feed and import, through ical.js: events with
 * their repeat rule (RRULE, EXDATE), occurrences changed apart (RECURRENCE-ID), time zones (the
 * file's VTIMEZONE first, then IANA and Windows names), all-day dates, ORGANIZER and ATTENDEE.
 */
import ICAL from 'ical.js';
import { parseRule } from './recurrence.ts';
import {
  resolveTimeZone,
  utcParts,
  utcToWall,
  wallAsUtc,
  wallToUtc,
  type WallTime,
} from './time-zones.ts';

export type IcsPerson = { email: string; name: string };
export type IcsGuest = IcsPerson & { status: string; role: string };

export type IcsEvent = {
  uid: string;
  title: string;
  description: string;
  location: string;
  allDay: boolean;
  /** All-day events: midnight UTC of the first day; end is exclusive (the day after the last). */
  start: Date;
  end: Date;
  updatedAt?: Date;
  /** The IANA zone of the event's wall clock (a repeating event repeats in it); null: UTC. */
  timeZone?: string | null;
  /** The RRULE value of a repeating event. */
  rrule?: string | null;
  /** Starts of occurrences that do not happen (EXDATE). */
  exdates?: Date[];
  /** An occurrence of the series `uid` changed apart: the start it had in the series. */
  recurrenceId?: Date | null;
  organizer?: IcsPerson | null;
  guests?: IcsGuest[];
};

// ical.js folds after `foldLength` octets and then adds the space that starts the next line:
// 74 keeps every written line within RFC 5545's 75 octets.
ICAL.foldLength = 74;

const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const MAX_GUESTS = 500;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The file's text with its folded lines joined again. Unfolding happens on the bytes, before
 * UTF-8 decoding, because programs that fold at 75 octets may cut a character in two.
 */
export function unfoldIcs(input: Buffer | string): string {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const parts: Buffer[] = [];
  let from = 0;
  let at = bytes.indexOf(LF, 0);
  while (at !== -1) {
    const next = bytes[at + 1];
    if (next === 0x20 || next === 0x09) {
      const end = at > from && bytes[at - 1] === CR ? at - 1 : at;
      parts.push(bytes.subarray(from, end));
      from = at + 2;
    }
    at = bytes.indexOf(LF, at + 1);
  }
  parts.push(bytes.subarray(from));
  return new TextDecoder('utf-8').decode(Buffer.concat(parts)).replace(/^\uFEFF/, '');
}

// ---------------------------------------------------------------------------------------------
// Writing

function person(kind: 'organizer' | 'attendee', who: IcsPerson): ICAL.Property {
  const prop = new ICAL.Property(kind);
  prop.setValue(`mailto:${who.email}`);
  if (who.name) prop.setParameter('cn', who.name);
  return prop;
}

/** A start, end, EXDATE or RECURRENCE-ID value as the event writes it. */
function timeProperty(name: string, at: Date, event: IcsEvent): ICAL.Property {
  const prop = new ICAL.Property(name);
  const ms = at.getTime();
  if (event.allDay) {
    const d = new Date(ms);
    prop.resetType('date');
    prop.setValue(
      ICAL.Time.fromData({
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        isDate: true,
      }),
    );
  } else if (event.timeZone && event.rrule) {
    // A series repeats on its zone's wall clock, so its times are written in that zone.
    prop.setParameter('tzid', event.timeZone);
    prop.setValue(ICAL.Time.fromData({ ...utcToWall(ms, event.timeZone), isDate: false }));
  } else {
    prop.setValue(ICAL.Time.fromJSDate(new Date(ms), true));
  }
  return prop;
}

const DAY = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** Minutes east of UTC in `zone` at an instant. */
function offsetMinutes(at: number, zone: string): number {
  return Math.round((wallAsUtc(utcToWall(at, zone)) - at) / 60_000);
}

/** The offset changes of `zone` during `year`, to the minute. */
function transitions(zone: string, year: number) {
  const found: { at: number; from: number; to: number }[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let at = Date.UTC(year, 0, 1);
  let offset = offsetMinutes(at, zone);
  for (; at < end; at += DAY) {
    const next = offsetMinutes(at + DAY, zone);
    if (next === offset) continue;
    let low = at;
    let high = at + DAY;
    while (high - low > 60_000) {
      const mid = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(mid, zone) === offset) low = mid;
      else high = mid;
    }
    found.push({ at: high, from: offset, to: next });
    offset = next;
  }
  return { found, offset };
}

/**
 * A VTIMEZONE for an IANA zone, as RFC 5545 asks for every TZID a file uses, built from `Intl`:
 * the zone's offset changes in `year` as yearly rules (`BYDAY=-1SU` and the like), or one
 * fixed offset. Zones with more than two changes a year get that year's changes as they are.
 */
function vtimezone(zone: string, year: number): ICAL.Component {
  const component = new ICAL.Component('vtimezone');
  component.addPropertyWithValue('tzid', zone);
  const { found, offset } = transitions(zone, year);
  const part = (kind: string, start: ICAL.Time, from: number, to: number) => {
    const sub = new ICAL.Component(kind);
    sub.addPropertyWithValue('dtstart', start);
    sub.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromSeconds(from * 60));
    sub.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromSeconds(to * 60));
    component.addSubcomponent(sub);
    return sub;
  };
  if (found.length === 0) {
    part('standard', ICAL.Time.fromData({ year: 1970, month: 1, day: 1, hour: 0 }), offset, offset);
    return component;
  }
  for (const change of found) {
    // DTSTART is the local time, in the offset in force before the change.
    const local = new Date(change.at + change.from * 60_000);
    const day = local.getUTCDate();
    const start = ICAL.Time.fromData({ ...utcParts(local.getTime()), isDate: false });
    const sub = part(
      change.to > change.from ? 'daylight' : 'standard',
      start,
      change.from,
      change.to,
    );
    if (found.length === 2) {
      const month = local.getUTCMonth() + 1;
      const last = new Date(Date.UTC(local.getUTCFullYear(), month, 0)).getUTCDate();
      const nth = day + 7 > last ? -1 : Math.ceil(day / 7);
      sub.addPropertyWithValue(
        'rrule',
        ICAL.Recur.fromString(
          `FREQ=YEARLY;BYMONTH=${month};BYDAY=${nth}${WEEKDAYS[local.getUTCDay()]}`,
        ),
      );
    }
  }
  return component;
}

export function formatIcs(events: IcsEvent[], options: { name: string; now?: Date }): string {
  const now = options.now ?? new Date();
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Beacon//Beacon Calendar//EN');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', options.name);
  // The zones series are written in, with rules that start the year before their earliest
  // first occurrence (a time before every DTSTART of a VTIMEZONE has no defined offset).
  const zones = new Map<string, number>();
  for (const event of events) {
    if (!event.timeZone || !event.rrule || event.allDay) continue;
    const year = event.start.getUTCFullYear() - 1;
    zones.set(event.timeZone, Math.min(year, zones.get(event.timeZone) ?? year));
  }
  for (const [zone, year] of zones) calendar.addSubcomponent(vtimezone(zone, year));
  for (const event of events) {
    const vevent = new ICAL.Component('vevent');
    vevent.addPropertyWithValue('uid', event.uid);
    vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(event.updatedAt ?? now, true));
    if (event.recurrenceId) {
      vevent.addProperty(timeProperty('recurrence-id', event.recurrenceId, event));
    }
    vevent.addProperty(timeProperty('dtstart', event.start, event));
    vevent.addProperty(timeProperty('dtend', event.end, event));
    if (event.rrule) vevent.addPropertyWithValue('rrule', parseRule(event.rrule));
    for (const exdate of event.exdates ?? []) {
      vevent.addProperty(timeProperty('exdate', exdate, event));
    }
    vevent.addPropertyWithValue('summary', event.title);
    if (event.description) vevent.addPropertyWithValue('description', event.description);
    if (event.location) vevent.addPropertyWithValue('location', event.location);
    if (event.organizer) vevent.addProperty(person('organizer', event.organizer));
    for (const guest of event.guests ?? []) {
      const prop = person('attendee', guest);
      prop.setParameter('role', guest.role);
      prop.setParameter('partstat', guest.status);
      vevent.addProperty(prop);
    }
    calendar.addSubcomponent(vevent);
  }
  // ical.js writes CRLF lines folded at 75 octets, never inside a character.
  return `${calendar.toString()}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Reading

export type ParsedIcsEvent = Omit<IcsEvent, 'uid'> & {
  uid: string | null;
  timeZone: string | null;
  rrule: string | null;
  exdates: Date[];
  recurrenceId: Date | null;
  organizer: IcsPerson | null;
  guests: IcsGuest[];
};

export type IcsParseResult = {
  events: ParsedIcsEvent[];
  skipped: { index: number; reason: string }[];
};

class Skip extends Error {}

/** A property's value as the file writes it, for messages. */
function rawValue(prop: ICAL.Property): string {
  let line: string;
  try {
    line = prop.toICALString();
  } catch {
    return '';
  }
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return line.slice(i + 1, i + 81);
  }
  return '';
}

/** A date or date-time property as an instant, and the IANA zone it was written in. */
function readTime(prop: ICAL.Property, label: string): { at: number; allDay: boolean } {
  const raw = rawValue(prop);
  let value: ICAL.Time;
  try {
    value = prop.getFirstValue() as ICAL.Time;
    if (!(value instanceof ICAL.Time)) throw new Error('not a time');
  } catch {
    throw new Skip(`The ${label} "${raw}" is not a date`);
  }
  const parts: WallTime = {
    year: value.year,
    month: value.month,
    day: value.day,
    hour: value.isDate ? 0 : value.hour,
    minute: value.isDate ? 0 : value.minute,
    second: value.isDate ? 0 : value.second,
  };
  let at: number;
  if (value.isDate) at = wallAsUtc(parts);
  else if (value.zone === ICAL.Timezone.utcTimezone) at = wallAsUtc(parts);
  else if (value.zone && value.zone !== ICAL.Timezone.localTimezone) {
    // The file's own VTIMEZONE for this TZID.
    at = value.toUnixTime() * 1000;
  } else {
    // No VTIMEZONE: an IANA or Windows name, else a floating time (taken as UTC).
    const zone = resolveTimeZone(prop.getParameter('tzid') as string | undefined);
    at = zone ? wallToUtc(parts, zone) : wallAsUtc(parts);
  }
  if (!Number.isFinite(at) || parts.year < 1 || parts.year > 9999) {
    throw new Skip(`The ${label} "${raw}" is not a date`);
  }
  return { at, allDay: value.isDate };
}

function readPerson(prop: ICAL.Property): IcsPerson | null {
  const value = String(prop.getFirstValue() ?? '').trim();
  const email = value.replace(/^mailto:/i, '').trim();
  if (!email) return null;
  const name = String(prop.getParameter('cn') ?? '').trim();
  return { email: email.slice(0, 320), name: name.slice(0, 200) };
}

function text(vevent: ICAL.Component, name: string): string {
  const value = vevent.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : '';
}

function toEvent(vevent: ICAL.Component): ParsedIcsEvent {
  const startProp = vevent.getFirstProperty('dtstart');
  if (!startProp) throw new Skip('The event has no start (DTSTART)');
  const start = readTime(startProp, 'start');
  const endProp = vevent.getFirstProperty('dtend');
  const durationProp = vevent.getFirstProperty('duration');
  let end: number;
  if (endProp) {
    end = readTime(endProp, 'end').at;
  } else if (durationProp) {
    const raw = rawValue(durationProp);
    let seconds: number;
    try {
      seconds = (durationProp.getFirstValue() as ICAL.Duration).toSeconds();
    } catch {
      throw new Skip(`The duration "${raw}" is not understood`);
    }
    end = start.at + seconds * 1000;
    if (!Number.isFinite(end) || end > LAST_INSTANT || end < FIRST_INSTANT) {
      throw new Skip(`The duration "${raw}" ends the event after the year 9999`);
    }
  } else {
    // RFC 5545: a date lasts one day; a date-time with no end is an instant.
    end = start.at + (start.allDay ? 86_400_000 : 0);
  }
  if (end < start.at) throw new Skip('The event ends before it starts');

  const tzid = startProp.getParameter('tzid') as string | undefined;
  const timeZone = start.allDay ? null : resolveTimeZone(tzid);

  let rrule: string | null = null;
  const ruleProp = vevent.getFirstProperty('rrule');
  if (ruleProp) {
    const raw = rawValue(ruleProp);
    try {
      rrule = parseRule((ruleProp.getFirstValue() as ICAL.Recur).toString()).toString();
    } catch (error) {
      throw new Skip(`The repeat rule "${raw}" is not understood (${(error as Error).message})`);
    }
  }
  const exdates: Date[] = [];
  for (const prop of vevent.getAllProperties('exdate')) {
    for (const value of prop.getValues()) {
      const single = new ICAL.Property(prop.toJSON());
      single.setValue(value as ICAL.Time);
      exdates.push(new Date(readTime(single, 'excluded date').at));
    }
  }
  const recurrenceProp = vevent.getFirstProperty('recurrence-id');
  const recurrenceId = recurrenceProp
    ? new Date(readTime(recurrenceProp, 'recurrence id').at)
    : null;

  const organizerProp = vevent.getFirstProperty('organizer');
  const guests: IcsGuest[] = [];
  for (const prop of vevent.getAllProperties('attendee').slice(0, MAX_GUESTS)) {
    const who = readPerson(prop);
    if (!who) continue;
    guests.push({
      ...who,
      status: String(prop.getParameter('partstat') ?? 'NEEDS-ACTION').toUpperCase(),
      role: String(prop.getParameter('role') ?? 'REQ-PARTICIPANT').toUpperCase(),
    });
  }
  const title = text(vevent, 'summary').trim() || 'Untitled event';
  return {
    uid: text(vevent, 'uid').trim() || null,
    title: title.slice(0, 200),
    description: text(vevent, 'description').slice(0, 5000),
    location: text(vevent, 'location').trim().slice(0, 300),
    allDay: start.allDay,
    start: new Date(start.at),
    end: new Date(end),
    timeZone,
    rrule,
    exdates,
    recurrenceId,
    organizer: organizerProp ? readPerson(organizerProp) : null,
    guests,
  };
}

/** Reads the events of a file; throws when the file is not an iCalendar file. */
export function parseIcs(input: Buffer | string): IcsParseResult {
  const text = unfoldIcs(input);
  if (!/^BEGIN:VCALENDAR\s*$/im.test(text)) {
    throw new Error('This is not an iCalendar file (no BEGIN:VCALENDAR)');
  }
  let parsed: unknown[];
  try {
    parsed = ICAL.parse(text) as unknown[];
  } catch (error) {
    throw new Error(`This iCalendar file cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const roots = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  const result: IcsParseResult = { events: [], skipped: [] };
  let index = -1;
  for (const root of roots) {
    const calendar = new ICAL.Component(root as unknown[]);
    if (calendar.name !== 'vcalendar') continue;
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      index += 1;
      try {
        result.events.push(toEvent(vevent));
      } catch (error) {
        const reason =
          error instanceof Skip
            ? error.message
            : `The event cannot be read: ${(error as Error).message}`;
        result.skipped.push({ index, reason });
      }
    }
  }
  return result;
}
