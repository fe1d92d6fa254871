import { and, inArray, eq, sql, type SQL } from 'drizzle-orm';
import type { FilterCondition, ListKind, RecordCount, RecordEntityName } from '@beacon/contract';
import { recordLists } from '../../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { afterCursor, encodeCursor, orderBy, parseSort, sortValue, type Sort } from './cursor.ts';
import type { Caller } from '../caller.ts';
import type { EntityDef } from './fields.ts';
import { compileFilters, parseFilters, searchCondition } from './filters.ts';
import { scopedEntity, scopePredicate } from './scope.ts';
import { column, rowsOf, type Executor } from './sql.ts';

/**
 * 404 unless every list is a list of this kind in the workspace. An entity without lists never
 * gets here with a list (its filters refuse the `list` field).
 */
export async function checkLists(
  db: Executor,
  workspaceId: string,
  kind: RecordEntityName,
  listIds: string[],
): Promise<void> {
  const unique = [...new Set(listIds)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: recordLists.id })
    .from(recordLists)
    .where(
      and(
        eq(recordLists.workspaceId, workspaceId),
        eq(recordLists.kind, kind as ListKind),
        inArray(recordLists.id, unique),
      ),
    );
  if (found.length !== unique.length) throw notFound('No such list');
}

/** Whose view it is: the workspace, and the member with their record visibility. */
export type Scope = Pick<Caller, 'workspaceId' | 'userId' | 'visibility'>;

/**
 * The WHERE of a filtered view: the workspace, the caller's record visibility, the conditions and
 * the search.
 */
export async function filterWhere(
  db: Executor,
  entity: EntityDef,
  caller: Scope,
  filters: FilterCondition[],
  q: string | undefined,
): Promise<SQL> {
  const seen = scopedEntity(entity, caller);
  const compiled = compileFilters(seen, filters);
  await checkLists(db, caller.workspaceId, entity.name, compiled.listIds);
  return and(
    sql`${column(entity.table, 'workspace_id')} = ${caller.workspaceId}::uuid`,
    ...scopePredicate(entity, caller),
    ...compiled.where,
    ...searchCondition(seen, q),
  )!;
}

export type ListQuery = {
  q?: string;
  filters?: string;
  sort?: string;
  limit: number;
  cursor?: string;
};

export type PreparedPage = { where: SQL; order: SQL[]; sort: Sort; sortValue: SQL; limit: number };

/** Everything a page query needs: the filtered WHERE with the keyset condition, and the order. */
export async function preparePage(
  db: Executor,
  entity: EntityDef,
  caller: Scope,
  query: ListQuery,
): Promise<PreparedPage> {
  const sort = parseSort(scopedEntity(entity, caller), query.sort);
  const filters = parseFilters(query.filters);
  const after = afterCursor(entity, sort, query.cursor);
  const where = await filterWhere(db, entity, caller, filters, query.q);
  return {
    where: and(where, ...after)!,
    order: orderBy(sort),
    sort,
    sortValue: sortValue(sort),
    limit: query.limit,
  };
}

/** Cuts the extra row fetched to know whether a next page exists, and makes its cursor. */
export function finishPage<Row extends { id: string; sortValue: string | null }, Item>(
  entity: EntityDef,
  prepared: PreparedPage,
  rows: Row[],
  map: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, prepared.limit);
  const last = page.at(-1);
  return {
    items: page.map(map),
    nextCursor:
      rows.length > prepared.limit && last ? encodeCursor(entity, prepared.sort, last) : null,
  };
}

export const COUNT_LIMIT = 100_000;

/** Exact up to 100,000; past that, the planner's estimate, marked as one. */
export async function countWhere(
  db: Executor,
  entity: EntityDef,
  where: SQL,
  limit = COUNT_LIMIT,
): Promise<RecordCount> {
  const table = sql.raw(`"${entity.table}"`);
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${table} where ${where} limit ${limit + 1}) s`,
  );
  const exact = Number(row?.n ?? 0);
  if (exact <= limit) return { count: exact, estimate: false };
  const [plan] = await rowsOf<Record<string, unknown>>(
    db,
    sql`explain (format json) select 1 from ${table} where ${where}`,
  );
  let estimate = limit + 1;
  try {
    const raw = plan ? Object.values(plan)[0] : undefined;
    const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      Plan: { 'Plan Rows': number };
    }[];
    estimate = Math.max(estimate, Math.round(json[0]?.Plan['Plan Rows'] ?? 0));
  } catch {
    // Keep the lower bound.
  }
  return { count: estimate, estimate: true };
}
