import { companyPageSchema, personPageSchema } from '@beacon/contract';
import { http } from '../../../lib/http.ts';

import type { FoundRecord } from '../../../components/record-picker.tsx';

export type { FoundRecord };

/** Companies whose name or domain matches, for the deal's company. */
export async function searchCompanies(q: string, signal?: AbortSignal): Promise<FoundRecord[]> {
  const page = await http.get('/api/companies', {
    query: { q: q.trim() || undefined, limit: 20 },
    schema: companyPageSchema,
    signal,
  });
  return page.items.map((c) => ({ id: c.id, label: c.name, secondary: c.domain }));
}

/** People whose name or e-mail matches, for the deal's people. */
export async function searchPeople(q: string, signal?: AbortSignal): Promise<FoundRecord[]> {
  const page = await http.get('/api/people', {
    query: { q: q.trim() || undefined, limit: 20 },
    schema: personPageSchema,
    signal,
  });
  return page.items.map((p) => ({
    id: p.id,
    label: `${p.firstName} ${p.lastName}`.trim() || p.email,
    secondary: p.companyName || p.email,
  }));
}
