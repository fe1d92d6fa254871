import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import {
  PASSWORD,
  freePort,
  childEnv,
  spawnServer,
  startServer,
  stopServer,
  sleep,
  withTimeout,
  killChildren,
} from './processes.ts';

/**
 * Real server processes (`node --import tsx src/server.ts`), each on its own data directory and
 * port. They always run on the embedded database, whatever DATABASE_URL the test run has: these
 * tests are about PGlite's durability, its lock, and the process's start and stop.
 */

const dataDirs: string[] = [];

afterEach(() => {
  // A failed test may leave a server behind: it must not outlive the test.
  killChildren();
});

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-process-'));
  dataDirs.push(dir);
  return dir;
}

/**
 * A first start creates the database cluster and migrates it, which takes PGlite from several
 * seconds to half a minute on a busy machine: it is done once here, through the same
 * openDatabase() the server calls, and each test starts its server on a copy.
 */
let templateDir: string | undefined;

beforeAll(async () => {
  templateDir = newDataDir();
  const database = await openDatabase({ kind: 'pglite', dataDir: templateDir });
  await database.close();
}, 300_000);

function dataDirFromTemplate(): string {
  if (!templateDir) throw new Error('no template data directory');
  const dir = newDataDir();
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}

/** A distinct client address per call, so the per-address rate limits never apply. */
let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

function registerBody(email: string): string {
  return JSON.stringify({ email, password: PASSWORD, first_name: 'Kill', last_name: 'Test' });
}

async function registerUser(url: string, email: string): Promise<number> {
  const response = await fetch(`${url}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: registerBody(email),
  });
  await response.arrayBuffer();
  return response.status;
}

async function signIn(url: string, email: string): Promise<{ status: number; token: unknown }> {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': nextAddress(),
    },
    body: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
  });
  const body = (await response.json()) as { access_token?: unknown };
  return { status: response.status, token: body.access_token };
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachLimit<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * A POST on its own connection, reporting separately when the whole request has been written to
 * the socket and when the answer came back.
 */
function rawPost(url: string, pathname: string, body: string) {
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      `${url}${pathname}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': nextAddress(),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.on('finish', () => markSent());
    request.end(body);
  });
  return { sent, response };
}

async function emailsInDatabase(dataDir: string, emails: string[]): Promise<Set<string>> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const found = new Set<string>();
    for (let i = 0; i < emails.length; i += 500) {
      const rows = await database.db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, emails.slice(i, i + 500)));
      for (const row of rows) found.add(row.email);
    }
    return found;
  } finally {
    await database.close();
  }
}

