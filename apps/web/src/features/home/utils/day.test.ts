import { describe, expect, it } from 'vitest';
import { dateIn, msToNextCheck } from './day.ts';

describe('the day in a zone', () => {
  it('reads the calendar date of an instant in a zone', () => {
    const instant = Date.parse('2026-11-24T23:30:00Z');
    expect(dateIn(instant, 'UTC')).toBe('2026-11-24');
    expect(dateIn(instant, 'Asia/Tokyo')).toBe('2026-11-25');
    expect(dateIn(instant, 'America/Los_Angeles')).toBe('2026-11-24');
    // A zone the browser does not know reads as UTC rather than failing.
    expect(dateIn(instant, 'Not/AZone')).toBe('2026-11-24');
  });

  it('looks again just past midnight of the zone, at most an hour away', () => {
    // 23:59:30 in Tokyo: 31 seconds to just past midnight.
    expect(msToNextCheck(Date.parse('2026-11-24T14:59:30Z'), 'Asia/Tokyo')).toBe(31_000);
    // Noon: an hour (a clock change or a sleeping device costs at most that).
    expect(msToNextCheck(Date.parse('2026-11-24T12:00:00Z'), 'UTC')).toBe(3_600_000);
    // Just after midnight: the next look is an hour on, never at once.
    expect(msToNextCheck(Date.parse('2026-11-24T00:00:00.500Z'), 'UTC')).toBe(3_600_000);
  });
});
