import {
  bulkResultSchema,
  dealDetailSchema,
  dealPageSchema,
  dealSchema,
  recordCountSchema,
  type DealBulkRequest,
  type DealPatch,
  type FilterCondition,
  type NewDeal,
} from '@beacon/contract';
import { http } from './http.ts';
import { fileNameOf, sendRaw } from './raw-request.ts';

/*
 * The records calls of deals (issue 9), typed by the contract, as the deals table (features/crm)
 * calls them. The deals area calls the contract's endpoints through RTK Query instead
 * (features/deals/api: `dealRecordEndpoints`, `dealsEndpoints`, `pipelinesEndpoints`).
 */

const enc = encodeURIComponent;
const okSchema = { parse: (data: unknown) => data };

export interface DealQuery {
  q?: string;
  filters?: FilterCondition[];
  /** `col` ascending, `-col` descending; `position` is the board's order. */
  sort?: string | null;
  limit?: number;
  cursor?: string | null;
  columns?: string[];
}

/** The query string of a list, count, board or export call (empty parts left out). */
export function dealQueryParams(query: DealQuery): Record<string, string | number | undefined> {
  const q = query.q?.trim();
  return {
    q: q ? q : undefined,
    filters: query.filters && query.filters.length > 0 ? JSON.stringify(query.filters) : undefined,
    sort: query.sort ? query.sort : undefined,
    limit: query.limit,
    cursor: query.cursor ? query.cursor : undefined,
    columns: query.columns && query.columns.length > 0 ? query.columns.join(',') : undefined,
  };
}

export const dealsApi = {
  list: (query: DealQuery, signal?: AbortSignal) =>
    http.get('/api/deals', { query: dealQueryParams(query), schema: dealPageSchema, signal }),
  count: (query: Pick<DealQuery, 'q' | 'filters'>, signal?: AbortSignal) =>
    http.get('/api/deals/count', {
      query: dealQueryParams(query),
      schema: recordCountSchema,
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    http.get(`/api/deals/${enc(id)}`, { schema: dealDetailSchema, signal }),
  create: (deal: NewDeal) => http.post('/api/deals', { json: deal, schema: dealSchema }),
  update: (id: string, patch: DealPatch) =>
    http.patch(`/api/deals/${enc(id)}`, { json: patch, schema: dealSchema }),
  remove: (id: string) => http.delete(`/api/deals/${enc(id)}`, { schema: okSchema }),
  bulk: (body: DealBulkRequest) =>
    http.post('/api/deals/bulk', { json: body, schema: bulkResultSchema }),
  exportCsv: async (query: Omit<DealQuery, 'limit' | 'cursor'>) => {
    const response = await sendRaw('/api/deals/export.csv', {
      query: dealQueryParams(query),
      headers: { Accept: 'text/csv' },
    });
    return { blob: await response.blob(), fileName: fileNameOf(response, 'deals.csv') };
  },
};
