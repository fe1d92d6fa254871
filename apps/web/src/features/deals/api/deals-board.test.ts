import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deal, DealBoard, Pipeline, PipelineStage } from '@beacon/contract';
import { CLIENT_ID } from '../../../lib/http.ts';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';
import { createStore, type AppStore } from '../../../lib/store.ts';
import { json, stubApi, type Route } from '../../../test/fetch.ts';
import { dealsBoardApi, LIVE_DELAY_MS, type BoardArg } from './deals-board.ts';

const T0 = '2026-05-01T10:00:00.000Z';
const T1 = '2026-05-01T10:05:00.000Z';
const ARG: BoardArg = { pipelineId: 'p1', filters: [] };

function stage(id: string, position: number, probability: number, kind: PipelineStage['kind']) {
  return {
    id,
    pipelineId: 'p1',
    name: `Stage ${id}`,
    key: null,
    position,
    probability,
    kind,
    rotDays: null,
  } satisfies PipelineStage;
}

const STAGES = [
  stage('s1', 0, 10, 'open'),
  stage('s2', 1, 50, 'open'),
  stage('lost', 2, 0, 'lost'),
];
const PIPELINE: Pipeline = {
  id: 'p1',
  name: 'Sales',
  key: null,
  isDefault: true,
  position: 0,
  stages: STAGES,
  createdAt: T0,
  updatedAt: T0,
};

function deal(
  id: string,
  stageId: string,
  position: string,
  amount: number,
  extra: Partial<Deal> = {},
) {
  return {
    id,
    name: `Deal ${id}`,
    pipelineId: 'p1',
    stageId,
    status: 'open',
    amount,
    currency: 'EUR',
    expectedCloseDate: null,
    ownerId: null,
    companyId: null,
    companyName: '',
    people: [],
    source: 'manual',
    tags: [],
    lostReason: '',
    nextStep: '',
    position,
    stageChangedAt: T0,
    lastActivityAt: T0,
    createdAt: T0,
    updatedAt: T0,
    closedAt: null,
    stale: false,
    ...extra,
  } satisfies Deal;
}

/** An amount at the cap (10^15 minor units): two of them pass 2^53. */
const CAP = 1_000_000_000_000_000;

/** s1: a, b (both at the cap), more to load; s2: c; lost: empty. */
function sampleBoard(): DealBoard {
  return {
    pipeline: PIPELINE,
    columns: [
      {
        stage: STAGES[0]!,
        count: 3,
        sums: [{ currency: 'EUR', amount: '3000000000000000', weighted: '300000000000000' }],
        deals: [deal('a', 's1', 'V', CAP), deal('b', 's1', 'k', CAP)],
        nextCursor: 'cursor-1',
      },
      {
        stage: STAGES[1]!,
        count: 1,
        sums: [{ currency: 'EUR', amount: '500', weighted: '250' }],
        deals: [deal('c', 's2', 'V', 500)],
        nextCursor: null,
      },
      { stage: STAGES[2]!, count: 0, sums: [], deals: [], nextCursor: null },
    ],
  };
}

const board = (store: AppStore) =>
  dealsBoardApi.endpoints.dealsBoard.select(ARG)(store.getState() as never);
const column = (store: AppStore, stageId: string) => board(store).data?.board.columns[stageId];

async function storeWithBoard(routes: Record<string, Route | Response> = {}) {
  const fetchMock = stubApi({ 'GET /api/deals/board': json(200, sampleBoard()), ...routes });
  const store = createStore();
  const read = store.dispatch(dealsBoardApi.endpoints.dealsBoard.initiate(ARG));
  await read;
  return { store, fetchMock, read };
}

const sentBody = (fetchMock: ReturnType<typeof stubApi>, suffix: string) =>
  JSON.parse(
    String(fetchMock.mock.calls.find(([url]) => String(url).includes(suffix))?.[1]?.body),
  ) as unknown;

const dealForecastCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/deals/forecast')).length;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('deals board: reading', () => {
  it('reads the pipeline board into columns with their exact sums', async () => {
    const { store, fetchMock } = await storeWithBoard();
    expect(board(store).data?.board.order).toEqual(['s1', 's2', 'lost']);
    expect(column(store, 's1')?.dealIds).toEqual(['a', 'b']);
    expect(column(store, 's1')?.sums[0]?.amount).toBe('3000000000000000');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('pipelineId')).toBe('p1');
    expect(url.searchParams.get('limit')).toBe('20');
  });

  it('keeps the error of a failed read with its status and call', async () => {
    stubApi({ 'GET /api/deals/board': json(500, { detail: 'Down', code: 'INTERNAL' }) });
    const store = createStore();
    await store.dispatch(dealsBoardApi.endpoints.dealsBoard.initiate(ARG));
    expect(board(store).error).toMatchObject({ status: 500, operation: 'dealsBoard' });
    expect(board(store).data).toBeUndefined();
  });

  it("appends a column's next page (same filters, the stage, by position), without repeats", async () => {
    const { store, fetchMock } = await storeWithBoard({
      'GET /api/deals': json(200, {
        items: [deal('b', 's1', 'k', CAP), deal('e', 's1', 'z', CAP)],
        nextCursor: null,
      }),
    });
    await store
      .dispatch(dealsBoardApi.endpoints.dealsBoardMore.initiate({ board: ARG, stageId: 's1' }))
      .unwrap();
    expect(column(store, 's1')?.dealIds).toEqual(['a', 'b', 'e']);
    expect(column(store, 's1')?.nextCursor).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => /\/api\/deals\?/.test(String(url)));
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect(url.searchParams.get('cursor')).toBe('cursor-1');
    expect(url.searchParams.get('sort')).toBe('position');
    expect(JSON.parse(url.searchParams.get('filters') ?? '[]')).toEqual([
      { field: 'stageId', op: 'equals', value: 's1' },
    ]);
  });
});

describe('deals board: the optimistic move', () => {
  it('moves the card and its exact sums at once, saves it between its new neighbours', async () => {
    let answer!: (response: Response) => void;
    const { store, fetchMock } = await storeWithBoard({
      'POST /api/deals/a/move': () => new Promise((resolve) => (answer = resolve)),
    });
    const drop = store.dispatch(
      dealsBoardApi.endpoints.dealsMove.initiate({
        board: ARG,
        dealId: 'a',
        stageId: 's2',
        index: 1,
      }),
    );
    // At once: the card, the counts and the sums (past 2^53, exact), weighed by the new stage.
    expect(column(store, 's1')?.dealIds).toEqual(['b']);
    expect(column(store, 's2')?.dealIds).toEqual(['c', 'a']);
    expect(column(store, 's1')?.count).toBe(2);
    expect(column(store, 's2')?.count).toBe(2);
    expect(column(store, 's1')?.sums).toEqual([
      { currency: 'EUR', amount: '2000000000000000', weighted: '200000000000000' },
    ]);
    expect(column(store, 's2')?.sums).toEqual([
      { currency: 'EUR', amount: '1000000000000500', weighted: '500000000000250' },
    ]);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(sentBody(fetchMock, '/a/move')).toEqual({ stageId: 's2', afterId: 'c', beforeId: null });
    const saved = deal('a', 's2', 'n', CAP, { updatedAt: T1 });
    answer(json(200, saved));
    await drop;
    expect(board(store).data?.board.deals.a).toEqual(saved);
    expect(column(store, 's2')?.dealIds).toEqual(['c', 'a']);
  });

  it('sends the lost reason with a move to a lost stage', async () => {
    const { store, fetchMock } = await storeWithBoard({
      'POST /api/deals/c/move': json(200, deal('c', 'lost', 'V', 500, { status: 'lost' })),
    });
    await store
      .dispatch(
        dealsBoardApi.endpoints.dealsMove.initiate({
          board: ARG,
          dealId: 'c',
          stageId: 'lost',
          index: 0,
          lostReason: 'price',
        }),
      )
      .unwrap();
    expect(sentBody(fetchMock, '/c/move')).toEqual({
      stageId: 'lost',
      afterId: null,
      beforeId: null,
      lostReason: 'price',
    });
    expect(column(store, 'lost')?.dealIds).toEqual(['c']);
    expect(column(store, 's2')?.sums).toEqual([]);
  });

  it('puts a refused move back where it was, figures and all', async () => {
    let answer!: (response: Response) => void;
    const { store } = await storeWithBoard({
      'POST /api/deals/a/move': () => new Promise((resolve) => (answer = resolve)),
    });
    const before = board(store).data!.board;
    const drop = store.dispatch(
      dealsBoardApi.endpoints.dealsMove.initiate({
        board: ARG,
        dealId: 'a',
        stageId: 's2',
        index: 0,
      }),
    );
    expect(column(store, 's2')?.dealIds).toEqual(['a', 'c']);
    expect(column(store, 's1')?.sums[0]?.amount).toBe('2000000000000000');
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(json(409, { detail: 'Changed', code: 'EDIT_CONFLICT' }));
    const refused = await drop;
    expect(refused.error).toMatchObject({
      status: 409,
      code: 'EDIT_CONFLICT',
      operation: 'dealsMove',
    });
    expect(board(store).data?.board).toEqual(before);
    expect(column(store, 's1')?.sums[0]?.amount).toBe('3000000000000000');
  });

  it('reads the forecast again after a saved move, not after a refused one', async () => {
    const { store, fetchMock } = await storeWithBoard({
      'GET /api/deals/forecast': json(200, { pipelineId: 'p1', timeZone: 'UTC', months: [] }),
      'POST /api/deals/a/move': json(200, deal('a', 's2', 'n', CAP)),
      'POST /api/deals/b/move': json(403, { detail: 'Forbidden', code: 'FORBIDDEN' }),
    });
    await store.dispatch(dealsBoardApi.endpoints.forecast.initiate({ pipelineId: 'p1' }));
    expect(dealForecastCalls(fetchMock)).toBe(1);
    await store.dispatch(
      dealsBoardApi.endpoints.dealsMove.initiate({
        board: ARG,
        dealId: 'b',
        stageId: 's2',
        index: 0,
      }),
    );
    await store.dispatch(
      dealsBoardApi.endpoints.dealsMove.initiate({
        board: ARG,
        dealId: 'a',
        stageId: 's2',
        index: 0,
      }),
    );
    await vi.waitFor(() => expect(dealForecastCalls(fetchMock)).toBe(2));
  });
});

