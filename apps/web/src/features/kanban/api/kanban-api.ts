import {
  kanbanEndpoints,
  type AttachKanbanFiles,
  type KanbanCard,
  type KanbanCardInput,
  type KanbanCardPatch,
  type KanbanColumn,
  type KanbanComment,
} from '@beacon/contract';
import { endpointPath } from '@beacon/contract/endpoint';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { sendRaw } from '../../../lib/raw-request.ts';
import {
  boardData,
  boardReducer,
  cardAdded,
  cardChanged,
  cardRemoved,
  columnAdded,
  columnCleared,
  columnRemoved,
  columnRenamed,
  commentAdded,
  commentsRead,
  type BoardData,
} from '../state/board-reducer.ts';
import {
  moveCardTo,
  moveColumnTo,
  restoreCardMove,
  setColumnOrder,
  snapshotCardMove,
} from '../state/board-rules.ts';
import { KANBAN_EVENT_TYPES, kanbanEventAction } from '../state/kanban-events.ts';

const endpoints = kanbanEndpoints;

export interface MoveCardArg {
  cardId: string;
  columnId: string;
  /** The card's place among the other cards of `columnId`. */
  index: number;
}

export interface MoveColumnArg {
  columnId: string;
  /** The column's place among the other columns. */
  index: number;
}

/**
 * The board's server data (docs/adding-an-area.md, "Web data"): the board, live through the
 * realtime channel, and each card's comments. Every write puts its answer on the cached board at
 * once; a dropped card or column shows in its new place before the server answers and goes back
 * if the server refuses (the spec's optimistic moves, record 042).
 */
export const kanbanApi = api
  .enhanceEndpoints({ addTagTypes: ['KanbanBoard', 'KanbanComments'] })
  .injectEndpoints({
    endpoints: (build) => ({
      kanbanBoard: build.query<BoardData, void>({
        query: () => call(endpoints.board),
        transformResponse: boardData,
        providesTags: ['KanbanBoard'],
        async onCacheEntryAdded(_arg, lifecycle) {
          const { dispatch, updateCachedData } = lifecycle;
          const refetch = () => dispatch(kanbanApi.util.invalidateTags(['KanbanBoard']));
          await followRealtime(lifecycle, {
            types: KANBAN_EVENT_TYPES,
            onMessage: (message) => {
              const action = kanbanEventAction(message);
              if (action === 'refetch') refetch();
              else if (action) updateCachedData((board) => boardReducer(board, action));
            },
            onReconnect: refetch,
          });
        },
      }),

      kanbanCreateColumn: build.mutation<KanbanColumn, string>({
        query: (name) => call(endpoints.createColumn, { body: { name } }),
        onQueryStarted: onAnswer((column) => columnAdded(column)),
      }),
      kanbanRenameColumn: build.mutation<KanbanColumn, { columnId: string; name: string }>({
        query: ({ columnId, name }) =>
          call(endpoints.renameColumn, { body: { columnId, column: { name } } }),
        onQueryStarted: onAnswer((column) => columnRenamed({ id: column.id, name: column.name })),
      }),
      kanbanDeleteColumn: build.mutation<{ columnId: string; cardIds: string[] }, string>({
        query: (columnId) => call(endpoints.deleteColumn, { body: { columnId } }),
        onQueryStarted: onAnswer((deleted) => columnRemoved(deleted)),
      }),
      kanbanClearColumn: build.mutation<KanbanColumn, string>({
        query: (columnId) => call(endpoints.clearColumn, { body: { columnId } }),
        onQueryStarted: onAnswer((column) => columnCleared({ columnId: column.id })),
      }),
      /** A dropped column: in its new place at once, in the server's order after, back if refused. */
      kanbanMoveColumn: build.mutation<{ columnOrder: string[] }, MoveColumnArg>({
        query: (body) => call(endpoints.moveColumn, { body }),
        async onQueryStarted({ columnId, index }, { dispatch, getState, queryFulfilled }) {
          const previousOrder = [
            ...(kanbanApi.endpoints.kanbanBoard.select()(getState()).data?.columnOrder ?? []),
          ];
          dispatch(
            kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) =>
              moveColumnTo(board, columnId, index),
            ),
          );
          try {
            const { data } = await queryFulfilled;
            dispatch(
              kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) =>
                setColumnOrder(board, data.columnOrder),
              ),
            );
          } catch {
            dispatch(
              kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) =>
                setColumnOrder(board, previousOrder),
              ),
            );
          }
        },
      }),

      kanbanCreateCard: build.mutation<KanbanCard, { columnId: string; card: KanbanCardInput }>({
        query: (body) => call(endpoints.createCard, { body }),
        onQueryStarted: onAnswer((card) => cardAdded(card)),
      }),
      kanbanUpdateCard: build.mutation<KanbanCard, { cardId: string; patch: KanbanCardPatch }>({
        query: ({ cardId, patch }) => call(endpoints.updateCard, { body: { cardId, card: patch } }),
        onQueryStarted: onAnswer((card) => cardChanged(card)),
      }),
      kanbanDeleteCard: build.mutation<{ cardId: string; columnId: string }, string>({
        query: (cardId) => call(endpoints.deleteCard, { body: { cardId } }),
        onQueryStarted: onAnswer((deleted) => cardRemoved(deleted)),
      }),
      /** A dropped card: in its new place at once, where the server put it after, back if refused. */
      kanbanMoveCard: build.mutation<KanbanCard, MoveCardArg>({
        query: (body) => call(endpoints.moveCard, { body }),
        async onQueryStarted({ cardId, columnId, index }, { dispatch, getState, queryFulfilled }) {
          const board = kanbanApi.endpoints.kanbanBoard.select()(getState()).data;
          const snapshot = board && snapshotCardMove(board, cardId, columnId);
          dispatch(
            kanbanApi.util.updateQueryData('kanbanBoard', undefined, (draft) =>
              moveCardTo(draft, cardId, columnId, index),
            ),
          );
          try {
            const { data } = await queryFulfilled;
            dispatch(
              kanbanApi.util.updateQueryData('kanbanBoard', undefined, (draft) =>
                boardReducer(draft, cardChanged(data)),
              ),
            );
          } catch {
            if (!snapshot) return;
            dispatch(
              kanbanApi.util.updateQueryData('kanbanBoard', undefined, (draft) =>
                restoreCardMove(draft, snapshot),
              ),
            );
          }
        },
      }),

      /** A card's comments, oldest first, live. */
      kanbanComments: build.query<KanbanComment[], string>({
        query: (cardId) => call(endpoints.comments, { query: { cardId } }),
        providesTags: (_comments, _error, cardId) => [{ type: 'KanbanComments', id: cardId }],
        async onQueryStarted(_cardId, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(
              kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) =>
                boardReducer(board, commentsRead(data)),
              ),
            );
          } catch {
            // The screen shows the failure.
          }
        },
        async onCacheEntryAdded(cardId, lifecycle) {
          const { dispatch, updateCachedData } = lifecycle;
          await followRealtime(lifecycle, {
            types: ['kanban.comment.created'],
            onMessage: (message) => {
              const action = kanbanEventAction(message);
              if (action === 'refetch') {
                dispatch(kanbanApi.util.invalidateTags([{ type: 'KanbanComments', id: cardId }]));
              } else if (action && commentAdded.match(action) && action.payload.cardId === cardId) {
                updateCachedData((comments) => addComment(comments, action.payload));
              }
            },
            onReconnect: () =>
              dispatch(kanbanApi.util.invalidateTags([{ type: 'KanbanComments', id: cardId }])),
          });
        },
      }),
      kanbanAddComment: build.mutation<KanbanComment, { cardId: string; body: string }>({
        query: (body) => call(endpoints.addComment, { body }),
        async onQueryStarted({ cardId }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(
              kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) =>
                boardReducer(board, commentAdded(data)),
              ),
            );
            dispatch(
              kanbanApi.util.updateQueryData('kanbanComments', cardId, (comments) =>
                addComment(comments, data),
              ),
            );
          } catch {
            // The caller shows the failure.
          }
        },
      }),

      /**
       * Attaches what the shared file picker gave: finished uploads and files of the files
       * manager (the server copies their bytes), all or none.
       */
      kanbanAttachFiles: build.mutation<KanbanCard, AttachKanbanFiles>({
        query: (body) => call(endpoints.attachFiles, { body }),
        onQueryStarted: onAnswer((card) => cardChanged(card)),
      }),
      kanbanRemoveAttachment: build.mutation<KanbanCard, string>({
        query: (attachmentId) => call(endpoints.removeAttachment, { body: { attachmentId } }),
        onQueryStarted: onAnswer((card) => cardChanged(card)),
      }),
    }),
  });

