/** A message's time: the time alone today, the day and time otherwise. */
export function formatWhen(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(language === 'cn' ? 'zh-Hans' : language, {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** A day (YYYY-MM-DD, as a return date is kept) in the reader's words. */
export function formatDay(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'cn' ? 'zh-Hans' : language, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, date!)));
}

export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';
