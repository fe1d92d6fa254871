import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KanbanBoard, KanbanCard, KanbanColumn, KanbanComment } from '@beacon/contract';
import { ApiError } from '../../../lib/http.ts';
import { kanbanApi } from '../api/kanban-api.ts';
import { kanbanEventAction } from './kanban-events.ts';
import {
  addComment,
  cardAdded,
  cardChanged,
  cardRemoved,
  columnAdded,
  columnCleared,
  columnMoved,
  columnRemoved,
  columnRenamed,
  commentAdded,
  createCard,
  deleteCard,
  deleteColumn,
  dropCard,
  dropColumn,
  fetchBoard,
  fetchComments,
  initialKanbanState,
  kanbanReducer,
  sessionStarted,
  type KanbanState,
} from './kanban-slice.ts';

const T0 = '2026-05-01T10:00:00.000Z';
const T1 = '2026-05-01T10:05:00.000Z';

function card(id: string, columnId: string, position: string, extra: Partial<KanbanCard> = {}) {
  return {
    id,
    columnId,
    name: `Card ${id}`,
    description: '',
    priority: 'medium',
    dueAt: null,
    labels: [],
    assigneeIds: [],
    checklist: [],
    attachments: [],
    commentCount: 0,
    position,
    createdBy: null,
    createdAt: T0,
    updatedAt: T0,
    ...extra,
  } satisfies KanbanCard;
}

function column(id: string, position: string, cardIds: string[] = []): KanbanColumn {
  return { id, name: `Column ${id}`, position, cardIds };
}

/** Two columns: todo (a, b, c) and done (d). */
function sampleBoard(): KanbanBoard {
  return {
    cards: {
      a: card('a', 'todo', 'V'),
      b: card('b', 'todo', 'k'),
      c: card('c', 'todo', 't'),
      d: card('d', 'done', 'V'),
    },
    columns: {
      todo: column('todo', 'V', ['a', 'b', 'c']),
      done: column('done', 'k', ['d']),
    },
    columnOrder: ['todo', 'done'],
  };
}

const loaded = (board: KanbanBoard = sampleBoard()): KanbanState => ({
  ...initialKanbanState,
  board,
  loaded: true,
});

const cardIds = (state: KanbanState, columnId: string) => state.board.columns[columnId]?.cardIds;

