import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { json, stubApi } from '../../../test/fetch.ts';
import { samplePerson } from '../../../test/crm-fixtures.ts';
import { createStore } from '../../../lib/store.ts';
import { useRecordSearch } from './use-record-search.ts';

afterEach(() => vi.unstubAllGlobals());

function Wrapper({ children }: { children: ReactNode }) {
  const [store] = useState(createStore);
  return <Provider store={store}>{children}</Provider>;
}

describe('useRecordSearch', () => {
  it('searches nothing under two characters, then people and companies once typing pauses', async () => {
    const grace = samplePerson({ firstName: 'Grace' });
    const api = stubApi({
      'GET /api/people': json(200, { items: [grace], nextCursor: null }),
      'GET /api/companies': json(200, { items: [], nextCursor: null }),
    });
    const { result, rerender } = renderHook(({ q }) => useRecordSearch(q), {
      wrapper: Wrapper,
      initialProps: { q: 'g' },
    });
    expect(result.current).toEqual({ people: [], companies: [], loading: false, failed: false });
    rerender({ q: 'gr' });
    rerender({ q: 'gra' });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.people).toEqual([grace]));
    expect(result.current.loading).toBe(false);
    // One look for the query typing paused on, not one per key.
    const urls = api.mock.calls.map(([url]) => decodeURIComponent(String(url)));
    expect(urls.filter((url) => url.startsWith('/api/people?'))).toEqual([
      expect.stringContaining('q=gra'),
    ]);
    expect(urls.every((url) => url.includes('limit=5'))).toBe(true);
  });

  it('says when the search failed', async () => {
    stubApi({
      'GET /api/people': json(500, { detail: 'Boom', code: 'INTERNAL' }),
      'GET /api/companies': json(200, { items: [], nextCursor: null }),
    });
    const { result } = renderHook(() => useRecordSearch('grace'), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.people).toEqual([]);
  });
});
