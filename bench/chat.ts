/**
 * bench/chat: one conversation of 1,000,000 messages between two members. Prints the median and
 * 95th percentile of the newest page (GET /api/chat/conversation, as a conversation opens) and of
 * a page deep in the history (GET /api/chat/messages?before=), and the delivery time of a message
 * from the sender's HTTP call to another client's WebSocket: on the same process, and across two
 * processes on PostgreSQL (a second server process started beside this one). Each against GET
 * /health measured in the same run, with the machine's load.
 *
 *   npm run bench:chat                        PostgreSQL on 127.0.0.1 (BENCH_POSTGRES_URL)
 *   BENCH_DB=pglite npm run bench:chat        the embedded database (same process only)
 *
 * Targets (issue 10): pages under 30 ms and delivery under 100 ms at the 95th percentile.
 */
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { users } from '../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { startServer as startProcess, stopServer } from '../apps/server/test/processes.ts';
import {
  SECRET,
  benchTargets,
  benchConfig,
  closeClient,
  dbTitle,
  loadAverage,
  measureGet,
  numberEnv,
  openBenchDatabase,
  startServer,
  stats,
  type Stats,
} from './lib.ts';

const MESSAGES = numberEnv('BENCH_CHAT_MESSAGES', 1_000_000);
const ROUNDS = numberEnv('BENCH_ROUNDS', 60);
const PASSWORD = 'benchmark password';

const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;

function connect(base: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, ['beacon', token]);
    socket.once('message', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends ROUNDS messages through `base` and times each to its arrival on `observer`. */
async function delivery(
  base: string,
  auth: Record<string, string>,
  conversationId: string,
  observer: WebSocket,
): Promise<Stats> {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const body = `bench ${i} ${Math.random()}`;
    const arrived = new Promise<number>((resolve) => {
      const onMessage = (raw: WebSocket.RawData) => {
        const message = JSON.parse(String(raw)) as {
          type: string;
          data: { message?: { body: string } } | null;
        };
        if (message.type === 'chat.message.created' && message.data?.message?.body === body) {
          observer.off('message', onMessage);
          resolve(performance.now());
        }
      };
      observer.on('message', onMessage);
    });
    const t0 = performance.now();
    const response = await fetch(`${base}/api/chat/messages/new`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId, body }),
    });
    if (response.status !== 201) throw new Error(`send answered ${response.status}`);
    samples.push((await arrived) - t0);
  }
  return stats(samples);
}

for (const kind of benchTargets('postgres')) {
  const bench = await openBenchDatabase(kind, 'beacon_bench_chat');
  const config = benchConfig(bench.dataDir, bench.databaseUrl);
  const { app, base, member } = await startServer(bench.database, config);
  const db = bench.database.db;
  try {
    // The other member, straight into the workspace, and their token.
    const email = `bench-other-${Date.now()}@example.test`;
    const [other] = await db
      .insert(users)
      .values({
        workspaceId: member.workspaceId,
        email,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Other',
        lastName: 'Member',
        role: 'contributor',
      })
      .returning({ id: users.id });
    const login = await fetch(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
    });
    const otherToken = ((await login.json()) as { access_token: string }).access_token;

    const started = await fetch(`${base}/api/chat/conversation/new`, {
      method: 'POST',
      headers: { ...member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ participantIds: [other!.id] }),
    });
    const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation
      .id;

    // Fill: 1,000,000 messages, alternating senders, a minute apart, in one statement per chunk.
    const fillStart = performance.now();
    const CHUNK = 200_000;
    for (let from = 1; from <= MESSAGES; from += CHUNK) {
      const to = Math.min(MESSAGES, from + CHUNK - 1);
      await db.execute(sql`
        insert into chat_messages (workspace_id, conversation_id, seq, sender_id, body, created_at)
        select ${member.workspaceId}, ${conversationId}, s,
          case when s % 2 = 0 then ${member.userId}::uuid else ${other!.id}::uuid end,
          'Message number ' || s || ' of the long conversation',
          now() - make_interval(mins => ${MESSAGES} - s)
        from generate_series(${from}::int, ${to}::int) as s`);
    }
    await db.execute(sql`update chat_conversations set last_seq = ${MESSAGES}
      where id = ${conversationId}`);
    await db.execute(sql`update chat_participants set last_read_seq = ${MESSAGES - 40}
      where conversation_id = ${conversationId}`);
    await db.execute(sql`analyze chat_messages`);
    const fillSeconds = (performance.now() - fillStart) / 1000;

    const health = await measureGet(`${base}/health`, {}, ROUNDS);
    const newest = await measureGet(
      `${base}/api/chat/conversation?conversationKey=${conversationId}`,
      member.auth,
      ROUNDS,
    );
    const deep = await measureGet(
      `${base}/api/chat/messages?conversationId=${conversationId}&before=${Math.floor(MESSAGES / 2)}`,
      member.auth,
      ROUNDS,
    );
    const oldest = await measureGet(
      `${base}/api/chat/messages?conversationId=${conversationId}&before=100`,
      member.auth,
      ROUNDS,
    );
    const list = await measureGet(`${base}/api/chat/conversations`, member.auth, ROUNDS);

    const sameObserver = await connect(base, otherToken);
    const same = await delivery(base, member.auth, conversationId, sameObserver);
    sameObserver.close();

    let across: Stats | null = null;
    if (kind === 'postgres' && bench.databaseUrl) {
      const second = await startProcess(bench.dataDir, {
        DATABASE_URL: bench.databaseUrl,
        JWT_SECRET: SECRET,
        LOG_LEVEL: 'warn',
      });
      try {
        const acrossObserver = await connect(second.url, otherToken);
        across = await delivery(base, member.auth, conversationId, acrossObserver);
        acrossObserver.close();
      } finally {
        await stopServer(second, 'SIGTERM');
      }
    }

    const ok = (s: Stats, target: number) => (s.p95 < target ? 'ok' : 'OVER');
    console.log(
      `\nbench/chat on ${dbTitle(kind)}: one conversation of ${MESSAGES.toLocaleString('en')} messages, ` +
        `filled in ${fillSeconds.toFixed(1)} s; ${ROUNDS} rounds each; load ${loadAverage()}`,
    );
    console.log('                                                   median        p95   target');
    console.log(
      `GET /health (baseline)                          ${fmt(health.median)} ${fmt(health.p95)}`,
    );
    console.log(
      `newest page: GET /api/chat/conversation         ${fmt(newest.median)} ${fmt(newest.p95)}   <30 ms ${ok(newest, 30)}`,
    );
    console.log(
      `deep page: GET /api/chat/messages?before=${String(Math.floor(MESSAGES / 2)).padEnd(7)}${fmt(deep.median)} ${fmt(deep.p95)}   <30 ms ${ok(deep, 30)}`,
    );
    console.log(
      `oldest page: GET /api/chat/messages?before=100  ${fmt(oldest.median)} ${fmt(oldest.p95)}   <30 ms ${ok(oldest, 30)}`,
    );
    console.log(
      `GET /api/chat/conversations (unread counts)    ${fmt(list.median)} ${fmt(list.p95)}`,
    );
    console.log(
      `delivery, same process                         ${fmt(same.median)} ${fmt(same.p95)}  <100 ms ${ok(same, 100)}`,
    );
    if (across) {
      console.log(
        `delivery, across two processes                 ${fmt(across.median)} ${fmt(across.p95)}  <100 ms ${ok(across, 100)}`,
      );
    } else {
      console.log('delivery, across two processes: PostgreSQL only (BENCH_DB=postgres)');
    }
  } finally {
    await app.close();
    await bench.close();
  }
}
closeClient();
