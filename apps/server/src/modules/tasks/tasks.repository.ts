import type { Task } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';

// Every SQL statement over the tasks tables (docs/adding-an-area.md, step 4). Each takes the
// workspace id and filters by it.

/**
 * The workspace's tasks. Until the table exists (apps/server/src/db/schema/, then
 * `npm run db:generate`) there are none; then select from it as
 * apps/server/src/modules/calendar/calendar.repository.ts does.
 */
export async function listTasks(_db: Executor, _workspaceId: string): Promise<Task[]> {
  return [];
}
