/**
 * What the benches share: the figures (median, 95th percentile, their formatting), a fresh
 * database on PostgreSQL or PGlite (created and dropped), the real server started on it, a
 * signed-up member, and the timing of HTTP calls and of raw SQL beside them.
 *
 * HTTP calls are timed with node:http over one keep-alive connection: `fetch` (undici) costs the
 * bench process a few tenths of a millisecond per call of its own, and where the server runs in
 * the same process (every bench but throughput) that time was counted as the server's
 * (docs/decisions/040-people-page-speed.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';

export type Stats = { median: number; p95: number };

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const count = (n: number) => n.toLocaleString('en');
/** The load average over 1, 5 and 15 minutes: a busy machine moves every figure. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** A whole number from the environment, else the default. */
export const numberEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const ROUNDS = numberEnv('BENCH_ROUNDS', 40);
export const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export type DbKind = 'postgres' | 'pglite';

/** The databases to run on: `BENCH_DB` (a comma-separated list), else `fallback`. */
export function benchTargets(fallback: string): DbKind[] {
  return (process.env.BENCH_DB ?? fallback).split(',').map((target) => {
    if (target !== 'postgres' && target !== 'pglite') {
      throw new Error(`BENCH_DB: unknown ${target}`);
    }
    return target;
  });
}

export const dbTitle = (kind: DbKind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)');

/** A fresh database on the bench's PostgreSQL server; `drop` removes it. */
export async function createPostgresDatabase(
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const database = `${name}_${process.pid}`;
  await admin(`create database ${database}`);
  return {
    url: `${POSTGRES_SERVER}/${database}`,
    drop: () => admin(`drop database if exists ${database} with (force)`),
  };
}

/** The server's configuration for a bench: a quiet log and a fixed secret. */
export function benchConfig(dataDir: string, databaseUrl?: string): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

export type BenchDatabase = {
  kind: DbKind;
  database: DatabaseHandle;
  dataDir: string;
  databaseUrl?: string;
  /** Closes the database and removes it. */
  close: () => Promise<void>;
};

/** A fresh database of this kind (`name` names it on PostgreSQL and its temp directory). */
export async function openBenchDatabase(kind: DbKind, name: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name.replaceAll('_', '-')}-`));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'postgres') {
    const { url, drop } = await createPostgresDatabase(name);
    const database = await openDatabase({ kind: 'postgres', url });
    return {
      kind,
      database,
      dataDir,
      databaseUrl: url,
      close: async () => {
        await database.close();
        await drop();
        removeDir();
      },
    };
  }
  const database = await openDatabase({ kind: 'pglite', dataDir });
  return {
    kind,
    database,
    dataDir,
    close: async () => {
      await database.close();
      removeDir();
    },
  };
}

export type Member = {
  token: string;
  auth: { authorization: string };
  userId: string;
  workspaceId: string;
};

/** The real server on the database, listening on a free port, with a member signed up. */
export async function startServer(
  database: DatabaseHandle,
  config: Config,
  options: Partial<AppOptions> = {},
): Promise<{ app: FastifyInstance; base: string; member: Member }> {
  const app = await buildApp({ config, database, webDir: null, logger: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;
  return { app, base, member: await signUp(base) };
}

/** Registers a new member (a workspace of their own) and reads who they are. */
export async function signUp(base: string): Promise<Member> {
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
  if (!registered.ok) throw new Error(`register answered ${registered.status}`);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${base}/user/me`, { headers: auth })).json()) as {
    id: string;
    workspace: { id: string };
  };
  return { token, auth, userId: me.id, workspaceId: me.workspace.id };
}

/** A call whose route is not there (404): the bench says so and goes on. */
export class MissingRoute extends Error {}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over the kept-alive connection, read to its end: the time in ms. */
export function timeGet(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.once('error', reject);
      response.once('end', () => {
        const status = response.statusCode ?? 0;
        if (status === 404) reject(new MissingRoute(`${new URL(url).pathname}: no route`));
        else if (status < 200 || status >= 300) reject(new Error(`${url} answered ${status}`));
        else resolve(performance.now() - started);
      });
    });
    request.once('error', reject);
  });
}

/**
 * Warms up (a connection the server closed during a long seed is tried again, once), then
 * samples `rounds` times.
 */
export async function sample(run: () => Promise<unknown>, rounds = ROUNDS): Promise<Stats> {
  await run().catch((error: unknown) => {
    if (error instanceof MissingRoute) throw error;
    return run();
  });
  for (let i = 0; i < 2; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

/** The median and 95th percentile of a GET. */
export const measureGet = (url: string, headers: Record<string, string> = {}, rounds = ROUNDS) =>
  sample(() => timeGet(url, headers), rounds);

/**
 * A GET and the SQL it stands for, sampled in turns (one call, then the queries), so both meet
 * the same machine: on a shared one, measuring them one after the other compares two moments.
 * A route that is not there leaves `http` out and says why in `note`.
 */
export async function measureBeside(
  url: string,
  headers: Record<string, string>,
  runSql: () => Promise<unknown>,
  rounds = ROUNDS,
): Promise<{ http?: Stats; raw: Stats; note?: string }> {
  let note: string | undefined;
  let withHttp = true;
  const call = () => timeGet(url, headers);
  try {
    await call().catch((error: unknown) => {
      if (error instanceof MissingRoute) throw error;
      return call();
    });
  } catch (error) {
    note = (error as Error).message;
    withHttp = false;
  }
  for (let i = 0; i < 2; i += 1) {
    if (withHttp) await call();
    await runSql();
  }
  const httpSamples: number[] = [];
  const sqlSamples: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    if (withHttp) httpSamples.push(await call());
    const t0 = performance.now();
    await runSql();
    sqlSamples.push(performance.now() - t0);
  }
  return {
    ...(withHttp ? { http: stats(httpSamples) } : {}),
    raw: stats(sqlSamples),
    ...(note ? { note } : {}),
  };
}

/** Closes the kept-alive connection, so the process can end. */
export const closeClient = () => agent.destroy();

export type BenchRun = { kind: DbKind; database: DatabaseHandle; base: string; member: Member };

/**
 * For each database of `BENCH_DB` (else `fallback`): a fresh one named after `name`, the server
 * on it with a member signed up, then `body`; the server is closed and the database dropped after,
 * whatever happens.
 */
export async function onEachDatabase(
  name: string,
  fallback: string,
  body: (run: BenchRun) => Promise<void>,
): Promise<void> {
  for (const kind of benchTargets(fallback)) {
    const bench = await openBenchDatabase(kind, name);
    try {
      const config = benchConfig(bench.dataDir, bench.databaseUrl);
      const { app, base, member } = await startServer(bench.database, config);
      try {
        process.stdout.write(`\n== ${dbTitle(kind)} ==\n`);
        await body({ kind, database: bench.database, base, member });
      } finally {
        await app.close();
      }
    } finally {
      await bench.close();
    }
  }
  closeClient();
}
