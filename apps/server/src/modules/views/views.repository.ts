import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { SavedView, ViewEntity } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { savedViews } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';

const viewColumns = {
  id: savedViews.id,
  name: savedViews.name,
  entity: savedViews.entity,
  shared: savedViews.shared,
  q: savedViews.q,
  filters: savedViews.filters,
  sort: savedViews.sort,
  columns: savedViews.columns,
  ownerId: savedViews.ownerId,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
};
export type ViewRow = Pick<typeof savedViews.$inferSelect, keyof typeof viewColumns>;

export const toView = (row: ViewRow): SavedView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The caller's own views and the shared ones of their workspace. */
const visible = (caller: Caller) =>
  and(
    eq(savedViews.workspaceId, caller.workspaceId),
    or(eq(savedViews.ownerId, caller.userId), eq(savedViews.shared, true)),
  );

export async function listViews(db: Executor, caller: Caller, entity: ViewEntity) {
  return db
    .select(viewColumns)
    .from(savedViews)
    .where(and(visible(caller), eq(savedViews.entity, entity)))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
}

export async function getVisibleView(db: Executor, caller: Caller, id: string) {
  const [row] = await db
    .select(viewColumns)
    .from(savedViews)
    .where(and(visible(caller), eq(savedViews.id, id)));
  return row;
}

export async function insertView(
  db: Executor,
  values: Omit<typeof savedViews.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
) {
  const [row] = await db.insert(savedViews).values(values).returning(viewColumns);
  return row!;
}

export async function updateView(
  db: Executor,
  id: string,
  values: Partial<
    Pick<typeof savedViews.$inferInsert, 'name' | 'shared' | 'q' | 'filters' | 'sort' | 'columns'>
  >,
) {
  const [row] = await db
    .update(savedViews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(savedViews.id, id))
    .returning(viewColumns);
  return row!;
}

export async function deleteView(db: Executor, id: string): Promise<void> {
  await db.delete(savedViews).where(eq(savedViews.id, id));
}
