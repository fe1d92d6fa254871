/*
 * Amounts are integers of the currency's minor unit (cents for EUR, yen for JPY, fils for KWD),
 * never floats on the wire; sums travel as decimal strings (record 037). These are the one copy of
 * the rules the server (sums, CSV) and the web (display, board totals) share, without zod:
 * `import { minorDigits } from '@beacon/contract/values'`.
 */

/** Minor units as a number, a BigInt or the decimal string the API answers sums in. */
export type Minor = number | bigint | string;

const digitsCache = new Map<string, number>();

/** How many minor-unit digits a currency has (2 for EUR, 0 for JPY, 3 for KWD; 2 when unknown). */
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

/**
 * An amount in minor units as the exact decimal text of the major unit (`123450` EUR →
 * `1234.50`, `-5` EUR → `-0.05`): what the CSV writes and what `Intl.NumberFormat` formats
 * without going through a float, so sums beyond 2^53 keep every unit.
 */
export function minorToDecimal(minor: Minor, currency: string): string {
  const value = BigInt(minor);
  const digits = minorDigits(currency);
  const sign = value < 0n ? '-' : '';
  const text = (value < 0n ? -value : value).toString().padStart(digits + 1, '0');
  return digits === 0
    ? `${sign}${text}`
    : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Adds amounts in minor units exactly (decimal string answer). */
export function addMinor(...values: Minor[]): string {
  return values.reduce<bigint>((total, value) => total + BigInt(value), 0n).toString();
}

/** Compares amounts in minor units exactly (-1, 0, 1; largest first: `compareMinor(b, a)`). */
export function compareMinor(a: Minor, b: Minor): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The one rule of weighted sums (board, forecast, home): Σ(amount × probability) / 100, rounded
 * half up (away from zero) once at the end. Takes that Σ, exact (a BigInt or a decimal string).
 */
export function weightedFromRaw(raw: Minor): string {
  const total = BigInt(raw);
  const sign = total < 0n ? -1n : 1n;
  return ((sign * (sign * total * 2n + 100n)) / 200n).toString();
}

/** The weighted amount of a sum at one probability: amount × probability / 100, rounded half up. */
export function weighMinor(amount: Minor, probability: number): string {
  return weightedFromRaw(BigInt(amount) * BigInt(Math.round(probability)));
}
