import type { FilterCondition } from '@beacon/contract';

/** What a deals list call asks for: the records query of `dealRecordEndpoints.list`. */
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