/** Puts a write's answer on the cached board (its realtime echo then changes nothing). */
function onAnswer<Answer>(change: (answer: Answer) => Parameters<typeof boardReducer>[1]) {
  return async (
    _arg: unknown,
    {
      dispatch,
      queryFulfilled,
    }: {
      dispatch: (action: unknown) => unknown;
      queryFulfilled: Promise<{ data: Answer }>;
    },
  ) => {
    try {
      const { data } = await queryFulfilled;
      dispatch(
        kanbanApi.util.updateQueryData('kanbanBoard', undefined, (board) =>
          boardReducer(board, change(data)),
        ),
      );
    } catch {
      // The caller shows the failure (`unwrap()`).
    }
  };
}

function addComment(comments: KanbanComment[], comment: KanbanComment): void {
  if (!comments.some((c) => c.id === comment.id)) comments.push(comment);
}

/** The file of an attachment (the download needs the bearer header, so it cannot be a plain link). */
export async function downloadAttachment(attachmentId: string): Promise<Blob> {
  const { path, method } = endpoints.attachment;
  const response = await sendRaw(endpointPath(path, { attachmentId }), { method });
  return response.blob();
}

export const {
  useKanbanBoardQuery,
  useKanbanCommentsQuery,
  useKanbanCreateColumnMutation,
  useKanbanRenameColumnMutation,
  useKanbanDeleteColumnMutation,
  useKanbanClearColumnMutation,
  useKanbanMoveColumnMutation,
  useKanbanCreateCardMutation,
  useKanbanUpdateCardMutation,
  useKanbanDeleteCardMutation,
  useKanbanMoveCardMutation,
  useKanbanAddCommentMutation,
  useKanbanAttachFilesMutation,
  useKanbanRemoveAttachmentMutation,
} = kanbanApi;

type KanbanApiState = Parameters<ReturnType<typeof kanbanApi.endpoints.kanbanBoard.select>>[0];

/** The board's cache entry in a store's state. */
export const selectBoard = (state: unknown) =>
  kanbanApi.endpoints.kanbanBoard.select()(state as KanbanApiState);

/** A card's comments' cache entry in a store's state. */
export const selectComments = (state: unknown, cardId: string) =>
  kanbanApi.endpoints.kanbanComments.select(cardId)(state as KanbanApiState);
