import { describe, expect, it } from 'vitest';
import { processDatabase, startServer, type ServerProcess } from './processes.ts';

/**
 * Issue 10 on two server processes sharing one PostgreSQL database: an admin deactivates a member
 * through one process, and the member's token stops at once on the other (the per-request lookup
 * in plugins/auth.ts reads the status); the invitation is made on one and accepted on the other.
 */
const db = processDatabase('team_two');
const { servers } = db;

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
    const env = db.env;
    servers.push(await startServer(db.dataDir, env));
    servers.push(await startServer(db.dataDir, env));
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
    const [mail] = await db.query('select text from outbox where "to" = $1', [email]);
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
