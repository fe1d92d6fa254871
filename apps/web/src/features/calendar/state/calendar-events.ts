import { z } from 'zod';
import type { UnknownAction } from '@reduxjs/toolkit';
import { calendarEventSchema } from '@beacon/contract';
import type { RealtimeMessage } from '../../../lib/realtime.ts';
import { eventReceived, eventRemoved } from './calendar-slice.ts';

/** The realtime types of the calendar: `calendar.*`. */
export const CALENDAR_EVENT_TYPES = ['calendar.*'] as const;

/**
 * What a realtime message means for the calendar: an action to apply, `refetch` (an import, a
 * message too large to carry its data, or data this client cannot read), or nothing.
 */
export function calendarEventAction(message: RealtimeMessage): UnknownAction | 'refetch' | null {
  if (message.refetch) return 'refetch';
  switch (message.type) {
    case 'calendar.event.created':
    case 'calendar.event.updated': {
      const event = calendarEventSchema.safeParse(message.data);
      return event.success ? eventReceived(event.data) : 'refetch';
    }
    case 'calendar.event.deleted': {
      const deleted = z.object({ eventId: z.string() }).safeParse(message.data);
      return deleted.success ? eventRemoved(deleted.data) : 'refetch';
    }
    case 'calendar.events.imported':
      return 'refetch';
    default:
      return null;
  }
}
