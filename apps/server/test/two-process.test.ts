import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { processDatabase, startServer, type ServerProcess } from './processes.ts';
import { connectRealtime } from './ws-client.ts';

/**
 * Two server processes on one PostgreSQL database (docs/decisions/006-realtime.md): a change made
 * through one reaches a WebSocket client of the other, through LISTEN/NOTIFY. The database is
 * created fresh on the PostgreSQL server of TEST_POSTGRES_URL, else of DATABASE_URL, else the
 * local one, and dropped afterwards.
 */
const db = processDatabase('two_process');
const { servers } = db;

describe('two server processes on one PostgreSQL', () => {
  it('deliver a change made through one to a WebSocket client of the other', async () => {
    const env = db.env;
    // The first applies the migrations; the second then finds them applied.
    servers.push(await startServer(db.dataDir, env));
    servers.push(await startServer(db.dataDir, env));
    const [a, b] = servers as [ServerProcess, ServerProcess];

    const registered = await fetch(`${a.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({
        email: `two-${Date.now()}@example.test`,
        password: 'two processes',
        first_name: 'Two',
        last_name: 'Process',
      }),
    });
    expect(registered.status).toBe(201);
    const { access_token: token } = (await registered.json()) as { access_token: string };

    const onB = await connectRealtime(b.url, token);
    const onA = await connectRealtime(a.url, token);
    const sent = performance.now();
    const created = await fetch(`${a.url}/meetings/events/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'Across processes',
        start: '2026-11-23T09:00:00Z',
        end: '2026-11-23T10:00:00Z',
      }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string };

    const arrived = await onB.next((m) => m.type === 'calendar.event.created');
    console.log(
      `two-process: from the write on A to B's client: ${(arrived.receivedAt - sent).toFixed(1)} ms`,
    );
    expect((arrived.data as { id: string }).id).toBe(body.id);
    expect(
      ((await onA.next((m) => m.type === 'calendar.event.created')).data as { id: string }).id,
    ).toBe(body.id);
    onA.close();
    onB.close();
  });

  it('refuse a disabled member on the next request on either process', async () => {
    const env = db.env;
    const a = await startServer(db.dataDir, env);
    const b = await startServer(db.dataDir, env);
    servers.push(a, b);
    const email = `gone-${Date.now()}@example.test`;
    const registered = await fetch(`${a.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.8' },
      body: JSON.stringify({ email, password: 'two processes', first_name: 'G', last_name: 'One' }),
    });
    const { access_token: token } = (await registered.json()) as { access_token: string };
    const me = (server: ServerProcess) =>
      fetch(`${server.url}/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(a)).status).toBe(200);
    expect((await me(b)).status).toBe(200);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(`update users set status = 'disabled' where email = $1`, [email]);
    } finally {
      await client.end();
    }
    expect((await me(b)).status).toBe(401);
    expect((await me(a)).status).toBe(401);
  });

  it('refuse a signed-out session at once on the other process', async () => {
    const env = db.env;
    const a = await startServer(db.dataDir, env);
    const b = await startServer(db.dataDir, env);
    servers.push(a, b);
    const email = `revoked-${Date.now()}@example.test`;
    const registered = await fetch(`${a.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.7' },
      body: JSON.stringify({ email, password: 'two processes', first_name: 'R', last_name: 'V' }),
    });
    const { access_token: here } = (await registered.json()) as { access_token: string };
    const signedIn = await fetch(`${b.url}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '10.9.9.7',
      },
      body: new URLSearchParams({ username: email, password: 'two processes' }).toString(),
    });
    const { access_token: there } = (await signedIn.json()) as { access_token: string };
    const me = (server: ServerProcess, token: string) =>
      fetch(`${server.url}/user/me`, { headers: { authorization: `Bearer ${token}` } });
    // Both processes know the token (and have checked it once: it is in their caches).
    expect((await me(a, there)).status).toBe(200);
    expect((await me(b, there)).status).toBe(200);

    const sessionId = JSON.parse(Buffer.from(there.split('.')[1]!, 'base64url').toString()).sid;
    const revoked = await fetch(`${a.url}/api/account/sessions/${sessionId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${here}` },
    });
    expect(revoked.status).toBe(204);
    expect((await me(b, there)).status).toBe(401);
    expect((await me(a, there)).status).toBe(401);
    expect((await me(b, here)).status).toBe(200);
  });
});
