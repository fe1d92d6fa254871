import {
  createSlice,
  isFulfilled,
  isPending,
  isRejected,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type {
  KanbanBoard,
  KanbanCard,
  KanbanCardInput,
  KanbanCardPatch,
  KanbanColumn,
  KanbanComment,
} from '@beacon/contract';
import { areaCallStates, areaThunks } from '../../../utils/area-calls.ts';
import type { AreaError } from '../../../utils/area-error.ts';
import { kanbanApi } from '../api/kanban-api.ts';
import {
  addCard,
  addColumn,
  clearColumn,
  emptyBoard,
  moveCardTo,
  moveColumnTo,
  normalizeBoard,
  removeCard,
  removeColumn,
  renameColumn,
  restoreCardMove,
  setColumnOrder,
  setColumnPosition,
  snapshotCardMove,
  updateCard,
  type CardMoveSnapshot,
} from './board-rules.ts';

/** The client state area `kanban` (spec sections 3 and 4): loading, error and the board. */
export interface KanbanState {
  /** Set when a call starts, cleared when it ends. */
  loading: boolean;
  /** The last failed call's error; cleared when the next call starts. */
  error: AreaError | null;
  board: KanbanBoard;
  /** The board has been fetched at least once. */
  loaded: boolean;
  /** Comments of the cards whose drawer was opened, oldest first. */
  comments: Record<string, KanbanComment[]>;
  /** Comments already counted on their card (a comment comes back as an event too). */
  countedComments: Record<string, true>;
  /** The latest board request: an older one that answers late is ignored. */
  fetchId: string | null;
  /** Whose board this is: another user signing in (in this tab) starts from nothing. */
  owner: string | null;
}

export interface KanbanRootState {
  kanban: KanbanState;
}

export const initialKanbanState: KanbanState = {
  loading: false,
  error: null,
  board: emptyBoard(),
  loaded: false,
  comments: {},
  countedComments: {},
  fetchId: null,
  owner: null,
};

/** A thunk whose failure is stored as a serializable error naming the call. */
const kanbanCall = areaThunks<KanbanRootState>('kanban');

export const fetchBoard = kanbanCall<KanbanBoard, void>('fetchBoard', () => kanbanApi.board());
export const createColumn = kanbanCall('createColumn', (name: string) =>
  kanbanApi.createColumn(name),
);
export const renameColumnCall = kanbanCall(
  'renameColumn',
  ({ columnId, name }: { columnId: string; name: string }) =>
    kanbanApi.renameColumn(columnId, name),
);
export const deleteColumn = kanbanCall('deleteColumn', (columnId: string) =>
  kanbanApi.deleteColumn(columnId),
);
export const clearColumnCall = kanbanCall('clearColumn', (columnId: string) =>
  kanbanApi.clearColumn(columnId),
);
export const moveColumn = kanbanCall(
  'moveColumn',
  ({ columnId, index }: { columnId: string; index: number; previousOrder: string[] }) =>
    kanbanApi.moveColumn(columnId, index),
);
export const createCard = kanbanCall(
  'createCard',
  ({ columnId, card }: { columnId: string; card: KanbanCardInput }) =>
    kanbanApi.createCard(columnId, card),
);
export const updateCardCall = kanbanCall(
  'updateCard',
  ({ cardId, patch }: { cardId: string; patch: KanbanCardPatch }) =>
    kanbanApi.updateCard(cardId, patch),
);
export const deleteCard = kanbanCall('deleteCard', (cardId: string) =>
  kanbanApi.deleteCard(cardId),
);
export const moveCard = kanbanCall(
  'moveCard',
  ({
    cardId,
    columnId,
    index,
  }: {
    cardId: string;
    columnId: string;
    index: number;
    snapshot?: CardMoveSnapshot;
  }) => kanbanApi.moveCard(cardId, columnId, index),
);
export const fetchComments = kanbanCall('fetchComments', (cardId: string) =>
  kanbanApi.comments(cardId),
);
export const addComment = kanbanCall(
  'addComment',
  ({ cardId, body }: { cardId: string; body: string }) => kanbanApi.addComment(cardId, body),
);
export const uploadAttachment = kanbanCall(
  'uploadAttachment',
  ({ cardId, file }: { cardId: string; file: File }) => kanbanApi.uploadAttachment(cardId, file),
);
export const removeAttachment = kanbanCall('removeAttachment', (attachmentId: string) =>
  kanbanApi.removeAttachment(attachmentId),
);

const calls = [
  fetchBoard,
  createColumn,
  renameColumnCall,
  deleteColumn,
  clearColumnCall,
  moveColumn,
  createCard,
  updateCardCall,
  deleteCard,
  moveCard,
  fetchComments,
  addComment,
  uploadAttachment,
  removeAttachment,
] as const;

function countComment(state: KanbanState, comment: KanbanComment): void {
  if (state.countedComments[comment.id]) return;
  state.countedComments[comment.id] = true;
  const card = state.board.cards[comment.cardId];
  if (card) card.commentCount += 1;
  const list = state.comments[comment.cardId];
  if (list && !list.some((c) => c.id === comment.id)) list.push(comment);
}

function forgetCard(state: KanbanState, cardId: string): void {
  removeCard(state.board, cardId);
  delete state.comments[cardId];
}

const kanbanSlice = createSlice({
  name: 'kanban',
  initialState: initialKanbanState,
  reducers: {
    // What other members did, as the realtime channel tells it. Each applies idempotently: the
    // caller's own writes come back this way too.
    columnAdded(state, action: PayloadAction<KanbanColumn>) {
      addColumn(state.board, action.payload);
    },
    columnRenamed(state, action: PayloadAction<{ id: string; name: string }>) {
      renameColumn(state.board, action.payload.id, action.payload.name);
    },
    columnMoved(state, action: PayloadAction<{ columnId: string; position: string }>) {
      setColumnPosition(state.board, action.payload.columnId, action.payload.position);
    },
    columnRemoved(state, action: PayloadAction<{ columnId: string }>) {
      for (const cardId of state.board.columns[action.payload.columnId]?.cardIds ?? []) {
        delete state.comments[cardId];
      }
      removeColumn(state.board, action.payload.columnId);
    },
    columnCleared(state, action: PayloadAction<{ columnId: string }>) {
      clearColumn(state.board, action.payload.columnId);
    },
    cardAdded(state, action: PayloadAction<KanbanCard>) {
      addCard(state.board, action.payload);
    },
    cardChanged(state, action: PayloadAction<KanbanCard>) {
      updateCard(state.board, action.payload);
    },
    cardRemoved(state, action: PayloadAction<{ cardId: string; columnId: string }>) {
      forgetCard(state, action.payload.cardId);
    },
    commentAdded(state, action: PayloadAction<KanbanComment>) {
      countComment(state, action.payload);
    },
    errorDismissed(state) {
      state.error = null;
    },
    /** The board is shown to this user: another user's board is forgotten first. */
    sessionStarted(state, action: PayloadAction<string>) {
      if (state.owner === action.payload) return state;
      return { ...initialKanbanState, board: emptyBoard(), owner: action.payload };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchBoard.pending, (state, action) => {
        state.fetchId = action.meta.requestId;
      })
      .addCase(fetchBoard.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.fetchId) return;
        state.board = normalizeBoard(action.payload);
        state.loaded = true;
        state.fetchId = null;
      })
      .addCase(fetchBoard.rejected, (state, action) => {
        if (action.meta.requestId === state.fetchId) state.fetchId = null;
      })
      .addCase(createColumn.fulfilled, (state, action) => {
        addColumn(state.board, action.payload);
      })
      .addCase(renameColumnCall.fulfilled, (state, action) => {
        renameColumn(state.board, action.payload.id, action.payload.name);
      })
      .addCase(deleteColumn.fulfilled, (state, action) => {
        for (const cardId of action.payload.cardIds) delete state.comments[cardId];
        removeColumn(state.board, action.payload.columnId, action.payload.cardIds);
      })
      .addCase(clearColumnCall.fulfilled, (state, action) => {
        clearColumn(state.board, action.payload.id);
      })
      // A dropped column shows in its new place at once, and goes back if the server refuses.
      .addCase(moveColumn.pending, (state, action) => {
        moveColumnTo(state.board, action.meta.arg.columnId, action.meta.arg.index);
      })
      .addCase(moveColumn.fulfilled, (state, action) => {
        setColumnOrder(state.board, action.payload.columnOrder);
      })
      .addCase(moveColumn.rejected, (state, action) => {
        setColumnOrder(state.board, action.meta.arg.previousOrder);
      })
      .addCase(createCard.fulfilled, (state, action) => {
        addCard(state.board, action.payload);
      })
      .addCase(updateCardCall.fulfilled, (state, action) => {
        updateCard(state.board, action.payload);
      })
      .addCase(deleteCard.fulfilled, (state, action) => {
        forgetCard(state, action.payload.cardId);
      })
      // A dropped card shows in its new place at once, and goes back if the server refuses.
      .addCase(moveCard.pending, (state, action) => {
        const { cardId, columnId, index } = action.meta.arg;
        moveCardTo(state.board, cardId, columnId, index);
      })
      .addCase(moveCard.fulfilled, (state, action) => {
        updateCard(state.board, action.payload);
      })
      .addCase(moveCard.rejected, (state, action) => {
        if (action.meta.arg.snapshot) restoreCardMove(state.board, action.meta.arg.snapshot);
      })
      .addCase(fetchComments.fulfilled, (state, action) => {
        state.comments[action.meta.arg] = action.payload;
        for (const comment of action.payload) state.countedComments[comment.id] = true;
      })
      .addCase(addComment.fulfilled, (state, action) => {
        countComment(state, action.payload);
      })
      .addCase(uploadAttachment.fulfilled, (state, action) => {
        updateCard(state.board, action.payload);
      })
      .addCase(removeAttachment.fulfilled, (state, action) => {
        updateCard(state.board, action.payload);
      })
      // The spec's area states: loading from the start of a call to its end; a failure is kept.
      .addMatcher(isPending(...calls), areaCallStates.pending)
      .addMatcher(isFulfilled(...calls), areaCallStates.fulfilled)
      .addMatcher(isRejected(...calls), areaCallStates.rejected);
  },
});

