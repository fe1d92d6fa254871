import { HOME_COUNT_CAP } from '@beacon/contract/values';

/** A count as the language writes numbers; a capped count as "1,000+". */
export function formatCount(count: number, locale: string): string {
  const text = new Intl.NumberFormat(locale).format(count);
  return count >= HOME_COUNT_CAP ? `${text}+` : text;
}

/** A time of day (14:30, 2:30 PM) in the language's format and the browser's zone. */
export function formatTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(iso));
}

/** A date without year (24 Nov, 24 nov., 11月24日): a calendar date as is, an instant in the browser's zone. */
export function formatDay(value: string, locale: string): string {
  const calendarDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  // A calendar date is read at noon UTC and shown in UTC, so no zone moves it to another day.
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(calendarDate ? { timeZone: 'UTC' } : {}),
  }).format(new Date(calendarDate ? `${value}T12:00:00Z` : value));
}

/** The short weekday name of a calendar date (Mon, lun., 周一). */
export function formatWeekday(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

/** How long ago, in words ("5 minutes ago", "il y a 5 minutes"). */
export function formatAgo(iso: string, locale: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.35],
    ['month', 12],
    ['year', Infinity],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
