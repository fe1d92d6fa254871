/**
 * bench/calendar-kanban: a workspace with 10,000 events and a board of 2,000 cards.
 * Prints the median and 95th percentile of a month's GET /meetings/events, of GET
 * /api/kanban/board, and of the time from a card move (HTTP on one client) to its arrival on
 * another client's WebSocket; each against GET /health measured in the same run.
 *
 *   npm run bench:calendar-kanban                 embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npm run bench:calendar-kanban   that PostgreSQL database
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  calendarEvents,
  kanbanCards,
  kanbanColumns,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { spreadKeys } from '../apps/server/src/lib/positions.ts';
import { benchConfig, closeClient, measureGet, numberEnv, startServer, stats } from './lib.ts';

const EVENTS = 10_000;
const CARDS = 2_000;
const COLUMNS = 8;
const ROUNDS = numberEnv('BENCH_ROUNDS', 60);

const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(
  databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite-memory' },
);
const { app, base, member } = await startServer(
  database,
  benchConfig(mkdtempSync(path.join(tmpdir(), 'beacon-bench-')), databaseUrl),
);
const { token, auth } = member;
const me = { id: member.userId };
const workspaceId = member.workspaceId;
const json = { 'content-type': 'application/json' };

// Fill: events spread over 2026 at working hours, cards over 8 columns.
const started = performance.now();
const year = Date.UTC(2026, 0, 1);
const rows = Array.from({ length: EVENTS }, (_, i) => {
  const day = Math.floor((i * 365) / EVENTS);
  const start = new Date(year + day * 86_400_000 + (8 + (i % 9)) * 3_600_000);
  return {
    workspaceId,
    title: `Meeting ${i + 1}`,
    startAt: start,
    endAt: new Date(start.getTime() + 45 * 60_000),
    createdBy: me.id,
  };
});
for (let i = 0; i < rows.length; i += 1000) {
  await database.db.insert(calendarEvents).values(rows.slice(i, i + 1000));
}
const columnKeys = spreadKeys(COLUMNS);
const columns = await database.db
  .insert(kanbanColumns)
  .values(columnKeys.map((position, i) => ({ workspaceId, name: `Stage ${i + 1}`, position })))
  .returning({ id: kanbanColumns.id });
const perColumn = CARDS / COLUMNS;
const cardKeys = spreadKeys(perColumn);
const cards = columns.flatMap((column, c) =>
  cardKeys.map((position, i) => ({
    workspaceId,
    columnId: column.id,
    name: `Card ${c * perColumn + i + 1}`,
    position,
    createdBy: me.id,
  })),
);
for (let i = 0; i < cards.length; i += 500) {
  await database.db.insert(kanbanCards).values(cards.slice(i, i + 500));
}
const fillSeconds = (performance.now() - started) / 1000;

const measure = (url: string, headers: Record<string, string> = auth) =>
  measureGet(url, headers, ROUNDS);

const health = await measure(`${base}/health`, {});
const monthUrl = `${base}/meetings/events?start=2026-06-01T00:00:00Z&end=2026-07-01T00:00:00Z`;
const monthCount = ((await (await fetch(monthUrl, { headers: auth })).json()) as unknown[]).length;
const month = await measure(monthUrl);
const board = await measure(`${base}/api/kanban/board`);

// Move latency: client A moves by HTTP, client B's WebSocket receives the event.
function connect(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, ['beacon', token]);
    socket.once('message', () => resolve(socket));
    socket.once('error', reject);
  });
}
const observer = await connect();
const [firstColumn, secondColumn] = columns as [{ id: string }, { id: string }];
const moving = await database.db
  .select({ id: kanbanCards.id })
  .from(kanbanCards)
  .where(eq(kanbanCards.columnId, firstColumn.id))
  .limit(ROUNDS);
const moveSamples: number[] = [];
for (let i = 0; i < moving.length; i += 1) {
  const cardId = moving[i]!.id;
  const arrived = new Promise<number>((resolve) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(String(raw)) as { type: string; data: { id?: string } };
      if (message.type === 'kanban.card.moved' && message.data.id === cardId) {
        observer.off('message', onMessage);
        resolve(performance.now());
      }
    };
    observer.on('message', onMessage);
  });
  const t0 = performance.now();
  const response = await fetch(`${base}/api/kanban/cards/move`, {
    method: 'POST',
    headers: { ...auth, ...json },
    body: JSON.stringify({ cardId, columnId: secondColumn.id, index: i % 50 }),
  });
  if (!response.ok) throw new Error(`move answered ${response.status}`);
  moveSamples.push((await arrived) - t0);
}
const move = stats(moveSamples);
observer.close();

const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;
const ratio = (ms: number) => `${(ms / health.median).toFixed(1).padStart(6)}x`;
const memberCount = (
  await database.db.select().from(users).where(eq(users.workspaceId, workspaceId))
).length;
console.log(
  `bench/calendar-kanban on ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: ` +
    `${EVENTS} events, ${CARDS} cards in ${COLUMNS} columns, ${memberCount} member; filled in ${fillSeconds.toFixed(1)} s; ${ROUNDS} rounds each`,
);
console.log('                                            median        p95   median vs /health');
console.log(
  `GET /health (baseline)                   ${fmt(health.median)} ${fmt(health.p95)} ${ratio(health.median)}`,
);
console.log(
  `GET /meetings/events (a month, ${monthCount} events) ${fmt(month.median)} ${fmt(month.p95)} ${ratio(month.median)}`,
);
console.log(
  `GET /api/kanban/board (${CARDS} cards)      ${fmt(board.median)} ${fmt(board.p95)} ${ratio(board.median)}`,
);
console.log(
  `card move -> other client's WebSocket     ${fmt(move.median)} ${fmt(move.p95)} ${ratio(move.median)}`,
);

closeClient();
await app.close();
await database.close();
