import { z } from 'zod';
import {
  calendarEventSchema,
  calendarFeedSchema,
  calendarImportResultSchema,
  deleteEventResponseSchema,
  type CalendarEventInput,
  type CalendarEventPatch,
} from '@beacon/contract';
import { ApiError, http, readBody } from '../../../lib/http.ts';
import { parseOrFail, sendRaw } from '../../../lib/raw-request.ts';

export interface DateRange {
  /** ISO 8601 instants: the events that overlap [start, end). */
  start: string;
  end: string;
}

/** The calendar calls of the server: the spec's `/meetings/events...` and the .ics ones. */
export const calendarApi = {
  events: (range: DateRange, signal?: AbortSignal) =>
    http.get('/meetings/events', {
      query: { start: range.start, end: range.end },
      schema: z.array(calendarEventSchema),
      signal,
    }),
  create: (event: CalendarEventInput) =>
    http.post('/meetings/events/new', { json: event, schema: calendarEventSchema }),
  update: (eventId: string, event: CalendarEventPatch) =>
    http.post('/meetings/events/update', { json: { eventId, event }, schema: calendarEventSchema }),
  remove: (eventId: string) =>
    http.post('/meetings/events/delete', { json: { eventId }, schema: deleteEventResponseSchema }),

  /** Every event of the workspace as an iCalendar file. */
  exportIcs: async (): Promise<Blob> => {
    const response = await sendRaw('/api/calendar/export.ics', {
      headers: { Accept: 'text/calendar' },
    });
    return new Blob([await response.text()], { type: 'text/calendar' });
  },
  /** The body is the file as it is (its bytes), `text/calendar`. */
  importIcs: async (file: Blob | string) => {
    const response = await sendRaw('/api/calendar/import', {
      method: 'POST',
      body: file,
      headers: { 'Content-Type': 'text/calendar', Accept: 'application/json' },
    });
    return parseOrFail(calendarImportResultSchema, response.status, await readBody(response));
  },

  /** The signed-in user's private feed address; null when there is none. */
  feed: async () => {
    try {
      return await http.get('/api/calendar/feed', { schema: calendarFeedSchema });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  /** A new secret address; the previous one stops working. */
  rotateFeed: () => http.post('/api/calendar/feed', { schema: calendarFeedSchema }),
  revokeFeed: () => http.delete('/api/calendar/feed'),
};
