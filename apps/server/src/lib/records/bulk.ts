import { and, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../modules/audit/audit.repository.ts';
import type { CompanyBulkRequest, PersonBulkRequest } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../errors.ts';
import { getList } from '../../modules/lists/lists.repository.ts';
import { checkOwner, type Caller } from './caller.ts';
import { membersOf, type EntityDef } from './fields.ts';
import { selectionFilter } from './filters.ts';
import { addToList, removeFromList } from './membership.ts';
import { checkLists } from './query.ts';
import { scopedEntity, scopePredicate } from './scope.ts';
import { rowsOf, type Executor } from './sql.ts';

/**
 * Sets one column on every selected record that does not hold the value yet, and records a
 * `field_changed` activity for each, in one statement: the subquery reads the old values, the
 * update writes the new ones, the insert takes what the update returned.
 */
async function setColumn(
  db: Executor,
  entity: EntityDef,
  caller: Caller,
  match: SQL,
  change: { field: string; column: string; value: SQL; differs: SQL; oldText: SQL; newText: SQL },
): Promise<number> {
  const table = sql.raw(`"${entity.table}"`);
  const col = sql.raw(`"${change.column}"`);
  const fk = sql.raw(membersOf(entity).column);
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with changed as (
      update ${table} as target
      set ${col} = ${change.value}, updated_at = now(), last_activity_at = now()
      from (
        select ${table}.id as target_id, ${change.oldText} as old_text, ${change.newText} as new_text
        from ${table} where ${match} and ${change.differs}
      ) t
      where target.id = t.target_id
      returning target.id as record_id, t.old_text, t.new_text
    ), recorded as (
      insert into activities (workspace_id, ${fk}, kind, actor_id, field, old_value, new_value)
      select ${caller.workspaceId}::uuid, record_id, 'field_changed', ${caller.userId}::uuid,
             ${change.field}, old_text, new_text
      from changed
    )
    select count(*)::int as n from changed`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Runs a bulk action over a selection (ids, or everything a filter matches) with set-based SQL;
 * answers how many records it changed. Ids of other workspaces are never matched.
 */
export async function runBulk(
  database: Database,
  entity: EntityDef,
  caller: Caller,
  request: PersonBulkRequest | CompanyBulkRequest,
): Promise<{ affected: number }> {
  const selected = selectionFilter(scopedEntity(entity, caller), request.selection);
  // Only the records the caller sees: the others are not matched, as another workspace's.
  const where = [...selected.where, ...scopePredicate(entity, caller)];
  const table = sql.raw(`"${entity.table}"`);
  const match = and(sql`${table}.workspace_id = ${caller.workspaceId}::uuid`, ...where)!;
  const action = request.action;
  return database.transaction(async (db) => {
    await checkLists(db, caller.workspaceId, entity.name, selected.listIds);
    switch (action.type) {
      case 'add_to_list':
      case 'remove_from_list': {
        const list = await getList(db, caller, action.listId);
        if (!list || list.kind !== entity.name) throw notFound('No such list');
        const run = action.type === 'add_to_list' ? addToList : removeFromList;
        return { affected: await run(db, entity, caller, list, where) };
      }
      case 'set_owner': {
        await checkOwner(db, caller, action.ownerId);
        const owner = action.ownerId;
        return {
          affected: await setColumn(db, entity, caller, match, {
            field: 'ownerId',
            column: 'owner_id',
            value: sql`${owner}::uuid`,
            differs: sql`${table}.owner_id is distinct from ${owner}::uuid`,
            oldText: sql`${table}.owner_id::text`,
            newText: sql`${owner}::text`,
          }),
        };
      }
      case 'set_stage':
        return {
          affected: await setColumn(db, entity, caller, match, {
            field: 'stage',
            column: 'stage',
            value: sql`${action.stage}::person_stage`,
            differs: sql`${table}.stage <> ${action.stage}::person_stage`,
            oldText: sql`${table}.stage::text`,
            newText: sql`${action.stage}::text`,
          }),
        };
      case 'add_tag':
        return {
          affected: await setColumn(db, entity, caller, match, {
            field: 'tags',
            column: 'tags',
            value: sql`array_append(target.tags, ${action.tag}::text)`,
            differs: sql`not (${action.tag}::text = any(${table}.tags))`,
            oldText: sql`array_to_string(${table}.tags, ', ')`,
            newText: sql`array_to_string(array_append(${table}.tags, ${action.tag}::text), ', ')`,
          }),
        };
      case 'delete': {
        const affected = await entity.deleteWhere(db, match);
        if (affected > 0) {
          await recordAudit(db, {
            workspaceId: caller.workspaceId,
            actorId: caller.userId,
            kind: 'records.deleted',
            subject: entity.name,
            detail: { entity: entity.name, count: affected, bulk: true },
          });
        }
        return { affected };
      }
    }
  });
}
