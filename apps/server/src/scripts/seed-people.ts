/**
 * Fills a workspace with people and companies for benchmarks (docs/decisions/015).
 *
 *   npm run seed:people -- --people 1000000 --companies 100000 [--workspace admin@example.com]
 *
 * Uses DATABASE_URL, else the embedded database in DATA_DIR, as the server does (stop the server
 * first on the embedded database: it locks its data directory). Without --workspace, the demo
 * workspace (created if missing).
 */
import { bulkCompanies, bulkPeople } from '../db/crm-seed/bulk.ts';
import { made, progress, runSeed } from './seed-cli.ts';

await runSeed({ people: 1_000_000, companies: 100_000 }, async (target) => {
  const { database, workspaceId, ownerIds, counts } = target;
  const where = database.kind === 'pglite' ? `embedded (${target.config.dataDir})` : 'PostgreSQL';
  process.stdout.write(`Seeding the workspace of ${target.email} on ${where}\n`);
  let started = performance.now();
  const companies = await bulkCompanies(
    database.db,
    { workspaceId, count: counts.companies, ownerIds },
    progress('companies'),
  );
  made('companies', companies, started);
  started = performance.now();
  const people = await bulkPeople(
    database.db,
    { workspaceId, count: counts.people, ownerIds },
    progress('people'),
  );
  made('people', people, started);
});
