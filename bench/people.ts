/**
 * bench/people: one million people at 100,000 companies (BENCH_PEOPLE, BENCH_COMPANIES for other
 * sizes), on PostgreSQL (a fresh database on BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432, created and dropped) and on the embedded PGlite (a temp
 * DATA_DIR). Starts the real server and measures over HTTP the median and 95th percentile of the
 * first page of GET /api/people, a page at ~90% of the list, a filtered and sorted page and a
 * search; the first-page query as raw SQL through the same driver (the ratio shows the server's
 * own cost); and the time to import 100,000 rows (BENCH_IMPORT) from CSV through the import API.
 *
 *   npm run bench:people
 *   BENCH_PEOPLE=100000 BENCH_COMPANIES=10000 BENCH_DB=postgres npm run bench:people
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { bulkCompanies, bulkPeople } from '../apps/server/src/db/crm-seed/bulk.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? Math.max(1, Math.round(PEOPLE / 10)));
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const targets = (process.env.BENCH_DB ?? 'postgres,pglite').split(',');
const SECRET = 'bench-secret-that-is-long-enough-0123456789';

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function run(kind: 'postgres' | 'pglite'): Promise<void> {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-bench-people-'));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const name = `beacon_bench_people_${process.pid}`;
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
    let started = performance.now();
    await bulkCompanies(database.db, { workspaceId, count: COMPANIES, ownerIds: [me.id] });
    await bulkPeople(database.db, { workspaceId, count: PEOPLE, ownerIds: [me.id] }, (d, t) =>
      process.stdout.write(
        `\r  seeding people ${d.toLocaleString('en')} / ${t.toLocaleString('en')}`,
      ),
    );
    await database.db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `\r  seeded ${PEOPLE.toLocaleString('en')} people, ${COMPANIES.toLocaleString('en')} companies in ${seedSeconds.toFixed(1)} s (${Math.round(PEOPLE / seedSeconds).toLocaleString('en')} people/s)\n`,
    );

    const time = async (url: string) => {
      const t0 = performance.now();
      const response = await fetch(url, { headers: auth });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return performance.now() - t0;
    };
    const measure = async (url: string) => {
      // Warm-up. The first request after a long seed may meet a keep-alive connection the server
      // has closed meanwhile (ECONNRESET): that one is tried again, once.
      await time(url).catch(() => time(url));
      for (let i = 0; i < 2; i += 1) await time(url);
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) samples.push(await time(url));
      return stats(samples);
    };
    const rawFirst = async () => {
      const samples: number[] = [];
      const query = sql`select * from people where workspace_id = ${workspaceId}
        order by created_at desc nulls first, id desc limit 51`;
      for (let i = 0; i < 3; i += 1) await database.db.execute(query);
      for (let i = 0; i < ROUNDS; i += 1) {
        const t0 = performance.now();
        await database.db.execute(query);
        samples.push(performance.now() - t0);
      }
      return stats(samples);
    };

    // The cursor of the row at 90% of the default order (-createdAt), as the server makes it.
    const deepRow = (
      (await database.db.execute(sql`
        select id, created_at::text as v from people where workspace_id = ${workspaceId}
        order by created_at desc, id desc offset ${Math.floor(PEOPLE * 0.9)} limit 1`)) as unknown as {
        rows: { id: string; v: string }[];
      }
    ).rows[0]!;
    const deepCursor = Buffer.from(
      JSON.stringify({ e: 'people', s: '-createdAt', v: deepRow.v, id: deepRow.id }),
    ).toString('base64url');
    const filters = JSON.stringify([
      { field: 'stage', op: 'in', value: ['interested', 'replied'] },
      { field: 'country', op: 'equals', value: 'Germany' },
    ]);
    const urls = {
      first: `${base}/api/people?limit=50`,
      deep: `${base}/api/people?limit=50&cursor=${deepCursor}`,
      filtered: `${base}/api/people?limit=50&sort=-lastActivityAt&filters=${encodeURIComponent(filters)}`,
      search: `${base}/api/people?limit=50&q=nguyen`,
    };
    const health = await measure(`${base}/health`);
    const results: Record<string, { median: number; p95: number }> = {};
    for (const [name, url] of Object.entries(urls)) {
      try {
        results[name] = await measure(url);
      } catch (error) {
        process.stdout.write(`  ${name}: ${(error as Error).message}\n`);
      }
    }
    const raw = await rawFirst();
    const line = (label: string, s?: { median: number; p95: number }) =>
      process.stdout.write(
        `  ${label.padEnd(34)} ${s ? `median ${ms(s.median).padStart(9)}   p95 ${ms(s.p95).padStart(9)}` : 'not measured'}\n`,
      );
    line('GET /health', health);
    line('first page (50)', results.first);
    line('deep page (~90%)', results.deep);
    line('filtered + sorted page', results.filtered);
    line('search q=nguyen', results.search);
    line('first page, raw SQL', raw);
    if (results.first) {
      process.stdout.write(
        `  HTTP / raw SQL (median): ${(results.first.median / raw.median).toFixed(1)}x\n`,
      );
    }
    if (results.first && results.deep) {
      process.stdout.write(
        `  deep / first (p95): ${(results.deep.p95 / results.first.p95).toFixed(2)}x (target <= 1.5x)\n`,
      );
    }

    // Import: 100,000 rows through the API, from upload to completed.
    const header = 'First name,Last name,Email,Company,Company domain,Title,Stage,City,Country\n';
    const body = Array.from(
      { length: IMPORT_ROWS },
      (_, i) =>
        `Imported${i},Person${i % 997},imported${i}@import${i % 5000}.test,"Import Co ${i % 5000}",import${i % 5000}.test,Sales Manager,cold,Berlin,Germany`,
    ).join('\n');
    started = performance.now();
    const uploaded = await fetch(`${base}/api/imports?entity=people&fileName=bench.csv`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: header + body,
    });
    const job = (await uploaded.json()) as { id: string; mapping: Record<string, string | null> };
    await fetch(`${base}/api/imports/${job.id}/start`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ mapping: job.mapping, duplicateMode: 'skip' }),
    });
    let state: { status: string; created: number; processedRows: number; refused: number };
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      state = (await (
        await fetch(`${base}/api/imports/${job.id}`, { headers: auth })
      ).json()) as typeof state;
      if (['completed', 'failed', 'cancelled'].includes(state.status)) break;
    }
    const importSeconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `  import ${IMPORT_ROWS.toLocaleString('en')} rows: ${importSeconds.toFixed(1)} s (${state.status}, ${state.created.toLocaleString('en')} created, ${state.refused} refused; target < 60 s)\n`,
    );
    if (kind === 'postgres') {
      process.stdout.write(
        `  targets on PostgreSQL: first/deep/filtered p95 < 50 ms: ${['first', 'deep', 'filtered'].map((k) => `${k} ${results[k] ? (results[k].p95 < 50 ? 'met' : 'MISSED') : '-'}`).join(', ')}\n`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    await cleanup();
  }
}

for (const target of targets) await run(target === 'pglite' ? 'pglite' : 'postgres');
