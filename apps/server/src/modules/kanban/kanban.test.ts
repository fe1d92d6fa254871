import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kanbanBoardSchema, type KanbanBoard, type KanbanCard } from '@beacon/contract';
import {
  addMember,
  authed,
  getJson,
  postJson,
  register,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A fresh workspace with its admin, so each test starts from an empty board. */
async function workspace() {
  const admin = await register(server);
  const call = async (path: string, body: unknown, token = admin.token) =>
    postJson(`${server.url}/api/kanban/${path}`, body, authed(token));
  const ok = async (path: string, body: unknown) => {
    const response = await call(path, body);
    if (response.status >= 300) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
    return response.body as Record<string, unknown>;
  };
  const board = async (token = admin.token) => {
    const response = await getJson(`${server.url}/api/kanban/board`, token);
    expect(response.status).toBe(200);
    return kanbanBoardSchema.parse(response.body);
  };
  const column = async (name: string) => (await ok('columns/new', { name })).id as string;
  const card = async (columnId: string, name: string, extra: Record<string, unknown> = {}) =>
    (await ok('cards/new', { columnId, card: { name, ...extra } })) as unknown as KanbanCard;
  return { admin, call, ok, board, column, card };
}

const names = (board: KanbanBoard, columnId: string) =>
  board.columns[columnId]!.cardIds.map((id) => board.cards[id]!.name);

describe('kanban board', () => {
  it('starts empty, in the spec shape', async () => {
    const w = await workspace();
    expect(await w.board()).toEqual({ cards: {}, columns: {}, columnOrder: [] });
  });

  it('adds columns at the end and cards at the end of their column', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const doing = await w.column('Doing');
    const a = await w.card(todo, 'A');
    const b = await w.card(todo, 'B');
    expect(a).toMatchObject({
      name: 'A',
      columnId: todo,
      description: '',
      priority: 'medium',
      dueAt: null,
      labels: [],
      assigneeIds: [],
      checklist: [],
      attachments: [],
      commentCount: 0,
    });
    const board = await w.board();
    expect(board.columnOrder).toEqual([todo, doing]);
    expect(board.columns[todo]!.cardIds).toEqual([a.id, b.id]);
    expect(board.columns[doing]!.cardIds).toEqual([]);
    expect(Object.keys(board.cards).sort()).toEqual([a.id, b.id].sort());
  });

  it('renames a column', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const renamed = await w.ok('columns/update', { columnId: todo, column: { name: 'Backlog' } });
    expect(renamed).toMatchObject({ id: todo, name: 'Backlog', cardIds: [] });
    expect((await w.board()).columns[todo]!.name).toBe('Backlog');
  });

  it('deletes a column with its cards and its place in the order', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const done = await w.column('Done');
    const a = await w.card(todo, 'A');
    const b = await w.card(todo, 'B');
    const kept = await w.card(done, 'Kept');
    const deleted = await w.ok('columns/delete', { columnId: todo });
    expect(deleted).toEqual({ columnId: todo, cardIds: [a.id, b.id] });
    const board = await w.board();
    expect(board.columnOrder).toEqual([done]);
    expect(board.columns[todo]).toBeUndefined();
    expect(Object.keys(board.cards)).toEqual([kept.id]);
  });

  it('clears a column, keeping it', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    await w.card(todo, 'A');
    await w.card(todo, 'B');
    expect(await w.ok('columns/clear', { columnId: todo })).toMatchObject({
      id: todo,
      cardIds: [],
    });
    const board = await w.board();
    expect(board.columnOrder).toEqual([todo]);
    expect(board.cards).toEqual({});
  });

  it('deletes a card from its column and the cards', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const a = await w.card(todo, 'A');
    const b = await w.card(todo, 'B');
    expect(await w.ok('cards/delete', { cardId: a.id })).toEqual({ cardId: a.id, columnId: todo });
    const board = await w.board();
    expect(board.columns[todo]!.cardIds).toEqual([b.id]);
    expect(board.cards[a.id]).toBeUndefined();
  });

  it('moves cards within and between columns to the asked place', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const done = await w.column('Done');
    const cards: Record<string, KanbanCard> = {};
    for (const name of ['A', 'B', 'C', 'D']) cards[name] = await w.card(todo, name);
    await w.ok('cards/move', { cardId: cards.D!.id, columnId: todo, index: 0 });
    expect(names(await w.board(), todo)).toEqual(['D', 'A', 'B', 'C']);
    await w.ok('cards/move', { cardId: cards.D!.id, columnId: todo, index: 2 });
    expect(names(await w.board(), todo)).toEqual(['A', 'B', 'D', 'C']);
    const moved = await w.ok('cards/move', { cardId: cards.B!.id, columnId: done, index: 0 });
    expect(moved.columnId).toBe(done);
    await w.ok('cards/move', { cardId: cards.A!.id, columnId: done, index: 99 });
    const board = await w.board();
    expect(names(board, todo)).toEqual(['D', 'C']);
    expect(names(board, done)).toEqual(['B', 'A']);
  });

  it('moves columns to the asked place', async () => {
    const w = await workspace();
    const ids = [await w.column('1'), await w.column('2'), await w.column('3')];
    const answer = await w.ok('columns/move', { columnId: ids[2], index: 0 });
    expect(answer).toEqual({ columnOrder: [ids[2], ids[0], ids[1]] });
    expect((await w.board()).columnOrder).toEqual([ids[2], ids[0], ids[1]]);
  });

  it('keeps one stable order under concurrent moves, even to the same place', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const done = await w.column('Done');
    const cards: KanbanCard[] = [];
    for (let i = 0; i < 8; i += 1) cards.push(await w.card(todo, `Card ${i}`));
    // Everyone drops their card at the top of Done at once.
    const results = await Promise.all(
      cards.map((card) => w.call('cards/move', { cardId: card.id, columnId: done, index: 0 })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const first = await w.board();
    expect(first.columns[done]!.cardIds).toHaveLength(8);
    expect(first.columns[todo]!.cardIds).toEqual([]);
    // Every reader sees the same order, and a later move lands exactly where asked.
    expect((await w.board()).columns[done]!.cardIds).toEqual(first.columns[done]!.cardIds);
    const last = first.columns[done]!.cardIds.at(-1)!;
    await w.ok('cards/move', { cardId: last, columnId: done, index: 1 });
    const after = (await w.board()).columns[done]!.cardIds;
    expect(after[1]).toBe(last);
    expect(new Set(after).size).toBe(8);
  });

  it('still finds room after many moves to the same spot', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const cards: KanbanCard[] = [];
    for (let i = 0; i < 4; i += 1) cards.push(await w.card(todo, `C${i}`));
    for (let i = 0; i < 60; i += 1) {
      const card = cards[i % 4]!;
      await w.ok('cards/move', { cardId: card.id, columnId: todo, index: 1 });
      const order = (await w.board()).columns[todo]!.cardIds;
      expect(order[1]).toBe(card.id);
    }
  });

  it('updates card details: description, priority, due date, labels, assignees, checklist', async () => {
    const w = await workspace();
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const todo = await w.column('To do');
    const card = await w.card(todo, 'Prepare proposal');
    const updated = await w.ok('cards/update', {
      cardId: card.id,
      card: {
        description: 'Pricing for 40 seats',
        priority: 'high',
        dueAt: '2026-12-01T17:00:00Z',
        labels: ['proposal', 'acme'],
        assigneeIds: [colleague.id],
        checklist: [
          { id: 'c1', text: 'Draft', done: true },
          { id: 'c2', text: 'Review', done: false },
        ],
      },
    });
    expect(updated).toMatchObject({
      name: 'Prepare proposal',
      description: 'Pricing for 40 seats',
      priority: 'high',
      dueAt: '2026-12-01T17:00:00.000Z',
      labels: ['proposal', 'acme'],
      assigneeIds: [colleague.id],
      checklist: [
        { id: 'c1', text: 'Draft', done: true },
        { id: 'c2', text: 'Review', done: false },
      ],
    });
    const cleared = await w.ok('cards/update', {
      cardId: card.id,
      card: { dueAt: null, assigneeIds: [] },
    });
    expect(cleared).toMatchObject({ dueAt: null, assigneeIds: [], priority: 'high' });
  });

  it('validates cards and columns', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const outsider = await register(server);
    const outsiderId = (await getJson(`${server.url}/user/me`, outsider.token)).body.id as string;
    const cases: [string, unknown, string][] = [
      ['columns/new', { name: '' }, 'name'],
      ['columns/new', { name: 'x'.repeat(101) }, 'name'],
      ['columns/new', {}, 'name'],
      ['cards/new', { columnId: todo, card: { name: ' ' } }, 'card.name'],
      ['cards/new', { columnId: 'nope', card: { name: 'A' } }, 'columnId'],
      ['cards/new', { columnId: todo, card: { name: 'A', priority: 'urgent' } }, 'card.priority'],
      ['cards/new', { columnId: todo, card: { name: 'A', dueAt: 'soon' } }, 'card.dueAt'],
      [
        'cards/new',
        { columnId: todo, card: { name: 'A', labels: Array(21).fill('x') } },
        'card.labels',
      ],
      [
        'cards/new',
        { columnId: todo, card: { name: 'A', assigneeIds: [outsiderId] } },
        'assigneeIds',
      ],
      ['cards/move', { cardId: todo, columnId: todo, index: -1 }, 'index'],
      ['columns/move', { columnId: todo, index: 1.5 }, 'index'],
    ];
    for (const [path, body, field] of cases) {
      const response = await w.call(path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(response.body.errors as object), path).toContain(field);
    }
    expect(Object.keys((await w.board()).cards)).toEqual([]);
  });

  it('answers 404 for unknown ids', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await w.call('cards/new', { columnId: ghost, card: { name: 'A' } })).status).toBe(404);
    expect((await w.call('cards/move', { cardId: ghost, columnId: todo, index: 0 })).status).toBe(
      404,
    );
    const card = await w.card(todo, 'A');
    expect(
      (await w.call('cards/move', { cardId: card.id, columnId: ghost, index: 0 })).status,
    ).toBe(404);
    expect((await w.call('columns/delete', { columnId: ghost })).status).toBe(404);
  });

  it('lets a viewer read the board and comments but change nothing', async () => {
    const w = await workspace();
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const todo = await w.column('To do');
    const card = await w.card(todo, 'A');
    expect(Object.keys((await w.board(viewer.token)).cards)).toEqual([card.id]);
    const comments = await getJson(
      `${server.url}/api/kanban/cards/comments?cardId=${card.id}`,
      viewer.token,
    );
    expect(comments.status).toBe(200);
    for (const [path, body] of [
      ['columns/new', { name: 'X' }],
      ['columns/update', { columnId: todo, column: { name: 'X' } }],
      ['columns/delete', { columnId: todo }],
      ['columns/clear', { columnId: todo }],
      ['columns/move', { columnId: todo, index: 0 }],
      ['cards/new', { columnId: todo, card: { name: 'X' } }],
      ['cards/update', { cardId: card.id, card: { name: 'X' } }],
      ['cards/delete', { cardId: card.id }],
      ['cards/move', { cardId: card.id, columnId: todo, index: 0 }],
      ['cards/comments/new', { cardId: card.id, body: 'hi' }],
    ] as const) {
      const response = await w.call(path, body, viewer.token);
      expect(response.status, path).toBe(403);
    }
    expect(await w.board()).toEqual(await w.board(viewer.token));
    expect(names(await w.board(), todo)).toEqual(['A']);
  });

  it('keeps comments in order and counts them on the card', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const card = await w.card(todo, 'A');
    await w.ok('cards/comments/new', { cardId: card.id, body: 'First' });
    await w.ok('cards/comments/new', { cardId: card.id, body: 'Second' });
    const comments = await getJson(
      `${server.url}/api/kanban/cards/comments?cardId=${card.id}`,
      w.admin.token,
    );
    expect((comments.body as unknown as { body: string }[]).map((c) => c.body)).toEqual([
      'First',
      'Second',
    ]);
    expect((await w.board()).cards[card.id]!.commentCount).toBe(2);
    expect((await w.call('cards/comments/new', { cardId: card.id, body: '   ' })).status).toBe(400);
  });

  it('stores attachments, serves them as downloads, and removes them', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const card = await w.card(todo, 'A');
    const upload = (body: Uint8Array | string, query: string, type = 'application/octet-stream') =>
      fetch(`${server.url}/api/kanban/cards/attachments/new?${query}`, {
        method: 'POST',
        headers: { ...authed(w.admin.token), 'content-type': type, 'x-file-type': 'text/html' },
        body,
      });
    const bytes = new TextEncoder().encode('<script>alert(1)</script>');
    const response = await upload(
      bytes,
      `cardId=${card.id}&name=${encodeURIComponent('notes é.html')}`,
    );
    expect(response.status).toBe(201);
    const updated = (await response.json()) as KanbanCard;
    expect(updated.attachments).toHaveLength(1);
    const attachment = updated.attachments[0]!;
    expect(attachment).toMatchObject({
      name: 'notes é.html',
      mimeType: 'text/html',
      size: bytes.length,
    });

    const download = await fetch(`${server.url}${attachment.url}`, {
      headers: authed(w.admin.token),
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${server.url}${attachment.url}`)).status).toBe(401);

    expect((await upload(bytes, `cardId=${card.id}&name=x`, 'application/json')).status).toBe(415);
    expect((await upload(new Uint8Array(0), `cardId=${card.id}&name=x`)).status).toBe(400);
    expect(
      (await upload(new Uint8Array(11 * 1024 * 1024), `cardId=${card.id}&name=big`)).status,
    ).toBe(413);

    const removed = await w.ok('cards/attachments/delete', { attachmentId: attachment.id });
    expect(removed.attachments).toEqual([]);
    expect(
      (await fetch(`${server.url}${attachment.url}`, { headers: authed(w.admin.token) })).status,
    ).toBe(404);
  });
});
