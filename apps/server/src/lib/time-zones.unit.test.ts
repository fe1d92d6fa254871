import { describe, expect, it } from 'vitest';
import { dateIn, dayOf, monthOf, weekOf } from './time-zones.ts';

describe('days, weeks and months of a zone (home cards, tasks)', () => {
  it('today in a zone east of UTC starts the evening before in UTC', () => {
    const now = Date.parse('2026-11-24T23:30:00Z'); // Tokyo: 25 Nov, 08:30
    const day = dayOf(now, 'Asia/Tokyo');
    expect(day.date).toBe('2026-11-25');
    expect(day.start.toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-11-25T15:00:00.000Z');
  });

  it('a day with a DST change is 23 or 25 hours long', () => {
    const spring = dayOf(Date.parse('2026-03-29T12:00:00Z'), 'Europe/Paris');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3600_000);
    const autumn = dayOf(Date.parse('2026-10-25T12:00:00Z'), 'Europe/Paris');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3600_000);
    // Each starts and ends at midnight of the wall clock, either side of the change.
    expect(spring.start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(autumn.start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(autumn.end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    // New York changes at 2:00, on other dates: the days around stay 24 hours.
    const before = dayOf(Date.parse('2026-03-07T17:00:00Z'), 'America/New_York');
    expect(before.end.getTime() - before.start.getTime()).toBe(24 * 3600_000);
    const ny = dayOf(Date.parse('2026-03-08T17:00:00Z'), 'America/New_York');
    expect(ny.end.getTime() - ny.start.getTime()).toBe(23 * 3600_000);
  });

  it('a day whose midnight the clocks skip starts at 01:00', () => {
    // Santiago moves from 00:00 (UTC−4) to 01:00 (UTC−3) on 6 September 2026.
    const day = dayOf(Date.parse('2026-09-06T15:00:00Z'), 'America/Santiago');
    expect(day.date).toBe('2026-09-06');
    expect(day.start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-09-07T03:00:00.000Z');
  });

  it('the week runs Monday to Sunday, across a month end', () => {
    const week = weekOf(Date.parse('2026-12-02T10:00:00Z'), 'UTC'); // a Wednesday
    expect(week.dates).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(week.start.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(week.days[6]!.toISOString()).toBe('2026-12-06T00:00:00.000Z');
  });

  it('a Sunday belongs to the week that started six days before', () => {
    const week = weekOf(Date.parse('2026-11-29T20:00:00Z'), 'America/New_York');
    expect(week.dates[0]).toBe('2026-11-23');
    expect(week.start.toISOString()).toBe('2026-11-23T05:00:00.000Z');
  });

  it('the month and its last day, February of a leap year included', () => {
    expect(monthOf(Date.parse('2028-02-10T00:00:00Z'), 'UTC')).toEqual({
      month: '2028-02',
      first: '2028-02-01',
      last: '2028-02-29',
    });
    expect(monthOf(Date.parse('2026-12-31T23:30:00Z'), 'Asia/Tokyo').month).toBe('2027-01');
    expect(dateIn(Date.parse('2026-12-31T23:30:00Z'), 'Asia/Tokyo')).toBe('2027-01-01');
  });
});
