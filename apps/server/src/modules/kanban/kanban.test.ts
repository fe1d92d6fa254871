import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kanbanBoardSchema, type KanbanBoard, type KanbanCard } from '@beacon/contract';
import {
  addMember,
  authed,
  getJson,
  postJson,
  register,
  startTestServer,
  uploadFile,
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
      ['cards/attachments/attach', { cardId: card.id, uploadIds: [crypto.randomUUID()] }],
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

  it('attaches finished uploads of any type, serves them as downloads, and removes them', async () => {
    const w = await workspace();
    const todo = await w.column('To do');
    const card = await w.card(todo, 'A');
    const attach = (body: Record<string, unknown>, token = w.admin.token) =>
      w.call('cards/attachments/attach', { cardId: card.id, ...body }, token);
    const bytes = new TextEncoder().encode('<script>alert(1)</script>');
    const page = await uploadFile(server, w.admin.token, 'notes é.html', bytes);
    const response = await attach({ uploadIds: [page] });
    expect(response.status).toBe(201);
    const updated = response.body as unknown as KanbanCard;
    expect(updated.attachments).toHaveLength(1);
    const attachment = updated.attachments[0]!;
    // Any type: a page is kept as what the storage finds it is, and only ever downloaded.
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
    // Taken once: the upload is the card's now.
    expect((await attach({ uploadIds: [page] })).status).toBe(404);
    expect(
      (await fetch(`${server.url}/api/uploads/${page}`, { headers: authed(w.admin.token) })).status,
    ).toBe(404);

    const empty = await uploadFile(server, w.admin.token, 'empty.txt', new Uint8Array(0));
    expect((await attach({ uploadIds: [empty] })).body).toMatchObject({ code: 'BAD_REQUEST' });
    const big = await uploadFile(
      server,
      w.admin.token,
      'big.bin',
      new Uint8Array(11 * 1024 * 1024),
    );
    const tooLarge = await attach({ uploadIds: [big] });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: expect.stringMatching(/10 MiB/),
    });
    expect((await attach({ uploadIds: [] })).status).toBe(400);

    const removed = await w.ok('cards/attachments/delete', { attachmentId: attachment.id });
    expect(removed.attachments).toEqual([]);
    expect(
      (await fetch(`${server.url}${attachment.url}`, { headers: authed(w.admin.token) })).status,
    ).toBe(404);
  });

  it("answers 404 for another member's upload and another workspace's, all or none", async () => {
    const w = await workspace();
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const other = await workspace();
    const todo = await w.column('To do');
    const card = await w.card(todo, 'A');
    const mine = await uploadFile(server, w.admin.token, 'mine.txt', 'mine');
    const theirs = await uploadFile(server, colleague.token, 'theirs.txt', 'theirs');
    const outside = await uploadFile(server, other.admin.token, 'outside.txt', 'outside');
    for (const uploadIds of [[theirs], [outside], [crypto.randomUUID()], ['not-an-id']]) {
      const answer = await w.call('cards/attachments/attach', { cardId: card.id, uploadIds });
      expect(answer.status, JSON.stringify(uploadIds)).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    // One refused: none attached, and the caller's own upload is still theirs to attach.
    const mixed = await w.call('cards/attachments/attach', {
      cardId: card.id,
      uploadIds: [mine, theirs],
    });
    expect(mixed.status).toBe(404);
    expect((await w.board()).cards[card.id]!.attachments).toEqual([]);
    // Another workspace's card, with an upload of the caller's own.
    const otherCard = await other.card(await other.column('To do'), 'B');
    expect(
      (await w.call('cards/attachments/attach', { cardId: otherCard.id, uploadIds: [mine] }))
        .status,
    ).toBe(404);
    const ok = await w.call('cards/attachments/attach', { cardId: card.id, uploadIds: [mine] });
    expect(ok.status).toBe(201);
    expect((ok.body as unknown as KanbanCard).attachments.map((a) => a.name)).toEqual(['mine.txt']);
  });

  it('attaches copies of files-manager files the caller sees, never their stored files', async () => {
    const w = await workspace();
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const other = await workspace();
    const todo = await w.column('To do');
    const card = await w.card(todo, 'A');
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const shared = await fileItem(w.admin.token, 'Brief.pdf', pdf);
    const privateOne = await fileItem(colleague.token, 'Mine.txt', 'private', 'private');
    const outside = await fileItem(other.admin.token, 'Outside.txt', 'outside');
    const folder = await postJson(
      `${server.url}/api/files/folders`,
      { name: 'Folder' },
      authed(w.admin.token),
    );
    const folderId = (folder.body.item as { id: string }).id;
    const big = await fileItem(w.admin.token, 'big.bin', new Uint8Array(11 * 1024 * 1024));

    for (const fileIds of [[privateOne], [outside], [folderId]]) {
      const answer = await w.call('cards/attachments/attach', { cardId: card.id, fileIds });
      expect(answer.status, JSON.stringify(fileIds)).toBe(404);
    }
    const filesBefore = await storedFileCount();
    const tooLarge = await w.call('cards/attachments/attach', { cardId: card.id, fileIds: [big] });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // Refused from what the storage knows of it: nothing was copied.
    expect(await storedFileCount()).toBe(filesBefore);

    const upload = await uploadFile(server, w.admin.token, 'notes.txt', 'notes');
    const answer = await w.call('cards/attachments/attach', {
      cardId: card.id,
      uploadIds: [upload],
      fileIds: [shared],
    });
    expect(answer.status).toBe(201);
    const attachments = (answer.body as unknown as KanbanCard).attachments;
    expect(attachments.map((a) => [a.name, a.mimeType, a.size])).toEqual([
      ['notes.txt', 'text/plain', 5],
      ['Brief.pdf', 'application/pdf', pdf.length],
    ]);
    const copy = attachments[1]!;
    const { kanbanAttachments, fileItems } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const [held] = await server.database.db
      .select({ id: kanbanAttachments.storedFileId })
      .from(kanbanAttachments)
      .where(eq(kanbanAttachments.id, copy.id));
    const [source] = await server.database.db
      .select({ id: fileItems.storedFileId })
      .from(fileItems)
      .where(eq(fileItems.id, shared));
    expect(held!.id).not.toBe(source!.id);
    // The file leaves the files manager for good: the card's copy stays whole.
    await postJson(`${server.url}/api/files/${shared}/trash`, {}, authed(w.admin.token));
    const gone = await fetch(`${server.url}/api/files/${shared}`, {
      method: 'DELETE',
      headers: authed(w.admin.token),
    });
    expect(gone.status).toBe(204);
    const download = await fetch(`${server.url}${copy.url}`, { headers: authed(w.admin.token) });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });
});

/** A file of the files manager (its item's id), uploaded by `token`'s member. */
async function fileItem(
  token: string,
  name: string,
  content: Uint8Array | string,
  visibility: 'workspace' | 'private' = 'workspace',
): Promise<string> {
  const response = await fetch(
    `${server.url}/api/files/upload?${new URLSearchParams({ name, visibility })}`,
    {
      method: 'POST',
      headers: { ...authed(token), 'content-type': 'application/octet-stream' },
      body: content,
    },
  );
  const body = (await response.json()) as { item: { id: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.item.id;
}

/**
 * Every stored file but thumbnails (which jobs make meanwhile): a refused copy must leave none
 * behind.
 */
async function storedFileCount(): Promise<number> {
  const { storedFiles } = await import('../../db/schema/index.ts');
  const { count, ne } = await import('drizzle-orm');
  const [row] = await server.database.db
    .select({ n: count() })
    .from(storedFiles)
    .where(ne(storedFiles.ownerKind, 'thumbnail'));
  return row!.n;
}
