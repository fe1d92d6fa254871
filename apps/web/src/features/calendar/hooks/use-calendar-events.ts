import { useCallback, useEffect, useRef } from 'react';
import type { CalendarEvent } from '@beacon/contract';
import { realtime } from '../../../lib/realtime.ts';
import type { DateRange } from '../api/calendar-api.ts';
import { CALENDAR_EVENT_TYPES, calendarEventAction } from '../state/calendar-events.ts';
import { fetchEvents, sessionStarted } from '../state/calendar-slice.ts';
import { useCalendarDispatch, useCalendarSelector } from './use-calendar-store.ts';

const noEvents: CalendarEvent[] = [];

/**
 * The events of the range on screen, live: asked for whenever the range changes, kept in step by
 * the realtime channel, and asked for again when the channel (re)connects or a message says so.
 * `owner` names the signed-in user.
 */
export function useCalendarEvents(owner: string) {
  const dispatch = useCalendarDispatch();
  const state = useCalendarSelector((root) => root.calendar);
  const range = useRef<DateRange | null>(null);

  // Before anything is fetched: events left by another user of this tab are not shown.
  useEffect(() => {
    dispatch(sessionStarted(owner));
  }, [dispatch, owner]);

  const load = useCallback(
    (next: DateRange) => {
      const current = range.current;
      if (current && current.start === next.start && current.end === next.end) return;
      range.current = next;
      void dispatch(fetchEvents(next));
    },
    [dispatch],
  );

  const refetch = useCallback(() => {
    if (range.current) void dispatch(fetchEvents(range.current));
  }, [dispatch]);

  useEffect(
    () =>
      realtime.subscribe({
        types: CALENDAR_EVENT_TYPES,
        onMessage: (message) => {
          const action = calendarEventAction(message);
          if (action === 'refetch') refetch();
          else if (action) dispatch(action);
        },
        onReady: refetch,
      }),
    [dispatch, refetch],
  );

  if (state.owner !== owner) {
    return { ...state, events: noEvents, loaded: false, error: null, load, refetch };
  }
  return { ...state, load, refetch };
}
