import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListKind, RecordList } from '@beacon/contract';
import { recordLists } from '../../db/schema/index.ts';
import { membersOf } from '../../lib/records/fields.ts';
import type { Caller } from '../../lib/caller.ts';
import { ownerScope } from '../../lib/records/scope.ts';
import type { Executor } from '../../lib/records/sql.ts';
import { records } from '../record-entities.ts';

const listId = sql.raw('"record_lists"."id"');

/**
 * The members of a list, counted in the membership table of its kind: for a member who sees only
 * their own records (`owner`), only the records they own (record visibility, lib/records/scope.ts).
 */
function countOf(owner: string | null) {
  return sql<number>`case ${recordLists.kind} ${sql.join(
    records.all.flatMap((entity) => {
      if (!entity.members) return [];
      const members = sql.raw(`"${entity.members.table}"`);
      const mine =
        owner === null
          ? sql``
          : sql` and exists (select 1 from ${sql.raw(`"${entity.table}"`)} r
              where r.id = m.${sql.raw(`"${entity.members.column}"`)}
                and r.${sql.raw(`"${entity.ownerColumn}"`)} = ${owner}::uuid)`;
      return [
        sql`when ${sql.raw(`'${entity.name}'`)} then (select count(*)::int from ${members} m where m.list_id = ${listId}${mine})`,
      ];
    }),
    sql` `,
  )} end`;
}

const listColumns = (owner: string | null) => ({
  id: recordLists.id,
  name: recordLists.name,
  kind: recordLists.kind,
  description: recordLists.description,
  count: countOf(owner),
  createdBy: recordLists.createdBy,
  createdAt: recordLists.createdAt,
  updatedAt: recordLists.updatedAt,
});

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

/** Who reads the lists: their workspace, and whose records they see. */
type Reader = Pick<Caller, 'workspaceId' | 'userId' | 'visibility'>;

export async function findLists(db: Executor, reader: Reader, where?: SQL) {
  const rows = await db
    .select(listColumns(ownerScope(reader)))
    .from(recordLists)
    .where(and(eq(recordLists.workspaceId, reader.workspaceId), where))
    .orderBy(asc(recordLists.name), asc(recordLists.id));
  return rows.map(toList);
}

export async function getList(db: Executor, reader: Reader, id: string) {
  const [row] = await findLists(db, reader, eq(recordLists.id, id));
  return row;
}

/** The lists a record (a person, a company) is on. */
export async function listsOf(
  db: Executor,
  reader: Reader,
  kind: ListKind,
  recordId: string,
): Promise<RecordList[]> {
  const members = membersOf(records.entity(kind));
  const member = sql`exists (select 1 from ${sql.raw(`"${members.table}"`)} m where m.list_id = ${listId} and m.${sql.raw(members.column)} = ${recordId}::uuid)`;
  return findLists(db, reader, and(eq(recordLists.kind, kind), member));
}
