import { describe, expect, it } from 'vitest';
import {
  dateIn,
  dayIn,
  fromZonedInput,
  msToNextCheck,
  toZonedInput,
  wallClock,
  wallToInstant,
} from './zoned-time.ts';

const HOUR = 3_600_000;
const iso = (instant: number) => new Date(instant).toISOString();

describe('wall clocks and days of a zone', () => {
  it('reads the calendar date and wall clock of an instant in a zone', () => {
    const instant = Date.parse('2026-11-24T23:30:00Z');
    expect(dateIn(instant, 'UTC')).toBe('2026-11-24');
    expect(dateIn(instant, 'Asia/Tokyo')).toBe('2026-11-25');
    expect(dateIn(instant, 'America/Los_Angeles')).toBe('2026-11-24');
    // A zone the browser does not know reads as UTC rather than failing.
    expect(dateIn(instant, 'Not/AZone')).toBe('2026-11-24');
    expect(iso(wallClock(instant, 'Asia/Tokyo'))).toBe('2026-11-25T08:30:00.000Z');
    expect(iso(wallToInstant(Date.parse('2026-11-25T08:30:00Z'), 'Asia/Tokyo'))).toBe(
      '2026-11-24T23:30:00.000Z',
    );
  });

  it('a day is 24 hours, 23 on a spring-forward day and 25 on a fall-back day', () => {
    const tokyo = dayIn(Date.parse('2026-11-24T23:30:00Z'), 'Asia/Tokyo');
    expect([tokyo.date, iso(tokyo.start), iso(tokyo.end)]).toEqual([
      '2026-11-25',
      '2026-11-24T15:00:00.000Z',
      '2026-11-25T15:00:00.000Z',
    ]);
    const spring = dayIn(Date.parse('2026-03-29T12:00:00Z'), 'Europe/Paris');
    expect(spring.end - spring.start).toBe(23 * HOUR);
    expect(iso(spring.start)).toBe('2026-03-28T23:00:00.000Z');
    const autumn = dayIn(Date.parse('2026-10-25T12:00:00Z'), 'Europe/Paris');
    expect(autumn.end - autumn.start).toBe(25 * HOUR);
    expect(iso(autumn.end)).toBe('2026-10-25T23:00:00.000Z');
    const ny = dayIn(Date.parse('2026-11-01T17:00:00Z'), 'America/New_York');
    expect(ny.end - ny.start).toBe(25 * HOUR);
    // Santiago skips midnight (00:00 → 01:00 on 6 September 2026): the day starts at 01:00.
    const santiago = dayIn(Date.parse('2026-09-06T15:00:00Z'), 'America/Santiago');
    expect([iso(santiago.start), iso(santiago.end)]).toEqual([
      '2026-09-06T04:00:00.000Z',
      '2026-09-07T03:00:00.000Z',
    ]);
  });

  it('looks again just past midnight of the zone, at most an hour away', () => {
    // 23:59:30 in Tokyo: 31 seconds to just past midnight.
    expect(msToNextCheck(Date.parse('2026-11-24T14:59:30Z'), 'Asia/Tokyo')).toBe(31_000);
    // Noon: an hour (a clock change or a sleeping device costs at most that).
    expect(msToNextCheck(Date.parse('2026-11-24T12:00:00Z'), 'UTC')).toBe(3_600_000);
    // Just after midnight: the next look is an hour on, never at once.
    expect(msToNextCheck(Date.parse('2026-11-24T00:00:00.500Z'), 'UTC')).toBe(3_600_000);
    // 23:59:30 on the 25-hour day in Paris: still the real midnight, 31 seconds on.
    expect(msToNextCheck(Date.parse('2026-10-25T22:59:30Z'), 'Europe/Paris')).toBe(31_000);
  });

  it('reads and writes a wall time in a zone, across clock changes', () => {
    expect(fromZonedInput('2026-11-25T09:00', 'Asia/Tokyo')).toBe('2026-11-25T00:00:00.000Z');
    expect(toZonedInput('2026-11-25T00:00:00.000Z', 'Asia/Tokyo')).toBe('2026-11-25T09:00');
    // 2:30 does not happen in Paris on 29 March 2026: the instant after the gap.
    expect(toZonedInput(fromZonedInput('2026-03-29T02:30', 'Europe/Paris'), 'Europe/Paris')).toBe(
      '2026-03-29T03:30',
    );
    expect(fromZonedInput('2026-02-30T09:00', 'UTC')).toBeNull();
  });
});
