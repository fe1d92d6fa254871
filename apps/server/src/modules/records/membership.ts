import { and, sql, type SQL } from 'drizzle-orm';
import type { Caller } from './caller.ts';
import type { EntityDef } from './fields.ts';
import { rowsOf, type Executor } from './sql.ts';

type ListRef = { id: string; name: string };

/** The names a membership statement uses, and the caller's records that `where` matches. */
function memberSql(entity: EntityDef, caller: Caller, where: SQL[]) {
  const table = sql.raw(`"${entity.table}"`);
  return {
    table,
    members: sql.raw(`"${entity.members.table}"`),
    fk: sql.raw(entity.members.column),
    match: and(sql`${table}.workspace_id = ${caller.workspaceId}::uuid`, ...where),
  };
}

/**
 * Adds every record of the workspace matching `where` to a list, in one statement: the
 * memberships, a `list_added` activity for each record newly added, and their last activity.
 */
export async function addToList(
  db: Executor,
  entity: EntityDef,
  caller: Caller,
  list: ListRef,
  where: SQL[],
): Promise<number> {
  const { table, members, fk, match } = memberSql(entity, caller, where);
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with added as (
      insert into ${members} (list_id, ${fk})
      select ${list.id}::uuid, ${table}.id from ${table} where ${match}
      on conflict do nothing
      returning ${fk} as record_id
    ), recorded as (
      insert into activities (workspace_id, ${fk}, kind, actor_id, list_id, list_name)
      select ${caller.workspaceId}::uuid, record_id, 'list_added', ${caller.userId}::uuid, ${list.id}::uuid, ${list.name}
      from added
    ), touched as (
      update ${table} set last_activity_at = now() where ${table}.id in (select record_id from added)
    )
    select count(*)::int as n from added`,
  );
  return Number(row?.n ?? 0);
}

/** The reverse of addToList: memberships removed, `list_removed` recorded, in one statement. */
export async function removeFromList(
  db: Executor,
  entity: EntityDef,
  caller: Caller,
  list: ListRef,
  where: SQL[],
): Promise<number> {
  const { table, members, fk, match } = memberSql(entity, caller, where);
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with removed as (
      delete from ${members} m using ${table}
      where m.list_id = ${list.id}::uuid and m.${fk} = ${table}.id and ${match}
      returning m.${fk} as record_id
    ), recorded as (
      insert into activities (workspace_id, ${fk}, kind, actor_id, list_id, list_name)
      select ${caller.workspaceId}::uuid, record_id, 'list_removed', ${caller.userId}::uuid, ${list.id}::uuid, ${list.name}
      from removed
    ), touched as (
      update ${table} set last_activity_at = now() where ${table}.id in (select record_id from removed)
    )
    select count(*)::int as n from removed`,
  );
  return Number(row?.n ?? 0);
}
