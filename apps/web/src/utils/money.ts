import { minorDigits, minorToDecimal, type Minor } from '@beacon/contract/values';
import { intlLocale } from '../locales/i18n.ts';

// The currency's digits and the exact sums are the contract's (one copy with the server's).
export {
  addMinor,
  compareMinor,
  minorDigits,
  minorToDecimal,
  weighMinor,
  type Minor,
} from '@beacon/contract/values';

/*
 * Amounts are integers of the currency's minor unit (cents for EUR, yen for JPY, fils for KWD):
 * never floats on the wire. These turn them into text in the reader's language and back.
 */

/** The major-unit value of an amount in minor units (for display only: never sent back). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** A close float of an amount in minor units: for proportions only (a bar's height), never shown. */
export function minorRatio(part: Minor, whole: Minor): number {
  const w = Number(BigInt(whole));
  return w === 0 ? 0 : Number(BigInt(part)) / w;
}

/**
 * An amount in minor units, exact at any size (a number, a BigInt or the API's decimal string), as
 * the reader's language writes it: `€12,500.00`, `12 500,00 €`, `١٢٬٥٠٠٫٠٠ US$`. `compact` gives
 * `€12.5K` for a column's totals. An unknown currency code is shown beside the number.
 */
export function formatMinor(
  minor: Minor,
  currency: string,
  language: string,
  options: { compact?: boolean } = {},
): string {
  const locale = intlLocale(language);
  // Intl formats a decimal string exactly (no float on the way).
  const value = minorToDecimal(minor, currency) as `${number}`;
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
 * An amount as the reader's language writes it (see `formatMinor`, which it is; kept for the
 * callers that pass a number).
 */
export function formatMoney(
  minor: number,
  currency: string,
  language: string,
  options: { compact?: boolean } = {},
): string {
  return formatMinor(minor, currency, language, options);
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

/** Sums in several currencies as one line: `$12,500.00 · €3,000.00`; '' for none. Exact. */
export function formatSums(
  sums: readonly { currency: string; amount: Minor; weighted: Minor }[],
  language: string,
  which: 'amount' | 'weighted',
  options: { compact?: boolean } = {},
): string {
  return sums.map((sum) => formatMinor(sum[which], sum.currency, language, options)).join(' · ');
}
