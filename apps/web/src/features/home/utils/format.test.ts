import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigits } from '../../../utils/money.ts';
import { formatAgo, formatCount, formatDay } from './format.ts';
import { mainCurrency, stageIn } from './pipeline.ts';

describe('home formats', () => {
  it('reads amounts in the minor unit of their currency (utils/money.ts, as the cards use it)', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(formatMoney(1_234_56, 'EUR', 'en-US')).toBe('€1,234.56');
    expect(formatMoney(1_234, 'JPY', 'en-US')).toBe('¥1,234');
    expect(formatMoney(1_500_000_00, 'USD', 'en-US', { compact: true })).toBe('$1.5M');
    expect(formatMoney(1_234_56, 'EUR', 'ar')).toMatch(/€/);
  });

  it('counts, capped counts, dates and times ago', () => {
    expect(formatCount(12, 'en-US')).toBe('12');
    expect(formatCount(1000, 'en-US')).toBe('1,000+');
    expect(formatDay('2026-11-02', 'en-US')).toBe('Nov 2');
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(formatAgo('2026-11-24T11:55:00Z', 'en-US', now)).toBe('5 minutes ago');
    expect(formatAgo('2026-11-23T12:00:00Z', 'en-US', now)).toBe('yesterday');
  });

  it('draws the currency with the most open value, a stage without it as zero', () => {
    const stages = [
      {
        id: 'a',
        name: 'A',
        probability: 10,
        count: 2,
        totals: [
          { currency: 'USD', amount: 500, weighted: 50 },
          { currency: 'EUR', amount: 300, weighted: 30 },
        ],
      },
      {
        id: 'b',
        name: 'B',
        probability: 50,
        count: 1,
        totals: [{ currency: 'EUR', amount: 400, weighted: 200 }],
      },
    ];
    expect(mainCurrency(stages)).toBe('EUR');
    expect(stageIn(stages[0]!, 'EUR')).toEqual({ amount: 300, weighted: 30 });
    expect(stageIn(stages[1]!, 'USD')).toEqual({ amount: 0, weighted: 0 });
    expect(mainCurrency([])).toBeUndefined();
  });
});
