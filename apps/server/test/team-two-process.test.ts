import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killChildren, startServer, stopServer, type ServerProcess } from './processes.ts';

/**
 * Issue 10 on two server processes sharing one PostgreSQL database: an admin deactivates a member
 * through one process, and the member's token stops at once on the other (the per-request lookup
 * in plugins/auth.ts reads the status); the invitation is made on one and accepted on the other.
 */
const adminUrl = new URL(
  process.env.TEST_POSTGRES_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
);
adminUrl.pathname = '/postgres';
const databaseName = `beacon_team_two_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

async function sqlOn(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-team-two-'));
const servers: ServerProcess[] = [];

beforeAll(async () => {
  await sqlOn(adminUrl.toString(), `create database "${databaseName}"`);
}, 60_000);

afterEach(() => {
  killChildren();
});

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null) await stopServer(server, 'SIGTERM').catch(() => {});
  }
  await sqlOn(adminUrl.toString(), `drop database if exists "${databaseName}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const json = (token: string | null, body?: unknown) => ({
  headers: {
    'content-type': 'application/json',
    'x-forwarded-for': '10.9.8.7',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

describe('members across two server processes', () => {
  it('an invitation made on one is accepted on the other; deactivation on one locks the member out of both at once', async () => {
    const env = { DATABASE_URL: databaseUrl.toString(), DATA_DIR: dataDir };
    servers.push(await startServer(dataDir, env));
    servers.push(await startServer(dataDir, env));
    const [a, b] = servers as [ServerProcess, ServerProcess];

    const registered = await fetch(`${a.url}/register`, {
      method: 'POST',
      ...json(null, {
        email: `team-admin-${Date.now()}@example.test`,
        password: 'two processes',
        first_name: 'Ada',
        last_name: 'Admin',
      }),
    });
    const { access_token: adminToken } = (await registered.json()) as { access_token: string };

    const email = `team-member-${Date.now()}@example.test`;
    const invited = await fetch(`${a.url}/api/invitations`, {
      method: 'POST',
      ...json(adminToken, { email, role: 'contributor' }),
    });
    expect(invited.status).toBe(201);
    const [mail] = await sqlOn(databaseUrl.toString(), 'select text from outbox where "to" = $1', [
      email,
    ]);
    const token = decodeURIComponent(
      /accept-invitation\?token=([\w%-]+)/.exec(String(mail?.text))![1]!,
    );
    const accepted = await fetch(`${b.url}/api/invitations/accept`, {
      method: 'POST',
      ...json(null, { token, first_name: 'Max', last_name: 'Member', password: 'member password' }),
    });
    expect(accepted.status).toBe(201);
    const { access_token: memberToken } = (await accepted.json()) as { access_token: string };
    const people = (server: ServerProcess) => fetch(`${server.url}/api/people`, json(memberToken));
    expect((await people(a)).status).toBe(200);
    expect((await people(b)).status).toBe(200);

    const me = (await (await fetch(`${b.url}/user/me`, json(memberToken))).json()) as {
      id: string;
    };
    const deactivated = await fetch(`${a.url}/api/members/${me.id}`, {
      method: 'PATCH',
      ...json(adminToken, { status: 'disabled' }),
    });
    expect(deactivated.status).toBe(200);
    // The very next request, on either process, is refused.
    expect((await people(b)).status).toBe(401);
    expect((await people(a)).status).toBe(401);

    await fetch(`${b.url}/api/members/${me.id}`, {
      method: 'PATCH',
      ...json(adminToken, { status: 'active' }),
    });
    expect((await people(a)).status).toBe(200);
  });
});
