import { CRM_CHANGED, type TagChange, type TagUsage } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { fieldError } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import * as repo from './tags.repository.ts';

/**
 * The workspace's tags across people, companies and deals: counted, renamed, merged and removed
 * everywhere at once, in one transaction.
 */
export class TagsService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  async list(caller: Caller): Promise<TagUsage[]> {
    return repo.tagUsage(this.db, caller.workspaceId);
  }

  async rename(caller: Caller, from: string, to: string): Promise<TagChange> {
    if (from === to) throw fieldError('to', 'The new name is the same as the old one');
    return this.replace(caller, [from], to);
  }

  async merge(caller: Caller, from: string[], into: string): Promise<TagChange> {
    const sources = [...new Set(from)].filter((tag) => tag !== into);
    if (sources.length === 0) throw fieldError('from', 'Name at least one other tag to merge');
    return this.replace(caller, sources, into);
  }

  async remove(caller: Caller, tag: string): Promise<TagChange> {
    return this.replace(caller, [tag], null);
  }

  private async replace(caller: Caller, from: string[], into: string | null): Promise<TagChange> {
    return this.db.transaction(async (tx) => {
      const change: TagChange = { people: 0, companies: 0, deals: 0 };
      for (const entity of repo.taggedEntities) {
        change[entity] = await repo.replaceTags(tx, entity, caller.workspaceId, from, into);
        if (change[entity] > 0) {
          await this.realtime.publish(tx, caller.workspaceId, {
            type: CRM_CHANGED,
            data: { entity, id: null, by: caller.userId, origin: null },
          });
        }
      }
      return change;
    });
  }
}
