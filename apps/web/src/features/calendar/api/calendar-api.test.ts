import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '@beacon/contract';
import { api } from '../../../lib/api.ts';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';
import { createStore, type AppStore } from '../../../lib/store.ts';
import { json, stubApi, type Route } from '../../../test/fetch.ts';
import { calendarEventChange } from '../state/calendar-events.ts';
import { UPDATE_WITHOUT_ID_MESSAGE, calendarApi, selectEvents } from './calendar-api.ts';

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

const events = (store: AppStore, of = range) => selectEvents(store.getState(), of);

/** A store that has read the events of `range` (the screen's subscription). */
async function storeWith(list: CalendarEvent[], routes: Record<string, Route | Response> = {}) {
  const fetchMock = stubApi({ 'GET /meetings/events': json(200, list), ...routes });
  const store = createStore();
  await store.dispatch(calendarApi.endpoints.calendarEvents.initiate(range));
  return { store, fetchMock };
}

const sentBody = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  JSON.parse(
    String(fetchMock.mock.calls.find(([url]) => String(url).endsWith(path))?.[1]?.body),
  ) as unknown;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('calendar events: loading, error and data', () => {
  it('reads the events of the range asked', async () => {
    const { store, fetchMock } = await storeWith([event('a')]);
    expect(events(store).isSuccess).toBe(true);
    expect(events(store).data?.map((e) => e.id)).toEqual(['a']);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual(range);
  });

  it('keeps the error of a failed read, with its call', async () => {
    stubApi({ 'GET /meetings/events': () => Promise.reject(new TypeError('offline')) });
    const store = createStore();
    const read = store.dispatch(calendarApi.endpoints.calendarEvents.initiate(range));
    expect(events(store).isLoading).toBe(true);
    await read;
    expect(events(store).isLoading).toBe(false);
    expect(events(store).error).toMatchObject({
      message: 'Something went wrong',
      status: 0,
      operation: 'calendarEvents',
    });
  });

  it("forgets another user's events when the store is reset for a new session", async () => {
    const { store } = await storeWith([event('a')]);
    store.dispatch(api.util.resetApiState());
    expect(events(store).data).toBeUndefined();
  });

  it('keeps each range apart: a late answer of another range changes nothing on this one', async () => {
    const other = { start: '2026-06-01T00:00:00.000Z', end: '2026-07-06T00:00:00.000Z' };
    stubApi({
      'GET /meetings/events': (_init, url) =>
        json(
          200,
          new URL(url, 'http://x').searchParams.get('start') === other.start
            ? [event('j')]
            : [event('m')],
        ),
    });
    const store = createStore();
    await store.dispatch(calendarApi.endpoints.calendarEvents.initiate(other));
    await store.dispatch(calendarApi.endpoints.calendarEvents.initiate(range));
    expect(events(store, other).data?.map((e) => e.id)).toEqual(['j']);
    expect(events(store).data?.map((e) => e.id)).toEqual(['m']);
  });
});

