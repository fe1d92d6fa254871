import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, authed, register, startTestServer, type TestServer } from './helpers.ts';
import { connectRealtime } from './ws-client.ts';

// An open WebSocket asks again, while it stays open, whether its session is signed in; the
// server here asks every 200 ms instead of every heartbeat (25 s).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ realtimeSessionCheckMs: 200 });
});
afterAll(async () => {
  await server.close();
});

describe('a live socket after its session ends', () => {
  it('closes with 4401 when its device is signed out', async () => {
    const admin = await register(server);
    const live = await connectRealtime(server.url, admin.token);
    const sid = decodeJwt(admin.token).sid as string;
    const out = await fetch(`${server.url}/api/account/sessions/${sid}`, {
      method: 'DELETE',
      headers: authed(admin.token),
    });
    expect(out.status).toBe(204);
    expect(await live.closed).toEqual({ code: 4401, reason: 'Session ended' });
  });

  it('closes with 4401 when its member is deactivated, and stays open for the others', async () => {
    const admin = await register(server);
    const member = await addMember(server, admin.token, 'contributor');
    const theirs = await connectRealtime(server.url, member.token);
    const mine = await connectRealtime(server.url, admin.token);
    const changed = await fetch(`${server.url}/api/members/${member.id}`, {
      method: 'PATCH',
      headers: { ...authed(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'disabled' }),
    });
    expect(changed.status).toBe(200);
    expect(await theirs.closed).toEqual({ code: 4401, reason: 'Session ended' });
    // The admin's socket is still open a few checks later.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const still = await Promise.race([
      mine.closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('open'), 50)),
    ]);
    expect(still).toBe('open');
    mine.close();
  });
});
