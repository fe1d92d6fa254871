import {
  calendarEndpoints,
  calendarImportResultSchema,
  type CalendarEvent,
  type CalendarEventInput,
  type CalendarEventPatch,
  type CalendarFeed,
  type CalendarImportResult,
} from '@beacon/contract';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, call, toApiFailure, type ApiFailure } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { readBody } from '../../../lib/http.ts';
import { parseOrFail, sendRaw } from '../../../lib/raw-request.ts';
import { CALENDAR_EVENT_TYPES, calendarEventChange } from '../state/calendar-events.ts';
import { removeEvent, upsertEvent } from '../state/calendar-rules.ts';

const endpoints = calendarEndpoints;

export interface DateRange {
  /** ISO 8601 instants: the events that overlap [start, end). */
  start: string;
  end: string;
}

export interface UpdateEventArg {
  eventId: string;
  patch: CalendarEventPatch;
  /**
   * The event before the change, for a change already on screen (a drag or a resize): it shows
   * at once and goes back if the server refuses it.
   */
  previous?: CalendarEvent;
}

/**
 * The text of the failure when an update answers an event without an id: such an answer is a
 * failure, never an event (docs/decisions/011-web-calendar-and-kanban.md).
 */
export const UPDATE_WITHOUT_ID_MESSAGE = 'The updated event has no id';

/**
 * The calendar's server data (docs/adding-an-area.md, "Web data"): the events of a range, live
 * through the realtime channel; each write puts its answer on every range read; a dragged or
 * resized event shows where it was dropped at once and goes back if the server refuses (record
 * 042).
 */
export const calendarApi = api
  .enhanceEndpoints({ addTagTypes: ['CalendarEvents'] })
  .injectEndpoints({
    endpoints: (build) => ({
      calendarEvents: build.query<CalendarEvent[], DateRange>({
        query: ({ start, end }) => call(endpoints.events, { query: { start, end } }),
        providesTags: ['CalendarEvents'],
        async onCacheEntryAdded(_range, lifecycle) {
          const { dispatch, updateCachedData } = lifecycle;
          const refetch = () => dispatch(calendarApi.util.invalidateTags(['CalendarEvents']));
          await followRealtime(lifecycle, {
            types: CALENDAR_EVENT_TYPES,
            onMessage: (message) => {
              const change = calendarEventChange(message);
              if (change === 'refetch') refetch();
              else if (change) updateCachedData(change);
            },
            onReconnect: refetch,
          });
        },
      }),
      calendarCreateEvent: build.mutation<CalendarEvent, CalendarEventInput>({
        query: (event) => call(endpoints.create, { body: event }),
        async onQueryStarted(_event, { dispatch, getState, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            patchEveryRange(dispatch, getState, (events) => upsertEvent(events, data));
          } catch {
            // The caller shows the failure.
          }
        },
      }),
      calendarUpdateEvent: build.mutation<CalendarEvent, UpdateEventArg>({
        async queryFn({ eventId, patch }, _api, _extra, baseQuery) {
          const result = await baseQuery(
            call(endpoints.update, { body: { eventId, event: patch } }),
          );
          if (result.error) return { error: result.error as ApiFailure };
          const event = result.data as CalendarEvent;
          // An update's result must have an id; one without is a failure, not an event.
          if (!event.id) {
            return {
              error: { message: UPDATE_WITHOUT_ID_MESSAGE, operation: 'calendarUpdateEvent' },
            };
          }
          return { data: event };
        },
        async onQueryStarted({ eventId, patch, previous }, { dispatch, getState, queryFulfilled }) {
          // A dragged or resized event stays where it was dropped while the server decides.
          if (previous) {
            patchEveryRange(dispatch, getState, (events) => {
              const at = events.findIndex((e) => e.id === eventId);
              if (at !== -1) events[at] = { ...events[at]!, ...patch };
            });
          }
          try {
            const { data } = await queryFulfilled;
            patchEveryRange(dispatch, getState, (events) => {
              // A moved occurrence of a repeating event comes back under the id of its new start.
              if (data.id !== eventId) removeEvent(events, eventId);
              upsertEvent(events, data);
            });
          } catch {
            if (!previous) return;
            patchEveryRange(dispatch, getState, (events) => {
              const at = events.findIndex((e) => e.id === eventId);
              if (at !== -1) events[at] = previous;
            });
          }
        },
      }),
      calendarDeleteEvent: build.mutation<{ eventId: string }, string>({
        query: (eventId) => call(endpoints.remove, { body: { eventId } }),
        async onQueryStarted(_eventId, { dispatch, getState, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            patchEveryRange(dispatch, getState, (events) => removeEvent(events, data.eventId));
          } catch {
            // The caller shows the failure.
          }
        },
      }),
      /** The file goes as bytes (`text/calendar`): the server joins folded lines before reading UTF-8. */
      calendarImport: build.mutation<CalendarImportResult, Blob | string>({
        async queryFn(file) {
          try {
            const response = await sendRaw(endpoints.importIcs.path, {
              method: endpoints.importIcs.method,
              body: file,
              headers: { 'Content-Type': 'text/calendar', Accept: 'application/json' },
            });
            return {
              data: parseOrFail(
                calendarImportResultSchema,
                response.status,
                await readBody(response),
              ),
            };
          } catch (error) {
            return { error: toApiFailure(error, 'calendarImport') };
          }
        },
        invalidatesTags: (_result, error) => (error ? [] : ['CalendarEvents']),
      }),
      /**
       * The signed-in user's private feed address; null when there is none (a 404). A secret: read
       * each time its dialog opens and forgotten when the dialog closes (`keepUnusedDataFor: 0`).
       */
      calendarFeed: build.query<CalendarFeed | null, void>({
        async queryFn(_arg, _api, _extra, baseQuery) {
          const answer = await baseQuery(call(endpoints.feed));
          if (answer.error) {
            const failure = answer.error as ApiFailure;
            return failure.status === 404 ? { data: null } : { error: failure };
          }
          return { data: answer.data as CalendarFeed };
        },
        keepUnusedDataFor: 0,
      }),
      /** A new secret address (the previous one stops working): the dialog shows it at once. */
      calendarRotateFeed: build.mutation<CalendarFeed, void>({
        query: () => call(endpoints.rotateFeed),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          // A refusal is the caller's to show (`unwrap`): nothing changes here.
          const answer = await queryFulfilled.catch(() => null);
          if (answer)
            dispatch(
              calendarApi.util.updateQueryData('calendarFeed', undefined, () => answer.data),
            );
        },
      }),
      /** Turns the feed off: the dialog shows there is none. */
      calendarRevokeFeed: build.mutation<null, void>({
        query: () => call(endpoints.revokeFeed),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const answer = await queryFulfilled.catch(() => null);
          if (answer)
            dispatch(calendarApi.util.updateQueryData('calendarFeed', undefined, () => null));
        },
      }),
    }),
  });

