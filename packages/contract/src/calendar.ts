import { instantSchema } from './instant.ts';
import { z } from './z.ts';

export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Use a colour like #00A76F' });

/** A calendar event as the API answers it (GET /meetings/events and the write calls). */
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
  })
  .meta({ id: 'CalendarEvent' });
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
  .object({ eventId: z.uuid({ message: 'Not an event id' }), event: calendarEventPatchSchema })
  .meta({ id: 'UpdateEventRequest' });
export type UpdateEventRequest = z.infer<typeof updateEventRequestSchema>;

export const deleteEventRequestSchema = z
  .object({ eventId: z.uuid({ message: 'Not an event id' }) })
  .meta({ id: 'DeleteEventRequest' });

export const deleteEventResponseSchema = z
  .object({ eventId: z.string() })
  .meta({ id: 'DeletedEvent' });

/** The signed-in user's private calendar feed (subscribe from Google Calendar or Outlook). */
export const calendarFeedSchema = z
  .object({ url: z.string(), createdAt: z.string() })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarImportResultSchema = z
  .object({
    imported: z.number().int(),
    skipped: z.array(z.object({ index: z.number().int(), reason: z.string() })),
  })
  .meta({ id: 'CalendarImportResult' });
export type CalendarImportResult = z.infer<typeof calendarImportResultSchema>;
