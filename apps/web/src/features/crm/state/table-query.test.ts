import { describe, expect, it } from 'vitest';
import type { FilterCondition } from '@beacon/contract';
import {
  defaultQuery,
  fetchKey,
  isFiltered,
  parseTableQuery,
  writeTableQuery,
  type TableQuery,
} from './table-query.ts';

const filters: FilterCondition[] = [
  { field: 'stage', op: 'in', value: ['cold', 'replied'] },
  { field: 'createdAt', op: 'between', value: { from: '2026-01-01T00:00:00.000Z' } },
  { field: 'email', op: 'not_empty' },
];

describe('table query in the address', () => {
  it('round-trips search, filters, sort, columns and view', () => {
    const query: TableQuery = {
      q: 'ada',
      filters,
      sort: '-lastActivityAt',
      columns: ['name', 'email', 'stage'],
      viewId: 'v1',
    };
    const params = writeTableQuery('people', query);
    expect(params.get('q')).toBe('ada');
    expect(params.get('sort')).toBe('-lastActivityAt');
    expect(params.get('cols')).toBe('name,email,stage');
    expect(params.get('view')).toBe('v1');
    expect(parseTableQuery('people', new URLSearchParams(params.toString()))).toEqual(query);
  });

  it('leaves defaults out of the address and keeps other parameters', () => {
    const params = writeTableQuery(
      'people',
      defaultQuery('people'),
      new URLSearchParams('lng=fr&q=old&filters=x'),
    );
    expect(params.toString()).toBe('lng=fr');
    expect(parseTableQuery('people', params)).toEqual(defaultQuery('people'));
  });

  it('drops what does not parse instead of failing', () => {
    const bad = new URLSearchParams({
      filters: '{not json',
      sort: 'drop table',
      cols: 'bogus,email',
    });
    const query = parseTableQuery('people', bad);
    expect(query.filters).toEqual([]);
    expect(query.sort).toBeNull();
    expect(query.columns).toEqual(['name', 'email']);
  });

  it('drops conditions on unknown fields, wrong operators or without a value', () => {
    const mixed: FilterCondition[] = [
      { field: 'stage', op: 'contains', value: 'c' },
      { field: 'nope', op: 'equals', value: 'x' },
      { field: 'city', op: 'equals', value: '  ' },
      { field: 'city', op: 'contains', value: 'Par' },
      { field: 'peopleCount', op: 'equals', value: '3' },
    ];
    const query = parseTableQuery(
      'people',
      new URLSearchParams({ filters: JSON.stringify(mixed) }),
    );
    expect(query.filters).toEqual([{ field: 'city', op: 'contains', value: 'Par' }]);
  });

  it('keys the fetch by search, filters and sort only', () => {
    const a = { q: 'x', filters, sort: 'email' };
    expect(fetchKey(a)).toBe(fetchKey({ ...a, q: ' x ' }));
    expect(fetchKey(a)).not.toBe(fetchKey({ ...a, sort: '-email' }));
    expect(isFiltered({ q: ' ', filters: [] })).toBe(false);
    expect(isFiltered({ q: '', filters })).toBe(true);
  });
});
