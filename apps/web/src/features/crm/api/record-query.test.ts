import { describe, expect, it } from 'vitest';
import { atCompany, onList, recordQueryParams } from './record-query.ts';

describe('record query', () => {
  it('leaves empty parts out of the record query and sends filters as JSON', () => {
    expect(recordQueryParams({ q: '  ', filters: [], sort: null })).toEqual({
      q: undefined,
      filters: undefined,
      sort: undefined,
      limit: undefined,
      cursor: undefined,
      columns: undefined,
    });
    const params = recordQueryParams({
      q: ' ada ',
      filters: [{ field: 'stage', op: 'equals', value: 'cold' }],
      sort: '-lastName',
      limit: 50,
      cursor: 'abc',
      columns: ['name', 'email'],
    });
    expect(params).toEqual({
      q: 'ada',
      filters: '[{"field":"stage","op":"equals","value":"cold"}]',
      sort: '-lastName',
      limit: 50,
      cursor: 'abc',
      columns: 'name,email',
    });
  });

  it("picks a company's people and a list's members by filter", () => {
    expect(atCompany('c1')).toEqual([{ field: 'companyId', op: 'equals', value: 'c1' }]);
    expect(onList('l1')).toEqual([{ field: 'list', op: 'on_list', value: 'l1' }]);
  });
});
