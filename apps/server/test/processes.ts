import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * Real server processes (`node --import tsx src/server.ts`) for the tests that need them: each
 * on its own port, tracked so that a failed test can kill what it started (`killChildren`).
 */

/** Every process started here that may still run. */
export const children = new Set<ChildProcess>();

export function killChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const JWT_SECRET = 'process-test-secret-0123456789-abcdefghijklmnop';
export const PASSWORD = 'correct horse battery';
// Generous: on a busy two-core machine a restart after kill -9 has taken over 30 s.
export const READY_TIMEOUT_MS = 120_000;

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  stderr(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') {
        server.close();
        reject(new Error('no port'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/** The child's environment: ours without DATABASE_URL, so it always runs on the embedded database. */
export function childEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  env.HOST = '127.0.0.1';
  env.LOG_LEVEL = 'warn';
  env.SEED_DEMO = 'false';
  env.JWT_SECRET = JWT_SECRET;
  env.TRUST_PROXY = 'true';
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export function spawnServer(env: NodeJS.ProcessEnv): Omit<ServerProcess, 'url' | 'dataDir'> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let all = '';
  let errors = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    all += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    all += chunk;
    errors += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      // Let the pipes drain so the output is complete.
      setImmediate(() => resolve({ code, signal }));
    });
  });
  return { child, output: () => all, stderr: () => errors, exited };
}

/**
 * Starts a server on `dataDir` and waits until /ready answers 200; on the rare chance that someone
 * else took the free port first, tries another.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string | undefined> = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(dataDir, env);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

export async function startServerOnce(
  dataDir: string,
  env: Record<string, string | undefined>,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawnServer(childEnv({ PORT: String(port), DATA_DIR: dataDir, ...env }));
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void proc.exited.then((result) => {
    exit = result;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(
        `server exited (code ${exit.code}, signal ${exit.signal}) before it was ready:\n${proc.output()}`,
      );
    }
    try {
      const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { ...proc, url, dataDir };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  proc.child.kill('SIGKILL');
  throw new Error(`server not ready after ${READY_TIMEOUT_MS} ms:\n${proc.output()}`);
}

/** Sends a signal and waits for the exit (failing after `timeoutMs`). */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals,
  timeoutMs = 20_000,
) {
  server.child.kill(signal);
  return withTimeout(server.exited, timeoutMs, `server did not exit after ${signal}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A fresh PostgreSQL database for a test file of several server processes on one database: made
 * before its tests on the server of TEST_POSTGRES_URL, else DATABASE_URL, else the local one, and
 * dropped after them with the processes and the data directory they used. `label` names it.
 */
export function processDatabase(label: string) {
  const adminUrl = new URL(
    process.env.TEST_POSTGRES_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  adminUrl.pathname = '/postgres';
  const name = `beacon_${label}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const url = databaseUrl.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), `beacon-${label}-`));
  const servers: ServerProcess[] = [];

  async function query(on: string, text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: on, connectionTimeoutMillis: 5000 });
    await client.connect().catch((error: Error) => {
      throw new Error(
        `This test needs a PostgreSQL server at ${new URL(on).host} (set TEST_POSTGRES_URL): ${error.message}`,
      );
    });
    try {
      return (await client.query(text, values)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await query(adminUrl.toString(), `create database "${name}"`);
  }, 60_000);
  afterEach(() => {
    killChildren();
  });
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null) await stopServer(server, 'SIGTERM').catch(() => {});
    }
    await query(adminUrl.toString(), `drop database if exists "${name}" with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  return {
    url,
    dataDir,
    /** The processes a test started, stopped after the file's tests. */
    servers,
    /** The environment of a server process on this database. */
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    /** Runs SQL on this database. */
    query: (text: string, values: unknown[] = []) => query(url, text, values),
  };
}
