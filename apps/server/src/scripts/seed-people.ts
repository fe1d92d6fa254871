/**
 * Fills a workspace with people and companies for benchmarks (docs/decisions/015).
 *
 *   npm run seed:people -- --people 1000000 --companies 100000 [--workspace admin@example.com]
 *
 * Uses DATABASE_URL, else the embedded database in DATA_DIR, as the server does (stop the server
 * first on the embedded database: it locks its data directory). Without --workspace, the demo
 * workspace (created if missing).
 */
import { parseArgs } from 'node:util';
import { eq, inArray, and } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { bulkCompanies, bulkPeople } from '../db/crm-seed/bulk.ts';
import { users } from '../db/schema/index.ts';
import { DEMO_EMAIL, seedDemo } from '../db/seed.ts';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '1000000' },
    companies: { type: 'string', default: '100000' },
    workspace: { type: 'string' },
  },
});
const people = Number(values.people);
const companies = Number(values.companies);
if (
  !Number.isSafeInteger(people) ||
  people < 0 ||
  !Number.isSafeInteger(companies) ||
  companies < 0
) {
  process.stderr.write('--people and --companies take whole numbers\n');
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
  const ownerIds = owners.map((o) => o.id);
  const where = database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL';
  process.stdout.write(`Seeding the workspace of ${email} on ${where}\n`);
  const report = (what: string) => (done: number, total: number) =>
    process.stdout.write(
      `\r  ${what}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`,
    );

  let started = performance.now();
  const madeCompanies = await bulkCompanies(
    database.db,
    { workspaceId: admin.workspaceId, count: companies, ownerIds },
    report('companies'),
  );
  let seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `\n  ${madeCompanies.toLocaleString('en')} companies in ${seconds.toFixed(1)} s (${Math.round(madeCompanies / seconds).toLocaleString('en')} rows/s)\n`,
  );
  started = performance.now();
  const madePeople = await bulkPeople(
    database.db,
    { workspaceId: admin.workspaceId, count: people, ownerIds },
    report('people'),
  );
  seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `\n  ${madePeople.toLocaleString('en')} people in ${seconds.toFixed(1)} s (${Math.round(madePeople / seconds).toLocaleString('en')} rows/s)\n`,
  );
} finally {
  await database.close();
}
