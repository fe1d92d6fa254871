import { findIana } from 'windows-iana';

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