function storeWith(state: KanbanState = loaded()) {
  return configureStore({ reducer: { kanban: kanbanReducer }, preloadedState: { kanban: state } });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('kanban state: loading, error and data', () => {
  it('starts empty, not loading, without error', () => {
    const state = kanbanReducer(undefined, { type: 'init' });
    expect(state.loading).toBe(false);
    expect(state.error).toBeNull();
    expect(state.loaded).toBe(false);
    expect(state.board).toEqual({ cards: {}, columns: {}, columnOrder: [] });
  });

  it('sets loading when a call starts and clears it when the call succeeds', () => {
    const pending = kanbanReducer(initialKanbanState, fetchBoard.pending('r1', undefined));
    expect(pending.loading).toBe(true);
    const done = kanbanReducer(pending, fetchBoard.fulfilled(sampleBoard(), 'r1', undefined));
    expect(done.loading).toBe(false);
    expect(done.loaded).toBe(true);
    expect(done.board.columnOrder).toEqual(['todo', 'done']);
    expect(done.error).toBeNull();
  });

  it('stores the error of a failed call and stops loading', async () => {
    vi.spyOn(kanbanApi, 'board').mockRejectedValue(
      new ApiError(500, { detail: 'Database unavailable', code: 'INTERNAL' }),
    );
    const store = storeWith(initialKanbanState);
    const call = store.dispatch(fetchBoard());
    expect(store.getState().kanban.loading).toBe(true);
    await call;
    expect(store.getState().kanban.loading).toBe(false);
    expect(store.getState().kanban.error).toEqual({
      message: 'Database unavailable',
      status: 500,
      code: 'INTERNAL',
      operation: 'fetchBoard',
    });
    expect(store.getState().kanban.loaded).toBe(false);
  });

  it('clears the stored error when the next call starts', () => {
    const failed = kanbanReducer(
      initialKanbanState,
      fetchBoard.rejected(null, 'r1', undefined, {
        message: 'Offline',
        status: 0,
        operation: 'fetchBoard',
      }),
    );
    expect(failed.error?.message).toBe('Offline');
    expect(kanbanReducer(failed, fetchBoard.pending('r2', undefined)).error).toBeNull();
  });

  it("forgets another user's board when someone else signs in, and keeps its own", () => {
    const mine = { ...loaded(), owner: 'ada@example.com' };
    expect(kanbanReducer(mine, sessionStarted('ada@example.com'))).toBe(mine);
    const theirs = kanbanReducer(mine, sessionStarted('bob@example.com'));
    expect(theirs).toEqual({ ...initialKanbanState, owner: 'bob@example.com' });
  });

  it('ignores a board request that answers after a newer one', () => {
    let state = kanbanReducer(initialKanbanState, fetchBoard.pending('old', undefined));
    state = kanbanReducer(state, fetchBoard.pending('new', undefined));
    const newer = sampleBoard();
    state = kanbanReducer(state, fetchBoard.fulfilled(newer, 'new', undefined));
    state = kanbanReducer(
      state,
      fetchBoard.fulfilled({ ...newer, columnOrder: [] }, 'old', undefined),
    );
    expect(state.board.columnOrder).toEqual(['todo', 'done']);
  });
});

describe('kanban state: the spec rules', () => {
  it('deleting a column also removes its cards and its place in the order', () => {
    const state = kanbanReducer(
      loaded(),
      deleteColumn.fulfilled({ columnId: 'todo', cardIds: ['a', 'b', 'c'] }, 'r', 'todo'),
    );
    expect(state.board.columns.todo).toBeUndefined();
    expect(state.board.columnOrder).toEqual(['done']);
    expect(Object.keys(state.board.cards)).toEqual(['d']);
  });

  it('a column deleted by someone else goes the same way', () => {
    const state = kanbanReducer(loaded(), columnRemoved({ columnId: 'todo' }));
    expect(state.board.columnOrder).toEqual(['done']);
    expect(Object.keys(state.board.cards)).toEqual(['d']);
  });

  it('deleting a card removes it from its column and the cards', () => {
    const state = kanbanReducer(
      loaded(),
      deleteCard.fulfilled({ cardId: 'b', columnId: 'todo' }, 'r', 'b'),
    );
    expect(state.board.cards.b).toBeUndefined();
    expect(cardIds(state, 'todo')).toEqual(['a', 'c']);
    // And the same when someone else deleted it.
    const again = kanbanReducer(loaded(), cardRemoved({ cardId: 'd', columnId: 'done' }));
    expect(again.board.cards.d).toBeUndefined();
    expect(cardIds(again, 'done')).toEqual([]);
  });

  it('adding a card appends its card id to its column', () => {
    const added = card('e', 'done', 'k');
    const state = kanbanReducer(
      loaded(),
      createCard.fulfilled(added, 'r', { columnId: 'done', card: { name: 'Card e' } }),
    );
    expect(cardIds(state, 'done')).toEqual(['d', 'e']);
    expect(state.board.cards.e).toEqual(added);
  });

  it('applies a card that arrives twice (own write, then its event) once', () => {
    const added = card('e', 'done', 'k');
    let state = kanbanReducer(
      loaded(),
      createCard.fulfilled(added, 'r', { columnId: 'done', card: { name: 'Card e' } }),
    );
    state = kanbanReducer(state, cardAdded(added));
    expect(cardIds(state, 'done')).toEqual(['d', 'e']);
  });
});

describe('kanban state: columns', () => {
  it('adds a new column at the end of the order, once', () => {
    let state = kanbanReducer(loaded(), columnAdded(column('later', 't')));
    state = kanbanReducer(state, columnAdded(column('later', 't')));
    expect(state.board.columnOrder).toEqual(['todo', 'done', 'later']);
    expect(cardIds(state, 'later')).toEqual([]);
  });

  it('renames a column', () => {
    const state = kanbanReducer(loaded(), columnRenamed({ id: 'done', name: 'Shipped' }));
    expect(state.board.columns.done?.name).toBe('Shipped');
  });

  it('clears a column, keeping it', () => {
    const state = kanbanReducer(loaded(), columnCleared({ columnId: 'todo' }));
    expect(cardIds(state, 'todo')).toEqual([]);
    expect(state.board.columnOrder).toEqual(['todo', 'done']);
    expect(Object.keys(state.board.cards)).toEqual(['d']);
  });

  it('a column moved elsewhere takes its place by position', () => {
    const state = kanbanReducer(loaded(), columnMoved({ columnId: 'todo', position: 'z' }));
    expect(state.board.columnOrder).toEqual(['done', 'todo']);
  });

  it('a dropped column moves at once, takes the server order, and goes back if refused', async () => {
    const moved = vi.spyOn(kanbanApi, 'moveColumn');
    let answer!: (value: { columnOrder: string[] }) => void;
    moved.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const store = storeWith();
    const drop = store.dispatch(dropColumn('done', 0));
    expect(store.getState().kanban.board.columnOrder).toEqual(['done', 'todo']);
    answer({ columnOrder: ['done', 'todo'] });
    await drop;
    expect(moved).toHaveBeenCalledWith('done', 0);
    expect(store.getState().kanban.board.columnOrder).toEqual(['done', 'todo']);

    moved.mockRejectedValueOnce(new ApiError(403, { detail: 'Forbidden', code: 'FORBIDDEN' }));
    await store.dispatch(dropColumn('todo', 0));
    expect(store.getState().kanban.board.columnOrder).toEqual(['done', 'todo']);
    expect(store.getState().kanban.error?.status).toBe(403);
  });
});

describe('kanban state: cards', () => {
  it('a dropped card moves at once and stays where the server put it', async () => {
    const moved = card('a', 'done', 'k', { updatedAt: T1 });
    const api = vi.spyOn(kanbanApi, 'moveCard').mockResolvedValue(moved);
    const store = storeWith();
    const drop = store.dispatch(dropCard('a', 'done', 1));
    expect(cardIds(store.getState().kanban, 'todo')).toEqual(['b', 'c']);
    expect(cardIds(store.getState().kanban, 'done')).toEqual(['d', 'a']);
    await drop;
    expect(api).toHaveBeenCalledWith('a', 'done', 1);
    expect(cardIds(store.getState().kanban, 'done')).toEqual(['d', 'a']);
    expect(store.getState().kanban.board.cards.a?.columnId).toBe('done');
    // Its own event changes nothing more.
    store.dispatch(cardChanged(moved));
    expect(cardIds(store.getState().kanban, 'done')).toEqual(['d', 'a']);
    expect(cardIds(store.getState().kanban, 'todo')).toEqual(['b', 'c']);
  });

  it('a refused move puts the card back where it was', async () => {
    vi.spyOn(kanbanApi, 'moveCard').mockRejectedValue(
      new ApiError(403, { detail: 'Forbidden', code: 'FORBIDDEN' }),
    );
    const store = storeWith();
    await store.dispatch(dropCard('b', 'done', 0));
    expect(cardIds(store.getState().kanban, 'todo')).toEqual(['a', 'b', 'c']);
    expect(cardIds(store.getState().kanban, 'done')).toEqual(['d']);
    expect(store.getState().kanban.board.cards.b?.columnId).toBe('todo');
    expect(store.getState().kanban.error).toMatchObject({ status: 403, operation: 'moveCard' });
  });

  it('a card moved by someone else takes its place by (position, id)', () => {
    // Between b ('k') and c ('t') of todo.
    let state = kanbanReducer(loaded(), cardChanged(card('d', 'todo', 'n', { updatedAt: T1 })));
    expect(cardIds(state, 'todo')).toEqual(['a', 'b', 'd', 'c']);
    expect(cardIds(state, 'done')).toEqual([]);
    // Equal positions: the id decides.
    state = kanbanReducer(state, cardChanged(card('0', 'todo', 'V', { updatedAt: T1 })));
    expect(cardIds(state, 'todo')).toEqual(['0', 'a', 'b', 'd', 'c']);
    // Within its own column, to the top.
    state = kanbanReducer(state, cardChanged(card('c', 'todo', 'F', { updatedAt: T1 })));
    expect(cardIds(state, 'todo')).toEqual(['c', '0', 'a', 'b', 'd']);
  });

  it('compares positions by code unit, as the server does', () => {
    // 'Z' (90) sorts between 'V' (86) and 'k' (107); a locale-aware comparison puts it after 'k'.
    const state = kanbanReducer(loaded(), cardChanged(card('d', 'todo', 'Z', { updatedAt: T1 })));
    expect(cardIds(state, 'todo')).toEqual(['a', 'd', 'b', 'c']);
  });

  it('keeps the newer version of a card when an older one arrives late', () => {
    let state = kanbanReducer(
      loaded(),
      cardChanged(card('a', 'todo', 'V', { name: 'New name', updatedAt: T1 })),
    );
    state = kanbanReducer(state, cardChanged(card('a', 'todo', 'V', { name: 'Old name' })));
    expect(state.board.cards.a?.name).toBe('New name');
  });

  it('updates a card in place when it did not move', () => {
    const state = kanbanReducer(
      loaded(),
      cardChanged(card('b', 'todo', 'k', { priority: 'high', updatedAt: T1 })),
    );
    expect(cardIds(state, 'todo')).toEqual(['a', 'b', 'c']);
    expect(state.board.cards.b?.priority).toBe('high');
  });
});

describe('kanban state: comments', () => {
  const comment = (id: string, cardId = 'a'): KanbanComment => ({
    id,
    cardId,
    authorId: null,
    body: `Comment ${id}`,
    createdAt: T1,
  });

  it('counts a comment once, whether it arrives as the answer or as the event', () => {
    let state = kanbanReducer(loaded(), fetchComments.fulfilled([comment('1')], 'r', 'a'));
    state = kanbanReducer(
      state,
      addComment.fulfilled(comment('2'), 'r', { cardId: 'a', body: 'Comment 2' }),
    );
    state = kanbanReducer(state, commentAdded(comment('2')));
    expect(state.comments.a?.map((c) => c.id)).toEqual(['1', '2']);
    expect(state.board.cards.a?.commentCount).toBe(1);
  });

  it('counts comments on cards whose drawer is closed', () => {
    const state = kanbanReducer(loaded(), commentAdded(comment('9', 'd')));
    expect(state.board.cards.d?.commentCount).toBe(1);
    expect(state.comments.d).toBeUndefined();
  });
});

describe('kanban realtime events', () => {
  it('turns each event into its action, and refetch messages into a refetch', () => {
    expect(kanbanEventAction({ type: 'kanban.card.moved', data: card('a', 'done', 'k') })).toEqual(
      cardChanged(card('a', 'done', 'k')),
    );
    expect(kanbanEventAction({ type: 'kanban.column.deleted', data: { columnId: 'x' } })).toEqual(
      columnRemoved({ columnId: 'x' }),
    );
    expect(kanbanEventAction({ type: 'kanban.board.changed', data: null, refetch: true })).toBe(
      'refetch',
    );
    expect(kanbanEventAction({ type: 'kanban.card.updated', data: null, refetch: true })).toBe(
      'refetch',
    );
    // Data it cannot read: the board may be out of date, so fetch it again.
    expect(kanbanEventAction({ type: 'kanban.card.created', data: { id: 1 } })).toBe('refetch');
    expect(kanbanEventAction({ type: 'kanban.something.new', data: {} })).toBeNull();
  });
});
