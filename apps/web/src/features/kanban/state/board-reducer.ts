import { createAction, createReducer } from '@reduxjs/toolkit';
import type { KanbanBoard, KanbanCard, KanbanColumn, KanbanComment } from '@beacon/contract';
import {
  addCard,
  addColumn,
  clearColumn,
  emptyBoard,
  normalizeBoard,
  removeCard,
  removeColumn,
  renameColumn,
  setColumnPosition,
  updateCard,
} from './board-rules.ts';

/**
 * The board as the cache keeps it (`kanbanApi.board`): the server's board, with each column's
 * cards in order, and the comments already counted on their card (a comment comes back as a
 * realtime message after its own answer, and must count once).
 */
export interface BoardData extends KanbanBoard {
  countedComments: Record<string, true>;
}

export const emptyBoardData = (): BoardData => ({ ...emptyBoard(), countedComments: {} });

/** The board as the server answered it, ready for the cache. */
export const boardData = (board: KanbanBoard): BoardData => ({
  ...normalizeBoard(board),
  countedComments: {},
});

/*
 * The changes of the board, from the caller's own answers and from the realtime channel (what
 * other members did; the caller's own writes come back this way too). Each applies idempotently.
 */
export const columnAdded = createAction<KanbanColumn>('kanban/columnAdded');
export const columnRenamed = createAction<{ id: string; name: string }>('kanban/columnRenamed');
export const columnMoved = createAction<{ columnId: string; position: string }>(
  'kanban/columnMoved',
);
export const columnRemoved = createAction<{ columnId: string; cardIds?: string[] }>(
  'kanban/columnRemoved',
);
export const columnCleared = createAction<{ columnId: string }>('kanban/columnCleared');
export const cardAdded = createAction<KanbanCard>('kanban/cardAdded');
export const cardChanged = createAction<KanbanCard>('kanban/cardChanged');
export const cardRemoved = createAction<{ cardId: string; columnId: string }>('kanban/cardRemoved');
export const commentAdded = createAction<KanbanComment>('kanban/commentAdded');
/** The comments of a card were read: they are already in its count. */
export const commentsRead = createAction<KanbanComment[]>('kanban/commentsRead');

/**
 * Applies a change to the board (the spec's rules: a deleted column takes its cards, a card keeps
 * its place by (position, id), the newer version of a card wins, a comment counts once). It takes
 * the cache's draft as well as a plain board (`updateQueryData(...)`, tests).
 */
export const boardReducer = createReducer(emptyBoardData, (builder) => {
  builder
    .addCase(columnAdded, (board, { payload }) => addColumn(board, payload))
    .addCase(columnRenamed, (board, { payload }) => renameColumn(board, payload.id, payload.name))
    .addCase(columnMoved, (board, { payload }) =>
      setColumnPosition(board, payload.columnId, payload.position),
    )
    .addCase(columnRemoved, (board, { payload }) =>
      removeColumn(board, payload.columnId, payload.cardIds),
    )
    .addCase(columnCleared, (board, { payload }) => clearColumn(board, payload.columnId))
    .addCase(cardAdded, (board, { payload }) => addCard(board, payload))
    .addCase(cardChanged, (board, { payload }) => updateCard(board, payload))
    .addCase(cardRemoved, (board, { payload }) => removeCard(board, payload.cardId))
    .addCase(commentAdded, (board, { payload }) => {
      if (board.countedComments[payload.id]) return;
      board.countedComments[payload.id] = true;
      const card = board.cards[payload.cardId];
      if (card) card.commentCount += 1;
    })
    .addCase(commentsRead, (board, { payload }) => {
      for (const comment of payload) board.countedComments[comment.id] = true;
    });
});
