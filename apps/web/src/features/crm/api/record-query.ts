import type { FilterCondition } from '@beacon/contract';

/*
 * What the CRM's calls ask for, in the shapes the screens use: a records query as its query
 * string, the filters that pick a company's people or a list's members, a downloaded file. The
 * calls themselves are the RTK Query endpoints beside this file (records, record pages, lists,
 * bulk, imports), each on its contract endpoint.
 */

export type CrmEntity = 'people' | 'companies' | 'deals';

/** What the table asks for: the shape of `recordQuerySchema`, with filters as conditions. */
export interface RecordQueryInput {
  q?: string;
  filters?: FilterCondition[];
  /** `col` ascending, `-col` descending. */
  sort?: string | null;
  limit?: number;
  cursor?: string | null;
}

/** The query string of a list, count or export call (empty parts left out). */
export function recordQueryParams(
  query: RecordQueryInput & { columns?: string[] },
): Record<string, string | number | undefined> {
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

/** A downloaded file: its content and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The page size of a record page's timeline, a company's people and a list's members. */
export const PAGE_SIZE = 25;

/** The filter that picks a company's people. */
export const atCompany = (companyId: string): FilterCondition[] => [
  { field: 'companyId', op: 'equals', value: companyId },
];

/** The filter that picks the members of a list. */
export const onList = (listId: string): FilterCondition[] => [
  { field: 'list', op: 'on_list', value: listId },
];
