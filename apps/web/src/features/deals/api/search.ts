import { useCallback } from 'react';
import type { CompanyDetail, CompanyPage, PersonPage } from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';
import type { FoundRecord } from '../../../components/record-picker.tsx';

export type { FoundRecord };

const contract = () => import('@beacon/contract');

/** How many matches a picker offers. */
const OPTIONS = 20;

const searchQuery = (q: string) => ({ q: q.trim() || undefined, limit: OPTIONS });

/**
 * The deal pickers' searches, on the contract's list endpoints of companies and people; an answer
 * is not kept once no picker shows it.
 */
export const dealSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    dealCompanyOptions: build.query<CompanyPage, string>({
      query: (q) =>
        call(() => contract().then((c) => c.companiesEndpoints.list), { query: searchQuery(q) }),
      keepUnusedDataFor: 0,
    }),
    dealPersonOptions: build.query<PersonPage, string>({
      query: (q) =>
        call(() => contract().then((c) => c.peopleEndpoints.list), { query: searchQuery(q) }),
      keepUnusedDataFor: 0,
    }),
    /** The company a new deal on its page is for, named in the dialog's picker. */
    dealCompany: build.query<CompanyDetail, string>({
      query: (id) =>
        call(() => contract().then((c) => c.companiesEndpoints.detail), { params: { id } }),
    }),
  }),
});

const { useLazyDealCompanyOptionsQuery, useLazyDealPersonOptionsQuery } = dealSearchApi;
export const { useDealCompanyQuery } = dealSearchApi;

/** Companies whose name or domain matches, for the deal's company. */
export function useCompanySearch() {
  const [read] = useLazyDealCompanyOptionsQuery();
  return useCallback(
    async (q: string, signal?: AbortSignal): Promise<FoundRecord[]> => {
      const reading = read(q);
      // A newer text was typed: the picker aborts this search.
      signal?.addEventListener('abort', () => reading.abort());
      const page = await reading.unwrap();
      return page.items.map((c) => ({ id: c.id, label: c.name, secondary: c.domain }));
    },
    [read],
  );
}

/** People whose name or e-mail matches, for the deal's people. */
export function usePersonSearch() {
  const [read] = useLazyDealPersonOptionsQuery();
  return useCallback(
    async (q: string, signal?: AbortSignal): Promise<FoundRecord[]> => {
      const reading = read(q);
      signal?.addEventListener('abort', () => reading.abort());
      const page = await reading.unwrap();
      return page.items.map((p) => ({
        id: p.id,
        label: `${p.firstName} ${p.lastName}`.trim() || p.email,
        secondary: p.companyName || p.email,
      }));
    },
    [read],
  );
}