type CalendarState = Parameters<typeof calendarApi.util.selectCachedArgsForQuery>[0];

/** Applies a change to the events of every range in the cache (a write's answer). */
function patchEveryRange(
  dispatch: ThunkDispatch<CalendarState, unknown, UnknownAction>,
  getState: () => unknown,
  change: (events: CalendarEvent[]) => void,
): void {
  const ranges = calendarApi.util.selectCachedArgsForQuery(
    getState() as CalendarState,
    'calendarEvents',
  );
  for (const range of ranges) {
    dispatch(calendarApi.util.updateQueryData('calendarEvents', range, change));
  }
}

export const {
  useCalendarEventsQuery,
  useCalendarCreateEventMutation,
  useCalendarUpdateEventMutation,
  useCalendarDeleteEventMutation,
  useCalendarImportMutation,
  useCalendarFeedQuery,
  useCalendarRotateFeedMutation,
  useCalendarRevokeFeedMutation,
} = calendarApi;

/** The calendar as a file: a download, not cached data. */
export const calendarFiles = {
  /** Every event of the workspace as an iCalendar file. */
  exportIcs: async (): Promise<Blob> => {
    const response = await sendRaw(endpoints.exportIcs.path, {
      headers: { Accept: 'text/calendar' },
    });
    return new Blob([await response.text()], { type: 'text/calendar' });
  },
};

type CalendarApiState = Parameters<
  ReturnType<typeof calendarApi.endpoints.calendarEvents.select>
>[0];

/** The cache entry of a range's events in a store's state. */
export const selectEvents = (state: unknown, range: DateRange) =>
  calendarApi.endpoints.calendarEvents.select(range)(state as CalendarApiState);
