import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Company } from '@beacon/contract';
import { json, stubApi } from '../../../test/fetch.ts';
import { samplePerson } from '../../../test/crm-fixtures.ts';
import { createStore } from '../../../lib/store.ts';
import { useCompanySearch, useDealCompanyQuery, usePersonSearch } from './search.ts';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

function Wrapper({ children }: { children: ReactNode }) {
  const [store] = useState(createStore);
  return <Provider store={store}>{children}</Provider>;
}

const T0 = '2026-01-01T10:00:00.000Z';
const acme: Company = {
  id: 'c1',
  name: 'Acme',
  domain: 'acme.test',
  industry: '',
  size: null,
  revenueRange: null,
  city: '',
  region: '',
  country: '',
  description: '',
  linkedinUrl: '',
  ownerId: null,
  tags: [],
  peopleCount: 0,
  createdAt: T0,
  updatedAt: T0,
  lastActivityAt: T0,
};

const queryOf = (fetchMock: ReturnType<typeof stubApi>, index = 0) =>
  new URL(String(fetchMock.mock.calls[index]![0]), 'http://x');

describe('the deal pickers’ searches', () => {
  it('finds companies through the contract’s list endpoint, 20 at most, the text trimmed', async () => {
    const api = stubApi({ 'GET /api/companies': json(200, { items: [acme], nextCursor: null }) });
    const { result } = renderHook(() => useCompanySearch(), { wrapper: Wrapper });
    await expect(result.current('  acm ')).resolves.toEqual([
      { id: 'c1', label: 'Acme', secondary: 'acme.test' },
    ]);
    const url = queryOf(api);
    expect(url.pathname).toBe('/api/companies');
    expect(url.searchParams.get('q')).toBe('acm');
    expect(url.searchParams.get('limit')).toBe('20');
  });

  it('finds people by name, shown by their e-mail when they have none', async () => {
    const grace = samplePerson({
      id: 'p1',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.test',
      companyName: 'Navy',
    });
    const nameless = samplePerson({ id: 'p2', email: 'who@example.test' });
    const api = stubApi({
      'GET /api/people': json(200, { items: [grace, nameless], nextCursor: null }),
    });
    const { result } = renderHook(() => usePersonSearch(), { wrapper: Wrapper });
    await expect(result.current('gr')).resolves.toEqual([
      { id: 'p1', label: 'Grace Hopper', secondary: 'Navy' },
      { id: 'p2', label: 'who@example.test', secondary: 'who@example.test' },
    ]);
    expect(queryOf(api).pathname).toBe('/api/people');
  });

  it('rejects when the server refuses, so the picker can say so', async () => {
    stubApi({ 'GET /api/companies': json(500, { detail: 'Boom', code: 'INTERNAL' }) });
    const { result } = renderHook(() => useCompanySearch(), { wrapper: Wrapper });
    await expect(result.current('acme')).rejects.toBeTruthy();
  });

  it('reads the company a new deal on its page is for, through the contract’s detail endpoint', async () => {
    const api = stubApi({ 'GET /api/companies/c1': json(200, { company: acme, lists: [] }) });
    const { result } = renderHook(() => useDealCompanyQuery('c1'), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data?.company.name).toBe('Acme'));
    expect(queryOf(api).pathname).toBe('/api/companies/c1');
  });
});
