import { describe, expect, it } from 'vitest';
import { SERIES_END_STEPS, expandSeries, seriesEnd } from './recurrence.ts';

const weekly = {
  start: new Date('2027-03-16T13:00:00Z'),
  end: new Date('2027-03-16T14:00:00Z'),
  allDay: false,
  timeZone: 'Europe/Berlin',
  rrule: 'FREQ=WEEKLY;COUNT=4',
  skip: [] as string[],
};

describe('expandSeries', () => {
  it('repeats on the zone’s wall clock, skips excluded starts and keeps to the window', () => {
    const { occurrences, complete } = expandSeries(
      { ...weekly, skip: ['2027-03-23T13:00:00.000Z'] },
      { from: new Date('2027-03-01T00:00:00Z'), to: new Date('2027-05-01T00:00:00Z') },
    );
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2027-03-16T13:00:00.000Z',
      '2027-03-30T12:00:00.000Z',
      '2027-04-06T12:00:00.000Z',
    ]);
    expect(complete).toBe(true);
    expect(seriesEnd(weekly)?.toISOString()).toBe('2027-04-06T13:00:00.000Z');
    expect(seriesEnd({ ...weekly, rrule: 'FREQ=WEEKLY' })).toBeNull();
  });

  it('stops at its limits, however often the rule repeats', () => {
    const every = {
      ...weekly,
      rrule: 'FREQ=SECONDLY',
      start: new Date('2020-01-01T00:00:00Z'),
      end: new Date('2020-01-01T00:00:01Z'),
    };
    // Years of seconds before the window: given up after 20,000 steps, not walked through.
    const far = expandSeries(every, { from: new Date('2027-01-01T00:00:00Z') });
    expect(far).toEqual({ occurrences: [], complete: false, steps: 20_000 });
    const near = expandSeries(
      { ...every, start: new Date('2027-01-01T00:00:00Z'), end: new Date('2027-01-01T00:00:01Z') },
      {},
    );
    expect(near.occurrences).toHaveLength(1000);
  });

  it('bounds the end of long rules, and shares one budget across the series of a request', () => {
    const secondly = {
      ...weekly,
      start: new Date('2027-01-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:01Z'),
    };
    // A rule that ends, but only after more candidates than a series may cost: never-ending.
    const budget = { steps: 3 * SERIES_END_STEPS };
    expect(seriesEnd({ ...secondly, rrule: 'FREQ=SECONDLY;COUNT=100000' }, budget)).toBeNull();
    expect(budget.steps).toBe(2 * SERIES_END_STEPS);
    // A short one still gets its real end while the budget lasts.
    expect(seriesEnd({ ...secondly, rrule: 'FREQ=SECONDLY;COUNT=10' }, budget)?.toISOString()).toBe(
      '2027-01-01T00:00:10.000Z',
    );
    // Once the budget is spent, nothing more is expanded: every later series counts as endless.
    seriesEnd({ ...secondly, rrule: 'FREQ=SECONDLY;COUNT=100000' }, budget);
    seriesEnd({ ...secondly, rrule: 'FREQ=SECONDLY;COUNT=100000' }, budget);
    expect(budget.steps).toBeLessThanOrEqual(0);
    const before = budget.steps;
    expect(seriesEnd({ ...secondly, rrule: 'FREQ=SECONDLY;COUNT=10' }, budget)).toBeNull();
    expect(budget.steps).toBe(before);
  });
});
