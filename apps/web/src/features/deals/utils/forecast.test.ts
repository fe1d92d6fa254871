import { describe, expect, it } from 'vitest';
import { addMonths, fillMonths, forecastByMonth, monthLabel, monthOf } from './forecast.ts';

describe('months', () => {
  it('finds a date’s month and steps over years', () => {
    expect(monthOf('2026-03-31')).toBe('2026-03');
    expect(monthOf('not a date')).toBeNull();
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('names a month in the reader’s language', () => {
    expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
    expect(monthLabel('2026-03', 'cn')).toBe('2026年3月');
  });
});

describe('forecastByMonth', () => {
  it('sums the weighted amounts of each month, keeping empty months and counting overdue apart', () => {
    const { months, overdue } = forecastByMonth(
      [
        { expectedCloseDate: '2026-11-05', amount: 10_000, weighted: 5_000 },
        { expectedCloseDate: '2026-11-28', amount: 20_000, weighted: 2_000 },
        { expectedCloseDate: '2027-01-10', amount: 4_000, weighted: 4_000 },
        { expectedCloseDate: '2026-09-01', amount: 1_000, weighted: 100 },
        { expectedCloseDate: null, amount: 99_000, weighted: 99_000 },
        { expectedCloseDate: '2027-06-01', amount: 7_000, weighted: 7_000 },
      ],
      '2026-11',
      3,
    );
    expect(months).toEqual([
      { month: '2026-11', count: 2, amount: 30_000, weighted: 7_000 },
      { month: '2026-12', count: 0, amount: 0, weighted: 0 },
      { month: '2027-01', count: 1, amount: 4_000, weighted: 4_000 },
    ]);
    expect(overdue).toEqual({ month: '2026-09', count: 1, amount: 1_000, weighted: 100 });
  });
});

describe('fillMonths', () => {
  it('lays server rows out over the span, holes filled and earlier months summed as overdue', () => {
    const { months, overdue } = fillMonths(
      [
        { month: '2027-01', count: 1, amount: 300, weighted: 30 },
        { month: '2026-08', count: 2, amount: 100, weighted: 10 },
        { month: '2026-09', count: 1, amount: 50, weighted: 5 },
        { month: '2026-11', count: 3, amount: 900, weighted: 450 },
      ],
      '2026-11',
      3,
    );
    expect(months.map((m) => [m.month, m.weighted])).toEqual([
      ['2026-11', 450],
      ['2026-12', 0],
      ['2027-01', 30],
    ]);
    expect(overdue).toMatchObject({ count: 3, amount: 150, weighted: 15 });
  });
});
