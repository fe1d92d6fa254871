/**
 * Dates of calendar events. Timed events are instants (ISO 8601, UTC on the wire). All-day events
 * are dates: the server keeps them at UTC midnight and their end is exclusive, as FullCalendar's
 * (a one-day event on 21 November ends on 22 November at 00:00).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of an all-day instant (its UTC date). */
export function isoToDateOnly(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** The instant the server keeps for the date `YYYY-MM-DD`. */
export function dateOnlyToIso(date: string): string {
  return `${date}T00:00:00.000Z`;
}

/** `YYYY-MM-DD` of a date as the person sees it (their local calendar day). */
export function localDateOnly(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function addDays(date: string, days: number): string {
  const d = new Date(dateOnlyToIso(date));
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The value of a `datetime-local` input (local wall time, minutes) for an instant. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${localDateOnly(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant of a `datetime-local` value; undefined for anything else. */
export function fromLocalInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export const HOUR_MS = 3_600_000;

/**
 * The start and end the server should keep for dates FullCalendar reports (after a drag, a resize
 * or a selection). All-day dates come as local midnights; FullCalendar leaves `end` out when the
 * event lasts its default duration (a day, or an hour).
 */
export function toEventTimes(range: { start: Date; end: Date | null; allDay: boolean }): {
  start: string;
  end: string;
  allDay: boolean;
} {
  if (range.allDay) {
    const start = localDateOnly(range.start);
    const end = range.end ? localDateOnly(range.end) : addDays(start, 1);
    return { start: dateOnlyToIso(start), end: dateOnlyToIso(end), allDay: true };
  }
  const end = range.end ?? new Date(range.start.getTime() + HOUR_MS);
  return { start: range.start.toISOString(), end: end.toISOString(), allDay: false };
}
