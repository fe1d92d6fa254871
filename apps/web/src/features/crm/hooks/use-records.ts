import { useCallback, useEffect, useReducer, useRef } from 'react';
import type {
  Company,
  CompanyPage,
  Deal,
  DealPage,
  Person,
  PersonPage,
  RecordCount,
} from '@beacon/contract';
import { toAreaError } from '../../../utils/area-error.ts';
import { tableApis, type CrmEntity, type RecordQueryInput } from '../api/crm-api.ts';
import {
  initialRecordsState,
  recordsActions,
  recordsReducer,
  type RecordsState,
} from '../state/records-slice.ts';
import { fetchKey, type TableQuery } from '../state/table-query.ts';
import { isAbort } from '../utils/error-text.ts';

export type RecordOf<E extends CrmEntity> = E extends 'people'
  ? Person
  : E extends 'deals'
    ? Deal
    : Company;

/** Rows fetched per page: a few screens of dense rows. */
export const PAGE_SIZE = 100;

interface Loader {
  list(query: RecordQueryInput, signal?: AbortSignal): Promise<PersonPage | CompanyPage | DealPage>;
  count(query: RecordQueryInput, signal?: AbortSignal): Promise<RecordCount>;
}

const loaders: Record<CrmEntity, Loader> = tableApis;

/**
 * The rows of a people or companies table for a query: the first page and the count when the
 * query changes (an earlier request is aborted), then more pages by cursor on demand.
 */
export function useRecords<E extends CrmEntity>(entity: E, query: TableQuery) {
  const [state, dispatch] = useReducer(
    recordsReducer<RecordOf<E>>,
    undefined,
    initialRecordsState<RecordOf<E>>,
  );
  const key = `${entity}:${fetchKey(query)}`;
  const queryRef = useRef(query);
  queryRef.current = query;
  const stateRef = useRef(state);
  stateRef.current = state;
  const controllers = useRef<{ page?: AbortController; count?: AbortController }>({});

  const load = useCallback(
    (mode: 'first' | 'reload' | 'more') => {
      const { q, filters, sort } = queryRef.current;
      const loader = loaders[entity];
      const current = stateRef.current;
      if (mode === 'more') {
        if (!current.nextCursor || current.loadingMore || current.loading) return;
        dispatch(recordsActions.moreStarted(key));
      } else {
        dispatch(
          mode === 'first' ? recordsActions.queryStarted(key) : recordsActions.reloadStarted(key),
        );
        controllers.current.count?.abort();
        const countController = new AbortController();
        controllers.current.count = countController;
        loader.count({ q, filters }, countController.signal).then(
          (count) => dispatch(recordsActions.countLoaded({ key, count })),
          () => {
            // The table works without its count; the header then shows none.
          },
        );
      }
      controllers.current.page?.abort();
      const controller = new AbortController();
      controllers.current.page = controller;
      const cursor = mode === 'more' ? current.nextCursor : null;
      loader.list({ q, filters, sort, limit: PAGE_SIZE, cursor }, controller.signal).then(
        (page) =>
          dispatch(
            recordsActions.pageLoaded({
              key,
              items: page.items,
              nextCursor: page.nextCursor,
              append: mode === 'more',
            }),
          ),
        (error: unknown) => {
          if (isAbort(error)) return;
          dispatch(recordsActions.pageFailed({ key, error: toAreaError(error, 'list') }));
        },
      );
    },
    [entity, key],
  );

  useEffect(() => {
    load('first');
    const current = controllers.current;
    return () => {
      current.page?.abort();
      current.count?.abort();
    };
  }, [load]);

  const loadMore = useCallback(() => load('more'), [load]);
  const reload = useCallback(() => load('reload'), [load]);

  return {
    state: state as RecordsState<RecordOf<E>>,
    dispatch,
    loadMore,
    reload,
  };
}
