import { useCallback, useEffect, useRef, useState } from 'react';
import type { Deal, DealBoard, FilterCondition, Pipeline } from '@beacon/contract';
import { dealsApi } from '../../../lib/deals-api.ts';
import {
  appendPage,
  applyRemoteMove,
  emptyBoard,
  moveDeal,
  neighbours,
  restoreMove,
  snapshotMove,
  type Board,
} from '../state/board-rules.ts';
import { boardFromServer } from '../state/from-server.ts';
import { useDealsLive } from './use-deals-live.ts';

/** Deals in a column's first page, and in each further page. */
export const BOARD_PAGE = 20;
/** How long changes by others are gathered before the board reads itself again. */
const LIVE_DELAY_MS = 400;

export interface DealsBoardState {
  /** The pipeline shown, with its stages, once the board has answered. */
  pipeline: Pipeline | null;
  board: Board<Deal>;
  loaded: boolean;
  loading: boolean;
  error: unknown;
  loadingMore: Record<string, boolean>;
}

/**
 * One pipeline's board: read, columns that load more, moves shown at once and saved (put back
 * when refused), and other members' changes followed live.
 */
export function useDealsBoard(
  /** Null: nothing to show yet (the pipelines are still loading, or the table is shown). */
  pipelineId: string | null,
  query: { q?: string; filters?: FilterCondition[] } = {},
) {
  const [state, setState] = useState<DealsBoardState>({
    pipeline: null,
    board: emptyBoard<Deal>(),
    loaded: false,
    loading: true,
    error: null,
    loadingMore: {},
  });
  const latest = useRef(state);
  latest.current = state;
  const request = useRef(0);
  const { q, filters } = query;
  const filterKey = JSON.stringify(filters ?? []);

  const load = useCallback(() => {
    if (!pipelineId) return;
    const id = (request.current += 1);
    setState((s) => ({ ...s, loading: true, error: null }));
    dealsApi
      .board({
        pipelineId,
        q,
        filters: JSON.parse(filterKey) as FilterCondition[],
        limit: BOARD_PAGE,
      })
      .then(
        (answer: DealBoard) => {
          if (id !== request.current) return;
          setState({
            pipeline: answer.pipeline,
            board: boardFromServer(answer),
            loaded: true,
            loading: false,
            error: null,
            loadingMore: {},
          });
        },
        (error: unknown) => {
          if (id !== request.current) return;
          setState((s) => ({ ...s, loading: false, error }));
        },
      );
  }, [pipelineId, q, filterKey]);

  useEffect(load, [load]);

  const loadMore = useCallback(
    (stageId: string) => {
      const column = latest.current.board.columns[stageId];
      if (!column?.nextCursor || latest.current.loadingMore[stageId]) return;
      const boardRequest = request.current;
      setState((s) => ({ ...s, loadingMore: { ...s.loadingMore, [stageId]: true } }));
      const stageFilter: FilterCondition = { field: 'stageId', op: 'equals', value: stageId };
      dealsApi
        .list({
          q,
          filters: [...(JSON.parse(filterKey) as FilterCondition[]), stageFilter],
          sort: 'position',
          limit: BOARD_PAGE,
          cursor: column.nextCursor,
        })
        .then(
          (page) => {
            if (boardRequest !== request.current) return;
            setState((s) => ({
              ...s,
              board: appendPage(s.board, stageId, page.items, page.nextCursor),
              loadingMore: { ...s.loadingMore, [stageId]: false },
            }));
          },
          (error: unknown) => {
            if (boardRequest !== request.current) return;
            setState((s) => ({ ...s, error, loadingMore: { ...s.loadingMore, [stageId]: false } }));
          },
        );
    },
    [q, filterKey],
  );

  /** Shows the move at once, saves it, and puts it back if the server refuses (then rejects). */
  const move = useCallback(
    async (dealId: string, stageId: string, index: number, lostReason?: string) => {
      const before = latest.current.board;
      const snapshot = snapshotMove(before, dealId, stageId);
      if (!snapshot) return;
      const after = moveDeal(before, dealId, stageId, index);
      setState((s) => ({ ...s, board: moveDeal(s.board, dealId, stageId, index) }));
      const place = neighbours(after, dealId);
      try {
        const saved = await dealsApi.move(dealId, {
          stageId,
          afterId: place.afterId,
          beforeId: place.beforeId,
          ...(lostReason ? { lostReason } : {}),
        });
        setState((s) =>
          s.board.deals[dealId]
            ? { ...s, board: { ...s.board, deals: { ...s.board.deals, [dealId]: saved } } }
            : s,
        );
      } catch (error) {
        setState((s) => ({ ...s, board: restoreMove(s.board, snapshot) }));
        throw error;
      }
    },
    [],
  );

  const timer = useRef<number | undefined>(undefined);
  const reloadSoon = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      load();
    }, LIVE_DELAY_MS);
  }, [load]);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
    },
    [load],
  );

  useDealsLive((event) => {
    if (!pipelineId) return;
    if (event.kind === 'moved') {
      const { move: moved } = event;
      if (state.pipeline && moved.pipelineId !== state.pipeline.id) {
        // A deal of another pipeline: this board changes only if it came from here.
        if (!latest.current.board.deals[moved.dealId]) return;
      }
      const next = applyRemoteMove(latest.current.board, moved);
      if (next === null) reloadSoon();
      else if (next !== latest.current.board) setState((s) => ({ ...s, board: next }));
      return;
    }
    reloadSoon();
  });

  return { ...state, reload: load, loadMore, move };
}
