import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '@beacon/contract';
import { ApiError } from '../../../lib/http.ts';
import { calendarApi } from '../api/calendar-api.ts';
import { calendarEventAction } from './calendar-events.ts';
import {
  UPDATE_WITHOUT_ID_MESSAGE,
  calendarReducer,
  createEvent,
  deleteEvent,
  eventReceived,
  eventRemoved,
  fetchEvents,
  initialCalendarState,
  sessionStarted,
  updateEvent,
  type CalendarState,
} from './calendar-slice.ts';

const T0 = '2026-05-01T08:00:00.000Z';
const T1 = '2026-05-01T08:05:00.000Z';
const range = { start: '2026-04-27T00:00:00.000Z', end: '2026-06-08T00:00:00.000Z' };

function event(id: string, extra: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id,
    title: `Event ${id}`,
    description: '',
    color: '#00A76F',
    allDay: false,
    start: '2026-05-04T09:00:00.000Z',
    end: '2026-05-04T10:00:00.000Z',
    location: '',
    attendeeIds: [],
    createdBy: null,
    createdAt: T0,
    updatedAt: T0,
    ...extra,
  };
}

const withEvents = (...events: CalendarEvent[]): CalendarState => ({
  ...initialCalendarState,
  events,
  range,
  loaded: true,
});

