import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema/index.ts';
import {
  addMember,
  authed,
  postJson,
  register,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from './helpers.ts';

/**
 * Mailed links start at PUBLIC_URL when it is set, whatever host the request came through, and
 * at the request's own origin only when it is not (lib/public-url.ts).
 */

const PUBLIC_URL = 'https://crm.example.test/beacon';

let plain: TestServer;
let configured: TestServer;
beforeAll(async () => {
  [plain, configured] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain.close(), configured.close()]);
});

async function putJson(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function newestMailText(server: TestServer, to: string): Promise<string> {
  const [row] = await server.database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`nothing mailed to ${to}`);
  return row.text;
}

/** The mailed links of an invitation, its resend and an e-mail change. */
async function mailedLinks(server: TestServer): Promise<[string, string, string, string]> {
  const admin = await register(server);
  const headers = { ...authed(admin.token), 'x-forwarded-host': 'evil.example' };
  const invitee = uniqueEmail('invitee');
  const invited = await postJson(
    `${server.url}/api/invitations`,
    { email: invitee, role: 'viewer' },
    headers,
  );
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const first = await newestMailText(server, invitee);
  const resent = await postJson(
    `${server.url}/api/invitations/${invited.body.id as string}/resend`,
    {},
    headers,
  );
  expect(resent.status, JSON.stringify(resent.body)).toBe(200);
  const second = await newestMailText(server, invitee);
  expect(second).not.toBe(first);
  const moved = uniqueEmail('moved');
  const change = await postJson(
    `${server.url}/api/account/email`,
    { email: moved, password: admin.password },
    headers,
  );
  expect(change.status, JSON.stringify(change.body)).toBe(202);
  const third = await newestMailText(server, moved);
  // A mention of a member who chose mentions by e-mail.
  const ann = await addMember(server, admin.token, 'contributor');
  const chose = await putJson(
    `${server.url}/api/account/notifications`,
    { items: [{ kind: 'chat_mention', inApp: true, email: true }] },
    authed(ann.token),
  );
  expect(chose.status).toBe(200);
  const started = await postJson(
    `${server.url}/api/chat/conversation/new`,
    { participantIds: [ann.id] },
    headers,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const conversationId = (started.body.conversation as { id: string }).id;
  const sent = await postJson(
    `${server.url}/api/chat/messages/new`,
    { conversationId, body: 'Ping @Ann', mentionIds: [ann.id] },
    headers,
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const fourth = await newestMailText(server, ann.email);
  expect(fourth).toContain(`/dashboard/chat/${conversationId}`);
  const links = [first, second, third, fourth].map((text) => {
    const link = /https?:\/\/\S+/.exec(text)?.[0];
    if (!link) throw new Error(`no link in ${text}`);
    return link;
  });
  return links as [string, string, string, string];
}

describe('mailed links', () => {
  it('start at PUBLIC_URL when it is set, not at the host the request came through', async () => {
    const [invitation, resent, emailChange, mention] = await mailedLinks(configured);
    expect(mention).toMatch(new RegExp(`^${PUBLIC_URL}/dashboard/chat/`));
    expect(configured.config.publicUrl).toBe(PUBLIC_URL);
    expect(invitation).toMatch(new RegExp(`^${PUBLIC_URL}/auth/accept-invitation\\?token=`));
    expect(resent).toMatch(new RegExp(`^${PUBLIC_URL}/auth/accept-invitation\\?token=`));
    expect(emailChange).toMatch(
      new RegExp(`^${PUBLIC_URL}/dashboard/user/account/confirm-email\\?token=`),
    );
  });

  it("start at the request's own origin when PUBLIC_URL is unset (a forwarded host not trusted)", async () => {
    expect(plain.config.publicUrl).toBeUndefined();
    const [invitation, resent, emailChange, mention] = await mailedLinks(plain);
    expect(mention.startsWith(`${plain.url}/dashboard/chat/`)).toBe(true);
    expect(invitation.startsWith(`${plain.url}/auth/accept-invitation?token=`)).toBe(true);
    expect(resent.startsWith(`${plain.url}/auth/accept-invitation?token=`)).toBe(true);
    expect(emailChange.startsWith(`${plain.url}/dashboard/user/account/confirm-email?token=`)).toBe(
      true,
    );
  });
});