describe('calendar events: writes', () => {
  it('adds a created event once, whether it arrives as the answer or as the message', async () => {
    const subscribers = follow();
    const created = event('a');
    const { store } = await storeWith([], { 'POST /meetings/events/new': json(201, created) });
    await vi.waitFor(() => expect(subscribers).toHaveLength(1));
    await store
      .dispatch(
        calendarApi.endpoints.calendarCreateEvent.initiate({
          title: created.title,
          start: created.start,
          end: created.end,
        }),
      )
      .unwrap();
    subscribers[0]!.onMessage({ type: 'calendar.event.created', data: created });
    expect(events(store).data).toEqual([created]);
  });

  it('an update result must have an id: one without is a failure', async () => {
    const { store } = await storeWith([event('a')], {
      'POST /meetings/events/update': json(200, event('', { title: 'Renamed' })),
    });
    const result = await store.dispatch(
      calendarApi.endpoints.calendarUpdateEvent.initiate({
        eventId: 'a',
        patch: { title: 'Renamed' },
      }),
    );
    expect(result.error).toEqual({
      message: UPDATE_WITHOUT_ID_MESSAGE,
      operation: 'calendarUpdateEvent',
    });
    expect(events(store).data).toEqual([event('a')]);
  });

  it('applies an update result that has its id', async () => {
    const updated = event('a', { title: 'Renamed', updatedAt: T1 });
    const { store, fetchMock } = await storeWith([event('a'), event('b')], {
      'POST /meetings/events/update': json(200, updated),
    });
    const result = await store.dispatch(
      calendarApi.endpoints.calendarUpdateEvent.initiate({
        eventId: 'a',
        patch: { title: 'Renamed' },
      }),
    );
    expect(sentBody(fetchMock, '/meetings/events/update')).toEqual({
      eventId: 'a',
      event: { title: 'Renamed' },
    });
    expect(events(store).data).toEqual([updated, event('b')]);
    expect(result.error).toBeUndefined();
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
    const { store } = await storeWith([before, event('b')], {
      'POST /meetings/events/update': json(200, moved),
    });
    await store.dispatch(
      calendarApi.endpoints.calendarUpdateEvent.initiate({
        eventId: before.id,
        patch: { start: moved.start, end: moved.end },
        previous: before,
      }),
    );
    expect(events(store).data).toEqual([event('b'), moved]);
  });

  it('shows a dragged event at once and puts it back when the server refuses', async () => {
    let refuse!: (response: Response) => void;
    const before = event('a');
    const { store } = await storeWith([before], {
      'POST /meetings/events/update': () => new Promise((resolve) => (refuse = resolve)),
    });
    const patch = { start: '2026-05-05T09:00:00.000Z', end: '2026-05-05T10:00:00.000Z' };
    const call = store.dispatch(
      calendarApi.endpoints.calendarUpdateEvent.initiate({ eventId: 'a', patch, previous: before }),
    );
    expect(events(store).data?.[0]).toMatchObject(patch);
    await vi.waitFor(() => expect(refuse).toBeTypeOf('function'));
    refuse(json(403, { detail: 'Your role cannot do this', code: 'FORBIDDEN' }));
    const result = await call;
    expect(events(store).data).toEqual([before]);
    expect(result.error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('removes a deleted event, by the answer or by the message', async () => {
    const subscribers = follow();
    const { store } = await storeWith([event('a'), event('b')], {
      'POST /meetings/events/delete': json(200, { eventId: 'a' }),
    });
    await vi.waitFor(() => expect(subscribers).toHaveLength(1));
    await store.dispatch(calendarApi.endpoints.calendarDeleteEvent.initiate('a')).unwrap();
    expect(events(store).data?.map((e) => e.id)).toEqual(['b']);
    subscribers[0]!.onMessage({ type: 'calendar.event.deleted', data: { eventId: 'b' } });
    subscribers[0]!.onMessage({ type: 'calendar.event.deleted', data: { eventId: 'b' } });
    expect(events(store).data).toEqual([]);
  });

  it('an import reads the events again', async () => {
    const { store, fetchMock } = await storeWith([], {
      'POST /api/calendar/import': json(200, { imported: 2, skipped: [] }),
    });
    const result = await store
      .dispatch(calendarApi.endpoints.calendarImport.initiate('BEGIN:VCALENDAR'))
      .unwrap();
    expect(result).toEqual({ imported: 2, skipped: [] });
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/calendar/import'));
    expect(new Headers(sent?.[1]?.headers).get('Content-Type')).toBe('text/calendar');
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).includes('/meetings/events')),
      ).toHaveLength(2),
    );
  });
});

/** The subscribers the cache entries gave the realtime client. */
function follow() {
  const subscribers: RealtimeSubscriber[] = [];
  vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
    subscribers.push(subscriber);
    return () => undefined;
  });
  return subscribers;
}

