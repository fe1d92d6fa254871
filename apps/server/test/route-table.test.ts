import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import {
  addMember,
  authed,
  postJson,
  register,
  startTestServer,
  type TestServer,
} from './helpers.ts';

/**
 * Every route the server registers must be on this list or answer 401 without a token. A new
 * route that forgets its auth hook fails here.
 */
const PUBLIC_ROUTES = new Set([
  'GET /health',
  'GET /ready',
  'POST /register',
  'POST /token',
  'GET /api/auth/info',
  'POST /api/auth/verify',
  'POST /api/auth/verify/resend',
  'POST /api/auth/reset-password',
  'POST /api/auth/new-password',
  'GET /api/openapi.json',
  // The secret token in the address is the credential; calendar apps send no header.
  'GET /api/calendar/feeds/:file',
  // The public pages' forms.
  'POST /api/public/contact',
  'POST /api/public/launch-signups',
  'POST /api/public/payment-requests',
  // An invitation's link: the secret token in it is the credential.
  'GET /api/invitations/preview',
  'POST /api/invitations/accept',
  // A public link of the files manager: the secret token in the address is the credential.
  'GET /api/public/files/:token',
  'POST /api/public/files/:token/unlock',
  'GET /api/public/files/:token/content',
  // A media player's stream address: the signed token in it is the credential.
  'GET /api/files/:id/stream',
  // Open and click tracking in sent mail: the sealed token is all they take (record 061).
  'GET /t/o/:token',
  'GET /t/c/:token',
]);
/** The API reference and its assets are public documentation. */
const PUBLIC_PREFIXES = ['GET /api/docs'];

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ webDir: null });
});
afterAll(async () => {
  await server.close();
});

function routeKeys(): { method: string; url: string }[] {
  const keys: { method: string; url: string }[] = [];
  for (const route of server.routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      keys.push({ method, url: route.url });
    }
  }
  return keys;
}

