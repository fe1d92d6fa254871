/**
 * Due dates are dates: kept at UTC midnight (as the calendar keeps all-day events), shown in UTC so
 * that every member sees the same day.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function dueDateValue(dueAt: string | null): string {
  return dueAt ? new Date(dueAt).toISOString().slice(0, 10) : '';
}

export function dueAtFromValue(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : null;
}

export function todayValue(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type DueState = 'overdue' | 'today' | 'upcoming';

export function dueState(dueAt: string, now: Date = new Date()): DueState {
  const due = dueDateValue(dueAt);
  const today = todayValue(now);
  return due < today ? 'overdue' : due === today ? 'today' : 'upcoming';
}

export function formatDueDate(dueAt: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(dueAt),
  );
}

export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function formatFileSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
