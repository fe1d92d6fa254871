import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiFailure } from '../../../lib/api.ts';
import { createStore } from '../../../lib/store.ts';
import { json, sentRequest, stubApi } from '../../../test/fetch.ts';
import { recordsApi, type RecordsArgs } from './records-api.ts';

afterEach(() => vi.unstubAllGlobals());

const peopleTable: RecordsArgs = { entity: 'people', q: 'ada', filters: [], sort: 'lastName' };

describe('records api', () => {
  it('lists people with the query string and validates the page', async () => {
    const fetchMock = stubApi({ 'GET /api/people': json(200, { items: [], nextCursor: null }) });
    const store = createStore();
    const read = store.dispatch(recordsApi.endpoints.recordPages.initiate(peopleTable));
    const pages = await read.unwrap();
    expect(pages.pages).toEqual([{ items: [], nextCursor: null }]);
    const { url, init } = sentRequest(fetchMock);
    expect(url.pathname).toBe('/api/people');
    expect(url.searchParams.get('q')).toBe('ada');
    expect(url.searchParams.get('sort')).toBe('lastName');
    expect(url.searchParams.get('limit')).toBe('100');
    expect(init.method).toBe('GET');
    read.unsubscribe();
  });

  it('rejects a page the contract does not describe', async () => {
    stubApi({ 'GET /api/people': json(200, { items: 'nope' }) });
    const store = createStore();
    const read = store.dispatch(recordsApi.endpoints.recordPages.initiate(peopleTable));
    const error: unknown = await read.unwrap().catch((caught: unknown) => caught);
    expect(isApiFailure(error)).toBe(true);
    expect(error).toMatchObject({ status: 200, operation: 'recordPages' });
    read.unsubscribe();
  });
});
