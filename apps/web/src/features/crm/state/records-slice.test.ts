import { describe, expect, it } from 'vitest';
import {
  initialRecordsState,
  isSelected,
  recordsActions as a,
  recordsReducer,
  selectedCount,
  toContractSelection,
  type RecordsState,
} from './records-slice.ts';

type Row = { id: string; name: string };
const rows = (...ids: string[]) => ids.map((id) => ({ id, name: id }));
const run = (state: RecordsState<Row>, ...actions: { type: string; payload?: unknown }[]) =>
  actions.reduce((s, action) => recordsReducer<Row>(s, action), state);

describe('records state', () => {
  const start = run(initialRecordsState<Row>(), a.queryStarted('k1'));

  it('loads the first page, then appends further pages once each', () => {
    expect(start.loading).toBe(true);
    let state = run(
      start,
      a.pageLoaded({ key: 'k1', items: rows('1', '2'), nextCursor: 'c1', append: false }),
    );
    expect(state).toMatchObject({ loading: false, loaded: true, nextCursor: 'c1' });
    state = run(state, a.moreStarted('k1'));
    expect(state.loadingMore).toBe(true);
    state = run(
      state,
      a.pageLoaded({ key: 'k1', items: rows('2', '3'), nextCursor: null, append: true }),
    );
    expect(state.items.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(state.loadingMore).toBe(false);
    expect(state.nextCursor).toBeNull();
  });

  it('ignores a late answer for an earlier query', () => {
    const state = run(
      start,
      a.queryStarted('k2'),
      a.pageLoaded({ key: 'k1', items: rows('old'), nextCursor: null, append: false }),
      a.countLoaded({ key: 'k1', count: { count: 9, estimate: false } }),
      a.pageFailed({ key: 'k1', error: { message: 'x', operation: 'list' } }),
    );
    expect(state).toMatchObject({ key: 'k2', items: [], loading: true, count: null, error: null });
  });

  it('keeps a failure as plain data and clears it on the next call', () => {
    let state = run(
      start,
      a.pageFailed({ key: 'k1', error: { message: 'down', status: 0, operation: 'list' } }),
    );
    expect(state).toMatchObject({ loading: false, loaded: false, error: { status: 0 } });
    state = run(state, a.reloadStarted('k1'));
    expect(state).toMatchObject({ loading: true, error: null });
  });

  it('selects rows one by one, all loaded, then all matching as a filter', () => {
    let state = run(
      start,
      a.pageLoaded({ key: 'k1', items: rows('1', '2', '3'), nextCursor: 'c', append: false }),
      a.countLoaded({ key: 'k1', count: { count: 120000, estimate: true } }),
      a.rowToggled('2'),
    );
    expect(selectedCount(state)).toBe(1);
    expect(isSelected(state.selection, '2')).toBe(true);
    state = run(state, a.loadedToggled());
    expect(state.selection).toEqual({ mode: 'ids', ids: ['1', '2', '3'] });
    state = run(state, a.allMatchingSelected());
    expect(selectedCount(state)).toBe(120000);
    expect(isSelected(state.selection, 'not-loaded')).toBe(true);
    const query = {
      q: ' ada ',
      filters: [{ field: 'stage', op: 'equals' as const, value: 'cold' }],
    };
    expect(toContractSelection(state.selection, query)).toEqual({
      filter: { q: 'ada', filters: query.filters },
    });
    state = run(state, a.loadedToggled());
    expect(state.selection).toEqual({ mode: 'ids', ids: [] });
    expect(toContractSelection(state.selection, query)).toBeNull();
    state = run(state, a.rowToggled('3'), a.rowToggled('1'), a.rowToggled('3'));
    expect(toContractSelection(state.selection, query)).toEqual({ ids: ['1'] });
  });

  it('starts the selection again with a new query', () => {
    const state = run(start, a.rowToggled('1'), a.queryStarted('k2'));
    expect(state.selection).toEqual({ mode: 'ids', ids: [] });
  });

  it('adds a created record on top and removes deleted ones, with the count', () => {
    const state = run(
      start,
      a.pageLoaded({ key: 'k1', items: rows('1', '2'), nextCursor: null, append: false }),
      a.countLoaded({ key: 'k1', count: { count: 2, estimate: false } }),
      a.rowToggled('2'),
      a.recordAdded({ id: 'n', name: 'n' } as Row),
      a.recordsRemoved(['2']),
    );
    expect(state.items.map((r) => r.id)).toEqual(['n', '1']);
    expect(state.count?.count).toBe(2);
    expect(state.selection).toEqual({ mode: 'ids', ids: [] });
  });
});