export const kanbanReducer = kanbanSlice.reducer;
export const {
  columnAdded,
  columnRenamed,
  columnMoved,
  columnRemoved,
  columnCleared,
  cardAdded,
  cardChanged,
  cardRemoved,
  commentAdded,
  errorDismissed,
  sessionStarted,
} = kanbanSlice.actions;

type KanbanThunk<R> = ThunkAction<R, KanbanRootState, unknown, UnknownAction>;

/** Drops a card at `index` of a column: shown at once, saved, and put back if refused. */
export function dropCard(
  cardId: string,
  columnId: string,
  index: number,
): KanbanThunk<ReturnType<ReturnType<typeof moveCard>>> {
  return (dispatch, getState) => {
    const snapshot = snapshotCardMove(getState().kanban.board, cardId, columnId);
    return dispatch(moveCard({ cardId, columnId, index, ...(snapshot ? { snapshot } : {}) }));
  };
}

/** Drops a column at `index` of the order: shown at once, saved, and put back if refused. */
export function dropColumn(
  columnId: string,
  index: number,
): KanbanThunk<ReturnType<ReturnType<typeof moveColumn>>> {
  return (dispatch, getState) => {
    const previousOrder = [...getState().kanban.board.columnOrder];
    return dispatch(moveColumn({ columnId, index, previousOrder }));
  };
}
