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

  // Before anything is fetched, the session of this user starts: events left by another user of
  // this tab are forgotten. `load` starts it too, not only the effect below: the view asks for its
  // first range in its own effect, which runs before this hook's, and a session started after that
  // fetch would drop its answer.
  const startedFor = useRef<string | null>(null);
  const startSession = useCallback(() => {
    if (startedFor.current === owner) return false;
    startedFor.current = owner;
    dispatch(sessionStarted(owner));
    return true;
  }, [dispatch, owner]);

  const load = useCallback(
    (next: DateRange) => {
      startSession();
      const current = range.current;
      if (current && current.start === next.start && current.end === next.end) return;
      range.current = next;
      void dispatch(fetchEvents(next));
    },
    [dispatch, startSession],
  );

  // Another user signed in while the screen stays: their session starts, the range is asked again.
  useEffect(() => {
    if (startSession() && range.current) void dispatch(fetchEvents(range.current));
  }, [dispatch, startSession]);

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
