import { afterEach, describe, expect, it, vi } from 'vitest';
import { card, comment, column, sampleBoard, T1 } from '../state/board-fixtures.ts';
import { api } from '../../../lib/api.ts';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';
import { createStore, type AppStore } from '../../../lib/store.ts';
import { json, stubApi, type Route } from '../../../test/fetch.ts';
import { kanbanApi, selectBoard, selectComments } from './kanban-api.ts';

const board = (store: AppStore) => selectBoard(store.getState());
const cardIds = (store: AppStore, columnId: string) =>
  board(store).data?.columns[columnId]?.cardIds;

/** A store whose board has been read (the screen's subscription), with the other calls given. */
async function storeWithBoard(routes: Record<string, Route | Response> = {}) {
  const fetchMock = stubApi({ 'GET /api/kanban/board': json(200, sampleBoard()), ...routes });
  const store = createStore();
  const read = store.dispatch(kanbanApi.endpoints.kanbanBoard.initiate());
  await read;
  return { store, fetchMock, read };
}

const forbidden = () => json(403, { detail: 'Forbidden', code: 'FORBIDDEN' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('kanban board: loading, error and data', () => {
  it('reads the board, each column in order', async () => {
    const { store } = await storeWithBoard();
    expect(board(store).isSuccess).toBe(true);
    expect(board(store).data?.columnOrder).toEqual(['todo', 'done']);
    expect(cardIds(store, 'todo')).toEqual(['a', 'b', 'c']);
  });

  it('keeps the error of a failed read, with its status, code and call', async () => {
    stubApi({
      'GET /api/kanban/board': json(500, { detail: 'Database unavailable', code: 'INTERNAL' }),
    });
    const store = createStore();
    const read = store.dispatch(kanbanApi.endpoints.kanbanBoard.initiate());
    expect(board(store).isLoading).toBe(true);
    await read;
    expect(board(store).isLoading).toBe(false);
    expect(board(store).error).toMatchObject({
      message: 'Database unavailable',
      status: 500,
      code: 'INTERNAL',
      operation: 'kanbanBoard',
    });
    expect(board(store).data).toBeUndefined();
  });

  it('a change told while the board is on its way is read after it: the later answer stays', async () => {
    const answers: ((response: Response) => void)[] = [];
    stubApi({ 'GET /api/kanban/board': () => new Promise((resolve) => answers.push(resolve)) });
    const store = createStore();
    const read = store.dispatch(kanbanApi.endpoints.kanbanBoard.initiate());
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // One read at a time: the board is read again once this one has answered.
    store.dispatch(kanbanApi.util.invalidateTags(['KanbanBoard']));
    answers[0]!(json(200, { ...sampleBoard(), columnOrder: [] }));
    await read;
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(json(200, sampleBoard()));
    await vi.waitFor(() => expect(board(store).data?.columnOrder).toEqual(['todo', 'done']));
    read.unsubscribe();
  });

  it("forgets another user's board when the store is reset for a new session", async () => {
    const { store } = await storeWithBoard();
    store.dispatch(api.util.resetApiState());
    expect(board(store).data).toBeUndefined();
  });
});

describe('kanban board: writes', () => {
  it('puts each answer on the board: a new column, a new card, a deleted column', async () => {
    const { store } = await storeWithBoard({
      'POST /api/kanban/columns/new': json(201, column('later', 't')),
      'POST /api/kanban/cards/new': json(201, card('e', 'done', 'k')),
      'POST /api/kanban/columns/delete': json(200, { columnId: 'todo', cardIds: ['a', 'b', 'c'] }),
    });
    await store.dispatch(kanbanApi.endpoints.kanbanCreateColumn.initiate('Later')).unwrap();
    expect(board(store).data?.columnOrder).toEqual(['todo', 'done', 'later']);
    await store
      .dispatch(
        kanbanApi.endpoints.kanbanCreateCard.initiate({
          columnId: 'done',
          card: { name: 'Card e' },
        }),
      )
      .unwrap();
    expect(cardIds(store, 'done')).toEqual(['d', 'e']);
    await store.dispatch(kanbanApi.endpoints.kanbanDeleteColumn.initiate('todo')).unwrap();
    expect(board(store).data?.columnOrder).toEqual(['done', 'later']);
    expect(Object.keys(board(store).data?.cards ?? {})).toEqual(['d', 'e']);
  });

  it('a dropped column moves at once, takes the server order, and goes back if refused', async () => {
    let answer!: (response: Response) => void;
    const { store, fetchMock } = await storeWithBoard({
      'POST /api/kanban/columns/move': () => new Promise((resolve) => (answer = resolve)),
    });
    const drop = store.dispatch(
      kanbanApi.endpoints.kanbanMoveColumn.initiate({ columnId: 'done', index: 0 }),
    );
    expect(board(store).data?.columnOrder).toEqual(['done', 'todo']);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(json(200, { columnOrder: ['done', 'todo'] }));
    await drop;
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/columns/move'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ columnId: 'done', index: 0 });
    expect(board(store).data?.columnOrder).toEqual(['done', 'todo']);

    stubApi({ 'POST /api/kanban/columns/move': forbidden() });
    const refused = await store.dispatch(
      kanbanApi.endpoints.kanbanMoveColumn.initiate({ columnId: 'todo', index: 0 }),
    );
    expect(board(store).data?.columnOrder).toEqual(['done', 'todo']);
    expect(refused.error).toMatchObject({ status: 403 });
  });

  it('a dropped card moves at once and stays where the server put it', async () => {
    const moved = card('a', 'done', 'k', { updatedAt: T1 });
    let answer!: (response: Response) => void;
    const { store, fetchMock } = await storeWithBoard({
      'POST /api/kanban/cards/move': () => new Promise((resolve) => (answer = resolve)),
    });
    const drop = store.dispatch(
      kanbanApi.endpoints.kanbanMoveCard.initiate({ cardId: 'a', columnId: 'done', index: 1 }),
    );
    expect(cardIds(store, 'todo')).toEqual(['b', 'c']);
    expect(cardIds(store, 'done')).toEqual(['d', 'a']);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(json(200, moved));
    await drop;
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/cards/move'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      cardId: 'a',
      columnId: 'done',
      index: 1,
    });
    expect(cardIds(store, 'done')).toEqual(['d', 'a']);
    expect(board(store).data?.cards.a?.columnId).toBe('done');
  });

  it('a refused move puts the card back where it was', async () => {
    const { store } = await storeWithBoard({ 'POST /api/kanban/cards/move': forbidden() });
    const refused = await store.dispatch(
      kanbanApi.endpoints.kanbanMoveCard.initiate({ cardId: 'b', columnId: 'done', index: 0 }),
    );
    expect(cardIds(store, 'todo')).toEqual(['a', 'b', 'c']);
    expect(cardIds(store, 'done')).toEqual(['d']);
    expect(board(store).data?.cards.b?.columnId).toBe('todo');
    expect(refused.error).toMatchObject({ status: 403, operation: 'kanbanMoveCard' });
  });
});