describe('deals board: live', () => {
  function follow() {
    const subscribers: RealtimeSubscriber[] = [];
    vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
      subscribers.push(subscriber);
      return () => undefined;
    });
    return subscribers;
  }
  const reads = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/deals/board')).length;

  it("patches the board with another member's move, its sums moved exactly", async () => {
    const subscribers = follow();
    const { store, fetchMock } = await storeWithBoard();
    await vi.waitFor(() => expect(subscribers).toHaveLength(1));
    const live = subscribers[0]!;
    expect(live.types).toEqual(['crm.changed', 'deals.moved', 'pipelines.changed']);
    live.onMessage({
      type: 'deals.moved',
      data: {
        dealId: 'b',
        pipelineId: 'p1',
        fromStageId: 's1',
        toStageId: 's2',
        position: 'A',
        by: 'u2',
      },
    });
    expect(column(store, 's2')?.dealIds).toEqual(['b', 'c']);
    expect(column(store, 's2')?.sums).toEqual([
      { currency: 'EUR', amount: '1000000000000500', weighted: '500000000000250' },
    ]);
    expect(board(store).data?.board.deals.b?.position).toBe('A');
    // A move of another pipeline's deal this board does not show changes nothing.
    live.onMessage({
      type: 'deals.moved',
      data: {
        dealId: 'x',
        pipelineId: 'p2',
        fromStageId: 'q1',
        toStageId: 'q2',
        position: 'A',
        by: 'u2',
      },
    });
    await new Promise((resolve) => setTimeout(resolve, LIVE_DELAY_MS + 50));
    expect(reads(fetchMock)).toBe(1);
  });

  it('reads again, once, after moves it cannot place, changes elsewhere and a reconnect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const subscribers = follow();
    const { fetchMock } = await storeWithBoard();
    await vi.waitFor(() => expect(subscribers).toHaveLength(1));
    const live = subscribers[0]!;
    // A deal the board has not loaded comes into s2: its amount is unknown.
    live.onMessage({
      type: 'deals.moved',
      data: {
        dealId: 'z',
        pipelineId: 'p1',
        fromStageId: 's1',
        toStageId: 's2',
        position: 'A',
        by: 'u2',
      },
    });
    live.onMessage({ type: 'pipelines.changed', data: { pipelineId: 'p1', by: 'u2' } });
    await vi.advanceTimersByTimeAsync(LIVE_DELAY_MS + 10);
    await vi.waitFor(() => expect(reads(fetchMock)).toBe(2));

    // This tab's own write is not read again; another tab's is.
    live.onMessage({
      type: 'crm.changed',
      data: { entity: 'deals', id: 'a', by: 'u1', origin: CLIENT_ID },
    });
    live.onMessage({
      type: 'crm.changed',
      data: { entity: 'people', id: 'p', by: 'u2', origin: 'x' },
    });
    await vi.advanceTimersByTimeAsync(LIVE_DELAY_MS + 10);
    expect(reads(fetchMock)).toBe(2);
    live.onMessage({
      type: 'crm.changed',
      data: { entity: 'deals', id: 'a', by: 'u1', origin: 'other-tab' },
    });
    await vi.advanceTimersByTimeAsync(LIVE_DELAY_MS + 10);
    await vi.waitFor(() => expect(reads(fetchMock)).toBe(3));

    // The socket came back after a break (the first ready is the socket opening).
    live.onReady?.();
    live.onReady?.();
    await vi.advanceTimersByTimeAsync(LIVE_DELAY_MS + 10);
    await vi.waitFor(() => expect(reads(fetchMock)).toBe(4));
  });
});
