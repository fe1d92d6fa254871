/**
 * bench/home: the home page's calls at 200,000 deals and 1,000,000 tasks (BENCH_DEALS,
 * BENCH_TASKS), on PostgreSQL (a fresh database on BENCH_POSTGRES_URL, created and dropped) and
 * on the embedded PGlite (BENCH_DB=postgres,pglite). A fifth of the tasks and deals belong to the
 * signed-in member (their backlog is what the tasks card counts); the rest to nobody. Measures
 * over HTTP the median and 95th percentile of each GET /api/home/… call, and beside it, as raw
 * SQL through the same driver, the pipeline card's read of deal_stage_totals and the scan of the
 * open deals it replaces.
 *
 *   npm run bench:home
 *   BENCH_DEALS=20000 BENCH_TASKS=100000 BENCH_DB=pglite npm run bench:home
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';

const DEALS = Number(process.env.BENCH_DEALS ?? 200_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const targets = (process.env.BENCH_DB ?? 'postgres').split(',');
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const CARDS = ['tasks', 'meetings', 'pipeline', 'closing', 'week', 'activity'];

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);

async function seed(database: DatabaseHandle, workspaceId: string, userId: string) {
  const db = database.db;
  // Deals over the default pipeline's stages, a fifth owned by the member; close dates over a
  // year around today; won deals closed over the last 60 days.
  await db.execute(sql`
    with stages as (
      select s.id, s.pipeline_id, s.kind, row_number() over (order by s.position) - 1 as n,
             count(*) over () as total
        from pipeline_stages s join pipelines p on p.id = s.pipeline_id
       where p.workspace_id = ${workspaceId} and p.is_default)
    insert into deals (workspace_id, name, pipeline_id, stage_id, status, amount, currency,
                       expected_close_date, owner_id, position, closed_at, last_activity_at)
    select ${workspaceId}::uuid, 'Deal ' || i, s.pipeline_id, s.id, s.kind,
           (i * 7919 % 5000000), case when i % 10 = 0 then 'USD' else 'EUR' end,
           current_date + ((i % 365) - 182),
           case when i % 5 = 0 then ${userId}::uuid end,
           'a' || lpad(i::text, 8, '0'),
           case when s.kind <> 'open' then now() - ((i % 60) || ' days')::interval end,
           now()
      from generate_series(1, ${DEALS}) i
      join stages s on s.n = i % s.total`);
  // Tasks: 70% open, due over the 30 days around today; 30% done over the last 60 days.
  await db.execute(sql`
    insert into tasks (workspace_id, title, due_at, status, assignee_id, completed_at)
    select ${workspaceId}::uuid, 'Task ' || i,
           now() + (((i % 86400) - 43200) * 60 || ' seconds')::interval,
           (case when i % 10 < 7 then 'open' else 'done' end)::task_status,
           case when i % 5 = 0 then ${userId}::uuid end,
           case when i % 10 >= 7 then now() - ((i % 1440) || ' hours')::interval end
      from generate_series(1, ${TASKS}) i`);
  await db.execute(sql`
    insert into activities (workspace_id, deal_id, kind, actor_id, created_at)
    select workspace_id, id, 'created', ${userId}::uuid, created_at from deals
     where workspace_id = ${workspaceId}`);
  // As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans).
  await db.execute(sql`vacuum analyze`);
}

async function run(kind: 'postgres' | 'pglite'): Promise<void> {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-bench-home-'));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const name = `beacon_bench_home_${process.pid}`;
    const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = `${SERVER_URL}/${name}`;
    database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    cleanup = async () => {
      const client = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir });
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ config, database, webDir: null, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}`;
    const registered = await fetch(`${base}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.test`,
        password: 'benchmark password',
        first_name: 'Bench',
        last_name: 'Mark',
      }),
    });
    const { access_token: token } = (await registered.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${base}/user/me`, { headers: auth })).json()) as {
      id: string;
      workspace: { id: string };
    };
    const workspaceId = me.workspace.id;

    process.stdout.write(`\n== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'} ==\n`);
    const started = performance.now();
    await seed(database, workspaceId, me.id);
    process.stdout.write(
      `  seeded ${DEALS.toLocaleString('en')} deals, ${TASKS.toLocaleString('en')} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );

    const time = async (url: string) => {
      const t0 = performance.now();
      const response = await fetch(url, { headers: auth });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return performance.now() - t0;
    };
    const measure = async (url: string) => {
      await time(url).catch(() => time(url));
      for (let i = 0; i < 2; i += 1) await time(url);
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) samples.push(await time(url));
      return stats(samples);
    };
    for (const card of CARDS) {
      const { median, p95 } = await measure(`${base}/api/home/${card}?tz=Europe/Paris`);
      process.stdout.write(
        `  GET /api/home/${card.padEnd(9)} median ${ms(median)}  p95 ${ms(p95)}\n`,
      );
    }
    const rawQueries = {
      'stage totals (the card)': sql`select stage_id, currency, count, amount
        from deal_stage_totals where workspace_id = ${workspaceId}`,
      'scan of the deals': sql`select stage_id, currency, count(*), sum(amount) from deals
        where workspace_id = ${workspaceId} and status = 'open' group by stage_id, currency`,
    };
    for (const [label, raw] of Object.entries(rawQueries)) {
      const samples: number[] = [];
      for (let i = 0; i < 3; i += 1) await database.db.execute(raw);
      for (let i = 0; i < ROUNDS; i += 1) {
        const t0 = performance.now();
        await database.db.execute(raw);
        samples.push(performance.now() - t0);
      }
      const { median, p95 } = stats(samples);
      process.stdout.write(`  raw SQL, ${label.padEnd(24)} median ${ms(median)}  p95 ${ms(p95)}\n`);
    }
  } finally {
    await app.close();
    await database.close();
    await cleanup();
  }
}

for (const target of targets) await run(target === 'pglite' ? 'pglite' : 'postgres');
