import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiFailure } from '../../../lib/api.ts';
import { createStore } from '../../../lib/store.ts';
import { json, sentRequest, stubApi } from '../../../test/fetch.ts';
import { importsApi } from './imports-api.ts';

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

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('imports api', () => {
  it('uploads a CSV as the raw body with the bearer header', async () => {
    localStorage.setItem('accessToken', 'tok');
    const fetchMock = stubApi({ 'POST /api/imports': json(201, job) });
    const file = new Blob(['Name\nAda\n'], { type: 'text/csv' });
    const result = await createStore()
      .dispatch(
        importsApi.endpoints.uploadImport.initiate({ entity: 'people', file, fileName: 'p.csv' }),
      )
      .unwrap();
    expect(result.id).toBe('j1');
    const { url, init, headers } = sentRequest(fetchMock);
    expect(url.pathname).toBe('/api/imports');
    expect(url.searchParams.get('entity')).toBe('people');
    expect(url.searchParams.get('fileName')).toBe('p.csv');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect(headers.get('Content-Type')).toBe('text/csv');
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('turns a refused upload into a failure with the server detail', async () => {
    stubApi({ 'POST /api/imports': json(400, { detail: 'Empty file', code: 'EMPTY_FILE' }) });
    const error: unknown = await createStore()
      .dispatch(
        importsApi.endpoints.uploadImport.initiate({
          entity: 'people',
          file: new Blob(['']),
          fileName: 'e.csv',
        }),
      )
      .unwrap()
      .catch((caught: unknown) => caught);
    expect(isApiFailure(error)).toBe(true);
    expect(error).toMatchObject({ status: 400, message: 'Empty file', code: 'EMPTY_FILE' });
  });
});
