import { and, sql, type SQL } from 'drizzle-orm';
import type { Caller } from './caller.ts';
import { membersOf, type EntityDef } from './fields.ts';
import { scopePredicate } from './scope.ts';
import { rowsOf, type Executor } from './sql.ts';

type ListRef = { id: string; name: string };

/**
 * Changes the memberships of every record of the workspace matching `where`, in one statement:
 * `change` adds or removes them and returns the records it changed; each of those gets a
 * `list_added` or `list_removed` activity, and its last activity moves to now.
 */
async function changeMembership(
  db: Executor,
  entity: EntityDef,
  caller: Caller,
  list: ListRef,
  where: SQL[],
  kind: 'list_added' | 'list_removed',
): Promise<number> {
  const table = sql.raw(`"${entity.table}"`);
  const { table: membersTable, column: membersColumn } = membersOf(entity);
  const members = sql.raw(`"${membersTable}"`);
  const fk = sql.raw(membersColumn);
  const match = and(
    sql`${table}.workspace_id = ${caller.workspaceId}::uuid`,
    ...scopePredicate(entity, caller),
    ...where,
  );
  const change =
    kind === 'list_added'
      ? sql`insert into ${members} (list_id, ${fk})
      select ${list.id}::uuid, ${table}.id from ${table} where ${match}
      on conflict do nothing
      returning ${fk} as record_id`
      : sql`delete from ${members} m using ${table}
      where m.list_id = ${list.id}::uuid and m.${fk} = ${table}.id and ${match}
      returning m.${fk} as record_id`;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with changed as (
      ${change}
    ), recorded as (
      insert into activities (workspace_id, ${fk}, kind, actor_id, list_id, list_name)
      select ${caller.workspaceId}::uuid, record_id, ${sql.raw(`'${kind}'`)}, ${caller.userId}::uuid, ${list.id}::uuid, ${list.name}
      from changed
    ), touched as (
      update ${table} set last_activity_at = now() where ${table}.id in (select record_id from changed)
    )
    select count(*)::int as n from changed`,
  );
  return Number(row?.n ?? 0);
}

/** Adds every record of the workspace matching `where` to a list (see changeMembership). */
export const addToList = (
  db: Executor,
  entity: EntityDef,
  caller: Caller,
  list: ListRef,
  where: SQL[],
): Promise<number> => changeMembership(db, entity, caller, list, where, 'list_added');

/** The reverse of addToList: memberships removed, `list_removed` recorded, in one statement. */
export const removeFromList = (
  db: Executor,
  entity: EntityDef,
  caller: Caller,
  list: ListRef,
  where: SQL[],
): Promise<number> => changeMembership(db, entity, caller, list, where, 'list_removed');
