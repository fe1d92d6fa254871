import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { testDatabaseOptions } from './databases.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

/** Rate limits high enough that ordinary tests never meet them. */
export const relaxedLimits: AppOptions['rateLimits'] = {
  tokenPerIp: { max: 100_000, windowSeconds: 60 },
  tokenFailuresPerAccount: { max: 100_000, windowSeconds: 60 },
  registerPerIp: { max: 100_000, windowSeconds: 60 },
  codesPerIp: { max: 100_000, windowSeconds: 60 },
  codesPerAccount: { max: 100_000, windowSeconds: 60 },
  publicFormsPerIp: { max: 100_000, windowSeconds: 60 },
  invitationsPerWorkspace: { max: 100_000, windowSeconds: 60 },
  accountChangesPerAccount: { max: 100_000, windowSeconds: 60 },
  fileLinkPasswords: { max: 100_000, windowSeconds: 60 },
};

export type TestServer = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  url: string;
  routes: RouteOptions[];
  close(): Promise<void>;
};

/**
 * The real app, listening on a free port on loopback, on PostgreSQL when DATABASE_URL is set and
 * otherwise on a fresh in-memory PGlite.
 */
export async function startTestServer(
  options: Partial<Omit<AppOptions, 'config' | 'database'>> & {
    env?: NodeJS.ProcessEnv;
    /**
     * On PostgreSQL, a database of its own (created here, dropped at close) rather than the one
     * the test servers share: for a server whose storage differs from theirs (the S3 driver), so
     * that their purge jobs never take its files' keys (lib/storage/purge.ts), nor it theirs.
     */
    ownDatabase?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-test-'));
  const own = options.ownDatabase && process.env.DATABASE_URL ? await createOwnDatabase() : null;
  const databaseUrl = own?.url ?? process.env.DATABASE_URL;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, FILES_DIR: sharedFilesDir(databaseUrl) } : {}),
    ...options.env,
  });
  const database = await openDatabase(await testDatabaseOptions(databaseUrl));
  const routes: RouteOptions[] = [];
  const { env: _env, ownDatabase: _own, ...appOptions } = options;
  const app = await buildApp({
    config,
    database,
    webDir: null,
    logger: false,
    rateLimits: relaxedLimits,
    checkResponses: true,
    onRoute: (route) => routes.push(route),
    ...appOptions,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    database,
    config,
    routes,
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await database.close();
      await own?.drop();
    },
  };
}

/** A fresh database beside DATABASE_URL's, for `startTestServer({ ownDatabase: true })`. */
async function createOwnDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = new URL(process.env.DATABASE_URL!);
  const name = `${shared.pathname.slice(1)}_own_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: shared.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * On PostgreSQL the test servers share one database, so one storage: any server's purge job may
 * delete any file's bytes (lib/storage/purge.ts), which it can only do when they all keep their
 * files in one folder.
 */
export function sharedFilesDir(databaseUrl: string): string {
  const id = createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12);
  return path.join(tmpdir(), `beacon-test-files-${id}`);
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

export type Json = Record<string, unknown>;
/** What the request helpers answer: the status, the headers and the parsed body. */
export type JsonResponse = { status: number; headers: Headers; body: Json };

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await readBody(response)) as Json,
  };
}

export async function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await readBody(response)) as Json,
  };
}

export async function getJson(url: string, token?: string): Promise<JsonResponse> {
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await readBody(response)) as Json,
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function register(
  server: TestServer,
  overrides: Partial<{
    email: string;
    password: string;
    first_name: string;
    last_name: string;
  }> = {},
) {
  const input = {
    email: uniqueEmail(),
    password: 'correct horse battery',
    first_name: 'Test',
    last_name: 'User',
    ...overrides,
  };
  const response = await postJson(`${server.url}/register`, input);
  if (response.status !== 201) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return { ...input, token: response.body.access_token as string };
}

/** A member added straight to the workspace of `admin` (invitations come with user management). */
export async function addMember(
  server: TestServer,
  adminToken: string,
  role: 'admin' | 'contributor' | 'viewer',
) {
  const { users } = await import('../src/db/schema/index.ts');
  const { hashPassword } = await import('../src/lib/passwords.ts');
  const me = await getJson(`${server.url}/user/me`, adminToken);
  const workspaceId = (me.body.workspace as { id: string }).id;
  const email = uniqueEmail(role);
  const password = 'member password';
  const [row] = await server.database.db
    .insert(users)
    .values({
      workspaceId,
      email,
      passwordHash: await hashPassword(password),
      firstName: role[0]!.toUpperCase() + role.slice(1),
      lastName: 'Member',
      role,
    })
    .returning({ id: users.id });
  const login = await postForm(`${server.url}/token`, { username: email, password });
  return { id: row!.id, email, token: login.body.access_token as string, workspaceId };
}

export function authed(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Polls `check` every 100 ms until it answers something truthy (answered), or fails after `ms`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A finished upload of the caller's (`POST /api/uploads/direct`), as the web's file picker makes
 * one: the stored file's id, for an area to take (`uploadIds`). Throws unless it was stored.
 */
export async function uploadFile(
  server: TestServer,
  token: string,
  name: string,
  content: Uint8Array | string,
): Promise<string> {
  const response = await fetch(
    `${server.url}/api/uploads/direct?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { ...authed(token), 'content-type': 'application/octet-stream' },
      body: content,
    },
  );
  const body = (await response.json()) as { id?: string };
  if (response.status !== 201 || !body.id) {
    throw new Error(`upload failed (${response.status}): ${JSON.stringify(body)}`);
  }
  return body.id;
}
