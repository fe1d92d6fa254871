import { sql, type SQL } from 'drizzle-orm';
import { findIana } from 'windows-iana';
import type { Executor } from '../db/client.ts';

/** Wall-clock parts of an instant in some zone (month 1–12). */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(zone: string): Intl.DateTimeFormat | null {
  let cached = formatters.get(zone);
  if (cached === undefined) {
    try {
      cached = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      cached = null;
    }
    if (formatters.size < 1000) formatters.set(zone, cached);
  }
  return cached;
}

export function isIanaZone(zone: string): boolean {
  return formatter(zone) !== null;
}

/**
 * The IANA name for a TZID as calendars write it: an IANA name as is, or a Windows name
 * (Outlook and Exchange write `W. Europe Standard Time`) through the CLDR table of
 * `windows-iana`. Null for anything else (a custom zone known only by its VTIMEZONE).
 */
export function resolveTimeZone(tzid: string | null | undefined): string | null {
  const name = tzid?.trim().replace(/^"|"$/g, '');
  if (!name) return null;
  if (isIanaZone(name)) return name;
  const [iana] = findIana(name);
  return iana && isIanaZone(iana) ? iana : null;
}

/** The wall clock of `zone` at an instant. */
export function utcToWall(instant: number, zone: string): WallTime {
  const parts = formatter(zone)!.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

function wallAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/** The instant a wall-clock time of `zone` stands for (the later one in a DST gap). */
export function wallToUtc(wall: WallTime, zone: string): number {
  const asUtc = wallAsUtc(wall);
  const offset = (at: number) => wallAsUtc(utcToWall(at, zone)) - at;
  // Corrected twice so that a time near a DST change settles on the right offset.
  let utc = asUtc - offset(asUtc);
  utc = asUtc - offset(utc);
  return utc;
}

/** The wall clock of a UTC instant read as UTC (floating times are taken as UTC). */
export function utcParts(instant: number): WallTime {
  const d = new Date(instant);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

export { wallAsUtc };

/*
 * Days, weeks and months of a zone: the one place the server counts them (the home page's cards,
 * the tasks' "today"/"overdue"). A day runs from one midnight of the zone's wall clock to the
 * next, so it lasts 23 or 25 hours on a day the clocks change, and starts at 01:00 where
 * midnight itself is skipped.
 */

/** A span of wall-clock time in a zone, as instants: [start, end). */
export type Span = { start: Date; end: Date };

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function dateIn(instant: number, zone: string): string {
  const wall = utcToWall(instant, zone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** Midnight of a calendar date in a zone (the first instant of the date when a clock change skips midnight). */
export function midnightIn(year: number, month: number, day: number, zone: string): Date {
  // Date.UTC rolls day 32 or month 13 over, so callers can add days and months freely.
  const d = new Date(Date.UTC(year, month - 1, day));
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const at = wallToUtc(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
    },
    zone,
  );
  if (dateIn(at, zone) === date) return new Date(at);
  // Midnight is skipped (Santiago's clocks go from 00:00 to 01:00): the day starts at the change,
  // the first instant of that date, found within the few hours a gap lasts.
  let before = at;
  let after = at + 3 * 3_600_000;
  while (after - before > 1) {
    const mid = Math.floor((before + after) / 2);
    if (dateIn(mid, zone) < date) before = mid;
    else after = mid;
  }
  return new Date(after);
}

/** The day holding `now` in the zone: its date and the instants it starts and ends at. */
export function dayOf(now: number, zone: string): Span & { date: string } {
  const { year, month, day } = utcToWall(now, zone);
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    start: midnightIn(year, month, day, zone),
    end: midnightIn(year, month, day + 1, zone),
  };
}

/** The week (Monday to Sunday) holding `now` in the zone, with the start of each of its days. */
export function weekOf(now: number, zone: string): Span & { dates: string[]; days: Date[] } {
  const { year, month, day } = utcToWall(now, zone);
  // 0 = Monday … 6 = Sunday.
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const days = Array.from({ length: 8 }, (_, i) =>
    midnightIn(year, month, day - weekday + i, zone),
  );
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

/*
 * The same day bounds in SQL, for queries where each row has its own zone (a task's day is its
 * assignee's): `zone` is an SQL expression naming an IANA zone. PostgreSQL's midnight of the
 * zone's wall clock, the same instants as `dayOf` (time-zones.test.ts holds them side by side).
 */

/** SQL: the instant today starts at in `zone` (timestamptz); `at` stands for now. */
export function todayStartSql(zone: SQL, at: SQL = sql`now()`): SQL {
  return sql`(date_trunc('day', ${at} at time zone ${zone}) at time zone ${zone})`;
}

/** SQL: the instant today ends (tomorrow starts) at in `zone` (timestamptz); `at` stands for now. */
export function tomorrowStartSql(zone: SQL, at: SQL = sql`now()`): SQL {
  return sql`((date_trunc('day', ${at} at time zone ${zone}) + interval '1 day') at time zone ${zone})`;
}

/*
 * A member's effective zone: their own (`users.time_zone`), else their workspace's (admin panel),
 * else UTC. Everything that counts days for a member reads it here: the home cards, the deals
 * forecast, the tasks' zone endpoints (the web enters due times in it) and a task's due state
 * (tasks.entity.ts, per row). One SQL expression, and one TS function that runs it.
 */

/** SQL: the effective zone of the member `userId` of `workspaceId` (both SQL expressions). */
export function effectiveZoneSql(userId: SQL, workspaceId: SQL): SQL {
  return sql`coalesce((select ez.time_zone from users ez where ez.id = ${userId}),
    (select ew.time_zone from workspaces ew where ew.id = ${workspaceId}), 'UTC')`;
}

/** The effective zone of a member, read with `effectiveZoneSql`. */
export async function effectiveZoneOf(
  db: Executor,
  member: { userId: string; workspaceId: string },
): Promise<string> {
  const result = (await db.execute(
    sql`select ${effectiveZoneSql(sql`${member.userId}::uuid`, sql`${member.workspaceId}::uuid`)} as zone`,
  )) as unknown as { rows: { zone: string }[] };
  return result.rows[0]?.zone ?? 'UTC';
}
