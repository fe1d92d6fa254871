import { sql } from 'drizzle-orm';
import type { Caller } from '../caller.ts';
import type { EntityDef } from './fields.ts';
import { ownerScope } from './scope.ts';
import { column, rowsOf, uuidArray, type Executor } from './sql.ts';

/**
 * A record's link to records of another entity (a person's company, a deal's people, a task's
 * person and company), as its answers show it: the linked ids, and how the answer reads without
 * what it shows of linked records the caller does not see.
 */
export type RecordLink<Item> = {
  entity: Pick<EntityDef, 'table' | 'ownerColumn'>;
  ids: (item: Item) => readonly (string | null)[];
  /** The item showing only that a link to each of `unseen` exists: its id, no name or fields. */
  hide: (item: Item, unseen: ReadonlySet<string>) => Item;
};

/**
 * Items as a member who sees only their own records may read them (record visibility,
 * docs/decisions/055): a link to a record they do not see keeps its id (so saving the record keeps
 * the link) but shows none of that record's fields. One query per link for the whole page, with
 * the one scope rule (lib/records/scope.ts); nothing for a member who sees everything.
 */
export async function hideUnseenLinks<Item>(
  db: Executor,
  caller: Pick<Caller, 'userId' | 'visibility' | 'workspaceId'>,
  items: Item[],
  links: readonly RecordLink<Item>[],
): Promise<Item[]> {
  if (ownerScope(caller) === null || items.length === 0) return items;
  let shown = items;
  for (const link of links) {
    const ids = shown.flatMap((item) => link.ids(item)).filter((id): id is string => !!id);
    const visible = await seenIds(db, caller, link.entity, ids);
    const unseen = new Set(ids.filter((id) => !visible.has(id)));
    if (unseen.size > 0) shown = shown.map((item) => link.hide(item, unseen));
  }
  return shown;
}

/** Which of `ids` (records of `entity`) the caller sees: all of them unless visibility is `own`. */
export async function seenIds(
  db: Executor,
  caller: Pick<Caller, 'userId' | 'visibility' | 'workspaceId'>,
  entity: Pick<EntityDef, 'table' | 'ownerColumn'>,
  ids: readonly string[],
): Promise<Set<string>> {
  const owner = ownerScope(caller);
  const unique = [...new Set(ids)];
  if (owner === null || unique.length === 0) return new Set(unique);
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${sql.raw(`"${entity.table}"`)}
      where workspace_id = ${caller.workspaceId}::uuid and id = any(${uuidArray(unique)})
        and ${column(entity.table, entity.ownerColumn)} = ${owner}::uuid`,
  );
  return new Set(rows.map((row) => String(row.id)));
}

/** A link kept as an id field with the linked record's name beside it (`companyId`, `companyName`). */
export function namedLink<Item, IdKey extends keyof Item, NameKey extends keyof Item>(
  entity: Pick<EntityDef, 'table' | 'ownerColumn'>,
  idKey: IdKey,
  nameKey: NameKey,
): RecordLink<Item> {
  return {
    entity,
    ids: (item) => [item[idKey] as string | null],
    hide: (item, unseen) => (unseen.has(item[idKey] as string) ? { ...item, [nameKey]: '' } : item),
  };
}
