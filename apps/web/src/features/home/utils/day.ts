const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of a zone (a zone the browser does not know reads as UTC). */
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formats.set(zone, format);
  }
  return format;
}

function wall(instant: number, zone: string) {
  const parts: Record<string, string> = {};
  for (const part of formatIn(zone).formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function dateIn(instant: number, zone: string): string {
  const { year, month, day } = wall(instant, zone);
  return `${year}-${month}-${day}`;
}

/**
 * How long to wait before looking again whether the day has changed in a zone: until just past
 * the next midnight of its wall clock, but at most an hour, so that a clock change on the way or
 * a device that slept only delays the look by that much.
 */
export function msToNextCheck(instant: number, zone: string): number {
  const { hour, minute, second } = wall(instant, zone);
  const sinceMidnight =
    (Number(hour) * 3600 + Number(minute) * 60 + Number(second)) * 1000 + (instant % 1000);
  return Math.min(HOUR, Math.max(1000, DAY - sinceMidnight + 1000));
}
