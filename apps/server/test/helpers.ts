import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

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
  options: Partial<Omit<AppOptions, 'config' | 'database'>> & { env?: NodeJS.ProcessEnv } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, FILES_DIR: sharedFilesDir(databaseUrl) } : {}),
    ...options.env,
  });
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 4 } : { kind: 'pglite-memory' },
  );
  const routes: RouteOptions[] = [];
  const { env: _env, ...appOptions } = options;
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
    },
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