describe('kanban board: live', () => {
  /** The subscriber the board's cache entry gave the realtime client. */
  function follow() {
    const subscribers: RealtimeSubscriber[] = [];
    vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
      subscribers.push(subscriber);
      return () => undefined;
    });
    return subscribers;
  }

  it('patches the board with what a message carries, and reads it again when told to', async () => {
    const subscribers = follow();
    const { store, fetchMock } = await storeWithBoard();
    await vi.waitFor(() => expect(subscribers).toHaveLength(1));
    const live = subscribers[0]!;
    expect(live.types).toEqual(['kanban.*']);

    live.onMessage({ type: 'kanban.card.moved', data: card('d', 'todo', 'n', { updatedAt: T1 }) });
    expect(cardIds(store, 'todo')).toEqual(['a', 'b', 'd', 'c']);
    live.onMessage({ type: 'kanban.column.renamed', data: {} });
    live.onMessage({ type: 'kanban.column.updated', data: { id: 'done', name: 'Shipped' } });
    expect(board(store).data?.columns.done?.name).toBe('Shipped');

    const reads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/kanban/board')).length;
    expect(reads()).toBe(1);
    live.onMessage({ type: 'kanban.board.changed', data: null, refetch: true });
    await vi.waitFor(() => expect(reads()).toBe(2));
    // The socket came back after a break: messages may have been missed.
    live.onReady?.();
    live.onReady?.();
    await vi.waitFor(() => expect(reads()).toBe(3));
  });

  it("counts a comment once, and adds it to the card's comments once", async () => {
    const subscribers = follow();
    const { store } = await storeWithBoard({
      'GET /api/kanban/cards/comments': json(200, [comment('1')]),
      'POST /api/kanban/cards/comments/new': json(201, comment('2')),
    });
    await store.dispatch(kanbanApi.endpoints.kanbanComments.initiate('a'));
    await vi.waitFor(() => expect(subscribers).toHaveLength(2));
    await store
      .dispatch(kanbanApi.endpoints.kanbanAddComment.initiate({ cardId: 'a', body: 'Comment 2' }))
      .unwrap();
    // Its realtime message, to the board and to the card's comments.
    for (const live of subscribers) {
      live.onMessage({ type: 'kanban.comment.created', data: comment('2') });
    }
    const comments = selectComments(store.getState(), 'a').data;
    expect(comments?.map((c) => c.id)).toEqual(['1', '2']);
    expect(board(store).data?.cards.a?.commentCount).toBe(1);
    // A comment on a card whose drawer is closed counts too.
    subscribers[0]!.onMessage({ type: 'kanban.comment.created', data: comment('9', 'd') });
    expect(board(store).data?.cards.d?.commentCount).toBe(1);
  });
});