describe('server process on the embedded database', () => {
  it('keeps every answered registration through kill -9 and a restart', async () => {
    const dataDir = dataDirFromTemplate();
    const first = await startServer(dataDir);

    const runId = randomUUID().slice(0, 8);
    const answered: string[] = [];
    let attempted = 0;
    let failedBeforeKill = 0;
    let killed = false;
    let inFlight = 0;
    const worker = async (id: number) => {
      for (let n = 0; !killed; n += 1) {
        const email = `kill-${runId}-${id}-${n}@example.test`;
        attempted += 1;
        inFlight += 1;
        try {
          const status = await registerUser(first.url, email);
          if (status === 201) answered.push(email);
          else if (!killed) failedBeforeKill += 1;
        } catch {
          // The connection died with the process: no answer, so no promise was made.
        } finally {
          inFlight -= 1;
        }
      }
    };
    const workers = Promise.all([0, 1, 2, 3].map(worker));
    // About 3 s of registrations; longer on a busy machine, until at least 20 were answered.
    const loopStarted = Date.now();
    while (
      Date.now() - loopStarted < 3_000 ||
      (answered.length < 20 && Date.now() - loopStarted < 30_000)
    ) {
      await sleep(50);
    }
    const loopMs = Date.now() - loopStarted;
    const inFlightAtKill = inFlight;
    killed = true;
    first.child.kill('SIGKILL');
    const exit = await withTimeout(first.exited, 10_000, 'the killed server did not exit');
    await workers;
    expect(exit.signal).toBe('SIGKILL');
    expect(failedBeforeKill).toBe(0);
    expect(answered.length).toBeGreaterThan(0);
    // kill -9 leaves the lock behind: the restart must see the process is gone and take it over.
    expect(existsSync(path.join(dataDir, 'beacon.lock'))).toBe(true);

    const restartStarted = Date.now();
    const second = await startServer(dataDir);
    const restartMs = Date.now() - restartStarted;

    // Sign in with every answered account (or a sample of them when there are very many).
    let sample = answered;
    if (answered.length > 100) {
      const last = answered.slice(-20);
      const rest = answered.slice(0, -20);
      const random = new Set<string>();
      while (random.size < 20) random.add(rest[Math.floor(Math.random() * rest.length)] as string);
      sample = [...last, ...random];
    }
    const signInFailures: string[] = [];
    await eachLimit(sample, 4, async (email) => {
      const result = await signIn(second.url, email);
      if (result.status !== 200 || typeof result.token !== 'string') {
        signInFailures.push(`${email}: ${result.status}`);
      }
    });
    expect(signInFailures).toEqual([]);

    const stopped = await stopServer(second, 'SIGTERM');
    expect(stopped.code, second.output()).toBe(0);

    // Every answered registration is in the users table.
    const found = await emailsInDatabase(dataDir, answered);
    const missing = answered.filter((email) => !found.has(email));
    expect(missing).toEqual([]);

    console.log(
      `kill -9 test: ${answered.length} registrations answered 201 in ${loopMs} ms ` +
        `(${attempted} attempted, ${inFlightAtKill} in flight at the kill); ` +
        `restart ready in ${restartMs} ms; ${sample.length} signed in, ` +
        `${found.size}/${answered.length} found in the users table`,
    );
  }, 300_000);

  it('refuses a second process on a data directory in use', async () => {
    const dataDir = dataDirFromTemplate();
    const first = await startServer(dataDir);

    const port = await freePort();
    const second = spawnServer(childEnv({ PORT: String(port), DATA_DIR: dataDir }));
    const exit = await withTimeout(second.exited, 60_000, 'the second process did not stop');
    expect(exit.code, second.output()).toBe(1);
    expect(second.stderr()).toMatch(/data directory .* is in use/);
    expect(second.stderr()).toContain(dataDir);
    expect(second.stderr()).toContain(`pid ${first.child.pid}`);

    // The first one is unharmed.
    const ready = await fetch(`${first.url}/ready`);
    expect(ready.status).toBe(200);
    const stopped = await stopServer(first, 'SIGTERM');
    expect(stopped.code, first.output()).toBe(0);
  }, 180_000);

  it('finishes the requests in flight on SIGTERM, exits 0, and exits 0 on SIGINT too', async () => {
    const dataDir = dataDirFromTemplate();
    // At info level the server logs each request as it arrives: that is how this test knows they
    // are all in the server's hands before it sends the signal.
    const first = await startServer(dataDir, { LOG_LEVEL: 'info' });

    const runId = randomUUID().slice(0, 8);
    const emails = Array.from({ length: 8 }, (_, i) => `graceful-${runId}-${i}@example.test`);
    const requests = emails.map((email) => rawPost(first.url, '/register', registerBody(email)));
    let signalled = false;
    let answeredBeforeSignal = 0;
    for (const request of requests) {
      void request.response.then(
        () => {
          answeredBeforeSignal += signalled ? 0 : 1;
        },
        () => {},
      );
    }
    await Promise.all(requests.map((request) => request.sent));
    const arrived = () =>
      first.output().match(/"url":"\/register".*"msg":"incoming request"/g) ?? [];
    const deadline = Date.now() + 60_000;
    while (arrived().length < emails.length && Date.now() < deadline) await sleep(5);
    expect(arrived().length, first.output()).toBe(emails.length);
    signalled = true;
    first.child.kill('SIGTERM');

    const responses = await Promise.all(requests.map((request) => request.response));
    const exit = await withTimeout(first.exited, 20_000, 'the server did not exit after SIGTERM');
    expect(responses.map((r) => r.status)).toEqual(emails.map(() => 201));
    expect(exit.code, first.output()).toBe(0);
    expect(exit.signal).toBeNull();
    // The database was closed and the lock released.
    expect(existsSync(path.join(dataDir, 'beacon.lock'))).toBe(false);
    // At least one was still being worked on when the signal came, or this tested nothing.
    expect(answeredBeforeSignal).toBeLessThan(emails.length);

    const second = await startServer(dataDir);
    for (const email of emails) {
      const result = await signIn(second.url, email);
      expect(result.status, email).toBe(200);
    }
    const stopped = await stopServer(second, 'SIGINT');
    expect(stopped.code, second.output()).toBe(0);
    expect(existsSync(path.join(dataDir, 'beacon.lock'))).toBe(false);

    console.log(
      `graceful shutdown test: ${emails.length - answeredBeforeSignal} of ${emails.length} ` +
        'registrations in flight at SIGTERM, all answered 201',
    );
  }, 300_000);
});

describe('server process with bad configuration', () => {
  it('exits 1 naming PORT when PORT is not a number', async () => {
    const proc = spawnServer(childEnv({ PORT: 'abc', DATA_DIR: newDataDir() }));
    const exit = await withTimeout(proc.exited, 60_000, 'the server did not stop');
    expect(exit.code, proc.output()).toBe(1);
    expect(proc.stderr()).toContain('PORT');
  }, 90_000);

  it('exits 1 naming JWT_SECRET when DATABASE_URL is set without it', async () => {
    const proc = spawnServer(
      childEnv({
        PORT: String(await freePort()),
        DATA_DIR: newDataDir(),
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/beacon_never_used',
        JWT_SECRET: undefined,
      }),
    );
    const exit = await withTimeout(proc.exited, 60_000, 'the server did not stop');
    expect(exit.code, proc.output()).toBe(1);
    expect(proc.stderr()).toContain('JWT_SECRET');
  }, 90_000);
});
