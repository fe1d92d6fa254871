import type { MemberTimeZones } from '@beacon/contract';

// A task's due time is entered and shown in its assignee's time zone, the zone the server counts
// its day in (docs/decisions/031-tasks.md, 038): a member in Paris who sets "tomorrow 9:00" for a
// colleague in Tokyo means 9:00 in Tokyo.

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock time of an instant in `zone`, as the parts of a UTC date. */
function wallClock(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
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
 * not a time. A wall time a clock change skips (2:30 on a spring-forward night) becomes the
 * instant just after the gap, as the zone's clocks read it.
 */
export function fromZonedInput(text: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wanted);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The zone's offset at a first guess, then at the instant it gives (it differs across a change).
  let instant = wanted - (wallClock(wanted, zone) - wanted);
  instant = wanted - (wallClock(instant, zone) - instant);
  return new Date(instant).toISOString();
}

/**
 * The zone a task's due time is in: its assignee's, else the caller's (as the server counts an
 * unassigned task's day), else this device's, else UTC.
 */
export function assigneeZone(
  zones: MemberTimeZones['items'] | undefined,
  assigneeId: string | null,
  callerId: string | null,
  device: string | null,
): string {
  const of = (id: string | null) => (id ? zones?.find((z) => z.userId === id)?.timeZone : null);
  return of(assigneeId) ?? of(callerId) ?? device ?? 'UTC';
}

/** A zone's name as a member reads it ("Tokyo", "New York"). */
export function zoneLabel(zone: string): string {
  const city = zone.split('/').at(-1) ?? zone;
  return city.replace(/_/g, ' ');
}
