import { findLanguage } from '../../../locales/languages.ts';

/** The BCP 47 tag for `Intl` of one of our language codes (`cn` -> `zh-Hans`). */
export function intlLocale(language: string | undefined): string {
  return findLanguage(language).htmlLang;
}

/** US dollars as the reader writes money: `$19`, `19 $US`, `US$19`; cents only when there are any. */
export function formatUsd(amount: number, language: string | undefined): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

export function formatNumber(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

export function formatDate(
  value: Date | string,
  language: string | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return new Intl.DateTimeFormat(intlLocale(language), options).format(new Date(value));
}
