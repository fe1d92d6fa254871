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

// The numbers' rules (the currency's digits, exact sums, the weighted sum's rounding) are the
// contract's, shared with the web.
export {
  addMinor,
  compareMinor,
  minorDigits,
  minorToDecimal,
  weighMinor,
  weightedFromRaw,
} from '@beacon/contract/values';
