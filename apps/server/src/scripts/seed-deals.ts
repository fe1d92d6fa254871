/**
 * Fills a workspace with deals for benchmarks (issue 9, docs/decisions/030).
 *
 *   npm run seed:deals -- --deals 200000 [--workspace admin@example.com]
 *
 * Uses DATABASE_URL, else the embedded database in DATA_DIR, as the server does (stop the server
 * first on the embedded database). Without --workspace, the demo workspace (created if missing).
 * The deals go on the workspace's companies (seed them first: npm run seed:people).
 */
import { parseArgs } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { bulkDeals } from '../db/crm-seed/bulk-deals.ts';
import { users } from '../db/schema/index.ts';
import { DEMO_EMAIL, seedDemo } from '../db/seed.ts';

const { values } = parseArgs({
  options: {
    deals: { type: 'string', default: '200000' },
    workspace: { type: 'string' },
  },
});
const count = Number(values.deals);
if (!Number.isSafeInteger(count) || count < 0) {
  process.stderr.write('--deals takes a whole number\n');
  process.exit(1);
}
let config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const email = (values.workspace ?? DEMO_EMAIL).toLowerCase();
  if (!values.workspace) await seedDemo(database.db);
  const [admin] = await database.db.select().from(users).where(eq(users.email, email));
  if (!admin) throw new Error(`No user with the e-mail ${email}`);
  const owners = await database.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.workspaceId, admin.workspaceId), inArray(users.role, ['admin', 'contributor'])),
    );
  const started = performance.now();
  const made = await bulkDeals(
    database.db,
    { workspaceId: admin.workspaceId, count, ownerIds: owners.map((o) => o.id) },
    (done, total) =>
      process.stdout.write(
        `\r  deals: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`,
      ),
  );
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`\n  ${made.toLocaleString('en')} deals in ${seconds.toFixed(1)} s\n`);
} finally {
  await database.close();
}
