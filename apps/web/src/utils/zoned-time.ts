/*
 * Wall clocks and days of a time zone: the one place the web reads them (the home page's "today",
 * a task's due time in its assignee's zone). A day runs from one midnight of the zone's wall clock
 * to the next, so it lasts 23 or 25 hours on a day the clocks change (the server counts days the
 * same way: apps/server/src/lib/time-zones.ts). A zone the browser does not know reads as UTC.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    if (formats.size < 200) formats.set(zone, format);
  }
  return format;
}

/** The wall-clock time of an instant in `zone`, as the milliseconds of the same UTC time. */
export function wallClock(instant: number, zone: string): number {
  const parts = formatIn(zone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
}

/**
 * The instant a wall-clock time of `zone` stands for (`wall` as the milliseconds of the same UTC
 * time). A wall time a clock change skips (2:30 on a spring-forward night) becomes the instant
 * just after the gap, as the zone's clocks read it.
 */
export function wallToInstant(wall: number, zone: string): number {
  // The zone's offset at a first guess, then at the instant it gives (it differs across a change).
  let instant = wall - (wallClock(wall, zone) - wall);
  instant = wall - (wallClock(instant, zone) - instant);
  return instant;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function dateIn(instant: number, zone: string): string {
  return new Date(wallClock(instant, zone)).toISOString().slice(0, 10);
}

/**
 * The day holding an instant in a zone: its date and the instants it starts and ends at (23 or
 * 25 hours apart on a day the clocks change; where they skip midnight, it starts at the change).
 */
export function dayIn(instant: number, zone: string): { date: string; start: number; end: number } {
  const date = dateIn(instant, zone);
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return {
    date,
    start: startOf(date, midnight, zone),
    end: startOf(nextDate(date), midnight + DAY, zone),
  };
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}

/** The first instant of a date in a zone: its midnight, or the end of a gap that skips it. */
function startOf(date: string, midnight: number, zone: string): number {
  const at = wallToInstant(midnight, zone);
  if (dateIn(at, zone) === date) return at;
  // Midnight is skipped (Santiago's clocks go from 00:00 to 01:00): the first instant of the date,
  // within the few hours a gap lasts.
  let before = at;
  let after = at + 3 * HOUR;
  while (after - before > 1) {
    const mid = Math.floor((before + after) / 2);
    if (dateIn(mid, zone) < date) before = mid;
    else after = mid;
  }
  return after;
}

/**
 * How long to wait before looking again whether the day has changed in a zone: until just past
 * the next midnight of its wall clock, but at most an hour, so that a clock change on the way or
 * a device that slept only delays the look by that much.
 */
export function msToNextCheck(instant: number, zone: string): number {
  return Math.min(HOUR, Math.max(1000, dayIn(instant, zone).end - instant + 1000));
}

/** `datetime-local` text (the wall time in `zone`) of an ISO instant, or ''. */
export function toZonedInput(iso: string | null, zone: string): string {
  if (!iso) return '';
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return '';
  const wall = new Date(wallClock(instant, zone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The instant of a `datetime-local` text read as the wall time in `zone`, or null when empty or
 * not a time (a skipped wall time: `wallToInstant`).
 */
export function fromZonedInput(text: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wanted);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(wallToInstant(wanted, zone)).toISOString();
}
