import { describe, expect, it } from 'vitest';
import type { KanbanBoard } from '@beacon/contract';
import { card, comment, column, sampleBoard, T1 } from './board-fixtures.ts';
import { kanbanEventAction } from './kanban-events.ts';
import {
  boardData,
  boardReducer,
  cardAdded,
  cardChanged,
  cardRemoved,
  columnAdded,
  columnCleared,
  columnMoved,
  columnRemoved,
  columnRenamed,
  commentAdded,
  commentsRead,
  emptyBoardData,
  type BoardData,
} from './board-reducer.ts';

const loaded = (board: KanbanBoard = sampleBoard()): BoardData => boardData(board);

const cardIds = (state: BoardData, columnId: string) => state.columns[columnId]?.cardIds;

describe('kanban board: data', () => {
  it('starts empty', () => {
    expect(boardReducer(undefined, { type: 'init' })).toEqual(emptyBoardData());
    expect(emptyBoardData()).toEqual({
      cards: {},
      columns: {},
      columnOrder: [],
      countedComments: {},
    });
  });

  it('keeps the board as the server answered it, each column in order', () => {
    const board = loaded();
    expect(board.columnOrder).toEqual(['todo', 'done']);
    expect(cardIds(board, 'todo')).toEqual(['a', 'b', 'c']);
  });
});

describe('kanban board: the spec rules', () => {
  it('deleting a column also removes its cards and its place in the order', () => {
    const state = boardReducer(
      loaded(),
      columnRemoved({ columnId: 'todo', cardIds: ['a', 'b', 'c'] }),
    );
    expect(state.columns.todo).toBeUndefined();
    expect(state.columnOrder).toEqual(['done']);
    expect(Object.keys(state.cards)).toEqual(['d']);
  });

  it('a column deleted by someone else goes the same way', () => {
    const state = boardReducer(loaded(), columnRemoved({ columnId: 'todo' }));
    expect(state.columnOrder).toEqual(['done']);
    expect(Object.keys(state.cards)).toEqual(['d']);
  });

  it('deleting a card removes it from its column and the cards', () => {
    const state = boardReducer(loaded(), cardRemoved({ cardId: 'b', columnId: 'todo' }));
    expect(state.cards.b).toBeUndefined();
    expect(cardIds(state, 'todo')).toEqual(['a', 'c']);
    // And the same when someone else deleted it.
    const again = boardReducer(loaded(), cardRemoved({ cardId: 'd', columnId: 'done' }));
    expect(again.cards.d).toBeUndefined();
    expect(cardIds(again, 'done')).toEqual([]);
  });

  it('adding a card appends its card id to its column', () => {
    const added = card('e', 'done', 'k');
    const state = boardReducer(loaded(), cardAdded(added));
    expect(cardIds(state, 'done')).toEqual(['d', 'e']);
    expect(state.cards.e).toEqual(added);
  });

  it('applies a card that arrives twice (own write, then its event) once', () => {
    const added = card('e', 'done', 'k');
    // The answer of the caller's own write, then its realtime message.
    let state = boardReducer(loaded(), cardAdded(added));
    state = boardReducer(state, cardAdded(added));
    expect(cardIds(state, 'done')).toEqual(['d', 'e']);
  });
});

describe('kanban board: columns', () => {
  it('adds a new column at the end of the order, once', () => {
    let state = boardReducer(loaded(), columnAdded(column('later', 't')));
    state = boardReducer(state, columnAdded(column('later', 't')));
    expect(state.columnOrder).toEqual(['todo', 'done', 'later']);
    expect(cardIds(state, 'later')).toEqual([]);
  });

  it('renames a column', () => {
    const state = boardReducer(loaded(), columnRenamed({ id: 'done', name: 'Shipped' }));
    expect(state.columns.done?.name).toBe('Shipped');
  });

  it('clears a column, keeping it', () => {
    const state = boardReducer(loaded(), columnCleared({ columnId: 'todo' }));
    expect(cardIds(state, 'todo')).toEqual([]);
    expect(state.columnOrder).toEqual(['todo', 'done']);
    expect(Object.keys(state.cards)).toEqual(['d']);
  });

  it('a column moved elsewhere takes its place by position', () => {
    const state = boardReducer(loaded(), columnMoved({ columnId: 'todo', position: 'z' }));
    expect(state.columnOrder).toEqual(['done', 'todo']);
  });
});

describe('kanban board: cards', () => {
  it('a card moved by someone else takes its place by (position, id)', () => {
    // Between b ('k') and c ('t') of todo.
    let state = boardReducer(loaded(), cardChanged(card('d', 'todo', 'n', { updatedAt: T1 })));
    expect(cardIds(state, 'todo')).toEqual(['a', 'b', 'd', 'c']);
    expect(cardIds(state, 'done')).toEqual([]);
    // Equal positions: the id decides.
    state = boardReducer(state, cardChanged(card('0', 'todo', 'V', { updatedAt: T1 })));
    expect(cardIds(state, 'todo')).toEqual(['0', 'a', 'b', 'd', 'c']);
    // Within its own column, to the top.
    state = boardReducer(state, cardChanged(card('c', 'todo', 'F', { updatedAt: T1 })));
    expect(cardIds(state, 'todo')).toEqual(['c', '0', 'a', 'b', 'd']);
  });

  it('compares positions by code unit, as the server does', () => {
    // 'Z' (90) sorts between 'V' (86) and 'k' (107); a locale-aware comparison puts it after 'k'.
    const state = boardReducer(loaded(), cardChanged(card('d', 'todo', 'Z', { updatedAt: T1 })));
    expect(cardIds(state, 'todo')).toEqual(['a', 'd', 'b', 'c']);
  });

  it('keeps the newer version of a card when an older one arrives late', () => {
    let state = boardReducer(
      loaded(),
      cardChanged(card('a', 'todo', 'V', { name: 'New name', updatedAt: T1 })),
    );
    state = boardReducer(state, cardChanged(card('a', 'todo', 'V', { name: 'Old name' })));
    expect(state.cards.a?.name).toBe('New name');
  });

  it('updates a card in place when it did not move', () => {
    const state = boardReducer(
      loaded(),
      cardChanged(card('b', 'todo', 'k', { priority: 'high', updatedAt: T1 })),
    );
    expect(cardIds(state, 'todo')).toEqual(['a', 'b', 'c']);
    expect(state.cards.b?.priority).toBe('high');
  });
});

describe('kanban board: comments', () => {
  it('counts a comment once, whether it arrives as the answer or as the event', () => {
    // The drawer read comment 1 (already in the count), then the caller's comment 2 came as the
    // answer and as its realtime message.
    let state = boardReducer(loaded(), commentsRead([comment('1')]));
    state = boardReducer(state, commentAdded(comment('2')));
    state = boardReducer(state, commentAdded(comment('2')));
    state = boardReducer(state, commentAdded(comment('1')));
    expect(Object.keys(state.countedComments)).toEqual(['1', '2']);
    expect(state.cards.a?.commentCount).toBe(1);
  });

  it('counts comments on cards whose drawer is closed', () => {
    const state = boardReducer(loaded(), commentAdded(comment('9', 'd')));
    expect(state.cards.d?.commentCount).toBe(1);
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
