import type { TaskPage } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import * as repo from './tasks.repository.ts';

/**
 * The rules of tasks (docs/adding-an-area.md, step 5): a write runs in `db.transaction` and
 * publishes its event (`TasksRealtime`) with `realtime.publish(tx, …)` inside it.
 */
export class TasksService {
  constructor(private readonly db: Database) {}

  async list(caller: Caller): Promise<TaskPage> {
    return { items: await repo.listTasks(this.db, caller.workspaceId), nextCursor: null };
  }
}
