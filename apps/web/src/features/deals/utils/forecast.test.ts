import { describe, expect, it } from 'vitest';
import {
  addMonths,
  forecastMonths,
  forecastRow,
  monthFilters,
  monthLabel,
  monthOf,
} from './forecast.ts';

describe('months', () => {
  it('finds a date’s month and steps over years', () => {
    expect(monthOf('2026-03-31')).toBe('2026-03');
    expect(monthOf('not a date')).toBeNull();
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('lays out the strip from this month on', () => {
    expect(forecastMonths(new Date('2026-11-24T10:00:00Z'), 3)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
  });

  it('names a month in the reader’s language', () => {
    expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
    expect(monthLabel('2026-03', 'cn')).toBe('2026年3月');
  });
});

describe('the forecast of a month', () => {
  it('asks for the open deals closing within the month, the next month’s first day excluded', () => {
    expect(monthFilters('2026-12')).toEqual([
      { field: 'status', op: 'equals', value: 'open' },
      {
        field: 'expectedCloseDate',
        op: 'between',
        value: { from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' },
      },
    ]);
  });

  it('adds every stage’s count and weighted sums, currency by currency', () => {
    const row = forecastRow('2026-12', {
      columns: [
        { count: 2, sums: [{ currency: 'EUR', amount: 30_000, weighted: 3_000 }] },
        {
          count: 3,
          sums: [
            { currency: 'USD', amount: 50_000, weighted: 25_000 },
            { currency: 'EUR', amount: 10_000, weighted: 5_000 },
          ],
        },
        { count: 0, sums: [] },
      ],
    });
    expect(row).toEqual({
      month: '2026-12',
      count: 5,
      sums: [
        { currency: 'USD', amount: 50_000, weighted: 25_000 },
        { currency: 'EUR', amount: 40_000, weighted: 8_000 },
      ],
    });
  });
});
