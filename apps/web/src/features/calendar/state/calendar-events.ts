import { z } from 'zod';
import { calendarEventSchema, type CalendarEvent } from '@beacon/contract';
import type { RealtimeMessage } from '../../../lib/realtime.ts';
import { removeEvent, upsertEvent } from './calendar-rules.ts';

/** The realtime types of the calendar: `calendar.*`. */
export const CALENDAR_EVENT_TYPES = ['calendar.*'] as const;

/** A change to the events of a range, as the cache applies it (`updateCachedData`). */
export type CalendarEventsChange = (events: CalendarEvent[]) => void;

/**
 * What a realtime message means for the calendar: a change to apply, `refetch` (an import, a
 * message too large to carry its data, or data this client cannot read), or nothing.
 */
export function calendarEventChange(
  message: RealtimeMessage,
): CalendarEventsChange | 'refetch' | null {
  if (message.refetch) return 'refetch';
  switch (message.type) {
    case 'calendar.event.created':
    case 'calendar.event.updated': {
      const event = calendarEventSchema.safeParse(message.data);
      return event.success ? (events) => upsertEvent(events, event.data) : 'refetch';
    }
    case 'calendar.event.deleted': {
      const deleted = z.object({ eventId: z.string() }).safeParse(message.data);
      return deleted.success ? (events) => removeEvent(events, deleted.data.eventId) : 'refetch';
    }
    case 'calendar.events.imported':
      return 'refetch';
    default:
      return null;
  }
}
