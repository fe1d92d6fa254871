import type { HomeMoney, HomeStage } from '@beacon/contract';
import { addMinor, compareMinor } from '../../../utils/money.ts';

/** The currency with the most open value: the one the chart draws (others are listed). Exact. */
export function mainCurrency(stages: HomeStage[]): string | undefined {
  const sums = new Map<string, string>();
  for (const stage of stages) {
    for (const total of stage.totals) {
      sums.set(total.currency, addMinor(sums.get(total.currency) ?? '0', total.amount));
    }
  }
  let best: string | undefined;
  for (const [currency, sum] of sums) {
    const order = best === undefined ? 1 : compareMinor(sum, sums.get(best)!);
    if (best === undefined || order > 0 || (order === 0 && currency < best)) best = currency;
  }
  return best;
}

/** A stage's total and weighted total in one currency ('0' when it has none in it). */
export function stageIn(stage: HomeStage, currency: string): Omit<HomeMoney, 'currency'> {
  const total = stage.totals.find((t) => t.currency === currency);
  return { amount: total?.amount ?? '0', weighted: total?.weighted ?? '0' };
}
