import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { CLIENT_ID } from '../../../lib/http.ts';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';
import { createStore } from '../../../lib/store.ts';
import { samplePerson } from '../../../test/crm-fixtures.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { selectionActions } from '../state/selection.ts';
import { defaultQuery, type TableQuery } from '../state/table-query.ts';
import { useRecords } from './use-records.ts';

const person = (id: string) => samplePerson({ id, firstName: id });
const page = (ids: string[], nextCursor: string | null) => ({
  items: ids.map(person),
  nextCursor,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderRecords(query: TableQuery = defaultQuery('people')) {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  const hook = renderHook((props: { query: TableQuery }) => useRecords('people', props.query), {
    wrapper,
    initialProps: { query },
  });
  return { ...hook, store };
}

/** The list answers by cursor; `count` answers the count. */
function stubPeople(pages: Record<string, object>, count = 3) {
  return stubApi({
    'GET /api/people': (_init, url) => {
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor') ?? '';
      return json(200, pages[cursor]);
    },
    'GET /api/people/count': json(200, { count, estimate: false }),
  });
}

describe('useRecords', () => {
  it('loads the first page, then appends further pages once each', async () => {
    let answerMore: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/people': (_init, url) =>
        new URL(url, 'http://localhost').searchParams.get('cursor') === 'c1'
          ? new Promise<Response>((resolve) => (answerMore = resolve))
          : json(200, page(['1', '2'], 'c1')),
      'GET /api/people/count': json(200, { count: 3, estimate: false }),
    });
    const { result } = renderRecords();
    expect(result.current.loading).toBe(true);
    expect(result.current.loaded).toBe(false);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.items.map((r) => r.id)).toEqual(['1', '2']);
    expect(result.current).toMatchObject({ loading: false, hasMore: true });
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.loadingMore).toBe(true));
    // Asking again while a page loads asks for nothing more.
    act(() => result.current.loadMore());
    await act(async () => answerMore(json(200, page(['2', '3'], null))));
    await waitFor(() => expect(result.current.loadingMore).toBe(false));
    // A row that moved between pages shows once.
    expect(result.current.items.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(result.current).toMatchObject({ loading: false, hasMore: false });
    await waitFor(() => expect(result.current.count).toEqual({ count: 3, estimate: false }));
  });

  it('ignores a late answer for an earlier query', async () => {
    let answerOld: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/people': (_init, url) => {
        const q = new URL(url, 'http://localhost').searchParams.get('q');
        if (q === 'old') return new Promise<Response>((resolve) => (answerOld = resolve));
        return new Promise<Response>(() => undefined);
      },
      'GET /api/people/count': (_init, url) =>
        new URL(url, 'http://localhost').searchParams.get('q') === 'old'
          ? json(200, { count: 9, estimate: false })
          : new Promise<Response>(() => undefined),
    });
    const { result, rerender } = renderRecords({ ...defaultQuery('people'), q: 'old' });
    await waitFor(() => expect(result.current.count).not.toBeNull());
    rerender({ query: { ...defaultQuery('people'), q: 'new' } });
    await act(async () => answerOld(json(200, page(['old'], null))));
    expect(result.current).toMatchObject({
      items: [],
      loading: true,
      loaded: false,
      count: null,
      error: null,
    });
  });

  it('keeps a failure as plain data and clears it on the next call', async () => {
    let down = true;
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/people': () =>
        down
          ? Promise.reject(new TypeError('Failed to fetch'))
          : new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/people/count': json(200, { count: 1, estimate: false }),
    });
    const { result } = renderRecords();
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current).toMatchObject({ loading: false, loaded: false, error: { status: 0 } });
    // Plain data: the store keeps nothing else.
    expect(Object.getPrototypeOf(result.current.error)).toBe(Object.prototype);
    down = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ loading: true, error: null }));
    await act(async () => answer(json(200, page(['1'], null))));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current).toMatchObject({ loading: false, error: null });
    expect(result.current.items.map((r) => r.id)).toEqual(['1']);
  });

  it('starts the selection again with a new query', async () => {
    stubPeople({ '': page(['1', '2'], null) });
    const { result, rerender } = renderRecords();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    act(() => result.current.select(selectionActions.rowToggled('1')));
    expect(result.current.selection).toEqual({ mode: 'ids', ids: ['1'] });
    rerender({ query: { ...defaultQuery('people'), q: 'ada' } });
    expect(result.current.selection).toEqual({ mode: 'ids', ids: [] });
  });

  it('adds a created record on top, once, with the count', async () => {
    stubPeople({ '': page(['1', '2'], null) }, 2);
    const { result } = renderRecords();
    await waitFor(() => expect(result.current.count?.count).toBe(2));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    // The store tells its screens of cache patches in a batch (the next frame).
    act(() => result.current.added(person('n')));
    await waitFor(() => expect(result.current.items.map((r) => r.id)).toEqual(['n', '1', '2']));
    expect(result.current.count?.count).toBe(3);
    act(() => result.current.added(person('1')));
    await waitFor(() => expect(result.current.items.map((r) => r.id)).toEqual(['1', 'n', '2']));
    expect(result.current.count?.count).toBe(4);
  });

  it("tells the table of changes from elsewhere and after a break, not of this tab's own", async () => {
    const subscribers: RealtimeSubscriber[] = [];
    vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
      subscribers.push(subscriber);
      return () => subscribers.splice(subscribers.indexOf(subscriber), 1);
    });
    stubPeople({ '': page(['1'], null) }, 1);
    const { result } = renderRecords();
    await waitFor(() => expect(subscribers).toHaveLength(1));
    const live = subscribers[0]!;
    expect(live.types).toEqual(['crm.changed']);
    const change = (entity: string, origin: string | null) =>
      act(() =>
        live.onMessage({
          type: 'crm.changed',
          data: { entity, id: null, by: 'user-2', origin },
        }),
      );
    change('people', CLIENT_ID);
    change('deals', 'another-tab');
    change('lists', 'another-tab');
    act(() => live.onMessage({ type: 'crm.changed', data: { entity: 'people' } }));
    expect(result.current.changedElsewhere).toBe(false);
    // Companies' names show in the people table.
    change('companies', 'another-tab');
    expect(result.current.changedElsewhere).toBe(true);
    // Reading again clears it; a change from another member sets it again.
    act(() => result.current.reload());
    expect(result.current.changedElsewhere).toBe(false);
    change('people', null);
    expect(result.current.changedElsewhere).toBe(true);
    act(() => result.current.reload());
    // The channel opened with the screen: its first ready is no break; the next one is.
    act(() => live.onReady?.());
    expect(result.current.changedElsewhere).toBe(false);
    act(() => live.onReady?.());
    expect(result.current.changedElsewhere).toBe(true);
  });
});
