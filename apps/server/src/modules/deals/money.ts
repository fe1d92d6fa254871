import { sql, type SQL } from 'drizzle-orm';
import { deals, pipelineStages } from '../../db/schema/index.ts';

/*
 * Sums of deal amounts, exact: amounts are integers of the minor unit up to 10^15 each, so a sum
 * of a few of them passes 2^53, past which a JS number drops units. Sums stay in PostgreSQL
 * `numeric` and travel as decimal strings (BigInt here, strings on the wire: record 037).
 *
 * The one rule of weighted sums (board, forecast, home): Σ(amount × probability) / 100 over the
 * deals, rounded half up once at the end. For the deals of one stage that is the stage's sum ×
 * its probability / 100, rounded.
 */

/** SQL: the exact Σ(amount × probability) of a join of deals and their stages, as text. */
export const weightedRawSql: SQL<string> = sql<string>`coalesce(sum(${deals.amount}::numeric * ${pipelineStages.probability}), 0)::text`;

/** SQL: the exact Σ(amount) of deals, as text. */
export const amountSumSql: SQL<string> = sql<string>`coalesce(sum(${deals.amount}), 0)::text`;

/** Σ(amount × probability) (a decimal string or BigInt) → the weighted sum in minor units. */
export function weightedFromRaw(raw: string | bigint): string {
  const total = BigInt(raw);
  const sign = total < 0n ? -1n : 1n;
  return String((sign * (sign * total * 2n + 100n)) / 200n);
}

/** The weighted sum of deals of one stage: their sum × probability / 100, rounded half up. */
export function weightedSum(amount: string | bigint, probability: number): string {
  return weightedFromRaw(BigInt(amount) * BigInt(probability));
}

/** Adds decimal strings of minor units, exactly. */
export function addMinor(...values: (string | bigint)[]): string {
  return String(values.reduce<bigint>((total, value) => total + BigInt(value), 0n));
}

/** Compares decimal strings of minor units (for sorting, largest first: `compareMinor(b, a)`). */
export function compareMinor(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

const digitsCache = new Map<string, number>();

/**
 * How many minor-unit digits a currency has (2 for EUR, 0 for JPY, 3 for KWD): the rule of the
 * CSV export and import, and the web's (`apps/web/src/utils/money.ts` `minorDigits`).
 */
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

/** Minor units as the exact decimal of the major unit: 123450 EUR → "1234.50", -5 EUR → "-0.05". */
export function minorToDecimal(minor: number | bigint | string, currency: string): string {
  const value = BigInt(minor);
  const digits = minorDigits(currency);
  const sign = value < 0n ? '-' : '';
  const text = (value < 0n ? -value : value).toString().padStart(digits + 1, '0');
  return digits === 0
    ? `${sign}${text}`
    : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
