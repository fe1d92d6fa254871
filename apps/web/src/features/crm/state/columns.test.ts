import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMNS,
  exportColumns,
  isDefaultColumns,
  moveColumn,
  nextSort,
  normalizeColumns,
  sortState,
  toggleColumn,
  visibleColumnDefs,
} from './columns.ts';

describe('column choice', () => {
  it('gives the defaults for no choice, with the name first', () => {
    expect(normalizeColumns('people', null)).toEqual(['name', ...DEFAULT_COLUMNS.people.slice(1)]);
    expect(normalizeColumns('companies', [])).toEqual([...DEFAULT_COLUMNS.companies]);
  });

  it('drops unknown and repeated columns and keeps the name first', () => {
    expect(normalizeColumns('people', ['email', 'bogus', 'email', 'name', 'stage'])).toEqual([
      'name',
      'email',
      'stage',
    ]);
    // A company column is not a people column.
    expect(normalizeColumns('people', ['peopleCount', 'email'])).toEqual(['name', 'email']);
  });

  it('shows a hidden column at the end and hides a shown one, never the name', () => {
    const shown = ['name', 'email'];
    expect(toggleColumn('people', shown, 'stage')).toEqual(['name', 'email', 'stage']);
    expect(toggleColumn('people', ['name', 'email', 'stage'], 'email')).toEqual(['name', 'stage']);
    expect(toggleColumn('people', shown, 'name')).toEqual(['name', 'email']);
  });

  it('moves a column one place, never before the name or past the end', () => {
    const shown = ['name', 'email', 'stage', 'city'];
    expect(moveColumn('people', shown, 'stage', -1)).toEqual(['name', 'stage', 'email', 'city']);
    expect(moveColumn('people', shown, 'stage', 1)).toEqual(['name', 'email', 'city', 'stage']);
    expect(moveColumn('people', shown, 'email', -1)).toEqual(shown);
    expect(moveColumn('people', shown, 'city', 1)).toEqual(shown);
    expect(moveColumn('people', shown, 'name', 1)).toEqual(shown);
    expect(moveColumn('people', shown, 'tags', 1)).toEqual(shown);
  });

  it('knows the default set, and what the export asks for', () => {
    expect(isDefaultColumns('people', normalizeColumns('people', null))).toBe(true);
    expect(isDefaultColumns('people', ['name', 'email'])).toBe(false);
    expect(exportColumns('people', ['name', 'email', 'tags'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'tags',
    ]);
    expect(visibleColumnDefs('companies', ['name', 'domain']).map((c) => c.id)).toEqual([
      'name',
      'domain',
    ]);
  });

  it('sorts ascending on the first click, then descending, then ascending', () => {
    expect(nextSort(null, 'email')).toBe('email');
    expect(nextSort('email', 'email')).toBe('-email');
    expect(nextSort('-email', 'email')).toBe('email');
    expect(nextSort('-email', 'city')).toBe('city');
    expect(sortState('-email', 'email')).toBe('desc');
    expect(sortState('email', 'email')).toBe('asc');
    expect(sortState('email', 'city')).toBe(false);
    expect(sortState('email', undefined)).toBe(false);
  });
});

describe('deal columns', () => {
  it('export the amount with its currency and the stage by name, and leave out the computed stale mark', () => {
    expect(exportColumns('deals', normalizeColumns('deals', null))).toEqual([
      'name',
      'amount',
      'currency',
      'stageName',
      'companyName',
      'ownerId',
      'expectedCloseDate',
    ]);
  });
});
