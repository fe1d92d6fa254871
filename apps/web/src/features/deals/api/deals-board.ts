import {
  CRM_CHANGED,
  crmChangeSchema,
  dealMovedSchema,
  type Deal,
  type DealBoard,
  type DealPage,
  type FilterCondition,
  type Pipeline,
} from '@beacon/contract';
import { call, type ApiCall, type ApiFailure } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { dealQueryParams } from './deal-query.ts';
import { CLIENT_ID } from '../../../lib/http.ts';
import {
  appendPage,
  applyRemoteMove,
  moveDeal,
  neighbours,
  restoreMove,
  snapshotMove,
  type Board,
} from '../state/board-rules.ts';
import { boardFromServer } from '../state/from-server.ts';
import { dealsQueries } from './deals-queries.ts';

/*
 * One pipeline's board through RTK Query (docs/adding-an-area.md, "Web data"; record 037): the
 * board (`dealsEndpoints.board`) is a cache entry per pipeline, search and filters; a column's
 * further pages are appended to that entry; a move shows in it at once with its figures, is saved
 * between its new neighbours, and is put back if the server refuses (record 042's way: a snapshot,
 * not the patch's undo, so that others' changes meanwhile stay). Other members' changes come
 * through `followRealtime`: a `deals.moved` the board can place patches it; one it cannot (a deal
 * it has not loaded), another tab's `crm.changed` on deals, `pipelines.changed` and a reconnect
 * read it again (gathered over a short delay).
 */

const contract = () => import('@beacon/contract');

/** Deals in a column's first page, and in each further page. */
export const BOARD_PAGE = 20;
/** How long changes by others are gathered before the board reads itself again. */
export const LIVE_DELAY_MS = 400;

/** Which board: a pipeline, with the search and filters of the list. */
export interface BoardArg {
  pipelineId: string;
  q?: string;
  filters?: FilterCondition[];
}

/** The board as cached: the pipeline shown (with its stages) and the columns with their deals. */
export interface CachedBoard {
  pipeline: Pipeline;
  board: Board<Deal>;
}

export interface MoveArg {
  board: BoardArg;
  dealId: string;
  stageId: string;
  /** The deal's place among the other deals of the stage's loaded column. */
  index: number;
  /** Required by the server for a lost stage. */
  lostReason?: string;
}

export interface MoreArg {
  board: BoardArg;
  stageId: string;
}

const boardQuery = (arg: BoardArg) => ({
  q: arg.q,
  filters: arg.filters && arg.filters.length > 0 ? JSON.stringify(arg.filters) : undefined,
  pipelineId: arg.pipelineId,
  limit: BOARD_PAGE,
});

/** The cached board of `arg`, if read. */
function cachedBoard(state: unknown, arg: BoardArg): CachedBoard | undefined {
  return dealsBoardApi.endpoints.dealsBoard.select(arg)(state as never).data;
}

