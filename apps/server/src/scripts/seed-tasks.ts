/**
 * Fills a workspace with tasks for benchmarks (docs/decisions/031-tasks.md).
 *
 *   npm run seed:tasks -- --tasks 1000000 [--workspace admin@example.com]
 *
 * The workspace needs people first (npm run seed:people). Uses DATABASE_URL, else the embedded
 * database in DATA_DIR, as the server does (stop the server first on the embedded database).
 * Without --workspace, the demo workspace (created if missing).
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { bulkTasks } from '../db/crm-seed/bulk-tasks.ts';
import { users } from '../db/schema/index.ts';
import { DEMO_EMAIL, seedDemo } from '../db/seed.ts';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '1000000' },
    workspace: { type: 'string' },
  },
});
const count = Number(values.tasks);
if (!Number.isSafeInteger(count) || count < 0) {
  process.stderr.write('--tasks takes a whole number\n');
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
  const members = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.workspaceId, admin.workspaceId));
  const started = performance.now();
  const made = await bulkTasks(
    database.db,
    { workspaceId: admin.workspaceId, count, assigneeIds: members.map((m) => m.id) },
    (done, total) =>
      process.stdout.write(
        `\r  tasks: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`,
      ),
  );
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `\n  ${made.toLocaleString('en')} tasks in ${seconds.toFixed(1)} s (${Math.round(made / seconds).toLocaleString('en')} rows/s)\n`,
  );
} finally {
  await database.close();
}
