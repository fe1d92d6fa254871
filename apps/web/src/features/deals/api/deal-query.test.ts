import { describe, expect, it } from 'vitest';
import { dealQueryParams } from './deal-query.ts';

describe('dealQueryParams', () => {
  it('leaves out the empty parts', () => {
    expect(
      dealQueryParams({ q: '  ', filters: [], sort: null, cursor: null, columns: [] }),
    ).toEqual({
      q: undefined,
      filters: undefined,
      sort: undefined,
      limit: undefined,
      cursor: undefined,
      columns: undefined,
    });
  });

  it('writes the filters as JSON and the columns as a list, the text trimmed', () => {
    expect(
      dealQueryParams({
        q: ' acme ',
        filters: [{ field: 'stageId', op: 'equals', value: 's1' }],
        sort: '-createdAt',
        limit: 25,
        cursor: 'c1',
        columns: ['name', 'amount'],
      }),
    ).toEqual({
      q: 'acme',
      filters: '[{"field":"stageId","op":"equals","value":"s1"}]',
      sort: '-createdAt',
      limit: 25,
      cursor: 'c1',
      columns: 'name,amount',
    });
  });
});
