import { endpoint } from './endpoint.ts';
import { instantSchema } from './instant.ts';
import { z } from './z.ts';

export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Use a colour like #00A76F' });

/** Someone outside the workspace, as calendar files name them (ORGANIZER, ATTENDEE). */
export const calendarPersonSchema = z
  .object({ email: z.string(), name: z.string() })
  .meta({ id: 'CalendarPerson' });
export const calendarGuestSchema = calendarPersonSchema
  .extend({
    /** PARTSTAT: NEEDS-ACTION, ACCEPTED, DECLINED, TENTATIVE, DELEGATED. */
    status: z.string(),
    /** ROLE: REQ-PARTICIPANT, OPT-PARTICIPANT, NON-PARTICIPANT, CHAIR. */
    role: z.string(),
  })
  .meta({ id: 'CalendarGuest' });

/**
 * A calendar event as the API answers it (GET /meetings/events and the write calls). An
 * occurrence of a repeating event has the id `<seriesId>_<start>` (`…_20270115T130000Z`, or
 * `…_20270115` all day), its series' id in `seriesId` and the rule in `rrule`; updating it
 * changes the whole series, deleting it removes that occurrence only. An occurrence changed
 * apart (imported with RECURRENCE-ID) is an event of its own with `seriesId` and no `rrule`.
 */
export const calendarEventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    color: z.string(),
    allDay: z.boolean(),
    start: z.string(),
    end: z.string(),
    location: z.string(),
    attendeeIds: z.array(z.string()),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    seriesId: z.string().nullable().optional(),
    rrule: z.string().nullable().optional(),
    organizer: calendarPersonSchema.nullable().optional(),
    guests: z.array(calendarGuestSchema).optional(),
  })
  .meta({ id: 'CalendarEvent' });

/** An event's id, or an occurrence's: `<uuid>` or `<uuid>_<YYYYMMDD[THHMMSSZ]>`. */
export const calendarEventIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(_\d{8}(T\d{6}Z)?)?$/i, {
    message: 'Not an event id',
  });
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

const eventFields = {
  title: z.string().trim().min(1, { message: 'Required' }).max(200),
  description: z.string().max(5000),
  color: hexColorSchema,
  allDay: z.boolean(),
  start: instantSchema,
  end: instantSchema,
  location: z.string().trim().max(300),
  attendeeIds: z.array(z.uuid({ message: 'Not a member id' })).max(100),
};

/** Unparseable dates are reported by their own field; this only compares two real instants. */
const endNotBeforeStart = (value: { start?: string; end?: string }) => {
  const start = Date.parse(value.start ?? '');
  const end = Date.parse(value.end ?? '');
  return Number.isNaN(start) || Number.isNaN(end) || end >= start;
};
const endMessage = { message: 'The end cannot be before the start', path: ['end'] };

/** The event a client sends to create one. */
export const calendarEventInputSchema = z
  .object({
    ...eventFields,
    description: eventFields.description.default(''),
    color: eventFields.color.default('#00A76F'),
    allDay: eventFields.allDay.default(false),
    location: eventFields.location.default(''),
    attendeeIds: eventFields.attendeeIds.default([]),
  })
  .refine(endNotBeforeStart, endMessage)
  .meta({ id: 'NewCalendarEvent' });
export type CalendarEventInput = z.input<typeof calendarEventInputSchema>;

/** The fields an update may change; the server checks end ≥ start against the stored event. */
export const calendarEventPatchSchema = z
  .object(eventFields)
  .partial()
  .refine(endNotBeforeStart, endMessage)
  .meta({ id: 'CalendarEventPatch' });
export type CalendarEventPatch = z.infer<typeof calendarEventPatchSchema>;

export const eventsQuerySchema = z
  .object({ start: instantSchema.optional(), end: instantSchema.optional() })
  .refine(endNotBeforeStart, endMessage);
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

export const updateEventRequestSchema = z
  .object({ eventId: calendarEventIdSchema, event: calendarEventPatchSchema })
  .meta({ id: 'UpdateEventRequest' });
