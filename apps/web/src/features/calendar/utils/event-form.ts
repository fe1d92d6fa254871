import { z } from 'zod';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { SERVER_ERROR_TYPE, fieldErrorMessage } from '../../../utils/form-errors.ts';
import {
  calendarEventInputSchema,
  hexColorSchema,
  type CalendarEvent,
  type CalendarEventInput,
} from '@beacon/contract';
import { DEFAULT_EVENT_COLOR } from './colors.ts';
import {
  HOUR_MS,
  addDays,
  dateOnlyToIso,
  fromLocalInput,
  isoToDateOnly,
  localDateOnly,
  toLocalInput,
} from './event-dates.ts';

/**
 * The event form. Its dates are what the inputs hold: `datetime-local` values for a timed event,
 * `date` values for an all-day one, whose last day is shown inclusive (an event on 21 and 22
 * November shows "21 – 22", and is kept as 21 00:00 – 23 00:00).
 */
export interface EventFormValues {
  title: string;
  description: string;
  location: string;
  color: string;
  allDay: boolean;
  start: string;
  end: string;
  attendeeIds: string[];
}

const fields = calendarEventInputSchema.shape;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The contract's fields, plus what only the form knows (its date values). */
export const eventFormSchema = z
  .object({
    title: fields.title,
    description: fields.description.unwrap(),
    location: fields.location.unwrap(),
    color: hexColorSchema,
    allDay: z.boolean(),
    start: z.string(),
    end: z.string(),
    attendeeIds: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    const times = formTimes(values);
    if (!times.start) ctx.addIssue({ code: 'custom', path: ['start'], message: 'date' });
    if (!times.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'date' });
    const endsBefore = values.allDay
      ? values.end < values.start // the last day, inclusive, before the first
      : Date.parse(times.end ?? '') < Date.parse(times.start ?? '');
    if (times.start && times.end && endsBefore) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'endBeforeStart' });
    }
  });

/** The instants a form's dates stand for; undefined for a date that is not one. */
export function formTimes(values: Pick<EventFormValues, 'allDay' | 'start' | 'end'>): {
  start?: string;
  end?: string;
} {
  if (values.allDay) {
    return {
      ...(DATE.test(values.start) ? { start: dateOnlyToIso(values.start) } : {}),
      // The form's last day is inclusive; the event's end is the next midnight.
      ...(DATE.test(values.end) ? { end: dateOnlyToIso(addDays(values.end, 1)) } : {}),
    };
  }
  const start = fromLocalInput(values.start);
  const end = fromLocalInput(values.end);
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/** What the server receives for a valid form. */
export function toEventInput(values: EventFormValues): CalendarEventInput {
  const { start = '', end = '' } = formTimes(values);
  return {
    title: values.title.trim(),
    description: values.description,
    location: values.location.trim(),
    color: values.color,
    allDay: values.allDay,
    start,
    end,
    attendeeIds: values.attendeeIds,
  };
}

const blank = {
  title: '',
  description: '',
  location: '',
  color: DEFAULT_EVENT_COLOR,
  attendeeIds: [],
};

/** A new event over a range the user selected on the calendar. */
export function valuesForRange(range: {
  start: Date;
  end: Date;
  allDay: boolean;
}): EventFormValues {
  if (range.allDay) {
    const start = localDateOnly(range.start);
    const last = addDays(localDateOnly(range.end), -1);
    return { ...blank, allDay: true, start, end: last < start ? start : last };
  }
  return {
    ...blank,
    allDay: false,
    start: toLocalInput(range.start.toISOString()),
    end: toLocalInput(range.end.toISOString()),
  };
}

/** A new event from the button: the next full hour, for an hour. */
export function valuesForNow(now: Date = new Date()): EventFormValues {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setTime(start.getTime() + HOUR_MS);
  return valuesForRange({ start, end: new Date(start.getTime() + HOUR_MS), allDay: false });
}

export function valuesForEvent(event: CalendarEvent): EventFormValues {
  const start = event.allDay ? isoToDateOnly(event.start) : toLocalInput(event.start);
  let end = event.allDay ? addDays(isoToDateOnly(event.end), -1) : toLocalInput(event.end);
  if (event.allDay && end < start) end = start;
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    color: event.color,
    allDay: event.allDay,
    start,
    end,
    attendeeIds: event.attendeeIds,
  };
}

/** The form's dates in the other mode, when "All day" is switched. */
export function switchAllDay(values: Pick<EventFormValues, 'start' | 'end'>, allDay: boolean) {
  if (allDay) {
    const start = values.start.slice(0, 10);
    const end = values.end.slice(0, 10) || start;
    return { start, end: end < start ? start : end };
  }
  const start = `${values.start.slice(0, 10)}T09:00`;
  const end = `${(values.end || values.start).slice(0, 10)}T10:00`;
  return { start, end };
}

export type EventFormField = keyof EventFormValues;

/** The form's errors in the user's language, chosen by field and zod issue. */
export function eventFieldErrorText(
  t: TFunction,
  field: EventFormField,
  error: FieldError,
): string | undefined {
  if (field === 'end' && error.message === 'endBeforeStart') {
    return t('calendar:validation.endBeforeStart');
  }
  if ((field === 'start' || field === 'end') && error.type !== SERVER_ERROR_TYPE) {
    return t('calendar:validation.date');
  }
  // The shared wording by zod issue (and the server's words as given), with the calendar's own
  // sentences where it has them.
  return fieldErrorMessage(t, error, {
    too_big: 'calendar:validation.tooLong',
    too_small: field === 'title' ? 'calendar:validation.required' : undefined,
    invalid_format: 'calendar:validation.invalid',
    invalid_type: 'calendar:validation.invalid',
    invalid_value: 'calendar:validation.invalid',
    custom: 'calendar:validation.invalid',
  });
}
