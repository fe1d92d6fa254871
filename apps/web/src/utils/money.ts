import { intlLocale } from '../locales/i18n.ts';

/*
 * Amounts are integers of the currency's minor unit (cents for EUR, yen for JPY, fils for KWD):
 * never floats on the wire. These turn them into text in the reader's language and back.
 */

const digitsCache = new Map<string, number>();

/** How many minor-unit digits a currency has (2 for EUR, 0 for JPY, 3 for KWD). */
export function minorDigits(currency: string): number {
  const known = digitsCache.get(currency);
  if (known !== undefined) return known;
  let digits: number;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    digits = 2;
  }
  digitsCache.set(currency, digits);
  return digits;
}

/** The major-unit value of an amount in minor units (for display only: never sent back). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/**
 * An amount as the reader's language writes it: `€12,500.00`, `12 500,00 €`, `١٢٬٥٠٠٫٠٠ US$`.
 * `compact` gives `€12.5K` for a column's totals. An unknown currency code is shown beside the
 * number rather than failing.
 */
export function formatMoney(
  minor: number,
  currency: string,
  language: string,
  options: { compact?: boolean } = {},
): string {
  const locale = intlLocale(language);
  const value = toMajor(minor, currency);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(options.compact
        ? { notation: 'compact', maximumFractionDigits: 1 }
        : { maximumFractionDigits: minorDigits(currency) }),
    }).format(value);
  } catch {
    return `${new Intl.NumberFormat(locale).format(value)} ${currency}`;
  }
}

/**
 * What a person typed in an amount field (`12,500.50`, `12500,5`, `1 200`) as an integer of the
 * minor unit, or null when it is not an amount (letters, a sign, more decimals than the currency
 * has). The last `.` or `,` is the decimal mark, unless it is the only mark and three figures
 * follow it in a currency with fewer decimals (`1,200` is twelve hundred); any other mark, space
 * or apostrophe groups thousands.
 */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const cleaned = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[\d.,]*$/.test(cleaned)) return null;
  const marks = cleaned.match(/[.,]/g) ?? [];
  let whole = cleaned;
  let fraction = '';
  const last = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  if (last !== -1) {
    const after = cleaned.slice(last + 1);
    const grouping = marks.length === 1 && after.length === 3 && digits < 3;
    const sameMarks = marks.length > 1 && marks.every((mark) => mark === marks[0]);
    if (!grouping && !sameMarks) {
      whole = cleaned.slice(0, last);
      fraction = after;
    }
  }
  // Thousands come in groups of three, with one kind of mark.
  if (!/^\d+$/.test(whole) && !/^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(whole)) return null;
  whole = whole.replace(/[.,]/g, '');
  if (whole === '' || fraction.length > digits || !/^\d*$/.test(fraction)) return null;
  const minor = Number(`${whole}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** An amount in minor units as the plain text an input starts with (`12500.5` → `12500.50`). */
export function minorToInput(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const text = String(abs).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Sums in several currencies as one line: `$12,500.00 · €3,000.00`; '' for none. */
export function formatSums(
  sums: readonly { currency: string; amount: number; weighted: number }[],
  language: string,
  which: 'amount' | 'weighted',
): string {
  return sums.map((sum) => formatMoney(sum[which], sum.currency, language)).join(' · ');
}
