import { useCallback, useMemo, useReducer, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Company, Deal, Person } from '@beacon/contract';
import type { ApiFailure } from '../../../lib/api.ts';
import type { AppDispatch } from '../../../lib/store.ts';
import type { CrmEntity } from '../api/record-query.ts';
import {
  crmLive,
  crmLiveActions,
  recordAdded,
  rowsOf,
  useRecordCountQuery,
  useRecordPagesInfiniteQuery,
  type RecordsArgs,
  type TableRecord,
} from '../api/records-api.ts';
import {
  noSelection,
  selectionActions,
  selectionReducer,
  type RowSelection,
} from '../state/selection.ts';
import { fetchKey, type TableQuery } from '../state/table-query.ts';

export type RecordOf<E extends CrmEntity> = E extends 'people'
  ? Person
  : E extends 'deals'
    ? Deal
    : Company;

/**
 * The rows of a records table for a query, from the server cache (`api/records-api.ts`): the first
 * page and the count when the query changes, more pages by cursor on demand, and the selection,
 * which starts again with each query.
 */
export function useRecords<E extends CrmEntity>(entity: E, query: TableQuery) {
  const { q, filters, sort } = query;
  const args = useMemo<RecordsArgs>(
    () => ({ entity, q, filters, sort }),
    [entity, q, filters, sort],
  );
  const countArgs = useMemo(() => ({ entity, q, filters }), [entity, q, filters]);
  const pages = useRecordPagesInfiniteQuery(args);
  const counted = useRecordCountQuery(countArgs);
  const dispatch = useDispatch<AppDispatch>();
  const changedElsewhere = useSelector((state: Parameters<typeof crmLive.selectors.isStale>[0]) =>
    crmLive.selectors.isStale(state, entity),
  );

  // The selection belongs to one query: a new query starts with none.
  const key = `${entity}:${fetchKey(query)}`;
  const [selection, select] = useReducer(selectionReducer, noSelection);
  const [selectionKey, setSelectionKey] = useState(key);
  if (selectionKey !== key) {
    setSelectionKey(key);
    select(selectionActions.selectionCleared());
  }

  const items = useMemo(() => rowsOf(pages.currentData?.pages), [pages.currentData]);
  const loaded = pages.currentData !== undefined;
  const error = pages.isError ? (pages.error as ApiFailure) : null;
  const { refetch: refetchPages, fetchNextPage, hasNextPage, isFetchingNextPage } = pages;
  const refetchCount = counted.refetch;

  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage || pages.isFetching) return;
    void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, pages.isFetching]);

  /** Reads the table again from its first page, with its count. */
  const reload = useCallback(() => {
    dispatch(crmLiveActions.refreshed(entity));
    void refetchPages();
    void refetchCount();
  }, [dispatch, entity, refetchPages, refetchCount]);

  const added = useCallback(
    (record: TableRecord) => dispatch(recordAdded(args, record)),
    [dispatch, args],
  );

  return {
    items: items as RecordOf<E>[],
    count: counted.currentData ?? null,
    /** The first page is loading, or the table is read again (skeleton rows, or rows stay). */
    loading: pages.isFetching && !isFetchingNextPage,
    /** A further page is loading (a row at the end). */
    loadingMore: isFetchingNextPage,
    /** The first page has arrived for this query. */
    loaded,
    error,
    hasMore: hasNextPage && !error,
    selection: selection as RowSelection,
    select,
    /** Records of this kind were changed by another member or tab since the table was read. */
    changedElsewhere,
    loadMore,
    reload,
    added,
  };
}
