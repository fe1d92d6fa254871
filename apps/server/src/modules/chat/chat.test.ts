import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_BODY_MAX_CHARS } from '@beacon/contract';
import { chatPresence, outbox } from '../../db/schema/index.ts';
import { sweepPresence } from './chat.repository.ts';
import { crmWorkspace } from '../../../test/crm.ts';
import {
  addMember,
  authed,
  startTestServer,
  uploadFile,
  type TestServer,
} from '../../../test/helpers.ts';
import { connectRealtime } from '../../../test/ws-client.ts';

// The chat through real HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL): the
// spec's calls, the designed ones, who may read and write what, and the live events.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Message = {
  id: string;
  seq: number;
  body: string;
  contentType: string;
  senderId: string;
  attachments: { id: string; mimeType: string; isImage: boolean }[];
  mentionIds: string[];
  deletedAt: string | null;
  editedAt: string | null;
};
type Conversation = {
  id: string;
  type: string;
  name: string;
  messages: Message[];
  hasOlder: boolean;
  unreadCount: number;
  participants: { id: string; lastReadSeq: number; status: string }[];
};

/** A workspace with its admin and two contributors and a viewer. */
async function team() {
  const w = await crmWorkspace(server);
  const ann = await addMember(server, w.admin.token, 'contributor');
  const bob = await addMember(server, w.admin.token, 'contributor');
  const viewer = await addMember(server, w.admin.token, 'viewer');
  const start = async (ids: string[], extra: object = {}, token = w.admin.token) =>
    (await w.ok('POST', '/api/chat/conversation/new', { participantIds: ids, ...extra }, token))
      .conversation as Conversation;
  const send = async (conversationId: string, body: string, token = w.admin.token, extra = {}) =>
    (await w.ok('POST', '/api/chat/messages/new', { conversationId, body, ...extra }, token))
      .message as Message;
  const conversation = async (id: string, token = w.admin.token) =>
    (await w.ok('GET', `/api/chat/conversation?conversationKey=${id}`, undefined, token))
      .conversation as Conversation;
  return { w, ann, bob, viewer, start, send, conversation };
}