describe('route table', () => {
  it('finds the routes it walks', () => {
    const keys = routeKeys().map((r) => `${r.method} ${r.url}`);
    expect(keys).toContain('GET /user/me');
    expect(keys).toContain('POST /register');
    expect(keys.length).toBeGreaterThan(10);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const checked: string[] = [];
    const failures: string[] = [];
    for (const { method, url } of routeKeys()) {
      const key = `${method} ${url}`;
      if (PUBLIC_ROUTES.has(key) || PUBLIC_PREFIXES.some((p) => key.startsWith(p))) continue;
      const concrete = url.replace(/:[A-Za-z_]+/g, SAMPLE_ID).replace(/\*$/, 'x');
      const response = await fetch(`${server.url}${concrete}`, {
        method,
        headers:
          method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      checked.push(key);
      if (response.status !== 401) failures.push(`${key} answered ${response.status}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toContain('GET /user/me');
  });

  it('lists no public route that the server does not have', () => {
    const keys = new Set(routeKeys().map((r) => `${r.method} ${r.url}`));
    for (const key of PUBLIC_ROUTES) expect(keys.has(key), key).toBe(true);
  });
});

type Call = {
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, string>;
  raw?: { type: string; body: string };
};
type Owner = { token: string };

/**
 * For every route that takes a record id: make such a record in the owner's workspace, and say
 * how to call the route with it. The test calls it as a member of another workspace and expects
 * 404, exactly as for a record that does not exist.
 */
const CROSS_WORKSPACE: Record<string, (server: TestServer, owner: Owner) => Promise<Call>> = {
  'GET /api/members/:id': async (server, owner) => ({
    params: { id: await userIdOf(server, owner) },
  }),
  'GET /api/members/:id/:kind': async (server, owner) => ({
    params: { id: await avatarOf(server, owner), kind: 'avatar' },
  }),
  'GET /api/members/:id/activity': async (server, owner) => ({
    params: { id: await userIdOf(server, owner) },
  }),
  'PATCH /api/members/:id': async (server, owner) => ({
    params: { id: await userIdOf(server, owner) },
    body: { recordVisibility: 'own' },
  }),
  'POST /api/members/:id/remove': async (server, owner) => {
    const { addMember } = await import('./helpers.ts');
    const member = await addMember(server, owner.token, 'viewer');
    return { params: { id: member.id }, body: { takeoverId: await userIdOf(server, owner) } };
  },
  'POST /api/invitations/:id/resend': async (server, owner) => ({
    params: { id: await makeInvitation(server, owner) },
  }),
  'DELETE /api/invitations/:id': async (server, owner) => ({
    params: { id: await makeInvitation(server, owner) },
  }),
  'POST /meetings/events/update': async (server, owner) => ({
    body: { eventId: await makeEvent(server, owner), event: { title: 'Taken over' } },
  }),
  'POST /meetings/events/delete': async (server, owner) => ({
    body: { eventId: await makeEvent(server, owner) },
  }),
  'POST /api/kanban/columns/update': async (server, owner) => ({
    body: { columnId: await makeColumn(server, owner), column: { name: 'Taken over' } },
  }),
  'POST /api/kanban/columns/delete': async (server, owner) => ({
    body: { columnId: await makeColumn(server, owner) },
  }),
  'POST /api/kanban/columns/clear': async (server, owner) => ({
    body: { columnId: await makeColumn(server, owner) },
  }),
  'POST /api/kanban/columns/move': async (server, owner) => ({
    body: { columnId: await makeColumn(server, owner), index: 0 },
  }),
  'POST /api/kanban/cards/new': async (server, owner) => ({
    body: { columnId: await makeColumn(server, owner), card: { name: 'Planted' } },
  }),
  'POST /api/kanban/cards/update': async (server, owner) => ({
    body: { cardId: (await makeCard(server, owner)).cardId, card: { name: 'Taken over' } },
  }),
  'POST /api/kanban/cards/delete': async (server, owner) => ({
    body: { cardId: (await makeCard(server, owner)).cardId },
  }),
  // Both ids of a move belong to the owner: neither may be reached from outside.
  'POST /api/kanban/cards/move': async (server, owner) => {
    const { cardId, columnId } = await makeCard(server, owner);
    return { body: { cardId, columnId, index: 0 } };
  },
  'GET /api/kanban/cards/comments': async (server, owner) => ({
    query: { cardId: (await makeCard(server, owner)).cardId },
  }),
  'POST /api/kanban/cards/comments/new': async (server, owner) => ({
    body: { cardId: (await makeCard(server, owner)).cardId, body: 'Planted' },
  }),
  // The card, the upload and the file are all the owner's: none may be reached from outside.
  'POST /api/kanban/cards/attachments/attach': async (server, owner) => ({
    body: {
      cardId: (await makeCard(server, owner)).cardId,
      uploadIds: [await makeUpload(server, owner)],
      fileIds: [(await makeFile(server, owner)).id],
    },
  }),
  'GET /api/kanban/attachments/:attachmentId': async (server, owner) => ({
    params: { attachmentId: await makeAttachment(server, owner) },
  }),
  'POST /api/kanban/cards/attachments/delete': async (server, owner) => ({
    body: { attachmentId: await makeAttachment(server, owner) },
  }),
  // CRM records (issue 5): every id of the owner's, in the path or in the body.
  // Tasks and notifications (issue 9).
  'POST /api/tasks': async (server, owner) => ({
    body: { title: 'Planted', personId: await makeRecord(server, owner, 'people') },
  }),
  'GET /api/tasks/:id': taskProbe(),
  'PATCH /api/tasks/:id': taskProbe({ title: 'Taken over' }),
  'DELETE /api/tasks/:id': taskProbe(),
  'GET /api/tasks/:id/activity': taskProbe(),
  'POST /api/tasks/:id/notes': taskProbe({ body: 'Planted' }),
  'POST /api/notifications/:id/read': async (server, owner) => ({
    params: { id: await makeNotification(server, owner) },
  }),
  'POST /api/people': async (server, owner) => ({
    body: { firstName: 'Planted', companyId: await makeRecord(server, owner, 'companies') },
  }),
  'GET /api/people/:id': personProbe(),
  'PATCH /api/people/:id': personProbe({ firstName: 'Taken over' }),
  'DELETE /api/people/:id': personProbe(),
  'GET /api/people/:id/activity': personProbe(),
  'POST /api/people/:id/notes': personProbe({ body: 'Planted' }),
  'GET /api/people/:id/vcard': personProbe(),
  // Both people are the owner's: a merge from outside must reach neither.
  'POST /api/people/merge': async (server, owner) => ({
    body: {
      primaryId: await makeRecord(server, owner, 'people'),
      duplicateIds: [await makeRecord(server, owner, 'people')],
    },
  }),
  'POST /api/companies': async (server, owner) => ({
    body: { name: 'Planted', ownerId: await userIdOf(server, owner) },
  }),
  'GET /api/companies/:id': companyProbe(),
  'PATCH /api/companies/:id': companyProbe({ name: 'Taken over' }),
  'DELETE /api/companies/:id': companyProbe(),
  'GET /api/companies/:id/activity': companyProbe(),
  'POST /api/companies/:id/notes': companyProbe({ body: 'Planted' }),
  'PATCH /api/notes/:id': async (server, owner) => ({
    params: { id: await makeNote(server, owner) },
    body: { body: 'Taken over' },
  }),
  'DELETE /api/notes/:id': async (server, owner) => ({
    params: { id: await makeNote(server, owner) },
  }),
  'GET /api/lists/:id': listProbe(),
  'PATCH /api/lists/:id': listProbe({ name: 'Taken over' }),
  'DELETE /api/lists/:id': listProbe(),
  'POST /api/lists/:id/items': listProbe({ selection: { filter: { filters: [] } } }),
  'POST /api/lists/:id/items/remove': listProbe({ selection: { filter: { filters: [] } } }),
  'PATCH /api/views/:id': viewProbe({ name: 'Taken over' }),
  'DELETE /api/views/:id': viewProbe(),
  // Deals and pipelines (issue 9): the deal's own ids and every id a body or query names.
  'POST /api/deals': async (server, owner) => ({
    body: { name: 'Planted', stageId: (await makePipeline(server, owner)).stageId },
  }),
  'GET /api/deals/board': async (server, owner) => ({
    query: { pipelineId: (await makePipeline(server, owner)).id },
  }),
  'GET /api/deals/forecast': async (server, owner) => ({
    query: { pipelineId: (await makePipeline(server, owner)).id },
  }),
  'GET /api/deals/:id': dealProbe(),
  'PATCH /api/deals/:id': dealProbe({ name: 'Taken over' }),
  'DELETE /api/deals/:id': dealProbe(),
  'GET /api/deals/:id/activity': dealProbe(),
  'POST /api/deals/:id/notes': dealProbe({ body: 'Planted' }),
  'POST /api/deals/:id/move': async (server, owner) => {
    const { stageId } = await makePipeline(server, owner);
    const params = { id: await makeDeal(server, owner) };
    return { params, body: { stageId } };
  },
  'GET /api/pipelines/:id': pipelineProbe(),
  'PATCH /api/pipelines/:id': pipelineProbe({ name: 'Taken over' }),
  'DELETE /api/pipelines/:id': pipelineProbe(),
  'POST /api/pipelines/:id/stages': pipelineProbe({ name: 'Planted' }),
  'PATCH /api/pipelines/:id/stages/:stageId': stageProbe({ name: 'Taken over' }),
  'DELETE /api/pipelines/:id/stages/:stageId': stageProbe(),
  // Connected mailboxes' sync (issue 12, record 058): the mailbox's id in the query or the body.
  'GET /api/mail/mailboxes/sync': async (server, owner) => ({
    query: { mailboxId: await makeConnectedMailbox(server, owner) },
  }),
  'POST /api/mail/mailboxes/sync-now': connectedMailboxProbe(),
  'POST /api/mail/mailboxes/pause': connectedMailboxProbe(),
  'POST /api/mail/mailboxes/resume': connectedMailboxProbe(),
  'POST /api/mail/mailboxes/disconnect': connectedMailboxProbe(),
  'POST /api/mail/mailboxes/connection': connectedMailboxProbe({ password: 'taken-over' }),
  // CSV imports (issue 5).
  'GET /api/imports/:id': importProbe(),
  'POST /api/imports/:id/start': importProbe({ mapping: { Email: 'email' } }),
  'POST /api/imports/:id/cancel': importProbe(),
  'GET /api/imports/:id/errors.csv': importProbe(),
  // Chat (issue 10): a conversation of the owner's, its messages and attachments.
  'GET /api/chat/conversation': async (server, owner) => ({
    query: { conversationKey: await makeConversation(server, owner) },
  }),
  'GET /api/chat/participants': async (server, owner) => ({
    query: { conversationKey: await makeConversation(server, owner) },
  }),
  'GET /api/chat/conversation/mark-as-seen': async (server, owner) => ({
    query: { conversationId: await makeConversation(server, owner) },
  }),
  'GET /api/chat/messages': async (server, owner) => ({
    query: { conversationId: await makeConversation(server, owner) },
  }),
  'POST /api/chat/messages/new': async (server, owner) => ({
    body: { conversationId: await makeConversation(server, owner), body: 'Planted' },
  }),
  'POST /api/chat/messages/update': async (server, owner) => ({
    body: { messageId: await makeChatMessage(server, owner), body: 'Taken over' },
  }),
  'POST /api/chat/messages/delete': async (server, owner) => ({
    body: { messageId: await makeChatMessage(server, owner) },
  }),
  'POST /api/chat/typing': async (server, owner) => ({
    body: { conversationId: await makeConversation(server, owner) },
  }),
  'POST /api/chat/conversation/leave': async (server, owner) => ({
    body: { conversationId: await makeConversation(server, owner, true) },
  }),
  'POST /api/chat/conversation/new': async (server, owner) => ({
    body: { participantIds: [await userIdOf(server, owner)] },
  }),
  'POST /api/chat/attachments/attach': async (server, owner) => ({
    body: {
      conversationId: await makeConversation(server, owner),
      uploadIds: [await makeUpload(server, owner)],
      fileIds: [(await makeFile(server, owner)).id],
    },
  }),
  // Uploads (issue 11): a finished upload, and a resumable one under way.
  'GET /api/uploads/:uploadId': async (server, owner) => ({
    params: { uploadId: await makeUpload(server, owner) },
  }),
  'GET /api/uploads/:uploadId/content': async (server, owner) => ({
    params: { uploadId: await makeUpload(server, owner) },
  }),
  'DELETE /api/uploads/:uploadId': async (server, owner) => ({
    params: { uploadId: await makeUpload(server, owner) },
  }),
  'PATCH /api/uploads/:uploadId': async (server, owner) => ({
    params: { uploadId: await makeResumableUpload(server, owner) },
    raw: { type: 'application/offset+octet-stream', body: 'planted' },
  }),
  'GET /api/chat/attachments/:attachmentId': async (server, owner) => ({
    params: { attachmentId: await makeChatAttachment(server, owner) },
  }),
  // Previews of stored files (issue 11): the file is the owner's kanban attachment.
  'GET /api/storage/files/:fileId/preview': async (server, owner) => ({
    params: { fileId: await storedFileOf(server, await makeAttachment(server, owner)) },
  }),
  'GET /api/storage/files/:fileId/text': async (server, owner) => ({
    params: { fileId: await storedFileOf(server, await makeAttachment(server, owner)) },
  }),
  // Mail (issue 12): the owner's mailbox, its mails, labels, attachments and domain.
  'GET /api/mail/labels': mailProbe((m) => ({ query: { mailboxId: m.mailboxId } })),
  'GET /api/mail/mails': mailProbe((m) => ({ query: { mailboxId: m.mailboxId } })),
  'GET /api/mail/mail': mailProbe((m) => ({ query: { mailId: m.mailId } })),
  'GET /api/mail/thread': mailProbe((m) => ({ query: { mailId: m.mailId } })),
  'GET /api/mail/remote-image': mailProbe((m) => ({
    query: { mailId: m.mailId, url: 'https://images.example.test/logo.png' },
  })),
  'POST /api/mail/send': mailProbe((m) => ({
    body: { mailboxId: m.mailboxId, to: ['x@y.test'], subject: 'Taken over' },
  })),
  'POST /api/mail/reply': mailProbe((m) => ({ body: { mailId: m.mailId, text: 'Taken over' } })),
  'POST /api/mail/forward': mailProbe((m) => ({
    body: { mailId: m.mailId, to: ['x@y.test'] },
  })),
  'POST /api/mail/drafts/save': mailProbe((m) => ({
    body: { mailboxId: m.mailboxId, subject: 'Planted' },
  })),
  'POST /api/mail/undo-send': mailProbe((m) => ({ body: { mailId: m.mailId } })),
  'POST /api/mail/star': mailProbe((m) => ({ body: { mailIds: [m.mailId], value: true } })),
  'POST /api/mail/important': mailProbe((m) => ({ body: { mailIds: [m.mailId], value: true } })),
  'POST /api/mail/read': mailProbe((m) => ({ body: { mailIds: [m.mailId], value: true } })),
  'POST /api/mail/labels/apply': mailProbe((m) => ({
    body: { mailIds: [m.mailId], labelId: m.labelId },
  })),
  'POST /api/mail/labels/remove': mailProbe((m) => ({
    body: { mailIds: [m.mailId], labelId: m.labelId },
  })),
  'POST /api/mail/move': mailProbe((m) => ({ body: { mailIds: [m.mailId], folder: 'trash' } })),
  'POST /api/mail/archive': mailProbe((m) => ({ body: { mailIds: [m.mailId] } })),
  'POST /api/mail/trash': mailProbe((m) => ({ body: { mailIds: [m.mailId] } })),
  'POST /api/mail/delete': mailProbe((m) => ({ body: { mailIds: [m.mailId] } })),
  'POST /api/mail/labels/new': mailProbe((m) => ({
    body: { mailboxId: m.mailboxId, name: 'Planted' },
  })),
  'POST /api/mail/labels/update': mailProbe((m) => ({
    body: { labelId: m.labelId, name: 'Taken over' },
  })),
  'POST /api/mail/labels/delete': mailProbe((m) => ({ body: { labelId: m.labelId } })),
  'GET /api/mail/attachments/:attachmentId': mailProbe((m) => ({
    params: { attachmentId: m.attachmentId },
  })),
  'POST /api/mail/mailboxes/new': mailProbe((m) => ({
    body: { kind: 'beacon', address: `planted@${m.domain}`, ownerId: m.ownerId },
  })),
  'POST /api/mail/mailboxes/update': mailProbe((m) => ({
    body: { mailboxId: m.mailboxId, shared: true },
  })),
  'POST /api/mail/mailboxes/delete': mailProbe((m) => ({ body: { mailboxId: m.mailboxId } })),
  'POST /api/mail/domains/update': mailProbe((m) => ({ body: { domainId: m.domainId } })),
  'POST /api/mail/domains/delete': mailProbe((m) => ({ body: { domainId: m.domainId } })),
  // A trusted sender is the owner's alone (record 064): another member's answers 404 too.
  'POST /api/mail/trusted-senders/delete': async (server, owner) => {
    const made = await postJson(
      `${server.url}/api/mail/trusted-senders/add`,
      { address: `probe-${crypto.randomUUID().slice(0, 8)}@sender.test` },
      authed(owner.token),
    );
    return { body: { senderId: (made.body.sender as { id: string }).id } };
  },
  // Conversations and the CRM's e-mails (issue 12, record 061).
  'GET /api/conversations': mailProbe((m) => ({ query: { mailboxId: m.mailboxId } })),
  'GET /api/conversations/counts': mailProbe((m) => ({ query: { mailboxId: m.mailboxId } })),
  'GET /api/conversations/:id': conversationProbe(),
  'PATCH /api/conversations/:id': conversationProbe({ category: 'unsubscribe' }),
  'GET /api/emails/:id': async (server, owner) => ({
    params: { id: (await makeReply(server, owner)).sentId },
  }),
  // The panels (issue 10): the audit log's actor filter, and e-mail templates.
  'GET /api/audit': actorProbe(),
  'GET /api/audit/export.csv': actorProbe(),
  'PATCH /api/templates/:id': templateProbe({ name: 'Taken over' }),
  'DELETE /api/templates/:id': templateProbe(),
  // The files manager (issue 11): a folder, a file, a share and a link of the owner's.
  'GET /api/files': async (server, owner) => ({
    query: { folderId: await makeFolder(server, owner) },
  }),
  'POST /api/files/folders': async (server, owner) => ({
    body: { name: 'Planted', parentId: await makeFolder(server, owner) },
  }),
  'POST /api/files/upload': async (server, owner) => ({
    query: { folderId: await makeFolder(server, owner), name: 'planted.txt' },
    raw: { type: 'application/octet-stream', body: 'planted' },
  }),
  'POST /api/files/from-upload': async (server, owner) => ({
    body: { uploadId: (await makeFile(server, owner)).storedFileId, folderId: null },
  }),
  'GET /api/files/:id': fileProbe(),
  'PATCH /api/files/:id': fileProbe({ name: 'Taken over' }),
  'DELETE /api/files/:id': fileProbe(undefined, true),
  'POST /api/files/:id/move': fileProbe({ folderId: null }),
  'POST /api/files/:id/copy': fileProbe({ folderId: null }),
  'POST /api/files/:id/star': fileProbe({ starred: true }),
  'POST /api/files/:id/trash': fileProbe(),
  'POST /api/files/:id/restore': fileProbe(undefined, true),
  'GET /api/files/:id/content': fileProbe(),
  'GET /api/files/:id/stream-url': fileProbe(),
  // The intruder has no stream token for the owner's file: one of their own making is refused.
  'GET /api/files/:id/stream': async (server, owner) => ({
    params: { id: (await makeFile(server, owner)).id },
    query: { token: `${SAMPLE_ID}.9999999999.forged-signature` },
  }),
  'GET /api/files/:id/shares': fileProbe(),
  'POST /api/files/:id/shares': async (server, owner) => ({
    params: { id: (await makeFile(server, owner)).id },
    body: { userId: (await addMember(server, owner.token, 'contributor')).id },
  }),
  'DELETE /api/files/:id/shares/:userId': async (server, owner) => {
    const { id } = await makeFile(server, owner);
    const colleague = await addMember(server, owner.token, 'contributor');
    await postJson(
      `${server.url}/api/files/${id}/shares`,
      { userId: colleague.id },
      authed(owner.token),
    );
    return { params: { id, userId: colleague.id } };
  },
  'GET /api/files/:id/links': fileProbe(),
  'POST /api/files/:id/links': fileProbe({}),
  'DELETE /api/files/links/:linkId': async (server, owner) => {
    const { id } = await makeFile(server, owner);
    const made = await postJson(`${server.url}/api/files/${id}/links`, {}, authed(owner.token));
    return { params: { linkId: (made.body.link as { id: string }).id } };
  },
  // Account (issue 10): a session is its owner's alone.
  'DELETE /api/account/sessions/:id': async (_server, owner) => ({
    params: { id: JSON.parse(Buffer.from(owner.token.split('.')[1]!, 'base64url').toString()).sid },
  }),
};

async function makeFolder(server: TestServer, owner: Owner): Promise<string> {
  const response = await postJson(
    `${server.url}/api/files/folders`,
    { name: 'Private' },
    authed(owner.token),
  );
  return (response.body.item as { id: string }).id;
}

/** A file of the owner's (uploaded plainly), with the id of its stored file. */
async function makeFile(server: TestServer, owner: Owner) {
  const response = await fetch(`${server.url}/api/files/upload?name=secret.txt`, {
    method: 'POST',
    headers: { ...authed(owner.token), 'content-type': 'application/octet-stream' },
    body: 'secret',
  });
  const { item } = (await response.json()) as { item: { id: string } };
  const { sql } = await import('drizzle-orm');
  const result = (await server.database.db.execute(
    sql`select stored_file_id from file_items where id = ${item.id}`,
  )) as unknown as { rows: { stored_file_id: string }[] };
  return { id: item.id, storedFileId: result.rows[0]!.stored_file_id };
}

/** A file of the owner's as `:id` (in the trash when asked), with `body`. */
function fileProbe(body?: unknown, trashed = false) {
  return async (server: TestServer, owner: Owner) => {
    const { id } = await makeFile(server, owner);
    if (trashed) await postJson(`${server.url}/api/files/${id}/trash`, {}, authed(owner.token));
    return { params: { id }, ...(body === undefined ? {} : { body }) };
  };
}

type MailRecords = {
  domain: string;
  domainId: string;
  mailboxId: string;
  mailId: string;
  labelId: string;
  attachmentId: string;
  ownerId: string;
};

/** Made once per owner: the intruder's calls change nothing (or the test fails anyway). */
const mailRecords = new Map<string, Promise<MailRecords>>();

/** The owner's mail domain and mailbox, a mail with an attachment in it and a custom label. */
function mailProbe(call: (records: MailRecords) => Call) {
  return async (server: TestServer, owner: Owner): Promise<Call> => {
    let records = mailRecords.get(owner.token);
    if (!records) {
      records = makeMailRecords(server, owner);
      mailRecords.set(owner.token, records);
    }
    return call(await records);
  };
}

async function makeMailRecords(server: TestServer, owner: Owner): Promise<MailRecords> {
  const domain = `${crypto.randomUUID().slice(0, 8)}.probe.test`;
  const headers = authed(owner.token);
  const made = await postJson(`${server.url}/api/mail/domains/new`, { domain }, headers);
  const domainId = (made.body.domain as { id: string }).id;
  const box = await postJson(
    `${server.url}/api/mail/mailboxes/new`,
    { kind: 'beacon', address: `owner@${domain}` },
    headers,
  );
  const mailboxId = (box.body.mailbox as { id: string }).id;
  const label = await postJson(
    `${server.url}/api/mail/labels/new`,
    { mailboxId, name: 'Private' },
    headers,
  );
  const me = await fetch(`${server.url}/user/me`, { headers });
  const { id: ownerId, workspace } = (await me.json()) as {
    id: string;
    workspace: { id: string };
  };
  const raw = [
    'From: client@customer.test',
    `To: owner@${domain}`,
    'Subject: Private',
    `Message-ID: <${crypto.randomUUID()}@customer.test>`,
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    'Secret',
    '--b',
    'Content-Type: text/plain; name="secret.txt"',
    'Content-Disposition: attachment; filename="secret.txt"',
    '',
    'Secret file',
    '--b--',
    '',
  ].join('\r\n');
  const stored = await server.app.mail.store.store({
    workspaceId: workspace.id,
    mailboxId,
    raw: Buffer.from(raw),
    direction: 'in',
    folder: 'inbox',
  });
  const answer = await fetch(`${server.url}/api/mail/mail?mailId=${stored.id}`, { headers });
  const { mail } = (await answer.json()) as { mail: { attachments: { id: string }[] } };
  return {
    domain,
    domainId,
    mailboxId,
    mailId: stored.id,
    labelId: (label.body.label as { id: string }).id,
    attachmentId: mail.attachments[0]!.id,
    ownerId,
  };
}

/**
 * A person of the owner's, a mail sent to them from the owner's mailbox and their reply: a
 * conversation (record 061).
 */
async function makeReply(server: TestServer, owner: Owner) {
  const records = await (mailRecords.get(owner.token) ??
    (() => {
      const made = makeMailRecords(server, owner);
      mailRecords.set(owner.token, made);
      return made;
    })());
  const address = `client-${crypto.randomUUID().slice(0, 8)}@customer.test`;
  await postJson(
    `${server.url}/api/people`,
    { firstName: 'Private', email: address },
    authed(owner.token),
  );
  const me = await fetch(`${server.url}/user/me`, { headers: authed(owner.token) });
  const { workspace } = (await me.json()) as { workspace: { id: string } };
  const offerId = `${crypto.randomUUID()}@${records.domain}`;
  const sent = await server.app.mail.store.store({
    workspaceId: workspace.id,
    mailboxId: records.mailboxId,
    raw: Buffer.from(
      `From: owner@${records.domain}\r\nTo: ${address}\r\nSubject: Offer\r\nMessage-ID: <${offerId}>\r\n\r\nHello\r\n`,
    ),
    direction: 'out',
    folder: 'sent',
  });
  const reply = await server.app.mail.store.store({
    workspaceId: workspace.id,
    mailboxId: records.mailboxId,
    raw: Buffer.from(
      `From: ${address}\r\nTo: owner@${records.domain}\r\nSubject: Re: Offer\r\nIn-Reply-To: <${offerId}>\r\nMessage-ID: <${crypto.randomUUID()}@customer.test>\r\n\r\nInterested!\r\n`,
    ),
    direction: 'in',
    folder: 'inbox',
  });
  const { conversations } = await import('../src/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const [row] = await server.database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.messageId, reply.id));
  return { sentId: sent.id, conversationId: row!.id };
}

function conversationProbe(body?: unknown) {
  return async (server: TestServer, owner: Owner): Promise<Call> => ({
    params: { id: (await makeReply(server, owner)).conversationId },
    ...(body === undefined ? {} : { body }),
  });
}

/** A conversation of the owner's with a colleague of theirs (a group when asked). */
async function makeConversation(server: TestServer, owner: Owner, group = false) {
  const colleague = await addMember(server, owner.token, 'contributor');
  const response = await postJson(
    `${server.url}/api/chat/conversation/new`,
    { participantIds: [colleague.id], group },
    authed(owner.token),
  );
  if (response.status !== 201) throw new Error(`chat: ${JSON.stringify(response.body)}`);
  return (response.body.conversation as { id: string }).id;
}

async function makeChatMessage(server: TestServer, owner: Owner): Promise<string> {
  const conversationId = await makeConversation(server, owner);
  const response = await postJson(
    `${server.url}/api/chat/messages/new`,
    { conversationId, body: 'Private' },
    authed(owner.token),
  );
  return (response.body.message as { id: string }).id;
}

async function makeUpload(server: TestServer, owner: Owner): Promise<string> {
  const response = await fetch(`${server.url}/api/uploads/direct?name=secret.txt`, {
    method: 'POST',
    headers: { ...authed(owner.token), 'content-type': 'application/octet-stream' },
    body: 'secret',
  });
  return ((await response.json()) as { id: string }).id;
}

async function makeResumableUpload(server: TestServer, owner: Owner): Promise<string> {
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { ...authed(owner.token), 'tus-resumable': '1.0.0', 'upload-length': '7' },
  });
  return response.headers.get('location')!.split('/').pop()!;
}

async function makeChatAttachment(server: TestServer, owner: Owner): Promise<string> {
  const conversationId = await makeConversation(server, owner);
  const response = await postJson(
    `${server.url}/api/chat/attachments/attach`,
    { conversationId, uploadIds: [await makeUpload(server, owner)] },
    authed(owner.token),
  );
  const [attachment] = response.body.attachments as { id: string }[];
  if (!attachment) throw new Error(`chat attachment: ${JSON.stringify(response.body)}`);
  await postJson(
    `${server.url}/api/chat/messages/new`,
    { conversationId, body: '', attachmentIds: [attachment.id] },
    authed(owner.token),
  );
  return attachment.id;
}

/** A query naming the owner as the actor to filter by. */
function actorProbe() {
  return async (server: TestServer, owner: Owner): Promise<Call> => {
    const me = await fetch(`${server.url}/user/me`, { headers: authed(owner.token) });
    return { query: { actorId: ((await me.json()) as { id: string }).id } };
  };
}

/** A call on `/:id` with a fresh e-mail template of the owner's. */
function templateProbe(body?: unknown) {
  return async (server: TestServer, owner: Owner): Promise<Call> => {
    const response = await postJson(
      `${server.url}/api/templates`,
      { kind: 'template', name: `Private ${Math.random()}`, subject: 'Hi', body: 'Hello' },
      authed(owner.token),
    );
    return {
      params: { id: response.body.id as string },
      ...(body === undefined ? {} : { body }),
    };
  };
}

async function makeRecord(
  server: TestServer,
  owner: Owner,
  kind: 'people' | 'companies' | 'lists' | 'views',
): Promise<string> {
  const bodies = {
    people: { firstName: 'Private' },
    companies: { name: 'Private' },
    lists: { name: 'Private', kind: 'people' },
    views: { name: 'Private', entity: 'people', shared: true },
  };
  const response = await postJson(`${server.url}/api/${kind}`, bodies[kind], authed(owner.token));
  if (response.status !== 201) throw new Error(`${kind}: ${JSON.stringify(response.body)}`);
  return response.body.id as string;
}

/** A pipeline of the owner's (not the default one) and its first stage. */
async function makePipeline(server: TestServer, owner: Owner) {
  const response = await postJson(
    `${server.url}/api/pipelines`,
    { name: 'Private' },
    authed(owner.token),
  );
  if (response.status !== 201) throw new Error(`pipelines: ${JSON.stringify(response.body)}`);
  const stages = response.body.stages as { id: string }[];
  return { id: response.body.id as string, stageId: stages[0]!.id };
}

async function makeDeal(server: TestServer, owner: Owner): Promise<string> {
  const response = await postJson(
    `${server.url}/api/deals`,
    { name: 'Private', amount: 100 },
    authed(owner.token),
  );
  if (response.status !== 201) throw new Error(`deals: ${JSON.stringify(response.body)}`);
  return response.body.id as string;
}

function dealProbe(body?: unknown) {
  return async (server: TestServer, owner: Owner): Promise<Call> => ({
    params: { id: await makeDeal(server, owner) },
    ...(body === undefined ? {} : { body }),
  });
}
function pipelineProbe(body?: unknown) {
  return async (server: TestServer, owner: Owner): Promise<Call> => ({
    params: { id: (await makePipeline(server, owner)).id },
    ...(body === undefined ? {} : { body }),
  });
}
function stageProbe(body?: unknown) {
  return async (server: TestServer, owner: Owner): Promise<Call> => {
    const { id, stageId } = await makePipeline(server, owner);
    return { params: { id, stageId }, ...(body === undefined ? {} : { body }) };
  };
}

async function userIdOf(server: TestServer, owner: Owner): Promise<string> {
  const me = await fetch(`${server.url}/user/me`, { headers: authed(owner.token) });
  return ((await me.json()) as { id: string }).id;
}

/**
 * A connected mailbox of the owner's, written straight to the table (connecting through the API
 * logs in to a real IMAP server: modules/mail-imap/mail-imap.test.ts does that).
 */
async function makeConnectedMailbox(server: TestServer, owner: Owner): Promise<string> {
  const { mailboxes, users } = await import('../src/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const userId = await userIdOf(server, owner);
  const [user] = await server.database.db.select().from(users).where(eq(users.id, userId));
  const [row] = await server.database.db
    .insert(mailboxes)
    .values({
      workspaceId: user!.workspaceId,
      kind: 'connected',
      address: `synced-${userId.slice(0, 8)}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      ownerId: userId,
      imapHost: 'imap.example.test',
      imapPort: 993,
      imapSecurity: 'tls',
      smtpHost: 'smtp.example.test',
      smtpPort: 465,
      smtpSecurity: 'tls',
      username: 'private',
      syncStatus: 'paused',
    })
    .returning({ id: mailboxes.id });
  return row!.id;
}

function connectedMailboxProbe(extra: Record<string, unknown> = {}) {
  return async (server: TestServer, owner: Owner) => ({
    body: { mailboxId: await makeConnectedMailbox(server, owner), ...extra },
  });
}

async function makeNote(server: TestServer, owner: Owner): Promise<string> {
  const personId = await makeRecord(server, owner, 'people');
  const response = await postJson(
    `${server.url}/api/people/${personId}/notes`,
    { body: 'Private' },
    authed(owner.token),
  );
  return response.body.id as string;
}

/** A call on `/:id` with a fresh record of the owner's of this kind. */
function probe(kind: 'people' | 'companies' | 'lists' | 'views') {
  return (body?: unknown) =>
    async (server: TestServer, owner: Owner): Promise<Call> => ({
      params: { id: await makeRecord(server, owner, kind) },
      ...(body === undefined ? {} : { body }),
    });
}
function personProbe(body?: unknown) {
  return probe('people')(body);
}
function companyProbe(body?: unknown) {
  return probe('companies')(body);
}
function listProbe(body?: unknown) {
  return probe('lists')(body);
}
function viewProbe(body?: unknown) {
  return probe('views')(body);
}
/** A call on `/:id` with a fresh upload of the owner's (not yet started). */
function importProbe(body?: unknown) {
  return async (server: TestServer, owner: Owner): Promise<Call> => {
    const response = await fetch(`${server.url}/api/imports?entity=people&fileName=private.csv`, {
      method: 'POST',
      headers: { ...authed(owner.token), 'content-type': 'text/csv' },
      body: 'Email\nprivate@example.test\n',
    });
    const { id } = (await response.json()) as { id: string };
    return { params: { id }, ...(body === undefined ? {} : { body }) };
  };
}

async function makeTask(server: TestServer, owner: Owner): Promise<string> {
  const response = await postJson(
    `${server.url}/api/tasks`,
    { title: 'Private' },
    authed(owner.token),
  );
  return response.body.id as string;
}
function taskProbe(body?: unknown) {
  return async (server: TestServer, owner: Owner): Promise<Call> => ({
    params: { id: await makeTask(server, owner) },
    ...(body === undefined ? {} : { body }),
  });
}
/** A notification of the owner's, as the due-tasks job raises them. */
async function makeNotification(server: TestServer, owner: Owner): Promise<string> {
  const { notifications, users } = await import('../src/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const userId = await userIdOf(server, owner);
  const [user] = await server.database.db.select().from(users).where(eq(users.id, userId));
  const [row] = await server.database.db
    .insert(notifications)
    .values({ workspaceId: user!.workspaceId, userId, kind: 'task_due', title: 'Private' })
    .returning({ id: notifications.id });
  return row!.id;
}

async function makeInvitation(server: TestServer, owner: Owner): Promise<string> {
  const { uniqueEmail } = await import('./helpers.ts');
  const response = await postJson(
    `${server.url}/api/invitations`,
    { email: uniqueEmail('invited'), role: 'viewer' },
    authed(owner.token),
  );
  return response.body.id as string;
}

/** The owner's id, after giving them an avatar (a 1x1 PNG). */
async function avatarOf(server: TestServer, owner: Owner): Promise<string> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await fetch(`${server.url}/api/members/me/avatar`, {
    method: 'PUT',
    headers: { ...authed(owner.token), 'content-type': 'application/octet-stream' },
    body: png,
  });
  return userIdOf(server, owner);
}

async function makeColumn(server: TestServer, owner: Owner): Promise<string> {
  const response = await postJson(
    `${server.url}/api/kanban/columns/new`,
    { name: 'Private' },
    authed(owner.token),
  );
  return response.body.id as string;
}

async function makeCard(server: TestServer, owner: Owner) {
  const columnId = await makeColumn(server, owner);
  const response = await postJson(
    `${server.url}/api/kanban/cards/new`,
    { columnId, card: { name: 'Private' } },
    authed(owner.token),
  );
  return { columnId, cardId: response.body.id as string };
}

async function makeAttachment(server: TestServer, owner: Owner): Promise<string> {
  const { cardId } = await makeCard(server, owner);
  const response = await postJson(
    `${server.url}/api/kanban/cards/attachments/attach`,
    { cardId, uploadIds: [await makeUpload(server, owner)] },
    authed(owner.token),
  );
  const [attachment] = response.body.attachments as { id: string }[];
  if (!attachment) throw new Error(`kanban attachment: ${JSON.stringify(response.body)}`);
  return attachment.id;
}

/** The stored file that holds a kanban attachment's bytes. */
async function storedFileOf(server: TestServer, attachmentId: string): Promise<string> {
  const { kanbanAttachments } = await import('../src/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const [row] = await server.database.db
    .select({ id: kanbanAttachments.storedFileId })
    .from(kanbanAttachments)
    .where(eq(kanbanAttachments.id, attachmentId));
  return row!.id!;
}

async function makeEvent(server: TestServer, owner: Owner): Promise<string> {
  const response = await postJson(
    `${server.url}/meetings/events/new`,
    { title: 'Private', start: '2026-11-23T09:00:00Z', end: '2026-11-23T10:00:00Z' },
    authed(owner.token),
  );
  return response.body.id as string;
}

/** The keys of a zod object schema, or none. */
function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function takesAnId(route: RouteOptions): boolean {
  const schema = route.schema as
    { params?: unknown; body?: unknown; querystring?: unknown } | undefined;
  const keys = [
    ...schemaKeys(schema?.params),
    ...schemaKeys(schema?.body),
    ...schemaKeys(schema?.querystring),
  ];
  return keys.some((key) => key === 'id' || /Id$/.test(key));
}

describe('routes that take a record id', () => {
  it('each has a cross-workspace probe', () => {
    const withIds = server.routes
      .filter(takesAnId)
      .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method])).length;
    const missing = server.routes
      .filter(takesAnId)
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map(
          (m) => `${m} ${route.url}`,
        ),
      )
      .filter((key) => !CROSS_WORKSPACE[key] && !key.startsWith('HEAD '));
    expect(missing).toEqual([]);
    expect(withIds).toBeGreaterThan(0);
  });

  it("answers 404 for another workspace's record on every such route", async () => {
    const owner = await register(server);
    const intruder = await register(server);
    const failures: string[] = [];
    for (const [key, probe] of Object.entries(CROSS_WORKSPACE)) {
      const [method, url] = key.split(' ') as [string, string];
      const call = await probe(server, owner);
      const concrete =
        url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => call.params?.[name] ?? '') +
        (call.query ? `?${new URLSearchParams(call.query).toString()}` : '');
      const contentType =
        call.raw?.type ?? (call.body === undefined ? undefined : 'application/json');
      const response = await fetch(`${server.url}${concrete}`, {
        method,
        headers: {
          ...authed(intruder.token),
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        body: call.raw?.body ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
      });
      if (response.status !== 404) failures.push(`${key} answered ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
