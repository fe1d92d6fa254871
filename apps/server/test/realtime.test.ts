import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_SECRET,
  addMember,
  authed,
  getJson,
  postJson,
  register,
  startTestServer,
  type TestServer,
} from './helpers.ts';
import { connectRealtime } from './ws-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const event = { title: 'Live', start: '2026-11-23T09:00:00Z', end: '2026-11-23T10:00:00Z' };

describe('realtime', () => {
  it('refuses the upgrade without a valid token', async () => {
    await expect(connectRealtime(server.url, 'not-a-token')).rejects.toThrow(/401/);
    const plain = await fetch(`${server.url}/api/realtime`);
    expect(plain.status).toBe(401);
  });

  it("delivers a member's change to the others in the workspace, and to no other workspace", async () => {
    const admin = await register(server);
    const colleague = await addMember(server, admin.token, 'viewer');
    const outsider = await register(server);
    const watching = await connectRealtime(server.url, colleague.token);
    const elsewhere = await connectRealtime(server.url, outsider.token);

    const created = await postJson(`${server.url}/meetings/events/new`, event, authed(admin.token));
    const message = await watching.next((m) => m.type === 'calendar.event.created');
    expect(message.data).toEqual(created.body);

    await postJson(
      `${server.url}/meetings/events/delete`,
      { eventId: created.body.id },
      authed(admin.token),
    );
    const deleted = await watching.next((m) => m.type === 'calendar.event.deleted');
    expect(deleted.data).toEqual({ eventId: created.body.id });

    // The outsider's socket saw nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(elsewhere.messages.map((m) => m.type)).toEqual(['ready']);
    watching.close();
    elsewhere.close();
  });

  it('sends nothing for a write that fails', async () => {
    const admin = await register(server);
    const watching = await connectRealtime(server.url, admin.token);
    const bad = await postJson(
      `${server.url}/meetings/events/new`,
      { ...event, attendeeIds: ['00000000-0000-4000-8000-000000000000'] },
      authed(admin.token),
    );
    expect(bad.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(watching.messages.map((m) => m.type)).toEqual(['ready']);
    watching.close();
  });

  it("tells the workspace's screens which CRM records a member changed, and not for reads or refusals", async () => {
    const admin = await register(server);
    const colleague = await addMember(server, admin.token, 'viewer');
    const adminId = decodeJwt(admin.token).sub;
    const watching = await connectRealtime(server.url, colleague.token);
    const changes = () =>
      watching.messages.filter((m) => m.type === 'crm.changed').map((m) => m.data);

    const created = await postJson(
      `${server.url}/api/people`,
      { firstName: 'Ada', email: 'ada@example.com' },
      { ...authed(admin.token), 'x-client-id': 'tab-1' },
    );
    expect(created.status).toBe(201);
    const person = created.body as { id: string };
    await watching.next((m) => m.type === 'crm.changed');
    expect(changes()).toEqual([{ entity: 'people', id: null, by: adminId, origin: 'tab-1' }]);

    const patched = await fetch(`${server.url}/api/people/${person.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...authed(admin.token) },
      body: JSON.stringify({ jobTitle: 'Engineer' }),
    });
    expect(patched.status).toBe(200);
    const note = await postJson(
      `${server.url}/api/people/${person.id}/notes`,
      { body: 'Met at the fair' },
      authed(admin.token),
    );
    expect(note.status).toBe(201);
    await watching.next((m) => changes().length === 3 && m.type === 'crm.changed');
    expect(changes().slice(1)).toEqual([
      { entity: 'people', id: person.id, by: adminId, origin: null },
      { entity: 'people', id: person.id, by: adminId, origin: null },
    ]);

    // Adding to a list and taking out of it both change the list.
    const list = await postJson(
      `${server.url}/api/lists`,
      { name: 'Fair', kind: 'people' },
      authed(admin.token),
    );
    expect(list.status).toBe(201);
    const listId = (list.body as { id: string }).id;
    for (const suffix of ['items', 'items/remove']) {
      const changed = await postJson(
        `${server.url}/api/lists/${listId}/${suffix}`,
        { selection: { ids: [person.id] } },
        authed(admin.token),
      );
      expect(changed.status).toBe(200);
    }
    await watching.next(() => changes().length === 6);
    expect(changes().slice(3)).toEqual([
      { entity: 'lists', id: null, by: adminId, origin: null },
      { entity: 'lists', id: listId, by: adminId, origin: null },
      { entity: 'lists', id: listId, by: adminId, origin: null },
    ]);

    // A read, an export and a refused write say nothing.
    expect((await getJson(`${server.url}/api/people`, admin.token)).status).toBe(200);
    const exported = await fetch(`${server.url}/api/people/export.csv`, {
      headers: authed(admin.token),
    });
    expect(exported.status).toBe(200);
    await exported.text();
    const refused = await postJson(
      `${server.url}/api/people`,
      { firstName: 'Viewer' },
      authed(colleague.token),
    );
    expect(refused.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changes()).toHaveLength(6);
    watching.close();
  });

  it('closes the socket with 4401 when the token expires', async () => {
    const admin = await register(server);
    const claims = decodeJwt(admin.token);
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({ wid: claims.wid, role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub!)
      .setIssuer('beacon')
      .setAudience('beacon')
      .setIssuedAt(now)
      .setExpirationTime(now + 6)
      .sign(new TextEncoder().encode(TEST_SECRET));
    const live = await connectRealtime(server.url, shortLived);
    const closed = await live.closed;
    expect(closed).toEqual({ code: 4401, reason: 'Token expired' });
  });
});