describe('chat', () => {
  it('asks for sign-in', async () => {
    for (const path of ['/api/chat/contacts', '/api/chat/conversations']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    }
  });

  it('lists the workspace members as contacts with presence', async () => {
    const { w, ann } = await team();
    const other = await crmWorkspace(server);
    const live = await connectRealtime(server.url, ann.token);
    // The connection is counted a moment after it opens.
    let contacts: { id: string; status: string }[] = [];
    for (let i = 0; i < 100; i++) {
      contacts = (await w.ok('GET', '/api/chat/contacts')).contacts as typeof contacts;
      if (contacts.find((c) => c.id === ann.id)?.status === 'online') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(contacts).toHaveLength(4);
    expect(contacts.find((c) => c.id === ann.id)?.status).toBe('online');
    expect(contacts.find((c) => c.id === w.userId)?.status).toBe('offline');
    expect(contacts.map((c) => c.id)).not.toContain(other.userId);
    live.close();
    // Gone: away (connected lately), no longer online.
    for (let i = 0; i < 100; i++) {
      contacts = (await w.ok('GET', '/api/chat/contacts')).contacts as typeof contacts;
      if (contacts.find((c) => c.id === ann.id)?.status === 'away') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(contacts.find((c) => c.id === ann.id)?.status).toBe('away');
  });

  it('sweeps the presence rows of stopped processes, keeping each member’s last activity', async () => {
    const { w, ann, bob, viewer } = await team();
    const workspaceId = ann.workspaceId;
    const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
    // Ann: a process that died holding her connection, and an older one that stopped cleanly.
    // Bob: a process that stopped cleanly, his only row; the viewer: a process that died.
    await server.database.db.insert(chatPresence).values([
      { workspaceId, userId: viewer.id, instanceId: 'dead', connections: 2, seenAt: ago(20) },
      { workspaceId, userId: ann.id, instanceId: 'dead', connections: 2, seenAt: ago(20) },
      { workspaceId, userId: ann.id, instanceId: 'stopped', connections: 0, seenAt: ago(60) },
      { workspaceId, userId: bob.id, instanceId: 'stopped', connections: 0, seenAt: ago(5) },
    ]);
    const live = await connectRealtime(server.url, ann.token);
    const rowsOf = async (userId: string) =>
      (
        await server.database.db
          .select({ instanceId: chatPresence.instanceId, connections: chatPresence.connections })
          .from(chatPresence)
          .where(eq(chatPresence.userId, userId))
      ).sort((a, b) => a.instanceId.localeCompare(b.instanceId));
    // Ann's live connection is counted on this process's row a moment after it opens.
    for (let i = 0; i < 100 && (await rowsOf(ann.id)).length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Two of these (and, on a shared PostgreSQL, stale rows of other test servers).
    expect(await sweepPresence(server.database.db)).toBeGreaterThanOrEqual(2);
    const annRows = await rowsOf(ann.id);
    expect(annRows).toHaveLength(1);
    expect(annRows[0]!.connections).toBe(1);
    expect(await rowsOf(bob.id)).toEqual([{ instanceId: 'stopped', connections: 0 }]);
    // The newest row of a member whose process died stays, counting nothing.
    expect(await rowsOf(viewer.id)).toEqual([{ instanceId: 'dead', connections: 0 }]);
    const contacts = (await w.ok('GET', '/api/chat/contacts')).contacts as {
      id: string;
      status: string;
      lastActivity: string | null;
    }[];
    expect(contacts.find((c) => c.id === ann.id)?.status).toBe('online');
    const bobNow = contacts.find((c) => c.id === bob.id)!;
    expect(bobNow.status).toBe('away');
    expect(bobNow.lastActivity).not.toBeNull();
    live.close();
  });

  it('starts a direct conversation once, and groups', async () => {
    const { w, ann, bob, start } = await team();
    const direct = await start([ann.id]);
    expect(direct).toMatchObject({ type: 'direct', name: '', messages: [], hasOlder: false });
    expect(direct.participants.map((p) => p.id).sort()).toEqual([w.userId, ann.id].sort());
    // The same two again, from either side: the same conversation.
    expect((await start([ann.id])).id).toBe(direct.id);
    expect((await start([w.userId], {}, ann.token)).id).toBe(direct.id);
    const group = await start([ann.id, bob.id], { name: 'Deal room' });
    expect(group).toMatchObject({ type: 'group', name: 'Deal room' });
    expect(group.participants).toHaveLength(3);
    const solo = await start([ann.id], { group: true, name: 'Two of us' });
    expect(solo.type).toBe('group');
    expect(solo.id).not.toBe(direct.id);

    const list = (await w.ok('GET', '/api/chat/conversations')).conversations as Conversation[];
    expect(list.map((c) => c.id).sort()).toEqual([direct.id, group.id, solo.id].sort());
    // Bob is only in the group.
    const bobs = (await w.ok('GET', '/api/chat/conversations', undefined, bob.token))
      .conversations as Conversation[];
    expect(bobs.map((c) => c.id)).toEqual([group.id]);
  });

  it('refuses to start with nobody, oneself only, or another workspace’s member', async () => {
    const { w, start } = await team();
    const other = await crmWorkspace(server);
    const bad = (body: unknown) => w.call('POST', '/api/chat/conversation/new', body);
    expect((await bad({ participantIds: [] })).status).toBe(400);
    expect((await bad({ participantIds: [w.userId] })).status).toBe(400);
    expect((await bad({ participantIds: ['nope'] })).status).toBe(400);
    expect((await bad({ participantIds: 'x' })).status).toBe(400);
    expect((await bad({})).status).toBe(400);
    expect((await bad({ participantIds: [other.userId] })).status).toBe(404);
    expect((await bad({ participantIds: [randomUUID()] })).status).toBe(404);
    const huge = { participantIds: Array.from({ length: 500 }, () => randomUUID()) };
    const response = await bad(huge);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(start).toBeTypeOf('function');
  });

  it('sends, pages older by seq, catches up after a seq, with unread counts and receipts', async () => {
    const { w, ann, start, send, conversation } = await team();
    const direct = await start([ann.id]);
    const sent: Message[] = [];
    for (let i = 1; i <= 35; i++) sent.push(await send(direct.id, `Message ${i}`));
    expect(sent.map((m) => m.seq)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));

    const opened = await conversation(direct.id, ann.token);
    expect(opened.messages).toHaveLength(30);
    expect(opened.messages[0]!.body).toBe('Message 6');
    expect(opened.messages.at(-1)!.body).toBe('Message 35');
    expect(opened.hasOlder).toBe(true);
    expect(opened.unreadCount).toBe(35);
    // The sender has read their own.
    expect((await conversation(direct.id)).unreadCount).toBe(0);

    const older = await w.ok(
      'GET',
      `/api/chat/messages?conversationId=${direct.id}&before=6&limit=3`,
      undefined,
      ann.token,
    );
    expect((older.messages as Message[]).map((m) => m.seq)).toEqual([3, 4, 5]);
    expect(older.hasMore).toBe(true);
    const oldest = await w.ok(
      'GET',
      `/api/chat/messages?conversationId=${direct.id}&before=3`,
      undefined,
      ann.token,
    );
    expect((oldest.messages as Message[]).map((m) => m.seq)).toEqual([1, 2]);
    expect(oldest.hasMore).toBe(false);
    const after = await w.ok(
      'GET',
      `/api/chat/messages?conversationId=${direct.id}&after=32`,
      undefined,
      ann.token,
    );
    expect((after.messages as Message[]).map((m) => m.seq)).toEqual([33, 34, 35]);
    expect(after.hasMore).toBe(false);
    expect(
      (await w.call('GET', `/api/chat/messages?conversationId=${direct.id}&before=3&after=1`))
        .status,
    ).toBe(400);

    expect((await w.ok('GET', '/api/chat/unread', undefined, ann.token)).unread).toBe(35);
    const seen = await w.call(
      'GET',
      `/api/chat/conversation/mark-as-seen?conversationId=${direct.id}`,
      undefined,
      ann.token,
    );
    expect(seen.status).toBe(204);
    expect((await w.ok('GET', '/api/chat/unread', undefined, ann.token)).unread).toBe(0);
    const participants = (await w.ok('GET', `/api/chat/participants?conversationKey=${direct.id}`))
      .participants as Conversation['participants'];
    expect(participants.find((p) => p.id === ann.id)?.lastReadSeq).toBe(35);
    expect(participants.find((p) => p.id === w.userId)?.lastReadSeq).toBe(35);
  });

  it('stores bodies as sent, refuses over the limit with 413, and sends a retry once', async () => {
    const { w, ann, start, send, conversation } = await team();
    const direct = await start([ann.id]);
    const raw = '<script>alert(1)</script> & <b>bold</b> javascript:alert(1) 😀\u202e';
    expect((await send(direct.id, raw)).body).toBe(raw);
    const full = 'é'.repeat(CHAT_BODY_MAX_CHARS);
    expect((await send(direct.id, full)).body).toBe(full);
    const over = await w.call('POST', '/api/chat/messages/new', {
      conversationId: direct.id,
      body: 'x'.repeat(CHAT_BODY_MAX_CHARS + 1),
    });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const huge = await w.call('POST', '/api/chat/messages/new', {
      conversationId: direct.id,
      body: 'x'.repeat(2_000_000),
    });
    expect(huge.status).toBe(413);
    expect(
      (await w.call('POST', '/api/chat/messages/new', { conversationId: direct.id, body: '  ' }))
        .status,
    ).toBe(400);
    expect(
      (await w.call('POST', '/api/chat/messages/new', { conversationId: direct.id, body: 5 }))
        .status,
    ).toBe(400);
    expect((await w.call('POST', '/api/chat/messages/new', { body: 'hi' })).status).toBe(400);

    const clientId = randomUUID();
    const first = await send(direct.id, 'once', w.admin.token, { clientId });
    const again = await send(direct.id, 'once', w.admin.token, { clientId });
    expect(again.id).toBe(first.id);
    const messages = (await conversation(direct.id, ann.token)).messages;
    expect(messages.map((m) => m.body)).toEqual([raw, full, 'once']);
  });

  it('answers 404 to a member not in the conversation and to another workspace', async () => {
    const { w, ann, bob, start, send } = await team();
    const other = await crmWorkspace(server);
    const direct = await start([ann.id]);
    const message = await send(direct.id, 'private');
    for (const [token, label] of [
      [bob.token, 'colleague'],
      [other.admin.token, 'other workspace'],
    ] as const) {
      const calls: [string, string, unknown?][] = [
        ['GET', `/api/chat/conversation?conversationKey=${direct.id}`],
        ['GET', `/api/chat/participants?conversationKey=${direct.id}`],
        ['GET', `/api/chat/conversation/mark-as-seen?conversationId=${direct.id}`],
        ['GET', `/api/chat/messages?conversationId=${direct.id}`],
        ['POST', '/api/chat/messages/new', { conversationId: direct.id, body: 'hi' }],
        ['POST', '/api/chat/messages/update', { messageId: message.id, body: 'x' }],
        ['POST', '/api/chat/messages/delete', { messageId: message.id }],
        ['POST', '/api/chat/typing', { conversationId: direct.id }],
        ['POST', '/api/chat/conversation/leave', { conversationId: direct.id }],
      ];
      for (const [method, path, body] of calls) {
        const response = await w.call(method, path, body, token);
        expect([label, path, response.status]).toEqual([label, path, 404]);
      }
    }
    expect(
      (await w.call('GET', `/api/chat/conversation?conversationKey=${randomUUID()}`)).status,
    ).toBe(404);
    expect((await w.call('GET', '/api/chat/conversation?conversationKey=nope')).status).toBe(400);
    expect((await w.call('GET', '/api/chat/conversation')).status).toBe(400);
  });

  it('lets a viewer read, mark seen and type, never write', async () => {
    const { w, viewer, start, send, conversation } = await team();
    const direct = await start([viewer.id]);
    await send(direct.id, 'for your eyes');
    expect((await conversation(direct.id, viewer.token)).messages).toHaveLength(1);
    expect(
      (
        await w.call(
          'GET',
          `/api/chat/conversation/mark-as-seen?conversationId=${direct.id}`,
          undefined,
          viewer.token,
        )
      ).status,
    ).toBe(204);
    expect(
      (await w.call('POST', '/api/chat/typing', { conversationId: direct.id }, viewer.token))
        .status,
    ).toBe(204);
    const writes: [string, unknown][] = [
      ['/api/chat/messages/new', { conversationId: direct.id, body: 'hi' }],
      ['/api/chat/conversation/new', { participantIds: [w.userId] }],
      ['/api/chat/attachments/attach', { conversationId: direct.id, uploadIds: [randomUUID()] }],
    ];
    for (const [path, body] of writes) {
      expect((await w.call('POST', path, body, viewer.token)).status).toBe(403);
    }
  });

  it('edits and deletes only one’s own message', async () => {
    const { w, ann, start, send, conversation } = await team();
    const direct = await start([ann.id]);
    const mine = await send(direct.id, 'tpyo');
    const theirs = await send(direct.id, 'from ann', ann.token);
    const edited = (
      await w.ok('POST', '/api/chat/messages/update', {
        messageId: mine.id,
        body: 'typo',
      })
    ).message as Message;
    expect(edited).toMatchObject({ body: 'typo', seq: mine.seq });
    expect(edited.editedAt).not.toBeNull();
    const refused = await w.call('POST', '/api/chat/messages/update', {
      messageId: theirs.id,
      body: 'mine now',
    });
    expect(refused.status).toBe(403);
    expect(
      (await w.call('POST', '/api/chat/messages/update', { messageId: mine.id, body: '' })).status,
    ).toBe(400);
    expect(
      (
        await w.call('POST', '/api/chat/messages/update', {
          messageId: mine.id,
          body: 'y'.repeat(CHAT_BODY_MAX_CHARS + 1),
        })
      ).status,
    ).toBe(413);
    expect(
      (await w.call('POST', '/api/chat/messages/delete', { messageId: theirs.id })).status,
    ).toBe(403);
    const deleted = (await w.ok('POST', '/api/chat/messages/delete', { messageId: mine.id }))
      .message as Message;
    expect(deleted).toMatchObject({ body: '', seq: mine.seq });
    expect(deleted.deletedAt).not.toBeNull();
    expect((await w.call('POST', '/api/chat/messages/delete', { messageId: mine.id })).status).toBe(
      404,
    );
    const messages = (await conversation(direct.id, ann.token)).messages;
    expect(messages.map((m) => [m.seq, m.body])).toEqual([
      [1, ''],
      [2, 'from ann'],
    ]);
  });

  it('leaves a group, not a direct conversation', async () => {
    const { w, ann, bob, start, send } = await team();
    const group = await start([ann.id, bob.id], { name: 'Crew' });
    const direct = await start([ann.id]);
    expect(
      (await w.call('POST', '/api/chat/conversation/leave', { conversationId: direct.id })).status,
    ).toBe(400);
    expect(
      (
        await w.call(
          'POST',
          '/api/chat/conversation/leave',
          { conversationId: group.id },
          bob.token,
        )
      ).status,
    ).toBe(204);
    await send(group.id, 'after bob left');
    expect(
      (
        await w.call(
          'GET',
          `/api/chat/conversation?conversationKey=${group.id}`,
          undefined,
          bob.token,
        )
      ).status,
    ).toBe(404);
    const participants = (await w.ok('GET', `/api/chat/participants?conversationKey=${group.id}`))
      .participants as { id: string }[];
    expect(participants.map((p) => p.id).sort()).toEqual([w.userId, ann.id].sort());
  });

  it('notifies the participants it mentions, not others', async () => {
    const { w, ann, bob, start, send } = await team();
    const direct = await start([ann.id]);
    const message = await send(direct.id, 'Hey @Ann look', w.admin.token, {
      mentionIds: [ann.id, bob.id, w.userId],
    });
    expect(message.mentionIds).toEqual([ann.id]);
    const page = (await w.ok('GET', '/api/notifications', undefined, ann.token)) as {
      items: { kind: string; title: string; conversationId: string }[];
    };
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'chat_mention',
        title: 'Hey @Ann look',
        conversationId: direct.id,
      }),
    ]);
    for (const token of [bob.token, w.admin.token]) {
      expect(
        ((await w.ok('GET', '/api/notifications', undefined, token)) as typeof page).items,
      ).toEqual([]);
    }
  });

  it('keeps to each member’s choices: mentions by e-mail instead of in the app', async () => {
    const { w, ann, start, send } = await team();
    const chose = await w.call(
      'PUT',
      '/api/account/notifications',
      { items: [{ kind: 'chat_mention', inApp: false, email: true }] },
      ann.token,
    );
    expect(chose.status).toBe(200);
    const direct = await start([ann.id]);
    await send(direct.id, 'Ping @Ann', w.admin.token, { mentionIds: [ann.id] });
    const page = (await w.ok('GET', '/api/notifications', undefined, ann.token)) as {
      items: unknown[];
    };
    expect(page.items).toEqual([]);
    const mails = await server.database.db
      .select({ subject: outbox.subject, text: outbox.text })
      .from(outbox)
      .where(eq(outbox.to, ann.email));
    expect(mails).toEqual([
      expect.objectContaining({
        subject: expect.stringMatching(/mentioned you in chat$/),
        text: expect.stringContaining('Ping @Ann'),
      }),
    ]);
  });

  it('takes finished uploads checked by content and size, readable by participants only', async () => {
    const { w, ann, bob, start, send } = await team();
    const direct = await start([ann.id]);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const attach = (body: Record<string, unknown>, token = w.admin.token) =>
      w.call('POST', '/api/chat/attachments/attach', { conversationId: direct.id, ...body }, token);
    const taken = async (name: string, content: Buffer | string, token = w.admin.token) => {
      const answer = await attach(
        { uploadIds: [await uploadFile(server, token, name, content)] },
        token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return (answer.body as { attachments: Message['attachments'] }).attachments[0]!;
    };
    const attachment = await taken('pic.png', png);
    expect(attachment).toMatchObject({ mimeType: 'image/png', isImage: true });
    // An image the browser cannot show in the conversation is refused (415); a page is stored as
    // what the storage finds it is (issue 11: the storage's detection), never an image, and only
    // ever served as a download that cannot run (below).
    const svg = await uploadFile(
      server,
      w.admin.token,
      'logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refused = await attach({ uploadIds: [svg] });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const page = await taken('a.html', '<script>1</script>');
    expect(page).toMatchObject({ mimeType: 'text/html', isImage: false });
    const served = await fetch(`${server.url}/api/chat/attachments/${page.id}`, {
      headers: authed(w.admin.token),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
    const big = await uploadFile(
      server,
      w.admin.token,
      'big.png',
      Buffer.concat([png, Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES)]),
    );
    const tooLarge = await attach({ uploadIds: [big] });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const empty = await uploadFile(server, w.admin.token, 'empty.txt', '');
    expect((await attach({ uploadIds: [empty] })).status).toBe(400);
    // Bob is not in the conversation; Ann's upload is hers; another workspace's is not there.
    expect(
      (await attach({ uploadIds: [await uploadFile(server, bob.token, 'b', 'b')] }, bob.token))
        .status,
    ).toBe(404);
    expect(
      (await attach({ uploadIds: [await uploadFile(server, ann.token, 'a', 'a')] })).status,
    ).toBe(404);
    const other = await crmWorkspace(server);
    expect(
      (await attach({ uploadIds: [await uploadFile(server, other.admin.token, 'o', 'o')] })).status,
    ).toBe(404);
    expect((await attach({ uploadIds: [], fileIds: [] })).status).toBe(400);
    expect(
      (await attach({ uploadIds: Array.from({ length: 11 }, () => randomUUID()) })).status,
    ).toBe(400);

    // Unsent: only its uploader sees it.
    const url = `${server.url}/api/chat/attachments/${attachment.id}`;
    expect((await fetch(url, { headers: authed(ann.token) })).status).toBe(404);
    const message = await send(direct.id, '', w.admin.token, { attachmentIds: [attachment.id] });
    expect(message.contentType).toBe('image');
    expect(message.attachments.map((a) => a.id)).toEqual([attachment.id]);
    const download = await fetch(url, { headers: authed(ann.token) });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(url, { headers: authed(bob.token) })).status).toBe(404);
    // Attached once only.
    expect(
      (
        await w.call('POST', '/api/chat/messages/new', {
          conversationId: direct.id,
          body: 'again',
          attachmentIds: [attachment.id],
        })
      ).status,
    ).toBe(404);
  });

  it('takes copies of files-manager files the caller sees, all or none', async () => {
    const { w, ann, start, send } = await team();
    const direct = await start([ann.id]);
    const item = async (token: string, name: string, content: string, visibility = 'workspace') => {
      const response = await fetch(
        `${server.url}/api/files/upload?${new URLSearchParams({ name, visibility })}`,
        {
          method: 'POST',
          headers: { ...authed(token), 'content-type': 'application/octet-stream' },
          body: content,
        },
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { item: { id: string } }).item.id;
    };
    const report = await item(w.admin.token, 'Report.csv', 'a,b,c\n1,2,3\n4,5,6\n');
    const hers = await item(ann.token, 'Private.txt', 'hers', 'private');
    const upload = await uploadFile(server, w.admin.token, 'note.txt', 'note');
    const attach = (body: Record<string, unknown>) =>
      w.call('POST', '/api/chat/attachments/attach', { conversationId: direct.id, ...body });
    // Ann's private file is not the admin's to take: nothing is taken, the upload stays theirs.
    expect((await attach({ uploadIds: [upload], fileIds: [report, hers] })).status).toBe(404);
    const answer = await attach({ uploadIds: [upload], fileIds: [report] });
    expect(answer.status).toBe(201);
    const { attachments } = answer.body as {
      attachments: { id: string; name: string; mimeType: string }[];
    };
    expect(attachments.map((a) => [a.name, a.mimeType])).toEqual([
      ['note.txt', 'text/plain'],
      ['Report.csv', 'text/csv'],
    ]);
    const message = await send(direct.id, 'the numbers', w.admin.token, {
      attachmentIds: attachments.map((a) => a.id),
    });
    expect(message.contentType).toBe('file');
    const copy = await fetch(`${server.url}/api/chat/attachments/${attachments[1]!.id}`, {
      headers: authed(ann.token),
    });
    expect(await copy.text()).toBe('a,b,c\n1,2,3\n4,5,6\n');
  });

  it('delivers live to the participants only, with typing and receipts', async () => {
    const { w, ann, bob, start } = await team();
    const direct = await start([ann.id]);
    const annLive = await connectRealtime(server.url, ann.token);
    const bobLive = await connectRealtime(server.url, bob.token);
    const other = await crmWorkspace(server);
    const otherLive = await connectRealtime(server.url, other.admin.token);
    await w.ok('POST', '/api/chat/typing', { conversationId: direct.id });
    const typing = await annLive.next((m) => m.type === 'chat.typing');
    expect(typing.data).toEqual({ conversationId: direct.id, userId: w.userId });
    await w.ok('POST', '/api/chat/messages/new', { conversationId: direct.id, body: 'live' });
    const created = await annLive.next((m) => m.type === 'chat.message.created');
    expect(created.data).toMatchObject({ conversationId: direct.id, message: { body: 'live' } });
    await w.call(
      'GET',
      `/api/chat/conversation/mark-as-seen?conversationId=${direct.id}`,
      undefined,
      ann.token,
    );
    const adminLive = await connectRealtime(server.url, w.admin.token);
    await w.ok('POST', '/api/chat/messages/new', {
      conversationId: direct.id,
      body: 'second',
    });
    await w.call(
      'GET',
      `/api/chat/conversation/mark-as-seen?conversationId=${direct.id}`,
      undefined,
      ann.token,
    );
    const read = await adminLive.next((m) => m.type === 'chat.read');
    expect(read.data).toEqual({ conversationId: direct.id, userId: ann.id, lastReadSeq: 2 });
    // Nothing of it reached a colleague outside the conversation, nor another workspace.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const client of [bobLive, otherLive]) {
      expect(
        client.messages.filter((m) => m.type.startsWith('chat.') && m.type !== 'chat.presence'),
      ).toEqual([]);
    }
    for (const client of [annLive, bobLive, otherLive, adminLive]) client.close();
  });
});
