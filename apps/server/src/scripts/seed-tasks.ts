/**
 * Fills a workspace with tasks for benchmarks (docs/decisions/031-tasks.md).
 *
 *   npm run seed:tasks -- --tasks 1000000 [--workspace admin@example.com]
 *
 * The workspace needs people first (npm run seed:people). Uses DATABASE_URL, else the embedded
 * database in DATA_DIR, as the server does (stop the server first on the embedded database).
 * Without --workspace, the demo workspace (created if missing).
 */
import { bulkTasks } from '../db/crm-seed/bulk-tasks.ts';
import { made, progress, runSeed } from './seed-cli.ts';

await runSeed({ tasks: 1_000_000 }, async ({ database, workspaceId, members, counts }) => {
  const started = performance.now();
  const tasks = await bulkTasks(
    database.db,
    { workspaceId, count: counts.tasks, assigneeIds: members.map((m) => m.id) },
    progress('tasks'),
  );
  made('tasks', tasks, started);
});
