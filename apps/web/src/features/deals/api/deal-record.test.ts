import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deal, DealDetail } from '@beacon/contract';
import { CLIENT_ID } from '../../../lib/http.ts';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';
import { createStore } from '../../../lib/store.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { dealRecordApi } from './deal-record.ts';

const T0 = '2026-05-01T10:00:00.000Z';

function deal(id: string, extra: Partial<Deal> = {}): Deal {
  return {
    id,
    name: `Deal ${id}`,
    pipelineId: 'p1',
    stageId: 's1',
    status: 'open',
    amount: 100,
    currency: 'EUR',
    expectedCloseDate: null,
    ownerId: null,
    companyId: 'c1',
    companyName: 'Acme',
    people: [],
    source: 'manual',
    tags: [],
    lostReason: '',
    nextStep: '',
    position: 'V',
    stageChangedAt: T0,
    lastActivityAt: T0,
    createdAt: T0,
    updatedAt: T0,
    closedAt: null,
    stale: false,
    ...extra,
  };
}

const detail = (id: string): DealDetail => ({
  deal: deal(id),
  company: null,
  stages: [],
  lists: [],
});

function follow() {
  const subscribers: RealtimeSubscriber[] = [];
  vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
    subscribers.push(subscriber);
    return () => undefined;
  });
  return subscribers;
}

const calls = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://x').pathname === path).length;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a deal as a record', () => {
  it('reads the deal again on a board move of it or another tab’s change, not on others', async () => {
    const subscribers = follow();
    const fetchMock = stubApi({ 'GET /api/deals/d1': json(200, detail('d1')) });
    const store = createStore();
    await store.dispatch(dealRecordApi.endpoints.deal.initiate('d1'));
    await vi.waitFor(() => expect(subscribers).toHaveLength(1));
    const live = subscribers[0]!;
    const move = (dealId: string) => ({
      type: 'deals.moved',
      data: {
        dealId,
        pipelineId: 'p1',
        fromStageId: 's1',
        toStageId: 's2',
        position: 'k',
        by: 'u2',
      },
    });
    live.onMessage(move('d2'));
    live.onMessage({
      type: 'crm.changed',
      data: { entity: 'deals', id: 'd1', by: 'u1', origin: CLIENT_ID },
    });
    live.onMessage({
      type: 'crm.changed',
      data: { entity: 'deals', id: 'd9', by: 'u2', origin: 'x' },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(fetchMock, '/api/deals/d1')).toBe(1);
    live.onMessage(move('d1'));
    await vi.waitFor(() => expect(calls(fetchMock, '/api/deals/d1')).toBe(2));
    live.onMessage({
      type: 'crm.changed',
      data: { entity: 'deals', id: 'd1', by: 'u2', origin: 'x' },
    });
    await vi.waitFor(() => expect(calls(fetchMock, '/api/deals/d1')).toBe(3));
  });

  it("lists a company's deals in pages, and reads them again after a deal is created", async () => {
    const fetchMock = stubApi({
      'GET /api/deals': (_init, url) =>
        json(
          200,
          new URL(url, 'http://x').searchParams.get('cursor')
            ? { items: [deal('d3')], nextCursor: null }
            : { items: [deal('d1'), deal('d2')], nextCursor: 'next' },
        ),
      'POST /api/deals': json(201, deal('d4')),
    });
    const store = createStore();
    const arg = { type: 'company' as const, id: 'c1' };
    const read = store.dispatch(dealRecordApi.endpoints.relatedDeals.initiate(arg));
    await read;
    const first = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x').searchParams;
    expect(JSON.parse(first.get('filters') ?? '[]')).toEqual([
      { field: 'companyId', op: 'equals', value: 'c1' },
    ]);
    expect(first.get('sort')).toBe('-createdAt');
    await store.dispatch(
      dealRecordApi.endpoints.relatedDeals.initiate(arg, { direction: 'forward' }),
    );
    const pages = () =>
      dealRecordApi.endpoints.relatedDeals.select(arg)(store.getState() as never).data?.pages;
    expect(pages()?.flatMap((page) => page.items.map((d) => d.id))).toEqual(['d1', 'd2', 'd3']);
    const before = calls(fetchMock, '/api/deals');
    await store.dispatch(dealRecordApi.endpoints.dealCreate.initiate({ name: 'New' })).unwrap();
    await vi.waitFor(() => expect(calls(fetchMock, '/api/deals')).toBeGreaterThan(before));
    read.unsubscribe();
  });
});
