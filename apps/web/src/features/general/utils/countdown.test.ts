import { describe, expect, it } from 'vitest';
import { LAUNCH_DATE, timeLeft } from './countdown.ts';

describe('timeLeft', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    const target = Date.UTC(2027, 2, 1, 9, 0, 0);
    const now = target - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000 - 300;
    expect(timeLeft(target, now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      done: false,
    });
  });

  it('is done, all zero, at and after the moment', () => {
    const target = Date.UTC(2027, 2, 1, 9);
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, done: true };
    expect(timeLeft(target, target)).toEqual(zero);
    expect(timeLeft(target, target + 86_400_000)).toEqual(zero);
  });

  it('counts to 1 March 2027, 09:00 UTC', () => {
    expect(LAUNCH_DATE.toISOString()).toBe('2027-03-01T09:00:00.000Z');
  });
});
