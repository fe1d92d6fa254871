import { and, eq, sql } from 'drizzle-orm';
import type { ListKind, ListPatch, RecordList, Selection, newListSchema } from '@beacon/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordLists } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/records/caller.ts';
import { selectionFilter } from '../../lib/records/filters.ts';
import { addToList, removeFromList } from '../../lib/records/membership.ts';
import { checkLists } from '../../lib/records/query.ts';
import { scopedEntity } from '../../lib/records/scope.ts';
import { records } from '../record-entities.ts';
import { findLists, getList } from './lists.repository.ts';

export const listNotFound = () => notFound('No such list');

export class ListsService {
  constructor(private readonly db: Database) {}

  async list(caller: Caller, kind: ListKind | undefined): Promise<RecordList[]> {
    return findLists(this.db, caller, kind ? eq(recordLists.kind, kind) : undefined);
  }

  async get(caller: Caller, id: string): Promise<RecordList> {
    const list = await getList(this.db, caller, id);
    if (!list) throw listNotFound();
    return list;
  }

  async create(caller: Caller, input: z.output<typeof newListSchema>): Promise<RecordList> {
    const [row] = await this.db
      .insert(recordLists)
      .values({ workspaceId: caller.workspaceId, ...input, createdBy: caller.userId })
      .returning({ id: recordLists.id });
    return (await getList(this.db, caller, row!.id))!;
  }

  async patch(caller: Caller, id: string, patch: ListPatch): Promise<RecordList> {
    const rows = await this.db
      .update(recordLists)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(recordLists.workspaceId, caller.workspaceId), eq(recordLists.id, id)))
      .returning({ id: recordLists.id });
    if (rows.length === 0) throw listNotFound();
    return (await getList(this.db, caller, id))!;
  }

  async remove(caller: Caller, id: string): Promise<void> {
    const rows = await this.db
      .delete(recordLists)
      .where(and(eq(recordLists.workspaceId, caller.workspaceId), eq(recordLists.id, id)))
      .returning({ id: recordLists.id });
    if (rows.length === 0) throw listNotFound();
  }

  /** Adds (or removes) the records a selection names; answers how many changed. */
  async items(
    caller: Caller,
    id: string,
    selection: Selection,
    mode: 'add' | 'remove',
  ): Promise<{ affected: number }> {
    return this.db.transaction(async (tx) => {
      const list = await getList(tx, caller, id);
      if (!list) throw listNotFound();
      const entity = records.entity(list.kind);
      const selected = selectionFilter(scopedEntity(entity, caller), selection);
      await checkLists(tx, caller.workspaceId, entity.name, selected.listIds);
      const run = mode === 'add' ? addToList : removeFromList;
      const affected = await run(tx, entity, caller, list, selected.where);
      await tx
        .update(recordLists)
        .set({ updatedAt: sql`now()` })
        .where(eq(recordLists.id, id));
      return { affected };
    });
  }
}
