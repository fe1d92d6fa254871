/**
 * bench/throughput: requests per second of the real server under load, against a bare Fastify
 * hello-world measured in the same run.
 *
 * Each server runs in its own child process (this file with `--serve beacon|bare`); this process
 * drives it with autocannon at 10 connections (BENCH_CONNECTIONS) for BENCH_SECONDS each (10 by
 * default) on: GET /health, GET /api/people?limit=50 (signed in), GET /api/kanban/board and a
 * month of GET /meetings/events. The Beacon server has the demo workspace (3,000 people, 600
 * companies), plus, when its board and calendar are empty, 8 columns of 25 cards and 1,200
 * events over 2026 (about 100 in June, the month measured).
 *
 * The server and the load generator share this machine's cores: the figures are what one
 * server process does while autocannon takes part of the CPU. "CPU/req" is the server process's
 * own CPU time (user + system, from /proc) per request: on a busy machine it moves less than
 * requests/s do. With PGlite the database runs inside the server process and is counted in it.
 *
 *   npm run bench:throughput                        embedded PGlite (in memory) and PostgreSQL
 *   BENCH_DB=pglite npm run bench:throughput        only one of them
 *   BENCH_POSTGRES_URL=postgres://…:5432            the PostgreSQL server (a fresh database on it,
 *                                                   created and dropped)
 *   BENCH_CPU_PROF=dir                              writes a V8 CPU profile of the Beacon server
 *   BENCH_ONLY=people                               only the rows whose label matches (a regex)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = fileURLToPath(import.meta.url);
const role = process.argv[2] === '--serve' ? process.argv[3] : null;

if (role === 'bare') await serveBare();
else if (role === 'beacon') await serveBeacon();
else await drive();

/** Tells the parent where the server listens, as one JSON line on stdout. */
function announce(value: object): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

function stopOnSignal(close: () => Promise<void>): void {
  const stop = () => {
    void close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function serveBare(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  stopOnSignal(() => app.close());
  announce({ port: address.port });
}

async function serveBeacon(): Promise<void> {
  const { eq, sql } = await import('drizzle-orm');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { benchConfig } = await import('./lib.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { seedDemo } = await import('../apps/server/src/db/seed.ts');
  const { calendarEvents, kanbanCards, kanbanColumns, users } =
    await import('../apps/server/src/db/schema/index.ts');
  const { spreadKeys } = await import('../apps/server/src/lib/positions.ts');

  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = benchConfig(
    mkdtempSync(path.join(tmpdir(), 'beacon-bench-throughput-')),
    databaseUrl,
  );
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite-memory' },
  );
  const demo = await seedDemo(database.db);
  const [admin] = await database.db.select().from(users).where(eq(users.email, demo.email));
  if (!admin) throw new Error('no demo admin');
  const workspaceId = admin.workspaceId;

  const hasColumns = await database.db
    .select({ id: kanbanColumns.id })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.workspaceId, workspaceId))
    .limit(1);
  if (hasColumns.length === 0) {
    const columns = await database.db
      .insert(kanbanColumns)
      .values(
        spreadKeys(8).map((position, i) => ({ workspaceId, name: `Stage ${i + 1}`, position })),
      )
      .returning({ id: kanbanColumns.id });
    const keys = spreadKeys(25);
    await database.db.insert(kanbanCards).values(
      columns.flatMap((column, c) =>
        keys.map((position, i) => ({
          workspaceId,
          columnId: column.id,
          name: `Card ${c * 25 + i + 1}`,
          position,
          createdBy: admin.id,
        })),
      ),
    );
  }
  const hasEvents = await database.db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(eq(calendarEvents.workspaceId, workspaceId))
    .limit(1);
  if (hasEvents.length === 0) {
    const EVENTS = 1200;
    const year = Date.UTC(2026, 0, 1);
    await database.db.insert(calendarEvents).values(
      Array.from({ length: EVENTS }, (_, i) => {
        const day = Math.floor((i * 365) / EVENTS);
        const start = new Date(year + day * 86_400_000 + (8 + (i % 9)) * 3_600_000);
        return {
          workspaceId,
          title: `Meeting ${i + 1}`,
          startAt: start,
          endAt: new Date(start.getTime() + 45 * 60_000),
          createdBy: admin.id,
        };
      }),
    );
  }

  await database.db.execute(sql`analyze`);

  const app = await buildApp({ config, database, webDir: null, logger: false, demo });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  stopOnSignal(async () => {
    await app.close();
    await database.close();
  });
  announce({ port: address.port, email: demo.email, password: demo.password });
}

type Started = { child: ChildProcess; info: { port: number; email?: string; password?: string } };

