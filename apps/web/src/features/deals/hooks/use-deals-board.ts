import { useCallback, useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Deal, FilterCondition, Pipeline } from '@beacon/contract';
import {
  useDealsBoardMoreMutation,
  useDealsBoardQuery,
  useDealsMoveMutation,
  type BoardArg,
} from '../api/deals-board.ts';
import { emptyBoard, type Board } from '../state/board-rules.ts';

const EMPTY = emptyBoard<Deal>();

/**
 * One pipeline's board for the screen (the cache entry of `dealsBoard`, kept live by itself):
 * its columns, a column's next page, and moves shown at once and put back when refused.
 */
export function useDealsBoard(
  /** Null: nothing to show yet (the pipelines are still loading, or the table is shown). */
  pipelineId: string | null,
  query: { q?: string; filters?: FilterCondition[] } = {},
) {
  const { q, filters } = query;
  const filterKey = JSON.stringify(filters ?? []);
  const arg = useMemo<BoardArg | null>(
    () =>
      pipelineId
        ? { pipelineId, ...(q ? { q } : {}), filters: JSON.parse(filterKey) as FilterCondition[] }
        : null,
    [pipelineId, q, filterKey],
  );
  const read = useDealsBoardQuery(arg ?? skipToken);
  const [more] = useDealsBoardMoreMutation();
  const [save] = useDealsMoveMutation();
  const [loadingMore, setLoadingMore] = useState<Record<string, boolean>>({});
  const [pageError, setPageError] = useState<unknown>(null);
  const asking = useRef(new Set<string>());

  const loadMore = useCallback(
    (stageId: string) => {
      if (!arg || asking.current.has(stageId)) return;
      asking.current.add(stageId);
      setLoadingMore((s) => ({ ...s, [stageId]: true }));
      more({ board: arg, stageId })
        .unwrap()
        .then(
          () => setPageError(null),
          (error: unknown) => setPageError(error),
        )
        .finally(() => {
          asking.current.delete(stageId);
          setLoadingMore((s) => ({ ...s, [stageId]: false }));
        });
    },
    [arg, more],
  );

  /** Shows the move at once, saves it, and puts it back if the server refuses (then rejects). */
  const move = useCallback(
    async (dealId: string, stageId: string, index: number, lostReason?: string) => {
      if (!arg) return;
      await save({
        board: arg,
        dealId,
        stageId,
        index,
        ...(lostReason ? { lostReason } : {}),
      }).unwrap();
    },
    [arg, save],
  );

  const { refetch } = read;
  const reload = useCallback(() => {
    setPageError(null);
    if (arg) void refetch();
  }, [arg, refetch]);

  const data = read.data;
  return {
    pipeline: (data?.pipeline ?? null) as Pipeline | null,
    board: (data?.board ?? EMPTY) as Board<Deal>,
    loaded: data !== undefined,
    loading: read.isFetching,
    error: (read.error ?? pageError ?? null) as unknown,
    loadingMore,
    reload,
    loadMore,
    move,
  };
}
