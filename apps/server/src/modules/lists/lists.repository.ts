import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListKind, RecordList } from '@beacon/contract';
import { listCompanies, listPeople, recordLists } from '../../db/schema/index.ts';
import type { Executor } from '../../lib/records/sql.ts';

const listId = sql.raw('"record_lists"."id"');
const count = sql<number>`case ${recordLists.kind}
  when 'people' then (select count(*)::int from ${listPeople} m where m.list_id = ${listId})
  else (select count(*)::int from ${listCompanies} m where m.list_id = ${listId}) end`;

const listColumns = {
  id: recordLists.id,
  name: recordLists.name,
  kind: recordLists.kind,
  description: recordLists.description,
  count,
  createdBy: recordLists.createdBy,
  createdAt: recordLists.createdAt,
  updatedAt: recordLists.updatedAt,
};

type ListRow = {
  id: string;
  name: string;
  kind: ListKind;
  description: string;
  count: number;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const toList = (row: ListRow): RecordList => ({
  ...row,
  count: Number(row.count),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function findLists(db: Executor, workspaceId: string, where?: SQL) {
  const rows = await db
    .select(listColumns)
    .from(recordLists)
    .where(and(eq(recordLists.workspaceId, workspaceId), where))
    .orderBy(asc(recordLists.name), asc(recordLists.id));
  return rows.map(toList);
}

export async function getList(db: Executor, workspaceId: string, id: string) {
  const [row] = await findLists(db, workspaceId, eq(recordLists.id, id));
  return row;
}

/** The lists a person or a company is on. */
export async function listsOf(
  db: Executor,
  workspaceId: string,
  kind: ListKind,
  recordId: string,
): Promise<RecordList[]> {
  const member =
    kind === 'people'
      ? sql`exists (select 1 from ${listPeople} m where m.list_id = ${listId} and m.person_id = ${recordId}::uuid)`
      : sql`exists (select 1 from ${listCompanies} m where m.list_id = ${listId} and m.company_id = ${recordId}::uuid)`;
  return findLists(db, workspaceId, and(eq(recordLists.kind, kind), member));
}
