import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../caller.ts';
import { notFound } from '../errors.ts';
import type { EntityDef, FieldDef } from './fields.ts';
import { column, rowsOf, type Executor } from './sql.ts';

/**
 * Record visibility (issue 10, docs/decisions/045): a member whose visibility is `own` sees only
 * the records they own. The id every records query of theirs is scoped to, or null when they see
 * the whole workspace.
 */
export function ownerScope(caller: Pick<Caller, 'userId' | 'visibility'>): string | null {
  return caller.visibility === 'own' ? caller.userId : null;
}

/**
 * The one scope predicate of the records engine: nothing for a member who sees everything, else
 * "owned by the caller" on the entity's owner column. Every query of an entity's records adds it
 * next to the workspace's condition, so another's record answers 404 as another workspace's does.
 */
export function scopePredicate(
  entity: Pick<EntityDef, 'table' | 'ownerColumn'>,
  caller: Pick<Caller, 'userId' | 'visibility'>,
): SQL[] {
  const owner = ownerScope(caller);
  return owner === null ? [] : [sql`${column(entity.table, entity.ownerColumn)} = ${owner}::uuid`];
}

/**
 * The entity as a member sees it: for visibility `own`, each name copied from a linked record
 * (`linkedNames`) becomes '' where the linked record is not theirs, so filtering, sorting or
 * searching by it tells them nothing the answers hide. Everything else is the entity itself.
 */
export function scopedEntity(
  entity: EntityDef,
  caller: Pick<Caller, 'userId' | 'visibility'>,
): EntityDef {
  const owner = ownerScope(caller);
  if (owner === null || !entity.linkedNames?.length) return entity;
  const fields: Record<string, FieldDef> = { ...entity.fields };
  const seen = entity.linkedNames.map((link) => {
    const id = column(entity.table, link.idColumn);
    const visible = sql`exists (select 1 from ${sql.raw(`"${link.linked.table}"`)} linked
      where linked.id = ${id} and linked.${sql.raw(`"${link.linked.ownerColumn}"`)} = ${owner}::uuid)`;
    const field = fields[link.field]!;
    const expr = sql`(case when ${visible} then ${field.expr} else '' end)`;
    fields[link.field] = { ...field, expr, sortExpr: sql`lower(${expr})` };
    return sql`(${id} is null or ${visible})`;
  });
  const rests = entity.linkedNames.map((link) => link.searchRest);
  return {
    ...entity,
    fields,
    searchMatch: (pattern) =>
      sql`(${column(entity.table, 'search_text')} like ${pattern} escape '\\'
        and ((${sql.join(seen, sql` and `)}) or ${sql.join(
          rests.map((rest) => sql`${rest} like ${pattern} escape '\\'`),
          sql` or `,
        )}))`,
  };
}

/** `scopePredicate` over an owner column given directly (a query outside the engine). */
export function ownedBy(
  ownerColumn: SQL | { getSQL(): SQL },
  caller: Pick<Caller, 'userId' | 'visibility'>,
): SQL {
  const owner = ownerScope(caller);
  return owner === null ? sql`true` : sql`${ownerColumn} = ${owner}::uuid`;
}

/**
 * 404 (the entity's "No such ...") unless every id is a record of the workspace that the caller
 * sees. Free for a member who sees everything: the module's own query then answers for the
 * workspace.
 */
export async function requireVisible(
  db: Executor,
  entity: Pick<EntityDef, 'table' | 'ownerColumn' | 'notFound'>,
  caller: Pick<Caller, 'userId' | 'visibility' | 'workspaceId'>,
  ids: string[],
): Promise<void> {
  const owner = ownerScope(caller);
  const unique = [...new Set(ids)];
  if (owner === null || unique.length === 0) return;
  const table = sql.raw(`"${entity.table}"`);
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${table}
      where workspace_id = ${caller.workspaceId}::uuid
        and id in (${sql.join(
          unique.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        and ${column(entity.table, entity.ownerColumn)} = ${owner}::uuid`,
  );
  if (Number(row?.n ?? 0) !== unique.length) throw notFound(entity.notFound);
}
