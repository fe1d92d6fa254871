import {
  bulkResultSchema,
  dealBoardSchema,
  dealDetailSchema,
  dealPageSchema,
  dealSchema,
  pipelineListSchema,
  pipelineSchema,
  recordCountSchema,
  type DealBulkRequest,
  type DealMoveRequest,
  type DealPatch,
  type FilterCondition,
  type NewDeal,
  type NewPipeline,
  type NewStage,
  type PipelinePatch,
  type StagePatch,
} from '@beacon/contract';
import { http } from './http.ts';
import { fileNameOf, sendRaw } from './raw-request.ts';

/*
 * The calls of deals and pipelines (issue 9), typed by the contract. Shared: the deals board and
 * deal page (features/deals), the deals table (features/crm) and the deals on person and company
 * pages use the one client.
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
  /** One pipeline's board: per stage the first page, the count and the sums. */
  board: (
    query: { pipelineId?: string | null; limit?: number } & Pick<DealQuery, 'q' | 'filters'>,
    signal?: AbortSignal,
  ) =>
    http.get('/api/deals/board', {
      query: {
        ...dealQueryParams({ q: query.q, filters: query.filters, limit: query.limit }),
        pipelineId: query.pipelineId ?? undefined,
      },
      schema: dealBoardSchema,
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    http.get(`/api/deals/${enc(id)}`, { schema: dealDetailSchema, signal }),
  create: (deal: NewDeal) => http.post('/api/deals', { json: deal, schema: dealSchema }),
  update: (id: string, patch: DealPatch) =>
    http.patch(`/api/deals/${enc(id)}`, { json: patch, schema: dealSchema }),
  move: (id: string, move: DealMoveRequest) =>
    http.post(`/api/deals/${enc(id)}/move`, { json: move, schema: dealSchema }),
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

export const pipelinesApi = {
  list: (signal?: AbortSignal) =>
    http.get('/api/pipelines', { schema: pipelineListSchema, signal }),
  create: (pipeline: NewPipeline) =>
    http.post('/api/pipelines', { json: pipeline, schema: pipelineSchema }),
  update: (id: string, patch: PipelinePatch) =>
    http.patch(`/api/pipelines/${enc(id)}`, { json: patch, schema: pipelineSchema }),
  remove: (id: string) => http.delete(`/api/pipelines/${enc(id)}`, { schema: okSchema }),
  addStage: (id: string, stage: NewStage) =>
    http.post(`/api/pipelines/${enc(id)}/stages`, { json: stage, schema: pipelineSchema }),
  updateStage: (id: string, stageId: string, patch: StagePatch) =>
    http.patch(`/api/pipelines/${enc(id)}/stages/${enc(stageId)}`, {
      json: patch,
      schema: pipelineSchema,
    }),
  get: (id: string, signal?: AbortSignal) =>
    http.get(`/api/pipelines/${enc(id)}`, { schema: pipelineSchema, signal }),
  /** A stage holding deals needs `moveTo` (another stage of the pipeline), else 409. */
  removeStage: (id: string, stageId: string, moveTo?: string) =>
    http.delete(`/api/pipelines/${enc(id)}/stages/${enc(stageId)}`, {
      query: { moveTo },
      schema: okSchema,
    }),
};
