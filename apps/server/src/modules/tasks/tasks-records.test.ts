import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmWorkspace, query } from '../../../test/crm.ts';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { bulkTasks } from '../../db/crm-seed/bulk-tasks.ts';

// Tasks as an entry of the records registry (docs/decisions/044), through real HTTP on a real
// database: the engine's filters on every field, sort and shared cursor, search, count, saved
// views, bulk by the engine's selection (and its 10,000 cap), the CSV export, notes and the
// timeline, and finishing a task touching the records it concerns in the same transaction.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type TaskJson = {
  id: string;
  title: string;
  type: string;
  status: string;
  priority: string;
  dueAt: string | null;
  dueState: string;
  assigneeId: string | null;
  updatedAt: string;
};
type Workspace = Awaited<ReturnType<typeof crmWorkspace>>;
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

const filtered = async (w: Workspace, filters: unknown[], extra: Record<string, unknown> = {}) =>
  (
    await w.ok(
      'GET',
      `/api/tasks?${query({ filters: JSON.stringify(filters), limit: 200, ...extra })}`,
    )
  ).items as TaskJson[];
const titles = (items: TaskJson[]) => items.map((t) => t.title).sort();

/** The stored last activity of a record, read from the database. */
async function lastActivity(table: 'people' | 'companies' | 'deals', id: string): Promise<Date> {
  const result = (await server.database.db.execute(
    sql`select last_activity_at as at from ${sql.identifier(table)} where id = ${id}::uuid`,
  )) as unknown as { rows: { at: string | Date }[] };
  return new Date(result.rows[0]!.at);
}
async function age(table: 'people' | 'companies' | 'deals', id: string, days: number) {
  await server.database.db.execute(
    sql`update ${sql.identifier(table)} set last_activity_at = now() - make_interval(days => ${days})
        where id = ${id}::uuid`,
  );
}

