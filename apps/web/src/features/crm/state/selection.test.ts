import { describe, expect, it } from 'vitest';
import {
  isSelected,
  noSelection,
  selectedCount,
  selectionActions as a,
  selectionReducer,
  toContractSelection,
  type RowSelection,
} from './selection.ts';

const run = (state: RowSelection, ...actions: { type: string; payload?: unknown }[]) =>
  actions.reduce((s, action) => selectionReducer(s, action), state);
const loaded = ['1', '2', '3'];

describe('table selection', () => {
  it('selects rows one by one, all loaded, then all matching as a filter', () => {
    const matching = { count: 120000, estimate: true };
    let state = run(noSelection, a.rowToggled('2'));
    expect(selectedCount(state, matching, loaded.length)).toBe(1);
    expect(isSelected(state, '2')).toBe(true);
    state = run(state, a.loadedToggled(loaded));
    expect(state).toEqual({ mode: 'ids', ids: ['1', '2', '3'] });
    state = run(state, a.allMatchingSelected());
    expect(selectedCount(state, matching, loaded.length)).toBe(120000);
    expect(isSelected(state, 'not-loaded')).toBe(true);
    const query = {
      q: ' ada ',
      filters: [{ field: 'stage', op: 'equals' as const, value: 'cold' }],
    };
    expect(toContractSelection(state, query)).toEqual({
      filter: { q: 'ada', filters: query.filters },
    });
    state = run(state, a.loadedToggled(loaded));
    expect(state).toEqual({ mode: 'ids', ids: [] });
    expect(toContractSelection(state, query)).toBeNull();
    state = run(state, a.rowToggled('3'), a.rowToggled('1'), a.rowToggled('3'));
    expect(toContractSelection(state, query)).toEqual({ ids: ['1'] });
  });

  it('counts the loaded rows when all are selected before the count arrived', () => {
    expect(selectedCount({ mode: 'all' }, null, 3)).toBe(3);
  });

  it('drops removed rows and clears', () => {
    let state = run(noSelection, a.rowToggled('1'), a.rowToggled('2'), a.rowsRemoved(['2']));
    expect(state).toEqual({ mode: 'ids', ids: ['1'] });
    state = run(state, a.selectionCleared());
    expect(state).toEqual({ mode: 'ids', ids: [] });
  });
});
