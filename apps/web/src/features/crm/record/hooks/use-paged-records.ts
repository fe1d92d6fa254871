import { useCallback, useEffect, useReducer } from 'react';
import type { CallError } from '../utils/call-error.ts';
import { toCallError } from '../utils/call-error.ts';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A list read page by page: loading, error and the rows so far. */
export interface PagedState<T> {
  items: T[];
  nextCursor: string | null;
  loaded: boolean;
  loading: boolean;
  error: CallError | null;
  /** The latest request: an older one that answers late is ignored. */
  requestId: number;
}

export type PagedAction<T> =
  | { type: 'start'; requestId: number; more: boolean }
  | { type: 'success'; requestId: number; more: boolean; page: Page<T> }
  | { type: 'failure'; requestId: number; error: CallError }
  | { type: 'remove'; ids: string[] };

export function initialPaged<T>(): PagedState<T> {
  return { items: [], nextCursor: null, loaded: false, loading: false, error: null, requestId: 0 };
}

export function pagedReducer<T extends { id: string }>(
  state: PagedState<T>,
  action: PagedAction<T>,
): PagedState<T> {
  switch (action.type) {
    case 'start':
      return {
        ...state,
        loading: true,
        error: null,
        requestId: action.requestId,
        // A new search starts from nothing; "more" keeps what is shown.
        ...(action.more ? {} : { items: [], nextCursor: null, loaded: false }),
      };
    case 'success': {
      if (action.requestId !== state.requestId) return state;
      const seen = new Set(state.items.map((item) => item.id));
      const items = action.more
        ? [...state.items, ...action.page.items.filter((item) => !seen.has(item.id))]
        : action.page.items;
      return { ...state, items, nextCursor: action.page.nextCursor, loaded: true, loading: false };
    }
    case 'failure':
      if (action.requestId !== state.requestId) return state;
      return { ...state, loading: false, error: action.error };
    case 'remove': {
      const gone = new Set(action.ids);
      return { ...state, items: state.items.filter((item) => !gone.has(item.id)) };
    }
  }
}

let requests = 0;

/**
 * Reads `fetchPage` from the start whenever it changes (a new search), and on `loadMore` the
 * page after the last one.
 */
export function usePagedRecords<T extends { id: string }>(
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<Page<T>>,
) {
  const [state, dispatch] = useReducer(pagedReducer<T>, undefined, initialPaged<T>);

  const read = useCallback(
    (cursor: string | null, signal: AbortSignal) => {
      const requestId = (requests += 1);
      const more = cursor !== null;
      dispatch({ type: 'start', requestId, more });
      fetchPage(cursor, signal).then(
        (page) => dispatch({ type: 'success', requestId, more, page }),
        (error: unknown) => {
          if (!signal.aborted) dispatch({ type: 'failure', requestId, error: toCallError(error) });
        },
      );
    },
    [fetchPage],
  );

  useEffect(() => {
    const controller = new AbortController();
    read(null, controller.signal);
    return () => controller.abort();
  }, [read]);

  const reload = useCallback(() => read(null, new AbortController().signal), [read]);
  const loadMore = useCallback(() => {
    if (state.nextCursor && !state.loading) read(state.nextCursor, new AbortController().signal);
  }, [read, state.nextCursor, state.loading]);
  const remove = useCallback((ids: string[]) => dispatch({ type: 'remove', ids }), []);

  return { state, reload, loadMore, remove };
}
