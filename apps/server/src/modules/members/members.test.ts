import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, outbox, users } from '../../db/schema/index.ts';
import {
  addMember,
  authed,
  postForm,
  relaxedLimits,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../test/helpers.ts';
import { crmWorkspace } from '../../../test/crm.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** The invitation link's token, as the mail in the outbox carries it. */
async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = await server.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.createdAt));
  const match = /accept-invitation\?token=([\w%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(match[1]!);
}

async function auditKinds(workspaceId: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ kind: auditLog.kind })
    .from(auditLog)
    .where(eq(auditLog.workspaceId, workspaceId));
  return rows.map((r) => r.kind);
}

const accept = (token: string, overrides: Record<string, unknown> = {}) =>
  fetch(`${server.url}/api/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token,
      first_name: 'Ines',
      last_name: 'Invited',
      password: 'a good long password',
      ...overrides,
    }),
  });

describe('invitations', () => {
  it('mails a link that registers the person into the workspace with the role and signs them in', async () => {
    const w = await crmWorkspace(server);
    const email = uniqueEmail('invitee');
    const created = await w.call('POST', '/api/invitations', { email, role: 'viewer' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, role: 'viewer', status: 'pending' });
    const expires = Date.parse(created.body.expiresAt as string);
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expires - Date.now()).toBeLessThan(7.1 * 24 * 3600 * 1000);

    const listed = await w.ok('GET', '/api/invitations');
    expect((listed as unknown as { email: string }[]).map((i) => i.email)).toEqual([email]);

    const token = await tokenMailedTo(email);
    const preview = await fetch(`${server.url}/api/invitations/preview?token=${token}`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ email, role: 'viewer', invitedBy: 'Test User' });

    const accepted = await accept(token);
    expect(accepted.status).toBe(201);
    const body = (await accepted.json()) as { access_token: string; email: string };
    expect(body.email).toBe(email);
    const me = await fetch(`${server.url}/user/me`, { headers: authed(body.access_token) });
    const meBody = (await me.json()) as { role: string; workspace: { id: string } };
    expect(meBody.role).toBe('viewer');
    const admin = await w.ok('GET', '/user/me');
    expect(meBody.workspace.id).toBe((admin.workspace as { id: string }).id);

    // Used once: the same link is refused, and the invitation is gone from the pending list.
    const again = await accept(token, { password: 'another long password' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe('INVITATION_INVALID');
    expect(await w.ok('GET', '/api/invitations')).toEqual([]);
    expect(await auditKinds(meBody.workspace.id)).toEqual(
      expect.arrayContaining(['member.invited', 'member.joined']),
    );
  });

  it('tells the admin an address already has an account, and never joins it', async () => {
    const w = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    const taken = await w.call('POST', '/api/invitations', {
      email: other.admin.email.toUpperCase(),
      role: 'contributor',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('ACCOUNT_EXISTS');
  });

  it('refuses an account registered after the invitation, when it is accepted', async () => {
    const w = await crmWorkspace(server);
    const email = uniqueEmail('late');
    await w.ok('POST', '/api/invitations', { email, role: 'contributor' });
    const token = await tokenMailedTo(email);
    const registered = await fetch(`${server.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'own long password',
        first_name: 'A',
        last_name: 'B',
      }),
    });
    expect(registered.status).toBe(201);
    const accepted = await accept(token);
    expect(accepted.status).toBe(409);
    expect(((await accepted.json()) as { code: string }).code).toBe('ACCOUNT_EXISTS');
  });

  it('refuses an expired link and a revoked one; a resend makes a new link and the old one stops', async () => {
    const w = await crmWorkspace(server);
    const email = uniqueEmail('expiring');
    const created = await w.ok('POST', '/api/invitations', { email, role: 'contributor' });
    const first = await tokenMailedTo(email);
    await server.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, created.id as string));
    const expired = await accept(first);
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { code: string }).code).toBe('INVITATION_INVALID');
    const listed = (await w.ok('GET', '/api/invitations')) as unknown as { status: string }[];
    expect(listed[0]?.status).toBe('expired');

    const resent = await w.call('POST', `/api/invitations/${created.id as string}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('pending');
    const second = await tokenMailedTo(email);
    expect(second).not.toBe(first);
    expect((await accept(first)).status).toBe(400);

    // A second invitation to a pending address is refused; revoking stops the link.
    const twice = await w.call('POST', '/api/invitations', { email, role: 'viewer' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('ALREADY_INVITED');
    expect((await w.call('DELETE', `/api/invitations/${created.id as string}`)).status).toBe(204);
    const revoked = await accept(second);
    expect(revoked.status).toBe(400);
    expect((await w.call('DELETE', `/api/invitations/${created.id as string}`)).status).toBe(404);
    const workspaceId = ((await w.ok('GET', '/user/me')).workspace as { id: string }).id;
    expect(await auditKinds(workspaceId)).toEqual(
      expect.arrayContaining([
        'member.invited',
        'member.invitation_resent',
        'member.invitation_revoked',
      ]),
    );
    // A revoked address can be invited again.
    expect((await w.call('POST', '/api/invitations', { email, role: 'viewer' })).status).toBe(201);
  });

  it('refuses bad input with { detail, code } and unknown tokens without a hint', async () => {
    const w = await crmWorkspace(server);
    for (const body of [
      {},
      { email: 'not an address', role: 'viewer' },
      { email: uniqueEmail(), role: 'owner' },
      { email: 42, role: 'viewer' },
      { email: uniqueEmail(), role: 'viewer', extra: true },
      { email: `${'a'.repeat(300)}@example.test`, role: 'viewer' },
    ]) {
      const response = await w.call('POST', '/api/invitations', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    const unknown = await accept('x'.repeat(43));
    expect(unknown.status).toBe(400);
    const short = await accept('short');
    expect(short.status).toBe(400);
    const weak = await accept('x'.repeat(43), { password: 'short' });
    expect(weak.status).toBe(400);
    const huge = await fetch(`${server.url}/api/invitations/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'x'.repeat(100_000) }),
    });
    expect(huge.status).toBe(413);
  });

  it('lets only admins invite, resend and revoke; another workspace’s invitation is a 404', async () => {
    const w = await crmWorkspace(server);
    const contributor = await addMember(server, w.admin.token, 'contributor');
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const created = await w.ok('POST', '/api/invitations', {
      email: uniqueEmail(),
      role: 'viewer',
    });
    for (const token of [contributor.token, viewer.token]) {
      expect(
        (await w.call('POST', '/api/invitations', { email: uniqueEmail(), role: 'viewer' }, token))
          .status,
      ).toBe(403);
      expect((await w.call('GET', '/api/invitations', undefined, token)).status).toBe(403);
      expect(
        (await w.call('DELETE', `/api/invitations/${created.id as string}`, undefined, token))
          .status,
      ).toBe(403);
    }
    const other = await crmWorkspace(server);
    expect((await other.call('DELETE', `/api/invitations/${created.id as string}`)).status).toBe(
      404,
    );
    expect(
      (await other.call('POST', `/api/invitations/${created.id as string}/resend`)).status,
    ).toBe(404);
  });

  it('is rate limited per workspace', async () => {
    const limited = await startTestServer({
      // The other limits stay relaxed: on PostgreSQL every test server shares the counters, and
      // the suite has registered many accounts from this address already.
      rateLimits: { ...relaxedLimits, invitationsPerWorkspace: { max: 2, windowSeconds: 3600 } },
    });
    try {
      const w = await crmWorkspace(limited);
      for (let i = 0; i < 2; i += 1) {
        expect(
          (await w.call('POST', '/api/invitations', { email: uniqueEmail(), role: 'viewer' }))
            .status,
        ).toBe(201);
      }
      const third = await w.call('POST', '/api/invitations', {
        email: uniqueEmail(),
        role: 'viewer',
      });
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('members', () => {
  it('lists the directory with filters, and a member’s profile', async () => {
    const w = await crmWorkspace(server);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const all = (await w.ok('GET', '/api/members/directory')) as unknown as { id: string }[];
    expect(all).toHaveLength(2);
    const viewers = (await w.ok('GET', '/api/members/directory?role=viewer')) as unknown as {
      id: string;
      status: string;
      recordVisibility: string;
    }[];
    expect(viewers.map((m) => m.id)).toEqual([viewer.id]);
    expect(viewers[0]).toMatchObject({ status: 'active', recordVisibility: 'all' });
    const found = (await w.ok('GET', '/api/members/directory?q=viewer')) as unknown as unknown[];
    expect(found).toHaveLength(1);
    expect((await w.call('GET', `/api/members/${viewer.id}`, undefined, viewer.token)).status).toBe(
      200,
    );
    const other = await crmWorkspace(server);
    expect((await other.call('GET', `/api/members/${viewer.id}`)).status).toBe(404);
    expect((await w.call('GET', '/api/members/directory?role=owner')).status).toBe(400);
  });

  it('changes roles (one and in bulk), keeps the last admin, and writes the audit log', async () => {
    const w = await crmWorkspace(server);
    const a = await addMember(server, w.admin.token, 'contributor');
    const b = await addMember(server, w.admin.token, 'viewer');
    const changed = await w.call('PATCH', `/api/members/${a.id}`, { role: 'viewer' });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('viewer');
    // The change holds at once: a's token now reads as a viewer and cannot write.
    expect((await w.call('POST', '/api/people', { firstName: 'X' }, a.token)).status).toBe(403);

    const bulk = await w.call('POST', '/api/members/bulk/role', {
      ids: [a.id, b.id],
      role: 'contributor',
    });
    expect(bulk.body).toEqual({ affected: 2 });

    // The only admin cannot be demoted, alone or in a bulk change, nor deactivated.
    const demote = await w.call('PATCH', `/api/members/${w.userId}`, { role: 'viewer' });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('LAST_ADMIN');
    const bulkDemote = await w.call('POST', '/api/members/bulk/role', {
      ids: [w.userId, a.id],
      role: 'viewer',
    });
    expect(bulkDemote.body.code).toBe('LAST_ADMIN');
    expect((await w.call('PATCH', `/api/members/${w.userId}`, { status: 'disabled' })).status).toBe(
      409,
    );
    // With a second admin, the first may step down.
    await w.ok('PATCH', `/api/members/${a.id}`, { role: 'admin' });
    expect(
      (await w.call('PATCH', `/api/members/${w.userId}`, { role: 'contributor' })).status,
    ).toBe(200);
    const workspaceId = (
      (await w.ok('GET', '/user/me', undefined, a.token)).workspace as {
        id: string;
      }
    ).id;
    const kinds = await auditKinds(workspaceId);
    expect(kinds.filter((k) => k === 'member.role_changed').length).toBeGreaterThanOrEqual(5);
    // Only admins manage members.
    expect((await w.call('PATCH', `/api/members/${b.id}`, { role: 'admin' }, b.token)).status).toBe(
      403,
    );
    expect(
      (
        await w.call(
          'POST',
          '/api/members/bulk/role',
          { ids: [b.id], role: 'admin' },
          w.admin.token,
        )
      ).status,
    ).toBe(403);
  });

  it('refuses bad patches and ids of another workspace', async () => {
    const w = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    for (const body of [{ role: 'owner' }, { status: 'gone' }, { recordVisibility: 1 }, { x: 1 }]) {
      const response = await w.call('PATCH', `/api/members/${w.userId}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toEqual(expect.any(String));
    }
    expect((await w.call('PATCH', `/api/members/${other.userId}`, { role: 'viewer' })).status).toBe(
      404,
    );
    expect(
      (await w.call('POST', '/api/members/bulk/role', { ids: [other.userId], role: 'viewer' }))
        .status,
    ).toBe(404);
    expect((await w.call('PATCH', '/api/members/not-an-id', { role: 'viewer' })).status).toBe(400);
  });

  it('locks a deactivated member out at once and lets them back when reactivated', async () => {
    const w = await crmWorkspace(server);
    const member = await addMember(server, w.admin.token, 'contributor');
    expect((await w.call('GET', '/api/people', undefined, member.token)).status).toBe(200);
    expect(
      (await w.call('PATCH', `/api/members/${member.id}`, { status: 'disabled' })).status,
    ).toBe(200);
    expect((await w.call('GET', '/api/people', undefined, member.token)).status).toBe(401);
    const signIn = await postForm(`${server.url}/token`, {
      username: member.email,
      password: 'member password',
    });
    expect(signIn.status).toBe(401);
    await w.ok('PATCH', `/api/members/${member.id}`, { status: 'active' });
    expect((await w.call('GET', '/api/people', undefined, member.token)).status).toBe(200);
    const workspaceId = member.workspaceId;
    expect(await auditKinds(workspaceId)).toEqual(
      expect.arrayContaining(['member.deactivated', 'member.reactivated']),
    );
  });

  it('removes a member, handing their records and tasks to another in one go', async () => {
    const w = await crmWorkspace(server);
    const leaver = await addMember(server, w.admin.token, 'contributor');
    const heir = await addMember(server, w.admin.token, 'contributor');
    const person = await w.ok('POST', '/api/people', { firstName: 'Owned', ownerId: leaver.id });
    const company = await w.ok('POST', '/api/companies', { name: 'Owned Co', ownerId: leaver.id });
    const task = await w.ok('POST', '/api/tasks', { title: 'Call back', assigneeId: leaver.id });

    expect(
      (await w.call('POST', `/api/members/${leaver.id}/remove`, { takeoverId: leaver.id })).status,
    ).toBe(400);
    const other = await crmWorkspace(server);
    expect(
      (await w.call('POST', `/api/members/${leaver.id}/remove`, { takeoverId: other.userId }))
        .status,
    ).toBe(404);
    const removed = await w.call('POST', `/api/members/${leaver.id}/remove`, {
      takeoverId: heir.id,
    });
    expect(removed.status).toBe(204);
    const personAfter = await w.ok('GET', `/api/people/${person.id as string}`);
    expect((personAfter.person as { ownerId: string }).ownerId).toBe(heir.id);
    const companyAfter = await w.ok('GET', `/api/companies/${company.id as string}`);
    expect((companyAfter.company as { ownerId: string }).ownerId).toBe(heir.id);
    const taskAfter = await w.ok('GET', `/api/tasks/${task.id as string}`);
    expect(taskAfter.assigneeId).toBe(heir.id);
    expect(await server.database.db.select().from(users).where(eq(users.id, leaver.id))).toEqual(
      [],
    );
    expect((await w.call('GET', '/api/people', undefined, leaver.token)).status).toBe(401);
    // The last admin cannot be removed.
    const last = await w.call('POST', `/api/members/${w.userId}/remove`, { takeoverId: heir.id });
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('LAST_ADMIN');
    expect(await auditKinds(leaver.workspaceId)).toContain('member.removed');
  });

  it('keeps a profile: names, title, about, avatar checked by its bytes', async () => {
    const w = await crmWorkspace(server);
    const changed = await w.ok('PATCH', '/api/members/me', {
      title: 'Head of sales',
      about: 'Ten years in B2B.',
    });
    expect(changed).toMatchObject({ title: 'Head of sales', about: 'Ten years in B2B.' });
    expect((await w.call('PATCH', '/api/members/me', { title: 'x'.repeat(500) })).status).toBe(400);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = (body: Buffer, type = 'application/octet-stream') =>
      fetch(`${server.url}/api/members/me/avatar`, {
        method: 'PUT',
        headers: { ...authed(w.admin.token), 'content-type': type },
        body,
      });
    const uploaded = await put(png);
    expect(uploaded.status).toBe(200);
    const profile = (await uploaded.json()) as { avatarUrl: string };
    expect(profile.avatarUrl).toMatch(new RegExp(`^/api/members/${w.userId}/avatar\\?v=`));
    const image = await fetch(`${server.url}${profile.avatarUrl}`, {
      headers: authed(w.admin.token),
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    // A page that claims to be an image is refused by its bytes; too big is 413.
    const html = await put(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(415);
    expect((await put(Buffer.alloc(6 * 1024 * 1024, 1))).status).toBe(413);
    expect((await put(png, 'image/png')).status).toBe(415);
    // Another workspace cannot read it.
    const other = await crmWorkspace(server);
    expect(
      (await fetch(`${server.url}${profile.avatarUrl}`, { headers: authed(other.admin.token) }))
        .status,
    ).toBe(404);
    const removed = await w.ok('DELETE', '/api/members/me/avatar');
    expect(removed.avatarUrl).toBeNull();
  });

  it('keeps the last activity time, and the member’s recent activity', async () => {
    const w = await crmWorkspace(server);
    const person = await w.ok('POST', '/api/people', { firstName: 'Active' });
    const me = await w.ok('GET', '/api/members/me');
    await expect
      .poll(async () => (await w.ok('GET', '/api/members/me')).lastActiveAt, { timeout: 10_000 })
      .not.toBeNull();
    expect(me.email).toBe(w.admin.email);
    const activity = (await w.ok('GET', `/api/members/${w.userId}/activity`)) as unknown as {
      subjectId: string;
    }[];
    expect(activity.map((a) => a.subjectId)).toContain(person.id);
  });
});
