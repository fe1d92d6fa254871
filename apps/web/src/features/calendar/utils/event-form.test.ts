import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@beacon/contract';
import type { TFunction } from 'i18next';
import {
  eventFieldErrorText,
  eventFormSchema,
  switchAllDay,
  toEventInput,
  valuesForEvent,
  valuesForNow,
  valuesForRange,
  type EventFormValues,
} from './event-form.ts';

const base: EventFormValues = {
  title: 'Demo with Northwind',
  description: '',
  location: '',
  color: '#00A76F',
  allDay: false,
  start: '2026-11-21T09:00',
  end: '2026-11-21T10:00',
  attendeeIds: [],
};

const issues = (values: EventFormValues) => {
  const result = eventFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('the event form', () => {
  it('accepts a timed event and sends instants', () => {
    expect(issues(base)).toEqual([]);
    const input = toEventInput(base);
    expect(input.start).toBe(new Date('2026-11-21T09:00').toISOString());
    expect(input.end).toBe(new Date('2026-11-21T10:00').toISOString());
  });

  it('shows all-day events with their last day, and sends the exclusive end', () => {
    const values = { ...base, allDay: true, start: '2026-11-21', end: '2026-11-22' };
    expect(issues(values)).toEqual([]);
    expect(toEventInput(values)).toMatchObject({
      allDay: true,
      start: '2026-11-21T00:00:00.000Z',
      end: '2026-11-23T00:00:00.000Z',
    });
  });

  it('refuses an end before the start, a missing title and an unreadable date', () => {
    expect(issues({ ...base, end: '2026-11-21T08:00' })).toEqual(['end:endBeforeStart']);
    expect(issues({ ...base, allDay: true, start: '2026-11-21', end: '2026-11-20' })).toEqual([
      'end:endBeforeStart',
    ]);
    expect(issues({ ...base, title: '   ' }).map((i) => i.split(':')[0])).toEqual(['title']);
    expect(issues({ ...base, start: '' })).toEqual(['start:date']);
  });

  it('starts from a selection: all-day days inclusive, or the selected hours', () => {
    expect(
      valuesForRange({ start: new Date(2026, 10, 21), end: new Date(2026, 10, 23), allDay: true }),
    ).toMatchObject({ allDay: true, start: '2026-11-21', end: '2026-11-22' });
    expect(
      valuesForRange({
        start: new Date(2026, 10, 21, 9, 30),
        end: new Date(2026, 10, 21, 11),
        allDay: false,
      }),
    ).toMatchObject({ allDay: false, start: '2026-11-21T09:30', end: '2026-11-21T11:00' });
  });

  it('starts a new event at the next full hour, for an hour', () => {
    expect(valuesForNow(new Date(2026, 10, 21, 9, 41))).toMatchObject({
      start: '2026-11-21T10:00',
      end: '2026-11-21T11:00',
    });
  });

  it('edits a stored event with the same values it was made from', () => {
    const event: CalendarEvent = {
      id: 'e1',
      title: 'Offsite',
      description: 'Two days',
      color: '#8E33FF',
      allDay: true,
      start: '2026-11-10T00:00:00.000Z',
      end: '2026-11-12T00:00:00.000Z',
      location: 'Lyon',
      attendeeIds: ['m1'],
      createdBy: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    const values = valuesForEvent(event);
    expect(values).toMatchObject({ allDay: true, start: '2026-11-10', end: '2026-11-11' });
    expect(toEventInput(values)).toMatchObject({ start: event.start, end: event.end });
  });

  it('switches between all-day and timed dates', () => {
    expect(switchAllDay({ start: '2026-11-21T09:00', end: '2026-11-22T10:00' }, true)).toEqual({
      start: '2026-11-21',
      end: '2026-11-22',
    });
    expect(switchAllDay({ start: '2026-11-21', end: '2026-11-21' }, false)).toEqual({
      start: '2026-11-21T09:00',
      end: '2026-11-21T10:00',
    });
  });
});

describe('eventFieldErrorText', () => {
  const t = ((key: string) => key) as unknown as TFunction;

  it("words dates and the end by the calendar's sentences, the rest by the shared rules", () => {
    expect(eventFieldErrorText(t, 'end', { type: 'custom', message: 'endBeforeStart' })).toBe(
      'calendar:validation.endBeforeStart',
    );
    expect(eventFieldErrorText(t, 'start', { type: 'custom', message: 'date' })).toBe(
      'calendar:validation.date',
    );
    expect(eventFieldErrorText(t, 'title', { type: 'too_small' })).toBe(
      'calendar:validation.required',
    );
    expect(eventFieldErrorText(t, 'description', { type: 'too_big' })).toBe(
      'calendar:validation.tooLong',
    );
    expect(eventFieldErrorText(t, 'color', { type: 'invalid_format' })).toBe(
      'calendar:validation.invalid',
    );
    // What the server said about a field is shown as it said it.
    expect(
      eventFieldErrorText(t, 'attendeeIds', {
        type: 'server',
        message: 'Attendees must be members of your workspace',
      }),
    ).toBe('Attendees must be members of your workspace');
  });

  it("takes the form's limits from the contract", () => {
    const values = { ...valuesForNow(new Date('2026-05-04T08:30:00')), title: 'Call' };
    expect(eventFormSchema.safeParse({ ...values, location: 'x'.repeat(300) }).success).toBe(true);
    expect(eventFormSchema.safeParse({ ...values, location: 'x'.repeat(301) }).success).toBe(false);
    expect(eventFormSchema.safeParse({ ...values, description: 'x'.repeat(5001) }).success).toBe(
      false,
    );
  });
});
