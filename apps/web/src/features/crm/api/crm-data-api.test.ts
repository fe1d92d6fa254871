import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { CLIENT_ID } from '../../../lib/http.ts';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';
import { createStore } from '../../../lib/store.ts';
import { json, sentRequest, stubApi } from '../../../test/fetch.ts';
import { crmDataApi } from './crm-data-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const list = (id: string, count: number) => ({
  id,
  name: id,
  kind: 'people',
  description: '',
  count,
  createdBy: null,
  createdAt: 'x',
  updatedAt: 'x',
});

describe('crm data cache', () => {
  it('reads the lists again when another member or tab changed lists, or after a break', async () => {
    const subscribers: RealtimeSubscriber[] = [];
    vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
      subscribers.push(subscriber);
      return () => subscribers.splice(subscribers.indexOf(subscriber), 1);
    });
    let count = 1;
    const fetch = stubApi({ 'GET /api/lists': () => json(200, [list('l1', count)]) });
    const store = createStore();
    const reads = () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/lists'));
    store.dispatch(crmDataApi.endpoints.recordListsOfKind.initiate('people'));
    await waitFor(() => expect(subscribers).toHaveLength(1));
    const live = subscribers[0]!;
    expect(reads()).toHaveLength(1);
    expect(String(reads()[0]?.[0])).toContain('kind=people');

    const change = (entity: string, origin: string | null) =>
      live.onMessage({ type: 'crm.changed', data: { entity, id: 'l1', by: 'u2', origin } });
    // This tab's own change, and a change of other records, read nothing.
    change('lists', CLIENT_ID);
    change('people', 'another-tab');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toHaveLength(1);

    count = 2;
    change('lists', 'another-tab');
    await waitFor(() => expect(reads()).toHaveLength(2));
    await waitFor(() =>
      expect(
        crmDataApi.endpoints.recordListsOfKind.select('people')(store.getState() as never).data,
      ).toEqual([list('l1', 2)]),
    );
    live.onReady?.();
    live.onReady?.();
    await waitFor(() => expect(reads()).toHaveLength(3));
  });

  it('keeps the saved views in step with what this tab saves, renames and deletes', async () => {
    const view = (id: string, name: string) => ({
      id,
      name,
      entity: 'people',
      shared: false,
      q: '',
      filters: [],
      sort: null,
      columns: [],
      ownerId: 'u1',
      createdAt: 'x',
      updatedAt: 'x',
    });
    stubApi({
      'GET /api/views': json(200, [view('v1', 'Hot')]),
      'POST /api/views': json(201, view('v2', 'Cold')),
      'PATCH /api/views/v1': json(200, view('v1', 'Warm')),
      'DELETE /api/views/v2': new Response(null, { status: 204 }),
    });
    const store = createStore();
    const views = () =>
      crmDataApi.endpoints.savedViews
        .select('people')(store.getState() as never)
        .data?.map((v) => v.name);
    await store.dispatch(crmDataApi.endpoints.savedViews.initiate('people'));
    await store
      .dispatch(crmDataApi.endpoints.createView.initiate({ name: 'Cold', entity: 'people' }))
      .unwrap();
    expect(views()).toEqual(['Hot', 'Cold']);
    await store
      .dispatch(
        crmDataApi.endpoints.updateView.initiate({
          id: 'v1',
          entity: 'people',
          patch: { name: 'Warm' },
        }),
      )
      .unwrap();
    expect(views()).toEqual(['Warm', 'Cold']);
    await store
      .dispatch(crmDataApi.endpoints.removeView.initiate({ id: 'v2', entity: 'people' }))
      .unwrap();
    expect(views()).toEqual(['Warm']);
  });

  it('updates a saved view with PATCH', async () => {
    const view = {
      id: 'v1',
      name: 'Hot',
      entity: 'people',
      shared: true,
      q: '',
      filters: [],
      sort: null,
      columns: [],
      ownerId: null,
      createdAt: 'x',
      updatedAt: 'x',
    };
    const fetchMock = stubApi({ 'PATCH /api/views/v1': json(200, view) });
    const store = createStore();
    const updated = await store
      .dispatch(
        crmDataApi.endpoints.updateView.initiate({
          id: 'v1',
          entity: 'people',
          patch: { shared: true },
        }),
      )
      .unwrap();
    expect(updated.shared).toBe(true);
    const { url, init } = sentRequest(fetchMock);
    expect(url.pathname).toBe('/api/views/v1');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"shared":true}');
  });
});
