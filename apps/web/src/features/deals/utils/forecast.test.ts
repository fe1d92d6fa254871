import { describe, expect, it } from 'vitest';
import { monthLabel } from './forecast.ts';

// The months of the strip, their bounds and the sums of every stage are the server's now (one
// grouped call in the member's zone): apps/server/src/modules/deals/deals-forecast.test.ts.

describe('months', () => {
  it('names a month in the reader’s language', () => {
    expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
    expect(monthLabel('2026-03', 'cn')).toBe('2026年3月');
  });
});
