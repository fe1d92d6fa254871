import type { DealForecastMonth } from '@beacon/contract';
import { intlLocale } from '../../../locales/i18n.ts';

/** One month of the forecast: the open deals expected to close in it, summed by currency. */
export type ForecastRow = DealForecastMonth;

/** `Mar 2026`, `mars 2026`, `2026年3月` in the reader's language. */
export function monthLabel(month: string, language: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, index - 1, 1)));
}
