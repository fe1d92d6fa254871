import { intlLocale } from '../../../locales/i18n.ts';

/** One month of the forecast: the open deals expected to close in it. */
export interface ForecastMonth {
  /** `2026-03`. */
  month: string;
  count: number;
  /** Sum of the amounts, in minor units. */
  amount: number;
  /** Sum of the amounts weighted by their stage's probability, in minor units. */
  weighted: number;
}

/** `2026-03` of a date (UTC), or null for a value that is no date. */
export function monthOf(value: string | Date): string | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month `offset` months after `month` (`2026-11` + 2 = `2027-01`). */
export function addMonths(month: string, offset: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + offset;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/**
 * Sums deals into months by their expected close date: the months from `from` on, `span` of
 * them, each present even when empty (a strip with holes reads as "no data"). Deals without a
 * date, or outside the span, are left out; deals before `from` are counted in `overdue`.
 */
export function forecastByMonth(
  deals: { expectedCloseDate: string | null; amount: number; weighted: number }[],
  from: string,
  span: number,
): { months: ForecastMonth[]; overdue: ForecastMonth | null } {
  const months = Array.from({ length: span }, (_, i) => ({
    month: addMonths(from, i),
    count: 0,
    amount: 0,
    weighted: 0,
  }));
  const byMonth = new Map(months.map((m) => [m.month, m]));
  let overdue: ForecastMonth | null = null;
  for (const deal of deals) {
    const month = deal.expectedCloseDate ? monthOf(deal.expectedCloseDate) : null;
    if (!month) continue;
    let row = byMonth.get(month);
    if (!row && month < from) row = overdue ??= { month, count: 0, amount: 0, weighted: 0 };
    if (!row) continue;
    row.count += 1;
    row.amount += deal.amount;
    row.weighted += deal.weighted;
  }
  return { months, overdue };
}

/**
 * Rows the server summed (any order, holes allowed) laid out as `span` months from `from`, each
 * present; rows before `from` are summed into `overdue`.
 */
export function fillMonths(
  rows: ForecastMonth[],
  from: string,
  span: number,
): { months: ForecastMonth[]; overdue: ForecastMonth | null } {
  const months = Array.from({ length: span }, (_, i) => ({
    month: addMonths(from, i),
    count: 0,
    amount: 0,
    weighted: 0,
  }));
  const byMonth = new Map(months.map((m) => [m.month, m]));
  let overdue: ForecastMonth | null = null;
  for (const row of rows) {
    const target =
      byMonth.get(row.month) ??
      (row.month < from
        ? (overdue ??= { month: row.month, count: 0, amount: 0, weighted: 0 })
        : null);
    if (!target) continue;
    target.count += row.count;
    target.amount += row.amount;
    target.weighted += row.weighted;
  }
  return { months, overdue };
}

/** `Mar 2026`, `mars 2026`, `2026年3月` in the reader's language. */
export function monthLabel(month: string, language: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, index - 1, 1)));
}
