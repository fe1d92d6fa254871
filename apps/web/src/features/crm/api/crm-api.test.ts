import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { createStore } from '../../../lib/store.ts';
import { importsApi, peopleApi, recordQueryParams } from './crm-api.ts';
import { crmDataApi } from './crm-data-api.ts';

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>(() => {
    const next = responses.shift();
    return next ? Promise.resolve(next) : Promise.reject(new Error('no more responses'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

function sent(fetchMock: ReturnType<typeof stubFetch>, index = 0) {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return {
    url: new URL(String(url), 'http://x'),
    init: init ?? {},
    headers: new Headers(init?.headers),
  };
}

const job = {
  id: 'j1',
  entity: 'people',
  fileName: 'p.csv',
  status: 'uploaded',
  columns: ['Name'],
  preview: [['Ada']],
  mapping: { Name: 'fullName' },
  duplicateMode: 'skip',
  totalRows: 1,
  processedRows: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  refused: 0,
  errors: [],
  failure: null,
  listId: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
};

afterEach(() => localStorage.clear());

describe('crm api', () => {
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

  it('lists people with the query string and validates the page', async () => {
    const fetchMock = stubFetch(json(200, { items: [], nextCursor: null }));
    const page = await peopleApi.list({ q: 'ada', sort: 'lastName', limit: 100 });
    expect(page).toEqual({ items: [], nextCursor: null });
    const { url, init } = sent(fetchMock);
    expect(url.pathname).toBe('/api/people');
    expect(url.searchParams.get('q')).toBe('ada');
    expect(url.searchParams.get('sort')).toBe('lastName');
    expect(url.searchParams.get('limit')).toBe('100');
    expect(init.method).toBe('GET');
  });

  it('rejects a page the contract does not describe', async () => {
    stubFetch(json(200, { items: 'nope' }));
    await expect(peopleApi.list({})).rejects.toBeInstanceOf(ApiError);
  });

  it('uploads a CSV as the raw body with the bearer header', async () => {
    localStorage.setItem('accessToken', 'tok');
    const fetchMock = stubFetch(json(201, job));
    const file = new Blob(['Name\nAda\n'], { type: 'text/csv' });
    const result = await importsApi.upload('people', file, 'p.csv');
    expect(result.id).toBe('j1');
    const { url, init, headers } = sent(fetchMock);
    expect(url.pathname).toBe('/api/imports');
    expect(url.searchParams.get('entity')).toBe('people');
    expect(url.searchParams.get('fileName')).toBe('p.csv');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect(headers.get('Content-Type')).toBe('text/csv');
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('turns a refused upload into an ApiError with the server detail', async () => {
    stubFetch(json(400, { detail: 'Empty file', code: 'EMPTY_FILE' }));
    const error = await importsApi.upload('people', new Blob(['']), 'e.csv').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Empty file');
    expect((error as ApiError).code).toBe('EMPTY_FILE');
  });

  it('downloads the export as a blob named by the server', async () => {
    const fetchMock = stubFetch(
      new Response('a,b\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="people-2026.csv"',
        },
      }),
    );
    const file = await peopleApi.exportCsv({
      filters: [{ field: 'stage', op: 'in', value: ['cold'] }],
      columns: ['name', 'email'],
    });
    expect(file.fileName).toBe('people-2026.csv');
    expect(await file.blob.text()).toBe('a,b\n');
    const { url } = sent(fetchMock);
    expect(url.pathname).toBe('/api/people/export.csv');
    expect(url.searchParams.get('columns')).toBe('name,email');
    expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual([
      { field: 'stage', op: 'in', value: ['cold'] },
    ]);
  });

  it('updates a saved view with PATCH', async () => {
    const view = {
      id: 'v1',
      name: 'Hot',
      entity: 'people',
      shared: true,
      q: '',
      filters: [],
      sort: null,
      columns: [],
      ownerId: null,
      createdAt: 'x',
      updatedAt: 'x',
    };
    const fetchMock = stubFetch(json(200, view));
    const store = createStore();
    const updated = await store
      .dispatch(
        crmDataApi.endpoints.updateView.initiate({
          id: 'v1',
          entity: 'people',
          patch: { shared: true },
        }),
      )
      .unwrap();
    expect(updated.shared).toBe(true);
    const { url, init } = sent(fetchMock);
    expect(url.pathname).toBe('/api/views/v1');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"shared":true}');
  });
});
