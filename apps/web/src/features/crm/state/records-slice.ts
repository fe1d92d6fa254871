import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RecordCount, Selection } from '@beacon/contract';
import type { AreaError } from '../../../utils/area-error.ts';
import type { TableQuery } from './table-query.ts';

/** The rows of the table: either chosen one by one, or everything the filter matches. */
export type RowSelection = { mode: 'ids'; ids: string[] } | { mode: 'all' };

/**
 * The state of one records table (people or companies): loading, error and data, as in the other
 * areas, plus the cursor, the count and the selection. `key` names the query the rows answer;
 * an answer for another key (the user typed on) is ignored.
 */
export interface RecordsState<T extends { id: string }> {
  key: string | null;
  items: T[];
  nextCursor: string | null;
  /** The first page is loading (skeleton rows). */
  loading: boolean;
  /** A further page is loading (a row at the end). */
  loadingMore: boolean;
  /** The first page has arrived for `key`. */
  loaded: boolean;
  error: AreaError | null;
  count: RecordCount | null;
  selection: RowSelection;
}

export function initialRecordsState<T extends { id: string }>(): RecordsState<T> {
  return {
    key: null,
    items: [],
    nextCursor: null,
    loading: false,
    loadingMore: false,
    loaded: false,
    error: null,
    count: null,
    selection: { mode: 'ids', ids: [] },
  };
}

type Row = { id: string };

const slice = createSlice({
  name: 'crmRecords',
  initialState: initialRecordsState<Row>(),
  reducers: {
    /** A new query: rows, count and selection start again. */
    queryStarted(state, action: PayloadAction<string>) {
      state.key = action.payload;
      state.items = [];
      state.nextCursor = null;
      state.loading = true;
      state.loadingMore = false;
      state.loaded = false;
      state.error = null;
      state.count = null;
      state.selection = { mode: 'ids', ids: [] };
    },
    /** The same query again (retry or refresh): rows stay until the answer replaces them. */
    reloadStarted(state, action: PayloadAction<string>) {
      if (state.key !== action.payload) return;
      state.loading = true;
      state.error = null;
    },
    moreStarted(state, action: PayloadAction<string>) {
      if (state.key !== action.payload) return;
      state.loadingMore = true;
      state.error = null;
    },
    pageLoaded(
      state,
      action: PayloadAction<{
        key: string;
        items: Row[];
        nextCursor: string | null;
        append: boolean;
      }>,
    ) {
      const { key, items, nextCursor, append } = action.payload;
      if (state.key !== key) return;
      if (append) {
        // A row that moved between pages while adding is shown once.
        const seen = new Set(state.items.map((item) => item.id));
        state.items.push(...items.filter((item) => !seen.has(item.id)));
      } else {
        state.items = items;
      }
      state.nextCursor = nextCursor;
      state.loading = false;
      state.loadingMore = false;
      state.loaded = true;
    },
    pageFailed(state, action: PayloadAction<{ key: string; error: AreaError }>) {
      if (state.key !== action.payload.key) return;
      state.loading = false;
      state.loadingMore = false;
      state.error = action.payload.error;
    },
    countLoaded(state, action: PayloadAction<{ key: string; count: RecordCount }>) {
      if (state.key !== action.payload.key) return;
      state.count = action.payload.count;
    },
    rowToggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      const ids = state.selection.mode === 'ids' ? state.selection.ids : [];
      state.selection = {
        mode: 'ids',
        ids: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id],
      };
    },
    /** The header checkbox: every loaded row, or none when they all are. */
    loadedToggled(state) {
      const loaded = state.items.map((item) => item.id);
      const current = new Set(state.selection.mode === 'ids' ? state.selection.ids : []);
      const all = state.selection.mode === 'all' || loaded.every((id) => current.has(id));
      state.selection = { mode: 'ids', ids: all && loaded.length > 0 ? [] : loaded };
    },
    allMatchingSelected(state) {
      state.selection = { mode: 'all' };
    },
    selectionCleared(state) {
      state.selection = { mode: 'ids', ids: [] };
    },
    recordAdded(state, action: PayloadAction<Row>) {
      state.items = [action.payload, ...state.items.filter((i) => i.id !== action.payload.id)];
      if (state.count) state.count.count += 1;
    },
    recordsRemoved(state, action: PayloadAction<string[]>) {
      const gone = new Set(action.payload);
      state.items = state.items.filter((item) => !gone.has(item.id));
      if (state.count) state.count.count = Math.max(0, state.count.count - gone.size);
      if (state.selection.mode === 'ids') {
        state.selection.ids = state.selection.ids.filter((id) => !gone.has(id));
      }
    },
  },
});

export const recordsActions = slice.actions;

/** The reducer, typed for the rows it holds. */
export const recordsReducer = slice.reducer as unknown as <T extends Row>(
  state: RecordsState<T>,
  action: { type: string; payload?: unknown },
) => RecordsState<T>;

/** How many rows the selection holds: the count when it is the whole filter. */
export function selectedCount(state: RecordsState<Row>): number {
  if (state.selection.mode === 'all') return state.count?.count ?? state.items.length;
  return state.selection.ids.length;
}

export function isSelected(selection: RowSelection, id: string): boolean {
  return selection.mode === 'all' || selection.ids.includes(id);
}

/** The selection as the bulk and list calls take it. Null when nothing is selected. */
export function toContractSelection(
  selection: RowSelection,
  query: Pick<TableQuery, 'q' | 'filters'>,
): Selection | null {
  if (selection.mode === 'all') {
    const q = query.q.trim();
    return { filter: { ...(q ? { q } : {}), filters: query.filters } };
  }
  return selection.ids.length > 0 ? { ids: selection.ids } : null;
}
