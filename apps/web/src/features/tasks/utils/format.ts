import { findLanguage } from '../../../locales/languages.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';

/**
 * A due time as a member reads it: weekday, day, month and time, in their language. With `zone`
 * (the assignee's), in that zone's clock, naming the zone when it is not this device's.
 */
export function formatDue(
  iso: string,
  language: string,
  zone?: string,
  device: string | null = browserTimeZone(),
): string {
  const locale = findLanguage(language).htmlLang;
  const other = zone !== undefined && zone !== device;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    ...(zone ? { timeZone: zone } : {}),
    ...(other ? { timeZoneName: 'short' } : {}),
  }).format(new Date(iso));
}