describe('tasks in the records registry', () => {
  it('filters on every field, searches title and notes, sorts and pages with the shared cursor', async () => {
    const w = await crmWorkspace(server);
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const person = (await w.ok('POST', '/api/people', { lastName: 'Lovelace' })).id as string;
    const company = (await w.ok('POST', '/api/companies', { name: 'Acme' })).id as string;
    const deal = (await w.ok('POST', '/api/deals', { name: 'Renewal' })).id as string;
    const make = async (title: string, fields: Record<string, unknown> = {}) =>
      (await w.ok('POST', '/api/tasks', { title, ...fields })) as TaskJson;
    await make('alpha call', {
      type: 'call',
      priority: 'high',
      dueAt: at(-30 * HOUR),
      personId: person,
    });
    await make('Bravo email', { type: 'email', dueAt: at(72 * HOUR), companyId: company });
    await make('charlie prep', {
      type: 'meeting_prep',
      assigneeId: colleague.id,
      notes: 'Bring the contract',
      dealId: deal,
    });
    const done = await make('Delta done', { priority: 'low' });
    await w.ok('PATCH', `/api/tasks/${done.id}`, { status: 'done' });

    expect(
      titles(await filtered(w, [{ field: 'type', op: 'in', value: ['call', 'email'] }])),
    ).toEqual(['Bravo email', 'alpha call']);
    expect(titles(await filtered(w, [{ field: 'title', op: 'contains', value: 'PREP' }]))).toEqual([
      'charlie prep',
    ]);
    expect(titles(await filtered(w, [{ field: 'priority', op: 'equals', value: 'high' }]))).toEqual(
      ['alpha call'],
    );
    expect(titles(await filtered(w, [{ field: 'status', op: 'equals', value: 'done' }]))).toEqual([
      'Delta done',
    ]);
    expect(
      titles(await filtered(w, [{ field: 'dueState', op: 'equals', value: 'overdue' }])),
    ).toEqual(['alpha call']);
    expect(
      titles(await filtered(w, [{ field: 'dueState', op: 'in', value: ['upcoming', 'none'] }])),
    ).toEqual(['Bravo email', 'charlie prep']);
    expect(
      titles(await filtered(w, [{ field: 'dueState', op: 'equals', value: 'closed' }])),
    ).toEqual(['Delta done']);
    expect(
      titles(await filtered(w, [{ field: 'assigneeId', op: 'equals', value: colleague.id }])),
    ).toEqual(['charlie prep']);
    expect(
      titles(await filtered(w, [{ field: 'createdBy', op: 'equals', value: w.userId }])),
    ).toHaveLength(4);
    expect(titles(await filtered(w, [{ field: 'personId', op: 'equals', value: person }]))).toEqual(
      ['alpha call'],
    );
    expect(titles(await filtered(w, [{ field: 'companyId', op: 'not_empty' }]))).toEqual([
      'Bravo email',
    ]);
    expect(titles(await filtered(w, [{ field: 'dealId', op: 'equals', value: deal }]))).toEqual([
      'charlie prep',
    ]);
    expect(titles(await filtered(w, [{ field: 'notes', op: 'not_empty' }]))).toEqual([
      'charlie prep',
    ]);
    expect(titles(await filtered(w, [{ field: 'dueAt', op: 'empty' }]))).toEqual([
      'Delta done',
      'charlie prep',
    ]);
    expect(
      titles(
        await filtered(w, [
          { field: 'dueAt', op: 'between', value: { from: at(0), to: at(100 * HOUR) } },
        ]),
      ),
    ).toEqual(['Bravo email']);
    expect(titles(await filtered(w, [{ field: 'completedAt', op: 'not_empty' }]))).toEqual([
      'Delta done',
    ]);
    for (const field of ['createdAt', 'updatedAt', 'lastActivityAt']) {
      expect(
        await filtered(w, [{ field, op: 'between', value: { from: at(-HOUR), to: at(HOUR) } }]),
      ).toHaveLength(4);
    }
    // The shortcuts and the engine's conditions hold together.
    expect(
      titles(
        await filtered(w, [{ field: 'type', op: 'equals', value: 'call' }], {
          due: 'overdue',
          mine: 'true',
        }),
      ),
    ).toEqual(['alpha call']);
    // Search reads the title and the notes.
    expect(
      titles((await w.ok('GET', `/api/tasks?${query({ q: 'contract' })}`)).items as TaskJson[]),
    ).toEqual(['charlie prep']);
    // Count: exact, with the engine's answer.
    expect(
      await w.ok(
        'GET',
        `/api/tasks/count?${query({ filters: JSON.stringify([{ field: 'status', op: 'equals', value: 'open' }]) })}`,
      ),
    ).toEqual({ count: 3, estimate: false });

    // Sort by any sortable field (title is case-insensitive), pages through the shared cursor.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await w.ok(
        'GET',
        `/api/tasks?${query({ sort: '-title', limit: 1, ...(cursor ? { cursor } : {}) })}`,
      )) as { items: TaskJson[]; nextCursor: string | null };
      seen.push(...page.items.map((t) => t.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Delta done', 'charlie prep', 'Bravo email', 'alpha call']);
    const typed = (await w.ok('GET', '/api/tasks?sort=type&limit=200')).items as TaskJson[];
    expect(typed.map((t) => t.type)).toEqual(['todo', 'call', 'email', 'meeting_prep']);

    // Refusals name the parameter: an unknown field, a wrong operator or value, a list, a sort.
    for (const [filters, word] of [
      [[{ field: 'nope', op: 'equals', value: 'x' }], 'Unknown field'],
      [[{ field: 'dueState', op: 'contains', value: 'x' }], 'operator'],
      [[{ field: 'dueState', op: 'equals', value: 'someday' }], 'not a value'],
      [[{ field: 'assigneeId', op: 'equals', value: 'me' }], 'not an id'],
      [[{ field: 'list', op: 'on_list', value: person }], 'Unknown field'],
    ] as const) {
      const refused = await w.call(
        'GET',
        `/api/tasks?${query({ filters: JSON.stringify(filters) })}`,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toHaveProperty('filters');
      expect(JSON.stringify(refused.body.errors)).toContain(word);
    }
    for (const sort of ['dueState', 'nope']) {
      expect((await w.call('GET', `/api/tasks?${query({ sort })}`)).status).toBe(400);
    }
    // A cursor of another sort, or of another entity, is a 400.
    const byTitle = (await w.ok('GET', '/api/tasks?sort=title&limit=1')).nextCursor as string;
    expect(
      (await w.call('GET', `/api/tasks?${query({ sort: 'dueAt', cursor: byTitle })}`)).status,
    ).toBe(400);
    const people = (await w.ok('GET', '/api/people?limit=1')) as { nextCursor: string | null };
    await w.ok('POST', '/api/people', { lastName: 'Hopper' });
    const personCursor = ((await w.ok('GET', '/api/people?limit=1')) as { nextCursor: string })
      .nextCursor;
    expect(people.nextCursor).toBeNull();
    expect(
      (await w.call('GET', `/api/tasks?${query({ cursor: personCursor, sort: '-createdAt' })}`))
        .status,
    ).toBe(400);
  });

  it('keeps saved views of tasks, checked as a list query would be; no lists or imports of tasks', async () => {
    const w = await crmWorkspace(server);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const view = await w.ok('POST', '/api/views', {
      name: 'My overdue calls',
      entity: 'tasks',
      filters: [
        { field: 'dueState', op: 'equals', value: 'overdue' },
        { field: 'type', op: 'equals', value: 'call' },
      ],
      sort: '-dueAt',
      shared: true,
    });
    expect(view).toMatchObject({ entity: 'tasks', sort: '-dueAt' });
    const views = (await w.ok('GET', '/api/views?entity=tasks')) as unknown as { id: string }[];
    expect(views.map((v) => v.id)).toEqual([view.id]);
    expect(await w.ok('GET', '/api/views?entity=people')).toEqual([]);
    // A viewer reads the shared view.
    expect(
      (
        (await w.ok(
          'GET',
          '/api/views?entity=tasks',
          undefined,
          viewer.token,
        )) as unknown as unknown[]
      ).length,
    ).toBe(1);
    for (const bad of [
      { filters: [{ field: 'stage', op: 'equals', value: 'lead' }] },
      { filters: [{ field: 'dueState', op: 'equals', value: 'later' }] },
      { sort: 'dueState' },
    ]) {
      const refused = await w.call('POST', '/api/views', { name: 'Bad', entity: 'tasks', ...bad });
      expect(refused.status).toBe(400);
    }
    expect(((await w.ok('GET', '/api/views?entity=tasks')) as unknown as unknown[]).length).toBe(1);
    // Tasks have no lists and no import (docs/decisions/044).
    expect((await w.call('POST', '/api/lists', { name: 'Tasks', kind: 'tasks' })).status).toBe(400);
    expect((await w.call('GET', '/api/lists?kind=tasks')).status).toBe(400);
  });

  it('acts on the engine selection, refuses more than 10,000 tasks with 413 and changes nothing', async () => {
    const w = await crmWorkspace(server);
    const me = await w.ok('GET', '/user/me');
    const workspaceId = (me.workspace as { id: string }).id;
    const a = (await w.ok('POST', '/api/tasks', { title: 'Call A', type: 'call' })) as TaskJson;
    await w.ok('POST', '/api/tasks', { title: 'Mail B', type: 'email' });
    const bySelection = await w.ok('POST', '/api/tasks/bulk', {
      selection: { filter: { filters: [{ field: 'type', op: 'equals', value: 'call' }] } },
      action: { type: 'complete' },
    });
    expect(bySelection.affected).toBe(1);
    expect(((await w.ok('GET', `/api/tasks/${a.id}`)) as TaskJson).status).toBe('done');
    const byIds = await w.ok('POST', '/api/tasks/bulk', {
      selection: { ids: [a.id] },
      action: { type: 'reopen' },
    });
    expect(byIds.affected).toBe(1);
    // A search is a selection too.
    expect(
      (
        await w.ok('POST', '/api/tasks/bulk', {
          selection: { filter: { q: 'mail b', filters: [] } },
          action: { type: 'skip' },
        })
      ).affected,
    ).toBe(1);
    const refused = await w.call('POST', '/api/tasks/bulk', {
      selection: { filter: { filters: [{ field: 'list', op: 'on_list', value: a.id }] } },
      action: { type: 'complete' },
    });
    expect(refused.status).toBe(400);

    await w.ok('POST', '/api/people', { lastName: 'Seeded' });
    await bulkTasks(server.database.db, { workspaceId, count: 10_001, assigneeIds: [w.userId] });
    const before = await w.ok('GET', '/api/tasks/counts');
    for (const body of [
      { selection: { filter: { filters: [] } }, action: { type: 'delete' } },
      { filter: {}, action: { type: 'reassign', assigneeId: null } },
    ]) {
      const tooMany = await w.call('POST', '/api/tasks/bulk', body);
      expect(tooMany.status).toBe(413);
      expect(tooMany.body.code).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(await w.ok('GET', '/api/tasks/counts')).toEqual(before);
    expect((await w.ok('GET', '/api/tasks/count')).count).toBe(10_003);
  });

  it('exports the filtered view as CSV, for every role', async () => {
    const w = await crmWorkspace(server);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const company = (await w.ok('POST', '/api/companies', { name: 'Acme', domain: 'acme.test' }))
      .id as string;
    await w.ok('POST', '/api/tasks', {
      title: '=Call "Ada"',
      type: 'call',
      dueAt: '2026-12-01T09:00:00.000Z',
      companyId: company,
      notes: 'Line one\nline two',
    });
    await w.ok('POST', '/api/tasks', { title: 'Other', type: 'email' });
    const filters = JSON.stringify([{ field: 'type', op: 'equals', value: 'call' }]);
    const csv = await w.call(
      'GET',
      `/api/tasks/export.csv?${query({ filters })}`,
      undefined,
      viewer.token,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('tasks.csv');
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Title,Type,Status,Priority,Due,Due state,Time zone,Assignee,Person,Company,Company domain,Notes,Completed,Created',
    );
    // Formulas defused, quotes doubled, the assignee by e-mail, the company and its domain.
    expect(csv.text).toContain(`"'=Call ""Ada"""`);
    expect(csv.text).toContain(',call,open,normal,2026-12-01T09:00:00.000Z,');
    expect(csv.text).toContain(',Acme,acme.test,"Line one\nline two",');
    expect(csv.text).not.toContain('Other');
    const picked = await w.call(
      'GET',
      `/api/tasks/export.csv?${query({ columns: 'title,id', sort: 'title' })}`,
    );
    const rows = picked.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Title,Id');
    expect(rows).toHaveLength(3);
    expect((await w.call('GET', '/api/tasks/export.csv?columns=nope')).status).toBe(400);
    expect((await w.call('GET', `/api/tasks/export.csv?${query({ filters: '[' })}`)).status).toBe(
      400,
    );
  });

  it('gives each task notes and a timeline of its changes; not to another workspace or a viewer', async () => {
    const w = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const task = (await w.ok('POST', '/api/tasks', { title: 'Call Ada' })) as TaskJson;
    const note = await w.ok('POST', `/api/tasks/${task.id}/notes`, { body: 'Left a message' });
    expect(note).toMatchObject({ subjectType: 'task', subjectId: task.id, body: 'Left a message' });
    await w.ok('PATCH', `/api/tasks/${task.id}`, { status: 'done' });
    await w.ok('PATCH', `/api/tasks/${task.id}`, { priority: 'high' });
    const timeline = (await w.ok('GET', `/api/tasks/${task.id}/activity`)) as {
      items: {
        kind: string;
        field: string | null;
        oldValue: string | null;
        newValue: string | null;
        subjectType: string;
      }[];
    };
    expect(timeline.items.map((a) => [a.kind, a.field, a.oldValue, a.newValue])).toEqual([
      ['field_changed', 'priority', 'normal', 'high'],
      ['field_changed', 'status', 'open', 'done'],
      ['note_added', null, null, null],
      ['created', null, null, null],
    ]);
    expect(timeline.items.every((a) => a.subjectType === 'task')).toBe(true);
    // Bulk changes go on each task's timeline too.
    await w.ok('POST', '/api/tasks/bulk', { ids: [task.id], action: { type: 'reopen' } });
    const after = (await w.ok('GET', `/api/tasks/${task.id}/activity?limit=1`)) as {
      items: { field: string; oldValue: string; newValue: string }[];
    };
    expect(after.items[0]).toMatchObject({ field: 'status', oldValue: 'done', newValue: 'open' });
    // Other workspaces' and unknown tasks: 404; a viewer reads but writes no note.
    expect((await other.call('GET', `/api/tasks/${task.id}/activity`)).status).toBe(404);
    expect((await other.call('POST', `/api/tasks/${task.id}/notes`, { body: 'x' })).status).toBe(
      404,
    );
    expect(
      (await w.call('GET', `/api/tasks/${task.id}/activity`, undefined, viewer.token)).status,
    ).toBe(200);
    expect(
      (await w.call('POST', `/api/tasks/${task.id}/notes`, { body: 'x' }, viewer.token)).status,
    ).toBe(403);
    // Deleting the task takes its notes and timeline with it.
    await w.ok('DELETE', `/api/tasks/${task.id}`);
    expect((await w.call('PATCH', `/api/notes/${note.id as string}`, { body: 'y' })).status).toBe(
      404,
    );
  });

  it('completing or reopening a task touches its deal, person and company in the same transaction', async () => {
    const w = await crmWorkspace(server);
    const person = (await w.ok('POST', '/api/people', { lastName: 'Lovelace' })).id as string;
    const company = (await w.ok('POST', '/api/companies', { name: 'Acme' })).id as string;
    const deal = (await w.ok('POST', '/api/deals', { name: 'Renewal' })) as {
      id: string;
      stale: boolean;
    };
    const task = (await w.ok('POST', '/api/tasks', {
      title: 'Send the proposal',
      personId: person,
      companyId: company,
      dealId: deal.id,
    })) as TaskJson;
    const stale = async () =>
      ((await w.ok('GET', `/api/deals/${deal.id}`)) as { deal: { stale: boolean } }).deal.stale;
    const ageAll = async () => {
      await age('deals', deal.id, 30);
      await age('people', person, 30);
      await age('companies', company, 30);
    };
    const fresh = async (table: 'people' | 'companies' | 'deals', id: string) =>
      Date.now() - (await lastActivity(table, id)).getTime() < HOUR;

    // The deal rots (Qualification: 14 days); a change of the task's title is no activity on it.
    await ageAll();
    expect(await stale()).toBe(true);
    await w.ok('PATCH', `/api/tasks/${task.id}`, { title: 'Send the proposal today' });
    expect(await stale()).toBe(true);
    // Completing the task restarts the clock of all three.
    await w.ok('PATCH', `/api/tasks/${task.id}`, { status: 'done' });
    expect(await stale()).toBe(false);
    for (const [table, id] of [
      ['people', person],
      ['companies', company],
      ['deals', deal.id],
    ] as const) {
      expect(await fresh(table, id), table).toBe(true);
    }
    // A refused change (an edit conflict) touches nothing: it is the same transaction.
    await ageAll();
    const conflict = await w.call('PATCH', `/api/tasks/${task.id}`, {
      status: 'open',
      expectedUpdatedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(conflict.status).toBe(409);
    expect(await stale()).toBe(true);
    // Reopening, one by one or in bulk, touches them; so does completing in bulk.
    await w.ok('PATCH', `/api/tasks/${task.id}`, { status: 'open' });
    expect(await stale()).toBe(false);
    for (const type of ['complete', 'reopen', 'skip']) {
      await ageAll();
      expect(
        (await w.ok('POST', '/api/tasks/bulk', { ids: [task.id], action: { type } })).affected,
      ).toBe(1);
      expect(await stale(), type).toBe(false);
      expect(await fresh('people', person)).toBe(true);
      expect(await fresh('companies', company)).toBe(true);
    }
    // A bulk action that changes nothing (the task is skipped already) touches nothing.
    await ageAll();
    expect(
      (await w.ok('POST', '/api/tasks/bulk', { ids: [task.id], action: { type: 'skip' } }))
        .affected,
    ).toBe(0);
    expect(await stale()).toBe(true);
  });
});
