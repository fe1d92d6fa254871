/**
 * bench/people: one million people at 100,000 companies (BENCH_PEOPLE, BENCH_COMPANIES for other
 * sizes), on PostgreSQL (a fresh database on BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432, created and dropped) and on the embedded PGlite (a temp
 * DATA_DIR). Starts the real server and measures over HTTP the median and 95th percentile of the
 * first page of GET /api/people, a page at ~90% of the list, a filtered and sorted page and a
 * search; beside the first page, in turns with it, the very query the server runs for it (its
 * text and parameters, from the records engine) as raw SQL through the same driver: the ratio
 * shows the server's own cost. Then the time to import 100,000 rows (BENCH_IMPORT) from CSV
 * through the import API.
 *
 *   npm run bench:people
 *   BENCH_PEOPLE=100000 BENCH_COMPANIES=10000 BENCH_DB=postgres npm run bench:people
 */
import { sql } from 'drizzle-orm';
import { bulkCompanies, bulkPeople } from '../apps/server/src/db/crm-seed/bulk.ts';
import { PeopleService } from '../apps/server/src/modules/people/people.service.ts';
import {
  count,
  loadAverage,
  measureBeside,
  measureGet,
  ms,
  numberEnv,
  onEachDatabase,
  type Stats,
} from './lib.ts';

const PEOPLE = numberEnv('BENCH_PEOPLE', 1_000_000);
const COMPANIES = numberEnv('BENCH_COMPANIES', Math.max(1, Math.round(PEOPLE / 10)));
const IMPORT_ROWS = numberEnv('BENCH_IMPORT', 100_000);

await onEachDatabase(
  'beacon_bench_people',
  'postgres,pglite',
  async ({ kind, database, base, member }) => {
    const { auth, workspaceId, userId } = member;
    let started = performance.now();
    await bulkCompanies(database.db, { workspaceId, count: COMPANIES, ownerIds: [userId] });
    await bulkPeople(database.db, { workspaceId, count: PEOPLE, ownerIds: [userId] }, (d, t) =>
      process.stdout.write(`\r  seeding people ${count(d)} / ${count(t)}`),
    );
    // As autovacuum leaves a table after a bulk load: statistics and the visibility map.
    await database.db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `\r  seeded ${count(PEOPLE)} people, ${count(COMPANIES)} companies in ${seedSeconds.toFixed(1)} s (${count(Math.round(PEOPLE / seedSeconds))} people/s)\n`,
    );

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
      deep: `${base}/api/people?limit=50&cursor=${deepCursor}`,
      filtered: `${base}/api/people?limit=50&sort=-lastActivityAt&filters=${encodeURIComponent(filters)}`,
      search: `${base}/api/people?limit=50&q=nguyen`,
    };
    // The first page's query exactly as the server runs it (text, parameters, 51 rows), through
    // the same driver; without the server's decoding of the rows and its mapping to people.
    const { statement } = await new PeopleService(database.db).pageQuery(
      { userId, workspaceId, role: 'admin', visibility: 'all' },
      { limit: 50 },
    );
    const loadBefore = loadAverage();
    const health = await measureGet(`${base}/health`);
    // The ratio's line: more rounds than the others (BENCH_RATIO_ROUNDS).
    const first = await measureBeside(
      `${base}/api/people?limit=50`,
      auth,
      () => database.db.execute(statement),
      numberEnv('BENCH_RATIO_ROUNDS', 200),
    );
    const results: Record<string, Stats> = {};
    for (const [name, url] of Object.entries(urls)) {
      try {
        results[name] = await measureGet(url, auth);
      } catch (error) {
        process.stdout.write(`  ${name}: ${(error as Error).message}\n`);
      }
    }
    const line = (label: string, s?: Stats) =>
      process.stdout.write(
        `  ${label.padEnd(34)} ${s ? `median ${ms(s.median).padStart(9)}   p95 ${ms(s.p95).padStart(9)}` : 'not measured'}\n`,
      );
    line('GET /health', health);
    line('first page (50)', first.http);
    line('first page, raw SQL (in turns)', first.raw);
    line('deep page (~90%)', results.deep);
    line('filtered + sorted page', results.filtered);
    line('search q=nguyen', results.search);
    if (first.http) {
      process.stdout.write(
        `  HTTP / raw SQL (median): ${(first.http.median / first.raw.median).toFixed(1)}x, p95 ${(first.http.p95 / first.raw.p95).toFixed(1)}x (target < 3x)\n`,
      );
    }
    if (first.http && results.deep) {
      process.stdout.write(
        `  deep / first (p95): ${(results.deep.p95 / first.http.p95).toFixed(2)}x (target <= 1.5x)\n`,
      );
    }
    process.stdout.write(`  load average: ${loadBefore} before, ${loadAverage()} after\n`);
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
      `  import ${count(IMPORT_ROWS)} rows: ${importSeconds.toFixed(1)} s (${state.status}, ${count(state.created)} created, ${state.refused} refused; target < 60 s)\n`,
    );
    if (kind === 'postgres') {
      process.stdout.write(
        `  targets on PostgreSQL: first/deep/filtered p95 < 50 ms: ${(
          [
            ['first', first.http],
            ['deep', results.deep],
            ['filtered', results.filtered],
          ] as const
        )
          .map(([k, s]) => `${k} ${s ? (s.p95 < 50 ? 'met' : 'MISSED') : '-'}`)
          .join(', ')}\n`,
      );
    }
  },
);
