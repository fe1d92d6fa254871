import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListKind, RecordList } from '@beacon/contract';
import { recordLists } from '../../db/schema/index.ts';
import { membersOf } from '../../lib/records/fields.ts';
import type { Executor } from '../../lib/records/sql.ts';
import { records } from '../record-entities.ts';

const listId = sql.raw('"record_lists"."id"');
/** The members of a list, counted in the membership table of its kind. */
const count = sql<number>`case ${recordLists.kind} ${sql.join(
  records.all.flatMap((entity) =>
    entity.members
      ? [
          sql`when ${sql.raw(`'${entity.name}'`)} then (select count(*)::int from ${sql.raw(`"${entity.members.table}"`)} m where m.list_id = ${listId})`,
        ]
      : [],
  ),
  sql` `,
)} end`;

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

/** The lists a record (a person, a company) is on. */
export async function listsOf(
  db: Executor,
  workspaceId: string,
  kind: ListKind,
  recordId: string,
): Promise<RecordList[]> {
  const members = membersOf(records.entity(kind));
  const member = sql`exists (select 1 from ${sql.raw(`"${members.table}"`)} m where m.list_id = ${listId} and m.${sql.raw(members.column)} = ${recordId}::uuid)`;
  return findLists(db, workspaceId, and(eq(recordLists.kind, kind), member));
}
