import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentRequest, stubApi } from '../../../test/fetch.ts';
import { exportRecordsCsv } from './bulk-api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('records export', () => {
  it('downloads the export as a blob named by the server', async () => {
    const fetchMock = stubApi({
      'GET /api/people/export.csv': new Response('a,b\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="people-2026.csv"',
        },
      }),
    });
    const file = await exportRecordsCsv('people', {
      filters: [{ field: 'stage', op: 'in', value: ['cold'] }],
      columns: ['name', 'email'],
    });
    expect(file.fileName).toBe('people-2026.csv');
    expect(await file.blob.text()).toBe('a,b\n');
    const { url, headers } = sentRequest(fetchMock);
    expect(url.pathname).toBe('/api/people/export.csv');
    expect(headers.get('Accept')).toBe('text/csv');
    expect(url.searchParams.get('columns')).toBe('name,email');
    expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual([
      { field: 'stage', op: 'in', value: ['cold'] },
    ]);
  });
});
