import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

/*
 * PostgreSQL may end a pooled connection at any time (a restart, a failover, an administrator).
 * The server must take it in its stride, not stop on an uncaught 'error'. The database is created
 * on the PostgreSQL server of TEST_POSTGRES_URL, else DATABASE_URL, else the local one.
 */
const adminUrl = new URL(
  process.env.TEST_POSTGRES_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
);
adminUrl.pathname = '/postgres';
const databaseName = `beacon_pool_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

async function admin<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

let database: DatabaseHandle;
const told: Error[] = [];

beforeAll(async () => {
  await admin(`create database "${databaseName}"`);
  database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl.toString(),
    poolSize: 2,
    onConnectionError: (error) => told.push(error),
  });
}, 60_000);

afterAll(async () => {
  await database?.close();
  await admin(`drop database if exists "${databaseName}" with (force)`);
}, 60_000);

describe('the PostgreSQL pool', () => {
  it('survives PostgreSQL ending its idle connections, and reconnects for the next query', async () => {
    await database.ping();
    const ended = await admin<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = '${databaseName}' and pid <> pg_backend_pid()`,
    );
    expect(ended.length).toBeGreaterThan(0);
    // The pool hears of it (an 'error' on the idle client) and reports it instead of crashing.
    for (let i = 0; i < 50 && told.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(told.length).toBeGreaterThan(0);
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('turns JIT off on its connections, unless the address sets its own options', async () => {
    const jit = async (handle: DatabaseHandle) => {
      const result = (await handle.db.execute(sql`show jit`)) as unknown as {
        rows: { jit: string }[];
      };
      return result.rows[0]?.jit;
    };
    expect(await jit(database)).toBe('off');
    const own = new URL(databaseUrl);
    own.searchParams.set('options', '-c jit=on');
    const handle = await openDatabase({ kind: 'postgres', url: own.toString(), poolSize: 1 });
    try {
      expect(await jit(handle)).toBe('on');
    } finally {
      await handle.close();
    }
  });
});
