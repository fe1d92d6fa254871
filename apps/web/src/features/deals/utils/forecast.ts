import type { FilterCondition } from '@beacon/contract';
import { intlLocale } from '../../../locales/i18n.ts';
import { addSums, type MoneySum } from '../state/board-rules.ts';

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

/** What the forecast needs of a board answer: each column's count and sums by currency. */
interface BoardFigures {
  columns: { count: number; sums: MoneySum[] }[];
}

/** One month of the forecast: the open deals expected to close in it, summed by currency. */
export interface ForecastRow {
  month: string;
  count: number;
  sums: MoneySum[];
}

/** The months of the strip: this month (of `now`, UTC) and the `span - 1` after it. */
export function forecastMonths(now: Date, span: number): string[] {
  const first = monthOf(now)!;
  return Array.from({ length: span }, (_, i) => addMonths(first, i));
}

/**
 * The board call's filter for one month: open deals whose expected close date falls in it
 * (`from` inclusive, `to` exclusive, as the filters' date ranges are).
 */
export function monthFilters(month: string): FilterCondition[] {
  return [
    { field: 'status', op: 'equals', value: 'open' },
    {
      field: 'expectedCloseDate',
      op: 'between',
      value: { from: `${month}-01T00:00:00.000Z`, to: `${addMonths(month, 1)}-01T00:00:00.000Z` },
    },
  ];
}

/** A month's row from the board filtered to it: every stage's deals and sums together. */
export function forecastRow(month: string, board: BoardFigures): ForecastRow {
  return {
    month,
    count: board.columns.reduce((total, column) => total + column.count, 0),
    sums: addSums(board.columns.map((column) => column.sums)),
  };
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
