import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Selection } from '@beacon/contract';
import type { TableQuery } from './table-query.ts';

/** The rows of the table: either chosen one by one, or everything the filter matches. */
export type RowSelection = { mode: 'ids'; ids: string[] } | { mode: 'all' };

export const noSelection: RowSelection = { mode: 'ids', ids: [] };

/**
 * The selection of one records table: a rule of the client (the rows come from the server cache,
 * `api/records-api.ts`), so a reducer of the table's own, started again with each query.
 */
const slice = createSlice({
  name: 'crmSelection',
  initialState: noSelection as RowSelection,
  reducers: {
    rowToggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      const ids = state.mode === 'ids' ? state.ids : [];
      const next: RowSelection = {
        mode: 'ids',
        ids: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id],
      };
      return next;
    },
    /** The header checkbox: every loaded row (given), or none when they all are. */
    loadedToggled(state, action: PayloadAction<string[]>) {
      const loaded = action.payload;
      const current = new Set(state.mode === 'ids' ? state.ids : []);
      const all = state.mode === 'all' || loaded.every((id) => current.has(id));
      const next: RowSelection = { mode: 'ids', ids: all && loaded.length > 0 ? [] : loaded };
      return next;
    },
    allMatchingSelected() {
      return { mode: 'all' } as RowSelection;
    },
    selectionCleared() {
      return noSelection;
    },
    /** Rows that went away (deleted) leave the selection. */
    rowsRemoved(state, action: PayloadAction<string[]>) {
      if (state.mode !== 'ids') return state;
      const gone = new Set(action.payload);
      const next: RowSelection = { mode: 'ids', ids: state.ids.filter((id) => !gone.has(id)) };
      return next;
    },
  },
});

export const selectionActions = slice.actions;
export const selectionReducer = slice.reducer;

/** How many rows the selection holds: the count (else the loaded rows) when it is the whole filter. */
export function selectedCount(
  selection: RowSelection,
  matching: { count: number } | null,
  loaded: number,
): number {
  if (selection.mode === 'all') return matching?.count ?? loaded;
  return selection.ids.length;
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
