import type { TFunction } from 'i18next';
import { findLanguage } from '../../../locales/languages.ts';
import { areaErrorText } from '../../../utils/area-error.ts';

/** What to tell the user about a failed team call. */
export const teamErrorText = (t: TFunction, error: unknown) => areaErrorText(t, 'team', error);

/** A date and time in the page's language. */
export function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(findLanguage(language).htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** "5 minutes ago", "in 6 days": the nearest whole unit, in the page's language. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(findLanguage(language).htmlLang, { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'minute');
}

export const fullName = (m: { firstName: string; lastName: string; email: string }) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;
