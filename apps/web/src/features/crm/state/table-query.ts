import { filterListSchema, sortParamSchema, type FilterCondition } from '@beacon/contract';
import type { CrmEntity } from '../api/record-query.ts';
import { isCompleteCondition } from '../filters/filter-fields.ts';
import { isDefaultColumns, normalizeColumns } from './columns.ts';

/** What the table shows, as kept in the address: search, filters, sort, columns and view. */
export interface TableQuery {
  q: string;
  filters: FilterCondition[];
  sort: string | null;
  /** The shown columns in order (the name column first). */
  columns: string[];
  /** The saved view this started from, if any. */
  viewId: string | null;
}

export const QUERY_KEYS = {
  q: 'q',
  filters: 'filters',
  sort: 'sort',
  columns: 'cols',
  view: 'view',
};

export function defaultQuery(entity: CrmEntity): TableQuery {
  return { q: '', filters: [], sort: null, columns: normalizeColumns(entity, null), viewId: null };
}

/**
 * Reads the table query from the address. Anything that does not parse (hand-edited JSON, an
 * unknown field or operator, a bad sort) is dropped rather than failing the page.
 */
export function parseTableQuery(entity: CrmEntity, params: URLSearchParams): TableQuery {
  const q = (params.get(QUERY_KEYS.q) ?? '').slice(0, 200);
  let filters: FilterCondition[] = [];
  const rawFilters = params.get(QUERY_KEYS.filters);
  if (rawFilters) {
    try {
      const parsed = filterListSchema.safeParse(JSON.parse(rawFilters));
      if (parsed.success) filters = parsed.data.filter((c) => isCompleteCondition(entity, c));
    } catch {
      filters = [];
    }
  }
  const rawSort = params.get(QUERY_KEYS.sort);
  const sort = rawSort && sortParamSchema.safeParse(rawSort).success ? rawSort : null;
  const rawColumns = params.get(QUERY_KEYS.columns);
  const columns = normalizeColumns(
    entity,
    rawColumns ? rawColumns.split(',').map((c) => c.trim()) : null,
  );
  const viewId = params.get(QUERY_KEYS.view) || null;
  return { q, filters, sort, columns, viewId };
}

/**
 * Writes the table query into the address, keeping unrelated parameters; defaults are left out
 * so a plain table has a plain address.
 */
export function writeTableQuery(
  entity: CrmEntity,
  query: TableQuery,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | null) => {
    if (value) params.set(key, value);
    else params.delete(key);
  };
  set(QUERY_KEYS.q, query.q.trim() ? query.q : null);
  set(QUERY_KEYS.filters, query.filters.length > 0 ? JSON.stringify(query.filters) : null);
  set(QUERY_KEYS.sort, query.sort);
  set(
    QUERY_KEYS.columns,
    isDefaultColumns(entity, query.columns)
      ? null
      : normalizeColumns(entity, query.columns).join(','),
  );
  set(QUERY_KEYS.view, query.viewId);
  return params;
}

/** A stable key of what the server is asked (not the columns or the view): a new key reloads. */
export function fetchKey(query: Pick<TableQuery, 'q' | 'filters' | 'sort'>): string {
  return JSON.stringify([query.q.trim(), query.filters, query.sort ?? '']);
}

/** Whether the search or the filters narrow the table (for the "no match" empty state). */
export function isFiltered(query: Pick<TableQuery, 'q' | 'filters'>): boolean {
  return query.q.trim() !== '' || query.filters.length > 0;
}
