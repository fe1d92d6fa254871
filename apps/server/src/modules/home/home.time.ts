import { utcToWall, wallToUtc } from '../../lib/time-zones.ts';

/** A span of wall-clock time in a zone, as instants: [start, end). */
export type Span = { start: Date; end: Date };

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function dateIn(instant: number, zone: string): string {
  const wall = utcToWall(instant, zone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** Midnight of a calendar date in a zone (days that start at 01:00 after a DST jump included). */
function midnight(year: number, month: number, day: number, zone: string): Date {
  // Date.UTC rolls day 32 or month 13 over, so callers can add days and months freely.
  const d = new Date(Date.UTC(year, month - 1, day));
  return new Date(
    wallToUtc(
      {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: 0,
        minute: 0,
        second: 0,
      },
      zone,
    ),
  );
}

/** Today in the zone: its date and the instants it starts and ends at. */
export function dayOf(now: number, zone: string): Span & { date: string } {
  const { year, month, day } = utcToWall(now, zone);
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    start: midnight(year, month, day, zone),
    end: midnight(year, month, day + 1, zone),
  };
}

/** The week (Monday to Sunday) holding `now` in the zone, with the start of each of its days. */
export function weekOf(now: number, zone: string): Span & { dates: string[]; days: Date[] } {
  const { year, month, day } = utcToWall(now, zone);
  // 0 = Monday … 6 = Sunday.
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const days = Array.from({ length: 8 }, (_, i) => midnight(year, month, day - weekday + i, zone));
  const dates = Array.from({ length: 7 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1, day - weekday + i));
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  });
  return { start: days[0]!, end: days[7]!, dates, days: days.slice(0, 7) };
}

/** The month holding `now` in the zone: YYYY-MM and its first and last dates (inclusive). */
export function monthOf(now: number, zone: string): { month: string; first: string; last: string } {
  const { year, month } = utcToWall(now, zone);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    month: `${year}-${pad(month)}`,
    first: `${year}-${pad(month)}-01`,
    last: `${year}-${pad(month)}-${pad(lastDay)}`,
  };
}
