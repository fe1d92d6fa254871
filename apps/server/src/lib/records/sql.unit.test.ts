import { describe, expect, it } from 'vitest';
import { isoTime } from './sql.ts';

describe('isoTime', () => {
  it('writes what toISOString writes, across the years and at the edges', () => {
    const times = [
      0,
      -1,
      1,
      Date.UTC(2026, 0, 1),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(1000, 0, 1) - 1,
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1,
      -62167219200000, // year 0
      8.64e15, // the last time a Date holds
    ];
    // Every 29 days and some hours, minutes, seconds and ms, from year 1 to year 9999.
    for (let t = -62135596800000; t < 253402300800000; t += 2_522_345_678) times.push(t);
    const differ = times
      .map((t) => new Date(t))
      .filter((date) => isoTime(date) !== date.toISOString())
      .map((date) => date.toISOString());
    expect(times.length).toBeGreaterThan(100_000);
    expect(differ).toEqual([]);
  });

  it('throws on an invalid date as toISOString does', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