function storeWith(state: CalendarState) {
  return configureStore({
    reducer: { calendar: calendarReducer },
    preloadedState: { calendar: state },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('calendar state: loading, error and data', () => {
  it('starts empty, not loading, without error', () => {
    const state = calendarReducer(undefined, { type: 'init' });
    expect(state).toMatchObject({ loading: false, error: null, events: [], loaded: false });
  });

  it('sets loading when a call starts and clears it when the call succeeds', () => {
    const pending = calendarReducer(initialCalendarState, fetchEvents.pending('r1', range));
    expect(pending.loading).toBe(true);
    expect(pending.range).toEqual(range);
    const done = calendarReducer(pending, fetchEvents.fulfilled([event('a')], 'r1', range));
    expect(done.loading).toBe(false);
    expect(done.loaded).toBe(true);
    expect(done.events.map((e) => e.id)).toEqual(['a']);
  });

  it('stores the error of a failed call and stops loading', async () => {
    vi.spyOn(calendarApi, 'events').mockRejectedValue(new ApiError(0, undefined));
    const store = storeWith(initialCalendarState);
    const call = store.dispatch(fetchEvents(range));
    expect(store.getState().calendar.loading).toBe(true);
    await call;
    expect(store.getState().calendar.loading).toBe(false);
    expect(store.getState().calendar.error).toEqual({
      message: 'Something went wrong',
      status: 0,
      operation: 'fetchEvents',
    });
  });

  it("forgets another user's events when someone else signs in", () => {
    const mine = { ...withEvents(event('a')), owner: 'ada@example.com' };
    expect(calendarReducer(mine, sessionStarted('ada@example.com'))).toBe(mine);
    expect(calendarReducer(mine, sessionStarted('bob@example.com'))).toEqual({
      ...initialCalendarState,
      owner: 'bob@example.com',
    });
  });

  it('keeps only the answer of the latest range asked', () => {
    const other = { start: '2026-06-01T00:00:00.000Z', end: '2026-07-06T00:00:00.000Z' };
    let state = calendarReducer(initialCalendarState, fetchEvents.pending('may', range));
    state = calendarReducer(state, fetchEvents.pending('june', other));
    state = calendarReducer(state, fetchEvents.fulfilled([event('j')], 'june', other));
    state = calendarReducer(state, fetchEvents.fulfilled([event('m')], 'may', range));
    expect(state.events.map((e) => e.id)).toEqual(['j']);
    expect(state.range).toEqual(other);
  });
});

describe('calendar state: events', () => {
  it('adds a created event once, whether it arrives as the answer or as the event', () => {
    const created = event('a');
    let state = calendarReducer(
      withEvents(),
      createEvent.fulfilled(created, 'r', {
        title: created.title,
        start: created.start,
        end: created.end,
      }),
    );
    state = calendarReducer(state, eventReceived(created));
    expect(state.events).toEqual([created]);
  });

  it('an update result must have an id: one without is stored as an error', async () => {
    vi.spyOn(calendarApi, 'update').mockResolvedValue(event('', { title: 'Renamed' }));
    const store = storeWith(withEvents(event('a')));
    await store.dispatch(updateEvent({ eventId: 'a', patch: { title: 'Renamed' } }));
    const state = store.getState().calendar;
    expect(state.error).toEqual({ message: UPDATE_WITHOUT_ID_MESSAGE, operation: 'updateEvent' });
    expect(state.events).toEqual([event('a')]);
  });

  it('applies an update result that has its id', async () => {
    const updated = event('a', { title: 'Renamed', updatedAt: T1 });
    vi.spyOn(calendarApi, 'update').mockResolvedValue(updated);
    const store = storeWith(withEvents(event('a'), event('b')));
    await store.dispatch(updateEvent({ eventId: 'a', patch: { title: 'Renamed' } }));
    expect(store.getState().calendar.events).toEqual([updated, event('b')]);
    expect(store.getState().calendar.error).toBeNull();
  });

  it('replaces a moved occurrence of a repeating event by the one the server answers', async () => {
    const series = 'f0000000-0000-4000-8000-000000000000';
    const before = event(`${series}_20260504T090000Z`, { seriesId: series, rrule: 'FREQ=WEEKLY' });
    const moved = event(`${series}_20260505T090000Z`, {
      seriesId: series,
      rrule: 'FREQ=WEEKLY',
      start: '2026-05-05T09:00:00.000Z',
      end: '2026-05-05T10:00:00.000Z',
      updatedAt: T1,
    });
    vi.spyOn(calendarApi, 'update').mockResolvedValue(moved);
    const store = storeWith(withEvents(before, event('b')));
    await store.dispatch(
      updateEvent({
        eventId: before.id,
        patch: { start: moved.start, end: moved.end },
        previous: before,
      }),
    );
    expect(store.getState().calendar.events).toEqual([event('b'), moved]);
  });

  it('shows a dragged event at once and puts it back when the server refuses', async () => {
    let refuse!: (error: unknown) => void;
    vi.spyOn(calendarApi, 'update').mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const before = event('a');
    const store = storeWith(withEvents(before));
    const patch = { start: '2026-05-05T09:00:00.000Z', end: '2026-05-05T10:00:00.000Z' };
    const call = store.dispatch(updateEvent({ eventId: 'a', patch, previous: before }));
    expect(store.getState().calendar.events[0]).toMatchObject(patch);
    refuse(new ApiError(403, { detail: 'Your role cannot do this', code: 'FORBIDDEN' }));
    await call;
    expect(store.getState().calendar.events).toEqual([before]);
    expect(store.getState().calendar.error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('keeps the newer version when an older one arrives late', () => {
    let state = calendarReducer(
      withEvents(event('a')),
      eventReceived(event('a', { title: 'New', updatedAt: T1 })),
    );
    state = calendarReducer(state, eventReceived(event('a', { title: 'Old' })));
    expect(state.events[0]?.title).toBe('New');
  });

  it('removes a deleted event, by the answer or by the event', () => {
    let state = calendarReducer(
      withEvents(event('a'), event('b')),
      deleteEvent.fulfilled({ eventId: 'a' }, 'r', 'a'),
    );
    expect(state.events.map((e) => e.id)).toEqual(['b']);
    state = calendarReducer(state, eventRemoved({ eventId: 'b' }));
    state = calendarReducer(state, eventRemoved({ eventId: 'b' }));
    expect(state.events).toEqual([]);
  });
});

describe('calendar realtime events', () => {
  it('turns each event into its action, and imports into a refetch', () => {
    expect(calendarEventAction({ type: 'calendar.event.updated', data: event('a') })).toEqual(
      eventReceived(event('a')),
    );
    expect(calendarEventAction({ type: 'calendar.event.deleted', data: { eventId: 'a' } })).toEqual(
      eventRemoved({ eventId: 'a' }),
    );
    expect(
      calendarEventAction({ type: 'calendar.events.imported', data: null, refetch: true }),
    ).toBe('refetch');
    expect(calendarEventAction({ type: 'calendar.event.created', data: { id: 3 } })).toBe(
      'refetch',
    );
    expect(calendarEventAction({ type: 'calendar.other', data: null })).toBeNull();
  });
});
