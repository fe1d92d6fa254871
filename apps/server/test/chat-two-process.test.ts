import { describe, expect, it } from 'vitest';
import { processDatabase, startServer, type ServerProcess } from './processes.ts';
import { connectRealtime } from './ws-client.ts';

/**
 * The chat across two server processes on one PostgreSQL database (docs/decisions/048-chat.md):
 * a message sent through one reaches a participant's client of the other, and only theirs; a
 * client that was away catches up by seq without gaps; presence counts connections of both.
 * The database is made fresh on the server of TEST_POSTGRES_URL, else DATABASE_URL, else the
 * local one, and dropped afterwards.
 */
const db = processDatabase('chat_two');
const { servers } = db;

async function signIn(url: string, username: string) {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: 'beacon-demo' }).toString(),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('chat on two server processes', () => {
  it('delivers a message sent through one to a participant on the other, and catches up', async () => {
    // The demo team: Ava (demo account) and Léo on A and B; Omar is not in their direct chat.
    const env = { ...db.env, SEED_DEMO: 'true' };
    servers.push(await startServer(db.dataDir, env));
    servers.push(await startServer(db.dataDir, env));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const ava = await signIn(a.url, 'demo@beacon.local');
    const leo = await signIn(b.url, 'leo.dubois@beacon.local');
    const omar = await signIn(b.url, 'omar.haddad@beacon.local');
    const call = async (url: string, token: string, pathName: string, body?: unknown) => {
      const response = await fetch(`${url}${pathName}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, pathName).toBeLessThan(300);
      return (await response.json()) as Record<string, unknown>;
    };
    const me = await call(b.url, leo, '/user/me');
    const started = await call(a.url, ava, '/api/chat/conversation/new', {
      participantIds: [me.id],
    });
    const conversationId = (started.conversation as { id: string }).id;

    const leoOnB = await connectRealtime(b.url, leo);
    const omarOnB = await connectRealtime(b.url, omar);
    // Léo's connection on B shows him online to Ava's process.
    let status = '';
    for (let i = 0; i < 100 && status !== 'online'; i++) {
      const { contacts } = (await call(a.url, ava, '/api/chat/contacts')) as {
        contacts: { id: string; status: string }[];
      };
      status = contacts.find((c) => c.id === me.id)?.status ?? '';
      if (status !== 'online') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('online');

    const sentAt = performance.now();
    const { message } = (await call(a.url, ava, '/api/chat/messages/new', {
      conversationId,
      body: 'Across processes',
    })) as { message: { id: string; seq: number } };
    const arrived = await leoOnB.next((m) => m.type === 'chat.message.created');
    console.log(
      `chat two-process: from the send on A to the client on B: ${(arrived.receivedAt - sentAt).toFixed(1)} ms`,
    );
    expect(arrived.data).toMatchObject({ conversationId, message: { id: message.id } });

    // Léo's client goes away; three messages are sent; back, it reads after its last seq.
    leoOnB.close();
    for (const body of ['one', 'two', 'three']) {
      await call(a.url, ava, '/api/chat/messages/new', { conversationId, body });
    }
    const missed = (await call(
      b.url,
      leo,
      `/api/chat/messages?conversationId=${conversationId}&after=${message.seq}`,
    )) as { messages: { seq: number; body: string }[] };
    expect(missed.messages.map((m) => [m.seq, m.body])).toEqual([
      [message.seq + 1, 'one'],
      [message.seq + 2, 'two'],
      [message.seq + 3, 'three'],
    ]);
    // Omar heard nothing of a conversation he is not in.
    expect(omarOnB.messages.filter((m) => m.type.startsWith('chat.message'))).toEqual([]);
    omarOnB.close();
  }, 240_000);
});
