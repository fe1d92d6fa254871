import { findLanguage } from '../../../locales/languages.ts';

/** A due time as a member reads it: weekday, day, month and time, in their language. */
export function formatDue(iso: string, language: string): string {
  const locale = findLanguage(language).htmlLang;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}
