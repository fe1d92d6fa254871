import { describe, expect, it } from 'vitest';
import { expandSeries, seriesEnd } from './recurrence.ts';

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
    expect(far).toEqual({ occurrences: [], complete: false });
    const near = expandSeries(
      { ...every, start: new Date('2027-01-01T00:00:00Z'), end: new Date('2027-01-01T00:00:01Z') },
      {},
    );
    expect(near.occurrences).toHaveLength(1000);
  });
});