export type UpdateEventRequest = z.infer<typeof updateEventRequestSchema>;

export const deleteEventRequestSchema = z
  .object({ eventId: calendarEventIdSchema })
  .meta({ id: 'DeleteEventRequest' });

export const deleteEventResponseSchema = z
  .object({ eventId: z.string() })
  .meta({ id: 'DeletedEvent' });

/** The signed-in user's private calendar feed (subscribe from Google Calendar or Outlook). */
export const calendarFeedSchema = z
  .object({ url: z.string(), createdAt: z.string() })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The largest .ics file an import takes: a year of a busy calendar with its alarms. */
export const CALENDAR_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const calendarImportResultSchema = z
  .object({
    imported: z.number().int(),
    skipped: z.array(z.object({ index: z.number().int(), reason: z.string() })),
  })
  .meta({ id: 'CalendarImportResult' });
export type CalendarImportResult = z.infer<typeof calendarImportResultSchema>;

/**
 * The realtime messages of the calendar, as the server publishes them to the workspace
 * (apps/server/src/modules/calendar/calendar.service.ts). An import says only how many events it
 * brought: screens read the calendar again (`refetch`).
 */
export const calendarRealtimeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('calendar.event.created'), data: calendarEventSchema }),
  z.object({ type: z.literal('calendar.event.updated'), data: calendarEventSchema }),
  z.object({ type: z.literal('calendar.event.deleted'), data: z.object({ eventId: z.string() }) }),
  z.object({
    type: z.literal('calendar.events.imported'),
    data: z.object({ count: z.number().int() }),
    refetch: z.literal(true),
  }),
]);
export type CalendarRealtime = z.infer<typeof calendarRealtimeSchema>;

/** The calendar file of a private feed: `<token>.ics`. */
export const calendarFeedFileParamsSchema = z.object({ file: z.string().max(100) });

/**
 * The calendar API (`apps/server/src/modules/calendar/calendar.routes.ts`). The spec's first calls
 * keep their paths (`/meetings/events…`). The .ics answers and the import's body are files: their
 * endpoints have no JSON answer or body, the server keeps their own handling.
 */
export const calendarEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/meetings/events',
    summary: 'Events of your workspace, optionally those overlapping start–end',
    query: eventsQuerySchema,
    response: z.array(calendarEventSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/meetings/events/new',
    summary: 'Create an event',
    body: calendarEventInputSchema,
    status: 201,
    response: calendarEventSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/meetings/events/update',
    summary: 'Change an event (only the fields given)',
    body: updateEventRequestSchema,
    response: calendarEventSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/meetings/events/delete',
    summary: 'Delete an event',
    body: deleteEventRequestSchema,
    response: deleteEventResponseSchema,
  }),
  exportIcs: endpoint({
    method: 'GET',
    path: '/api/calendar/export.ics',
    summary: 'Every event as an iCalendar file',
    response: null,
  }),
  importIcs: endpoint({
    method: 'POST',
    path: '/api/calendar/import',
    summary: 'Import the events of an .ics file (body: the file, as text/calendar)',
    response: calendarImportResultSchema,
  }),
  feed: endpoint({
    method: 'GET',
    path: '/api/calendar/feed',
    summary: 'Your private calendar feed address, if you made one',
    response: calendarFeedSchema,
  }),
  rotateFeed: endpoint({
    method: 'POST',
    path: '/api/calendar/feed',
    summary: 'Make a new private feed address (the old one stops working)',
    response: calendarFeedSchema,
  }),
  revokeFeed: endpoint({
    method: 'DELETE',
    path: '/api/calendar/feed',
    summary: 'Turn your calendar feed off',
    status: 204,
    response: null,
  }),
  feedFile: endpoint({
    method: 'GET',
    path: '/api/calendar/feeds/:file',
    summary: 'A private calendar feed (the address is secret)',
    params: calendarFeedFileParamsSchema,
    response: null,
  }),
};
