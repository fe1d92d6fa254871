/**
 * Fills a workspace with deals for benchmarks (issue 9, docs/decisions/030).
 *
 *   npm run seed:deals -- --deals 200000 [--workspace admin@example.com]
 *
 * Uses DATABASE_URL, else the embedded database in DATA_DIR, as the server does (stop the server
 * first on the embedded database). Without --workspace, the demo workspace (created if missing).
 * The deals go on the workspace's companies (seed them first: npm run seed:people).
 */
import { bulkDeals } from '../db/crm-seed/bulk-deals.ts';
import { made, progress, runSeed } from './seed-cli.ts';

await runSeed({ deals: 200_000 }, async ({ database, workspaceId, ownerIds, counts }) => {
  const started = performance.now();
  const deals = await bulkDeals(
    database.db,
    { workspaceId, count: counts.deals, ownerIds },
    progress('deals'),
  );
  made('deals', deals, started);
});