function start(kind: 'beacon' | 'bare', env: Record<string, string> = {}): Promise<Started> {
  const profileDir = kind === 'beacon' ? process.env.BENCH_CPU_PROF : undefined;
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      '--import',
      'tsx',
      here,
      '--serve',
      kind,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve({ child, info: JSON.parse(line) as Started['info'] }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
}

function stop({ child }: Started): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

type Figures = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
  /** The server process's CPU time (user + system) per request, in ms; NaN off Linux. */
  cpu: number;
};

/** User + system CPU time of a process in ms, from /proc (Linux); NaN elsewhere. */
function cpuTime(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function load(
  server: Started,
  url: string,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const { default: autocannon } = await import('autocannon');
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const duration = Number(process.env.BENCH_SECONDS ?? 10);
  // Warm-up: the JIT and the database's caches, 2 s not counted.
  await autocannon({ url, headers, connections, duration: 2 });
  const cpuBefore = cpuTime(server.child.pid);
  const result = await autocannon({ url, headers, connections, duration });
  const cpu = (cpuTime(server.child.pid) - cpuBefore) / Math.max(1, result.requests.total);
  return {
    cpu,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

async function drive(): Promise<void> {
  // Loaded here, not by the bare Fastify's process, which loads nothing of Beacon's.
  const { benchTargets, createPostgresDatabase } = await import('./lib.ts');
  const targets = benchTargets('pglite,postgres');
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const wanted = (label: string) => !only || only.test(label);
  const rows: { label: string; figures: Figures }[] = [];

  let bareRps = Number.NaN;
  if (wanted('bare Fastify GET /')) {
    const bare = await start('bare');
    try {
      const figures = await load(bare, `http://127.0.0.1:${bare.info.port}/`);
      rows.push({ label: 'bare Fastify GET /', figures });
      bareRps = figures.rps;
    } finally {
      await stop(bare);
    }
  }

  for (const target of targets) {
    let env: Record<string, string> = {};
    let drop: (() => Promise<void>) | undefined;
    if (target === 'postgres') {
      const created = await createPostgresDatabase('beacon_bench_throughput');
      env = { BENCH_DATABASE_URL: created.url };
      drop = created.drop;
    }
    const beacon = await start('beacon', env);
    const name = target === 'postgres' ? 'PostgreSQL' : 'PGlite';
    try {
      const base = `http://127.0.0.1:${beacon.info.port}`;
      const signIn = await fetch(`${base}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: beacon.info.email!,
          password: beacon.info.password!,
        }),
      });
      const { access_token: token } = (await signIn.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${token}` };
      const check = async (url: string) => {
        const response = await fetch(url, { headers: auth });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        await response.arrayBuffer();
      };
      const month = `${base}/meetings/events?start=2026-06-01T00:00:00Z&end=2026-07-01T00:00:00Z`;
      const urls: [string, string, Record<string, string>][] = [
        ['GET /health', `${base}/health`, {}],
        ['GET /api/people?limit=50', `${base}/api/people?limit=50`, auth],
        ['GET /api/kanban/board', `${base}/api/kanban/board`, auth],
        ['GET /meetings/events (a month)', month, auth],
      ];
      for (const [label, url, headers] of urls) {
        if (!wanted(`${name}: ${label}`)) continue;
        await check(url);
        rows.push({ label: `${name}: ${label}`, figures: await load(beacon, url, headers) });
      }
    } finally {
      await stop(beacon);
      await drop?.();
    }
  }

  const cpus = os.cpus();
  process.stdout.write(
    `\nbench/throughput: ${process.env.BENCH_CONNECTIONS ?? 10} connections, ${process.env.BENCH_SECONDS ?? 10} s each after a 2 s warm-up\n` +
      `The server (one process) and the load generator (autocannon) share this machine's ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}).\n\n`,
  );
  const pad = (s: string, n: number) => s.padEnd(n);
  const lpad = (s: string, n: number) => s.padStart(n);
  process.stdout.write(
    `${pad('', 46)}${lpad('req/s', 9)}${lpad('p50', 8)}${lpad('p99', 8)}${lpad('bytes', 8)}${lpad('errors', 8)}${lpad('CPU/req', 10)}\n`,
  );
  for (const { label, figures } of rows) {
    process.stdout.write(
      `${pad(label, 46)}${lpad(Math.round(figures.rps).toLocaleString('en'), 9)}${lpad(`${figures.p50} ms`, 8)}${lpad(`${figures.p99} ms`, 8)}${lpad(String(Math.round(figures.bytes)), 8)}${lpad(String(figures.errors), 8)}${lpad(`${figures.cpu.toFixed(3)} ms`, 10)}\n`,
    );
  }
  process.stdout.write('\n');
  for (const { label, figures } of rows) {
    if (label.endsWith('GET /health') && !Number.isNaN(bareRps)) {
      process.stdout.write(
        `${label.split(':')[0]}: /health is ${(bareRps / figures.rps).toFixed(1)}x slower than bare Fastify\n`,
      );
    }
  }
}
