import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateOnlyToIso,
  fromLocalInput,
  isoToDateOnly,
  toEventTimes,
  toLocalInput,
} from './event-dates.ts';

describe('event dates', () => {
  it('keeps all-day dates at UTC midnight, whatever the time zone', () => {
    expect(dateOnlyToIso('2026-11-21')).toBe('2026-11-21T00:00:00.000Z');
    expect(isoToDateOnly('2026-11-21T00:00:00.000Z')).toBe('2026-11-21');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads what FullCalendar reports after a drop on all-day cells (local midnights)', () => {
    expect(
      toEventTimes({ start: new Date(2026, 10, 21), end: new Date(2026, 10, 23), allDay: true }),
    ).toEqual({
      start: '2026-11-21T00:00:00.000Z',
      end: '2026-11-23T00:00:00.000Z',
      allDay: true,
    });
    // No end: the default one day.
    expect(toEventTimes({ start: new Date(2026, 10, 21), end: null, allDay: true }).end).toBe(
      '2026-11-22T00:00:00.000Z',
    );
  });

  it('keeps timed events as instants, with the default hour when there is no end', () => {
    const start = new Date('2026-11-21T09:30:00.000Z');
    expect(toEventTimes({ start, end: null, allDay: false })).toEqual({
      start: '2026-11-21T09:30:00.000Z',
      end: '2026-11-21T10:30:00.000Z',
      allDay: false,
    });
  });

  it('round-trips a datetime-local value', () => {
    const iso = fromLocalInput('2026-11-21T09:30');
    expect(iso).toBeDefined();
    expect(toLocalInput(iso!)).toBe('2026-11-21T09:30');
    expect(fromLocalInput('21/11/2026 09:30')).toBeUndefined();
    expect(fromLocalInput('')).toBeUndefined();
  });
});
