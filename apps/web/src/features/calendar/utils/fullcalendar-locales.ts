import type { LocaleInput } from '@fullcalendar/core';
import arLocale from '@fullcalendar/core/locales/ar';
import frLocale from '@fullcalendar/core/locales/fr';
import viLocale from '@fullcalendar/core/locales/vi';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';

/** FullCalendar's own texts and week rules for our languages; English is built in. */
const LOCALES: Record<string, LocaleInput> = {
  fr: frLocale,
  vi: viLocale,
  cn: zhCnLocale,
  ar: arLocale,
};

export function fullCalendarLocale(language: string): LocaleInput | 'en' {
  return LOCALES[language] ?? 'en';
}