describe('calendar realtime messages', () => {
  it('keeps the newer version when an older one arrives late', async () => {
    const subscribers = follow();
    const { store } = await storeWith([event('a')]);
    await vi.waitFor(() => expect(subscribers).toHaveLength(1));
    const live = subscribers[0]!;
    expect(live.types).toEqual(['calendar.*']);
    live.onMessage({
      type: 'calendar.event.updated',
      data: event('a', { title: 'New', updatedAt: T1 }),
    });
    live.onMessage({ type: 'calendar.event.updated', data: event('a', { title: 'Old' }) });
    expect(events(store).data?.[0]?.title).toBe('New');
  });

  it('reads again on an import, on data it cannot read, and after a break', async () => {
    const subscribers = follow();
    const { store, fetchMock } = await storeWith([event('a')]);
    await vi.waitFor(() => expect(subscribers).toHaveLength(1));
    const live = subscribers[0]!;
    const reads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('/meetings/events')).length;
    live.onMessage({ type: 'calendar.events.imported', data: { count: 2 }, refetch: true });
    await vi.waitFor(() => expect(reads()).toBe(2));
    live.onMessage({ type: 'calendar.event.created', data: { id: 3 } });
    await vi.waitFor(() => expect(reads()).toBe(3));
    live.onReady?.();
    live.onReady?.();
    await vi.waitFor(() => expect(reads()).toBe(4));
    expect(events(store).data?.map((e) => e.id)).toEqual(['a']);
  });

  it('turns each message into its change, and imports into a refetch', () => {
    const list = [event('a'), event('b')];
    const updated = calendarEventChange({
      type: 'calendar.event.updated',
      data: event('a', { title: 'Renamed', updatedAt: T1 }),
    });
    expect(updated).toBeTypeOf('function');
    if (typeof updated === 'function') updated(list);
    expect(list[0]?.title).toBe('Renamed');
    const deleted = calendarEventChange({
      type: 'calendar.event.deleted',
      data: { eventId: 'a' },
    });
    if (typeof deleted === 'function') deleted(list);
    expect(list.map((e) => e.id)).toEqual(['b']);
    expect(
      calendarEventChange({ type: 'calendar.events.imported', data: null, refetch: true }),
    ).toBe('refetch');
    expect(calendarEventChange({ type: 'calendar.event.created', data: { id: 3 } })).toBe(
      'refetch',
    );
    expect(calendarEventChange({ type: 'calendar.other', data: null })).toBeNull();
  });
});

describe('calendar feed: the private address', () => {
  const feed = { url: 'https://beacon.test/api/calendar/feeds/secret.ics', createdAt: T0 };
  const feedOf = (store: AppStore) =>
    calendarApi.endpoints.calendarFeed.select()(store.getState() as never);

  it('reads the address, and a 404 as no feed rather than a failure', async () => {
    stubApi({ 'GET /api/calendar/feed': json(200, feed) });
    const store = createStore();
    const read = store.dispatch(calendarApi.endpoints.calendarFeed.initiate());
    expect(await read.unwrap()).toEqual(feed);
    read.unsubscribe();

    stubApi({});
    const none = createStore();
    const empty = none.dispatch(calendarApi.endpoints.calendarFeed.initiate());
    expect(await empty.unwrap()).toBeNull();
    expect(feedOf(none).isSuccess).toBe(true);
    empty.unsubscribe();
  });

  it('keeps another failure as the error, with its status and code', async () => {
    stubApi({ 'GET /api/calendar/feed': json(500, { detail: 'Down', code: 'INTERNAL' }) });
    const store = createStore();
    const read = store.dispatch(calendarApi.endpoints.calendarFeed.initiate());
    await read;
    expect(feedOf(store).isError).toBe(true);
    expect(feedOf(store).error).toMatchObject({ status: 500, code: 'INTERNAL', message: 'Down' });
    read.unsubscribe();
  });

  it('shows a new address at once, and none after it is turned off', async () => {
    const rotated = { ...feed, url: 'https://beacon.test/api/calendar/feeds/new.ics' };
    const fetchMock = stubApi({
      'GET /api/calendar/feed': json(200, feed),
      'POST /api/calendar/feed': json(201, rotated),
      'DELETE /api/calendar/feed': new Response(null, { status: 204 }),
    });
    const store = createStore();
    const read = store.dispatch(calendarApi.endpoints.calendarFeed.initiate());
    await read;
    await store.dispatch(calendarApi.endpoints.calendarRotateFeed.initiate()).unwrap();
    await vi.waitFor(() => expect(feedOf(store).data).toEqual(rotated));
    await store.dispatch(calendarApi.endpoints.calendarRevokeFeed.initiate()).unwrap();
    await vi.waitFor(() => expect(feedOf(store).data).toBeNull());
    expect(fetchMock.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual([
      'GET',
      'POST',
      'DELETE',
    ]);
    read.unsubscribe();
  });

  it('leaves the shown address as it was when a new one is refused', async () => {
    stubApi({
      'GET /api/calendar/feed': json(200, feed),
      'POST /api/calendar/feed': json(403, { detail: 'No', code: 'FORBIDDEN' }),
    });
    const store = createStore();
    const read = store.dispatch(calendarApi.endpoints.calendarFeed.initiate());
    await read;
    await expect(
      store.dispatch(calendarApi.endpoints.calendarRotateFeed.initiate()).unwrap(),
    ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(feedOf(store).data).toEqual(feed);
    read.unsubscribe();
  });
});