export const dealsBoardApi = dealsQueries
  .enhanceEndpoints({ addTagTypes: ['DealsBoard'] })
  .injectEndpoints({
    endpoints: (build) => ({
      dealsBoard: build.query<CachedBoard, BoardArg>({
        query: (arg) =>
          call(() => contract().then((c) => c.dealsEndpoints.board), { query: boardQuery(arg) }),
        transformResponse: (answer: DealBoard) => ({
          pipeline: answer.pipeline,
          board: boardFromServer(answer),
        }),
        providesTags: (_result, _error, arg) => [{ type: 'DealsBoard', id: arg.pipelineId }],
        async onCacheEntryAdded(arg, lifecycle) {
          const { dispatch, getCacheEntry, updateCachedData } = lifecycle;
          let timer: ReturnType<typeof setTimeout> | undefined;
          const readSoon = () => {
            if (timer !== undefined) return;
            timer = setTimeout(() => {
              timer = undefined;
              dispatch(
                dealsBoardApi.util.invalidateTags([{ type: 'DealsBoard', id: arg.pipelineId }]),
              );
            }, LIVE_DELAY_MS);
          };
          await followRealtime(lifecycle, {
            types: [CRM_CHANGED, 'deals.moved', 'pipelines.changed'],
            onMessage: (message) => {
              if (message.type === 'deals.moved') {
                const parsed = dealMovedSchema.safeParse(message.data);
                if (!parsed.success) return readSoon();
                const moved = parsed.data;
                const cached = getCacheEntry().data;
                if (!cached) return;
                // A deal of another pipeline changes this board only if it came from here.
                if (moved.pipelineId !== cached.pipeline.id && !cached.board.deals[moved.dealId]) {
                  return;
                }
                const next = applyRemoteMove(cached.board, moved);
                if (next === null) readSoon();
                else if (next !== cached.board) {
                  updateCachedData((draft) => {
                    draft.board = next;
                  });
                }
                return;
              }
              if (message.type === 'pipelines.changed') return readSoon();
              // Another tab's or member's write of deals (this tab's own are skipped).
              const change = crmChangeSchema.safeParse(message.data);
              if (
                change.success &&
                change.data.entity === 'deals' &&
                change.data.origin !== CLIENT_ID
              ) {
                readSoon();
              }
            },
            onReconnect: readSoon,
          });
          clearTimeout(timer);
        },
      }),

      /**
       * A column's next page (GET /api/deals, sorted by position, the board's filters and the
       * stage), appended to the board's entry: moves and live messages act on the one column.
       * A page asked for before the board was read again (its cursor is no longer the column's)
       * is dropped.
       */
      dealsBoardMore: build.mutation<
        { cursor: string; deals: Deal[]; nextCursor: string | null },
        MoreArg
      >({
        async queryFn({ board, stageId }, { getState }, _extra, baseQuery) {
          const cursor = cachedBoard(getState(), board)?.board.columns[stageId]?.nextCursor;
          if (!cursor) return { data: { cursor: '', deals: [], nextCursor: null } };
          const stageFilter: FilterCondition = { field: 'stageId', op: 'equals', value: stageId };
          const page = await baseQuery(
            call(() => contract().then((c) => c.dealRecordEndpoints.list), {
              query: dealQueryParams({
                q: board.q,
                filters: [...(board.filters ?? []), stageFilter],
                sort: 'position',
                limit: BOARD_PAGE,
                cursor,
              }),
            }),
          );
          if (page.error) return { error: page.error as ApiFailure };
          const { items, nextCursor } = page.data as DealPage;
          return { data: { cursor, deals: items, nextCursor } };
        },
        async onQueryStarted({ board, stageId }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            if (!data.cursor) return;
            dispatch(
              dealsBoardApi.util.updateQueryData('dealsBoard', board, (draft) => {
                if (draft.board.columns[stageId]?.nextCursor !== data.cursor) return;
                draft.board = appendPage(draft.board, stageId, data.deals, data.nextCursor);
              }),
            );
          } catch {
            // The screen words the failure (the mutation's error).
          }
        },
      }),

      /**
       * A dropped deal: in its new place at once with the figures moved along (exact sums), saved
       * between its new neighbours (`afterId` / `beforeId`, so the server gives it a position
       * between theirs), the server's deal after; back where it was if refused.
       */
      dealsMove: build.mutation<Deal, MoveArg>({
        async queryFn(arg, { getState }, _extra, baseQuery) {
          const cached = cachedBoard(getState(), arg.board);
          if (!cached?.board.deals[arg.dealId]) {
            return {
              error: { message: 'Deal not on the board', operation: 'dealsMove' } as ApiFailure,
            };
          }
          // Placing the deal again where the drop put it is the same board (the optimistic
          // update may or may not be in yet): its neighbours there name its place.
          const placed = moveDeal(cached.board, arg.dealId, arg.stageId, arg.index);
          const place = neighbours(placed, arg.dealId);
          const request: ApiCall = call(() => contract().then((c) => c.dealsEndpoints.move), {
            params: { id: arg.dealId },
            body: {
              stageId: arg.stageId,
              afterId: place.afterId,
              beforeId: place.beforeId,
              ...(arg.lostReason ? { lostReason: arg.lostReason } : {}),
            },
          });
          const answer = await baseQuery(request);
          return answer.error
            ? { error: answer.error as ApiFailure }
            : { data: answer.data as Deal };
        },
        invalidatesTags: (result) => (result ? ['DealForecast'] : []),
        async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
          const cached = cachedBoard(getState(), arg.board);
          const snapshot = cached ? snapshotMove(cached.board, arg.dealId, arg.stageId) : null;
          if (!snapshot) return;
          dispatch(
            dealsBoardApi.util.updateQueryData('dealsBoard', arg.board, (draft) => {
              draft.board = moveDeal(draft.board, arg.dealId, arg.stageId, arg.index);
            }),
          );
          try {
            const { data: saved } = await queryFulfilled;
            dispatch(
              dealsBoardApi.util.updateQueryData('dealsBoard', arg.board, (draft) => {
                if (draft.board.deals[arg.dealId]) draft.board.deals[arg.dealId] = saved;
              }),
            );
          } catch {
            dispatch(
              dealsBoardApi.util.updateQueryData('dealsBoard', arg.board, (draft) => {
                draft.board = restoreMove(draft.board, snapshot);
              }),
            );
          }
        },
      }),
    }),
  });

export const { useDealsBoardQuery, useDealsBoardMoreMutation, useDealsMoveMutation } =
  dealsBoardApi;
