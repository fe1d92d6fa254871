/**
 * iCalendar (RFC 5545) for the calendar's export, feed and import: the VEVENT subset people
 * exchange between calendars (summary, description, location, start, end, all-day).
 */

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
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function utcStamp(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

function dateStamp(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}

function escapeText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Folds a content line at 75 octets, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function formatIcs(events: IcsEvent[], options: { name: string; now?: Date }): string {
  const now = options.now ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Beacon//Beacon Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(event.updatedAt ?? now)}`,
      event.allDay
        ? `DTSTART;VALUE=DATE:${dateStamp(event.start)}`
        : `DTSTART:${utcStamp(event.start)}`,
      event.allDay ? `DTEND;VALUE=DATE:${dateStamp(event.end)}` : `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${escapeText(event.title)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

type Property = { name: string; params: Record<string, string>; value: string };

function parseLine(line: string): Property | undefined {
  // NAME;PARAM=VALUE;PARAM="QUOTED":VALUE — the first colon outside quotes ends the parameters.
  let inQuotes = false;
  let colon = -1;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === ':' && !inQuotes) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) return undefined;
  const [name, ...rawParams] = line.slice(0, colon).split(';');
  const params: Record<string, string> = {};
  for (const raw of rawParams) {
    const eq = raw.indexOf('=');
    if (eq > 0) params[raw.slice(0, eq).toUpperCase()] = raw.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: (name ?? '').toUpperCase(), params, value: line.slice(colon + 1) };
}

/** The UTC offset of a time zone at an instant, in minutes, from Intl. */
function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Reads DTSTART/DTEND: a UTC time, a time in a named zone, a floating time (as UTC), or a date. */
function parseDateValue(prop: Property): { date: Date; allDay: boolean } | undefined {
  const value = prop.value.trim();
  const dateOnly = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (dateOnly || prop.params.VALUE === 'DATE') {
    if (!dateOnly) return undefined;
    const date = new Date(
      Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])),
    );
    return Number.isNaN(date.getTime()) ? undefined : { date, allDay: true };
  }
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  if (!m) return undefined;
  const wall = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
  );
  if (Number.isNaN(wall)) return undefined;
  const zone = prop.params.TZID;
  if (m[7] === 'Z' || !zone || !isKnownZone(zone)) return { date: new Date(wall), allDay: false };
  // Wall time in `zone`: correct by the zone's offset, twice to settle around DST changes.
  let utc = wall - zoneOffsetMinutes(zone, new Date(wall)) * 60_000;
  utc = wall - zoneOffsetMinutes(zone, new Date(utc)) * 60_000;
  return { date: new Date(utc), allDay: false };
}

/** ISO 8601 durations as iCalendar writes them: P1D, PT1H30M, P1W. */
function parseDuration(value: string): number | undefined {
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(
    value.trim(),
  );
  if (!m) return undefined;
  const [, sign, w, d, h, min, s] = m;
  const ms =
    ((Number(w ?? 0) * 7 + Number(d ?? 0)) * 86400 +
      Number(h ?? 0) * 3600 +
      Number(min ?? 0) * 60 +
      Number(s ?? 0)) *
    1000;
  return sign === '-' ? -ms : ms;
}

export type IcsParseResult = {
  events: (Omit<IcsEvent, 'uid'> & { uid: string | null })[];
  skipped: { index: number; reason: string }[];
};

export function parseIcs(text: string): IcsParseResult {
  const unfolded = text.replace(/^\uFEFF/, '').replace(/\r?\n[ \t]/g, '');
  const lines = unfolded.split(/\r?\n/);
  if (!lines.some((l) => l.trim().toUpperCase() === 'BEGIN:VCALENDAR')) {
    throw new Error('This is not an iCalendar file (no BEGIN:VCALENDAR)');
  }
  const result: IcsParseResult = { events: [], skipped: [] };
  let current: Property[] | null = null;
  let depth = 0;
  let index = -1;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line) continue;
    const upper = line.toUpperCase();
    if (upper === 'BEGIN:VEVENT') {
      current = [];
      depth = 0;
      index += 1;
      continue;
    }
    if (!current) continue;
    if (upper.startsWith('BEGIN:')) depth += 1;
    else if (upper.startsWith('END:') && upper !== 'END:VEVENT') depth -= 1;
    else if (upper === 'END:VEVENT') {
      const outcome = toEvent(current);
      if (typeof outcome === 'string') result.skipped.push({ index, reason: outcome });
      else result.events.push(outcome);
      current = null;
    } else if (depth === 0) {
      const prop = parseLine(line);
      if (prop) current.push(prop);
    }
  }
  return result;
}

function toEvent(props: Property[]): IcsParseResult['events'][number] | string {
  const get = (name: string) => props.find((p) => p.name === name);
  if (get('RRULE')) return 'Repeating events are not imported';
  const startProp = get('DTSTART');
  if (!startProp) return 'The event has no start (DTSTART)';
  const start = parseDateValue(startProp);
  if (!start) return `The start "${startProp.value}" is not a date`;
  let end: Date;
  const endProp = get('DTEND');
  const durationProp = get('DURATION');
  if (endProp) {
    const parsed = parseDateValue(endProp);
    if (!parsed) return `The end "${endProp.value}" is not a date`;
    end = parsed.date;
  } else if (durationProp) {
    const ms = parseDuration(durationProp.value);
    if (ms === undefined) return `The duration "${durationProp.value}" is not understood`;
    end = new Date(start.date.getTime() + ms);
  } else {
    // RFC 5545: a date lasts one day; a date-time with no end is an instant.
    end = new Date(start.date.getTime() + (start.allDay ? 86_400_000 : 0));
  }
  if (end.getTime() < start.date.getTime()) return 'The event ends before it starts';
  const title = unescapeText(get('SUMMARY')?.value ?? '').trim() || 'Untitled event';
  return {
    uid: get('UID')?.value.trim() || null,
    title: title.slice(0, 200),
    description: unescapeText(get('DESCRIPTION')?.value ?? '').slice(0, 5000),
    location: unescapeText(get('LOCATION')?.value ?? '')
      .trim()
      .slice(0, 300),
    allDay: start.allDay,
    start: start.date,
    end,
  };
}
