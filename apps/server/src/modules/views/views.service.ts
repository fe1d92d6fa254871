import type {
  FilterCondition,
  newViewSchema,
  SavedView,
  ViewEntity,
  ViewPatch,
} from '@beacon/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { parseSort } from '../../lib/records/cursor.ts';
import { compileFilters } from '../../lib/records/filters.ts';
import { checkLists } from '../../lib/records/query.ts';
import { emailsEntity } from '../emails/emails.entity.ts';
import { records } from '../record-entities.ts';
import * as repo from './views.repository.ts';

/** Saved views: a user's own, plus those shared with the workspace. */
export class ViewsService {
  constructor(private readonly db: Database) {}

  async list(caller: Caller, entity: ViewEntity): Promise<SavedView[]> {
    return (await repo.listViews(this.db, caller, entity)).map(repo.toView);
  }

  async create(caller: Caller, input: z.output<typeof newViewSchema>): Promise<SavedView> {
    await this.check(caller, input.entity, input.filters, input.sort);
    const row = await repo.insertView(this.db, {
      ...input,
      workspaceId: caller.workspaceId,
      ownerId: caller.userId,
    });
    return repo.toView(row);
  }

  async patch(caller: Caller, id: string, patch: ViewPatch): Promise<SavedView> {
    const old = await this.editable(caller, id);
    await this.check(caller, old.entity, patch.filters, patch.sort);
    return repo.toView(await repo.updateView(this.db, old.id, patch));
  }

  async remove(caller: Caller, id: string): Promise<void> {
    const old = await this.editable(caller, id);
    await repo.deleteView(this.db, old.id);
  }

  /** A saved filter and sort must make sense for its entity, as a list query would. */
  private async check(
    caller: Caller,
    entity: ViewEntity,
    filters: FilterCondition[] | undefined,
    sort: string | null | undefined,
  ) {
    // The e-mails page is not a records entity; its filters are the engine's all the same.
    const def = entity === 'emails' ? emailsEntity : records.entity(entity);
    if (filters) {
      const compiled = compileFilters(def, filters);
      if (entity !== 'emails')
        await checkLists(this.db, caller.workspaceId, entity, compiled.listIds);
    }
    if (sort) parseSort(def, sort);
  }

  /** Someone else's private view is not there (404); a shared one is the owner's or an admin's. */
  private async editable(caller: Caller, id: string) {
    const row = await repo.getVisibleView(this.db, caller, id);
    if (!row) throw notFound('No such view');
    if (row.ownerId !== caller.userId && caller.role !== 'admin') {
      throw forbidden('Only its owner or an admin can change a shared view');
    }
    return row;
  }
}
