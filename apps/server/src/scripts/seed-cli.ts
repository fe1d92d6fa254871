/**
 * What the seed scripts (seed-people, seed-deals, seed-tasks) share: their whole-number options
 * and `--workspace`, the database opened as the server opens it (DATABASE_URL, else the embedded
 * database in DATA_DIR), and the workspace to fill: the one of `--workspace`'s member, else the
 * demo workspace (created if missing).
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Role } from '@beacon/contract';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { DEMO_EMAIL, seedDemo } from '../db/seed.ts';

export type SeedTarget<K extends string> = {
  counts: Record<K, number>;
  config: Config;
  database: DatabaseHandle;
  /** The e-mail whose workspace is filled. */
  email: string;
  workspaceId: string;
  /** Every member of the workspace. */
  members: { id: string; role: Role }[];
  /** The members who may own records (admins and contributors). */
  ownerIds: string[];
};

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const names = (keys: string[]) => keys.map((key) => `--${key}`).join(' and ');

/** Prints `what: done / total` over itself, as a bulk seed goes. */
export const progress = (what: string) => (done: number, total: number) =>
  process.stdout.write(`\r  ${what}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`);

/** The line after a bulk seed: how many rows, in how long, how many a second. */
export function made(what: string, rows: number, startedAt: number): void {
  const seconds = (performance.now() - startedAt) / 1000;
  process.stdout.write(
    `\n  ${rows.toLocaleString('en')} ${what} in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s)\n`,
  );
}

/**
 * Reads the options (`defaults`: each count's name and default), opens the database, finds the
 * workspace and runs `fill` on it; the database is closed after. A count that is not a whole
 * number, or a configuration error, ends the process with a message and status 1.
 */
export async function runSeed<K extends string>(
  defaults: Record<K, number>,
  fill: (target: SeedTarget<K>) => Promise<void>,
): Promise<void> {
  const keys = Object.keys(defaults) as K[];
  const { values } = parseArgs({
    // Each count's option, then --workspace.
    options: {
      ...Object.fromEntries(
        keys.map((key) => [key, { type: 'string' as const, default: String(defaults[key]) }]),
      ),
      workspace: { type: 'string' },
    },
  });
  const given = values as Record<string, string | undefined>;
  const counts = {} as Record<K, number>;
  for (const key of keys) {
    const value = Number(given[key]);
    if (!Number.isSafeInteger(value) || value < 0) {
      fail(`${names(keys)} ${keys.length > 1 ? 'take whole numbers' : 'takes a whole number'}`);
    }
    counts[key] = value;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const workspace = given.workspace;
    const email = (workspace ?? DEMO_EMAIL).toLowerCase();
    if (!workspace) await seedDemo(database.db);
    const [admin] = await database.db.select().from(users).where(eq(users.email, email));
    if (!admin) throw new Error(`No user with the e-mail ${email}`);
    const members = await database.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.workspaceId, admin.workspaceId));
    await fill({
      counts,
      config,
      database,
      email,
      workspaceId: admin.workspaceId,
      members,
      ownerIds: members
        .filter((m) => m.role === 'admin' || m.role === 'contributor')
        .map((m) => m.id),
    });
  } finally {
    await database.close();
  }
}
