import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmWorkspace, query } from '../../../test/crm.ts';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { connectRealtime } from '../../../test/ws-client.ts';
import { bulkTasks } from '../../db/crm-seed/bulk-tasks.ts';

// The tasks API through real HTTP on a real database: CRUD, filters (due today and overdue in
// each assignee's time zone), keyset pages, bulk actions, roles, other workspaces' ids, bad input
// and the realtime event.

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
  status: string;
  dueAt: string | null;
  assigneeId: string | null;
  completedAt: string | null;
  dueState: string;
  personName: string;
  companyName: string;
};
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The local calendar day of an instant in a zone, as YYYY-MM-DD. */
const localDay = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(instant);
/** What the server must answer as dueState for an open task due at `instant`. */
function expectedState(instant: Date, zone: string, now = new Date()) {
  const day = localDay(instant, zone);
  const today = localDay(now, zone);
  return day < today ? 'overdue' : day === today ? 'today' : 'upcoming';
}

describe('tasks', () => {
  it('asks for sign-in', async () => {
    const response = await fetch(`${server.url}/api/tasks`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
  });

  it('adds, reads, changes and deletes a task, with its related records', async () => {
    const { call, ok, userId } = await crmWorkspace(server);
    const company = await ok('POST', '/api/companies', { name: 'Acme' });
    const person = await ok('POST', '/api/people', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyId: company.id,
    });
    const created = await call('POST', '/api/tasks', {
      title: '  Call Ada  ',
      type: 'call',
      dueAt: at(2 * HOUR),
      personId: person.id,
      companyId: company.id,
    });
    expect(created.status).toBe(201);
    const task = created.body as unknown as TaskJson & Record<string, unknown>;
    expect(task).toMatchObject({
      title: 'Call Ada',
      type: 'call',
      priority: 'normal',
      status: 'open',
      assigneeId: userId,
      createdBy: userId,
      personId: person.id,
      companyId: company.id,
      dealId: null,
      personName: 'Ada Lovelace',
      companyName: 'Acme',
      completedAt: null,
      timeZone: 'UTC',
    });
    expect((await call('GET', `/api/tasks/${task.id}`)).body).toEqual(task);

    const done = await call('PATCH', `/api/tasks/${task.id}`, { status: 'done' });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('done');
    expect(done.body.dueState).toBe('closed');
    expect(typeof done.body.completedAt).toBe('string');
    const reopened = await ok('PATCH', `/api/tasks/${task.id}`, { status: 'open', notes: 'x' });
    expect(reopened.completedAt).toBeNull();
    expect(reopened.notes).toBe('x');

    // A change made on an old version is refused.
    const stale = await call('PATCH', `/api/tasks/${task.id}`, {
      title: 'Late',
      expectedUpdatedAt: task.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('EDIT_CONFLICT');

    // Tasks of a record.
    const ofPerson = await ok('GET', `/api/tasks?${query({ person: person.id, status: 'open' })}`);
    expect((ofPerson.items as TaskJson[]).map((t) => t.id)).toEqual([task.id]);

    expect((await call('DELETE', `/api/tasks/${task.id}`)).status).toBe(204);
    expect((await call('GET', `/api/tasks/${task.id}`)).status).toBe(404);
  });

  it("relates a task to a deal of the workspace, and not to another's", async () => {
    const w = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    const deal = await w.ok('POST', '/api/deals', { name: 'Engines for Acme', amount: 120_000 });
    const theirs = await other.ok('POST', '/api/deals', { name: 'Not yours' });
    const task = await w.ok('POST', '/api/tasks', { title: 'Send the quote', dealId: deal.id });
    expect(task.dealId).toBe(deal.id);
    const ofDeal = await w.ok('GET', `/api/tasks?${query({ deal: deal.id })}`);
    expect((ofDeal.items as TaskJson[]).map((t) => t.id)).toEqual([task.id]);
    expect((await w.call('POST', '/api/tasks', { title: 'X', dealId: theirs.id })).status).toBe(
      404,
    );
    expect((await w.call('PATCH', `/api/tasks/${task.id}`, { dealId: theirs.id })).status).toBe(
      404,
    );
    // Deleting the deal keeps the task, unrelated.
    expect((await w.call('DELETE', `/api/deals/${deal.id}`)).status).toBe(204);
    expect((await w.ok('GET', `/api/tasks/${task.id}`)).dealId).toBeNull();
  });

  it('refuses bad input with 400 on the field and writes nothing', async () => {
    const { call, ok } = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    const outsider = await other.ok('POST', '/api/people', { firstName: 'Out' });
    const outsiderCompany = await other.ok('POST', '/api/companies', { name: 'Elsewhere' });
    const cases: [unknown, string][] = [
      [{}, 'title'],
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(301) }, 'title'],
      [{ title: 'A', dueAt: 'tomorrow' }, 'dueAt'],
      [{ title: 'A', dueAt: '2026-02-30T10:00:00Z' }, 'dueAt'],
      [{ title: 'A', dueAt: 12 }, 'dueAt'],
      [{ title: 'A', type: 'fax' }, 'type'],
      [{ title: 'A', priority: 'urgent' }, 'priority'],
      [{ title: 'A', assigneeId: 'me' }, 'assigneeId'],
      [{ title: 'A', assigneeId: other.userId }, 'assigneeId'],
      [{ title: 'A', assigneeId: '00000000-0000-4000-8000-000000000000' }, 'assigneeId'],
      [{ title: 'A', personId: 'p1' }, 'personId'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/tasks', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail).toEqual(expect.any(String));
      expect(Object.keys(response.body.errors as object), JSON.stringify(body)).toContain(field);
    }
    // Another workspace's (or no) record: 404, as for people.
    for (const body of [
      { title: 'A', personId: outsider.id },
      { title: 'A', companyId: outsiderCompany.id },
      { title: 'A', dealId: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const response = await call('POST', '/api/tasks', body);
      expect(response.status, JSON.stringify(body)).toBe(404);
    }
    expect((await ok('GET', '/api/tasks/count')).count).toBe(0);

    const task = await ok('POST', '/api/tasks', { title: 'Keep' });
    const patch = await call('PATCH', `/api/tasks/${task.id}`, { dueAt: 'soon', title: 'Changed' });
    expect(patch.status).toBe(400);
    const bad = await call('PATCH', `/api/tasks/${task.id}`, { assigneeId: other.userId });
    expect(bad.status).toBe(400);
    expect((await ok('GET', `/api/tasks/${task.id}`)).title).toBe('Keep');

    for (const q of ['due=yesterday', 'sort=owner', 'limit=0', 'assignee=me', 'cursor=zzz']) {
      const response = await call('GET', `/api/tasks?${q}`);
      expect(response.status, q).toBe(400);
    }
    const bulk = await call('POST', '/api/tasks/bulk', {
      ids: [task.id],
      action: { type: 'reschedule', dueAt: 'next week' },
    });
    expect(bulk.status).toBe(400);
    expect((await call('PUT', '/api/tasks/time-zone', { timeZone: 'Mars/Olympus' })).status).toBe(
      400,
    );
  });

  it("answers 404 for another workspace's task, and bulk leaves it alone", async () => {
    const mine = await crmWorkspace(server);
    const theirs = await crmWorkspace(server);
    const task = await theirs.ok('POST', '/api/tasks', { title: 'Theirs' });
    expect((await mine.call('GET', `/api/tasks/${task.id}`)).status).toBe(404);
    expect((await mine.call('PATCH', `/api/tasks/${task.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await mine.call('DELETE', `/api/tasks/${task.id}`)).status).toBe(404);
    const bulk = await mine.ok('POST', '/api/tasks/bulk', {
      ids: [task.id],
      action: { type: 'delete' },
    });
    expect(bulk.affected).toBe(0);
    expect((await mine.ok('GET', '/api/tasks')).items).toEqual([]);
    expect((await theirs.ok('GET', `/api/tasks/${task.id}`)).title).toBe('Theirs');
    expect((await mine.call('GET', '/api/tasks/not-an-id')).status).toBe(400);
  });

  it('lets a viewer read tasks and set their time zone, but change no task (403)', async () => {
    const w = await crmWorkspace(server);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const task = await w.ok('POST', '/api/tasks', { title: 'Read me', assigneeId: viewer.id });
    expect((await w.call('GET', '/api/tasks', undefined, viewer.token)).status).toBe(200);
    const writes: [string, string, unknown][] = [
      ['POST', '/api/tasks', { title: 'No' }],
      ['PATCH', `/api/tasks/${task.id}`, { status: 'done' }],
      ['DELETE', `/api/tasks/${task.id}`, undefined],
      ['POST', '/api/tasks/bulk', { ids: [task.id], action: { type: 'complete' } }],
    ];
    for (const [method, path, body] of writes) {
      const response = await w.call(method, path, body, viewer.token);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
    expect((await w.ok('GET', `/api/tasks/${task.id}`)).status).toBe('open');
    const zone = await w.call(
      'PUT',
      '/api/tasks/time-zone',
      { timeZone: 'Asia/Tokyo' },
      viewer.token,
    );
    expect(zone.body).toEqual({ timeZone: 'Asia/Tokyo', effectiveTimeZone: 'Asia/Tokyo' });
    // A viewer may be assigned tasks.
    const assigned = await w.ok('GET', `/api/tasks/${task.id}`, undefined, viewer.token);
    expect(assigned.timeZone).toBe('Asia/Tokyo');
  });

  it("counts due today and overdue in each assignee's own time zone", async () => {
    const w = await crmWorkspace(server);
    const east = 'Asia/Tokyo'; // UTC+9
    const west = 'America/Los_Angeles'; // UTC−8 or −7: 16 or 17 hours of clock apart
    const colleague = await addMember(server, w.admin.token, 'contributor');
    expect((await w.call('GET', '/api/tasks/time-zone')).body).toEqual({
      timeZone: null,
      effectiveTimeZone: 'UTC',
    });
    await w.ok('PUT', '/api/tasks/time-zone', { timeZone: east });
    await w.ok('PUT', '/api/tasks/time-zone', { timeZone: west }, colleague.token);
    expect((await w.call('GET', '/api/tasks/time-zone')).body).toEqual({
      timeZone: east,
      effectiveTimeZone: east,
    });
    // Each member's zone, for the web to enter and show due times in the assignee's; not the
    // members of another workspace.
    const other = await crmWorkspace(server);
    await other.ok('PUT', '/api/tasks/time-zone', { timeZone: 'Europe/Paris' });
    const zones = (await w.ok('GET', '/api/tasks/time-zones')).items as {
      userId: string;
      timeZone: string;
    }[];
    expect(zones).toHaveLength(2);
    expect(zones).toEqual(
      expect.arrayContaining([
        { userId: w.userId, timeZone: east },
        { userId: colleague.id, timeZone: west },
      ]),
    );
    expect(zones.some((z) => z.userId === other.userId)).toBe(false);

    const now = new Date();
    const offsets = Array.from({ length: 33 }, (_, i) => (i - 16) * 3 + 0.5);
    const expected: Record<string, string> = {};
    for (const [who, zone] of [
      [w.userId, east],
      [colleague.id, west],
    ] as const) {
      for (const h of offsets) {
        const due = new Date(now.getTime() + h * HOUR);
        const task = await w.ok('POST', '/api/tasks', {
          title: `${zone} ${h}`,
          dueAt: due.toISOString(),
          assigneeId: who,
        });
        expected[task.id as string] = expectedState(due, zone, now);
      }
    }
    await w.ok('POST', '/api/tasks', { title: 'Someday', assigneeId: colleague.id });
    // Their days start hours apart: they disagree on some of these instants.
    const states = Object.values(expected);
    expect(states.slice(0, offsets.length)).not.toEqual(states.slice(offsets.length));

    const all = (await w.ok('GET', '/api/tasks?limit=200')).items as TaskJson[];
    for (const task of all) {
      if (task.title === 'Someday') expect(task.dueState).toBe('none');
      else expect(task.dueState, task.title).toBe(expected[task.id]);
    }
    for (const due of ['today', 'overdue', 'upcoming'] as const) {
      const page = (await w.ok('GET', `/api/tasks?${query({ due, limit: 200 })}`))
        .items as TaskJson[];
      const want = Object.entries(expected)
        .filter(([, state]) => state === due)
        .map(([id]) => id);
      if (due === 'upcoming') want.push(all.find((t) => t.title === 'Someday')!.id);
      expect(page.map((t) => t.id).sort(), due).toEqual(want.sort());
    }
    const counts = await w.ok('GET', '/api/tasks/counts');
    expect(counts).toEqual({
      today: states.filter((s) => s === 'today').length,
      overdue: states.filter((s) => s === 'overdue').length,
      upcoming: states.filter((s) => s === 'upcoming').length + 1,
      done: 0,
    });
    // Mine: the caller's own; assignee: another's.
    const mine = (await w.ok('GET', `/api/tasks?${query({ mine: 'true', limit: 200 })}`))
      .items as TaskJson[];
    expect(mine).toHaveLength(offsets.length);
    expect(mine.every((t) => t.assigneeId === w.userId)).toBe(true);
    const theirs = await w.ok('GET', `/api/tasks/count?${query({ assignee: colleague.id })}`);
    expect(theirs.count).toBe(offsets.length + 1);
    const dueForQueue = await w.ok('GET', `/api/tasks/count?${query({ mine: '1', due: 'due' })}`);
    expect(dueForQueue.count).toBe(
      states.slice(0, offsets.length).filter((s) => s === 'today' || s === 'overdue').length,
    );
  });

  it('filters by type and status, sorts, and pages with a keyset cursor', async () => {
    const { ok, call } = await crmWorkspace(server);
    const made: TaskJson[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        (await ok('POST', '/api/tasks', {
          title: `Task ${i}`,
          type: i % 2 === 0 ? 'email' : 'todo',
          priority: (['low', 'normal', 'high'] as const)[i % 3],
          // Two share a due time; one has none.
          dueAt: i === 6 ? null : at((i === 3 ? 2 : i) * HOUR + 3 * 24 * HOUR),
        })) as unknown as TaskJson,
      );
    }
    const emails = await ok('GET', `/api/tasks?${query({ type: 'email' })}`);
    expect((emails.items as TaskJson[]).map((t) => t.title)).toEqual([
      'Task 0',
      'Task 2',
      'Task 4',
      'Task 6',
    ]);
    await ok('POST', '/api/tasks/bulk', {
      ids: [made[0]!.id, made[1]!.id],
      action: { type: 'complete' },
    });
    await ok('POST', '/api/tasks/bulk', { ids: [made[2]!.id], action: { type: 'skip' } });
    const closed = await ok(
      'GET',
      `/api/tasks?${query({ status: 'closed', sort: '-completedAt' })}`,
    );
    expect((closed.items as TaskJson[]).map((t) => t.title).sort()).toEqual([
      'Task 0',
      'Task 1',
      'Task 2',
    ]);
    expect((await ok('GET', `/api/tasks/count?${query({ status: 'done' })}`)).count).toBe(2);
    expect((await ok('GET', `/api/tasks/count?${query({ q: 'task 5' })}`)).count).toBe(1);

    for (const sort of ['dueAt', '-dueAt', 'priority', '-priority', 'title', '-createdAt']) {
      const whole = (await ok('GET', `/api/tasks?${query({ sort, limit: 50 })}`))
        .items as TaskJson[];
      expect(whole).toHaveLength(7);
      const paged: TaskJson[] = [];
      let cursor: string | null = null;
      do {
        const page: Record<string, unknown> = await ok(
          'GET',
          `/api/tasks?${query({ sort, limit: 2, cursor: cursor ?? undefined })}`,
        );
        paged.push(...(page.items as TaskJson[]));
        cursor = page.nextCursor as string | null;
      } while (cursor);
      expect(
        paged.map((t) => t.id),
        sort,
      ).toEqual(whole.map((t) => t.id));
    }
    const byDue = (await ok('GET', '/api/tasks?sort=dueAt')).items as TaskJson[];
    expect(byDue.at(-1)!.dueAt).toBeNull();
    // A cursor of one sort is refused for another.
    const first = await ok('GET', '/api/tasks?sort=dueAt&limit=2');
    const wrong = await call(
      'GET',
      `/api/tasks?${query({ sort: 'title', cursor: first.nextCursor })}`,
    );
    expect(wrong.status).toBe(400);
  });

  it('completes, reassigns, reschedules and deletes in bulk', async () => {
    const w = await crmWorkspace(server);
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await w.ok('POST', '/api/tasks', { title: `B${i}` })).id as string);

    const refused = await w.call('POST', '/api/tasks/bulk', {
      ids,
      action: { type: 'reassign', assigneeId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(refused.status).toBe(400);
    expect((await w.ok('GET', `/api/tasks/count?${query({ assignee: colleague.id })}`)).count).toBe(
      0,
    );

    expect(
      (
        await w.ok('POST', '/api/tasks/bulk', {
          ids,
          action: { type: 'reassign', assigneeId: colleague.id },
        })
      ).affected,
    ).toBe(3);
    const mineNow = await w.ok(
      'GET',
      `/api/tasks?${query({ mine: 'true' })}`,
      undefined,
      colleague.token,
    );
    expect((mineNow.items as TaskJson[]).map((t) => t.title).sort()).toEqual(['B0', 'B1', 'B2']);

    const when = at(5 * 24 * HOUR);
    await w.ok('POST', '/api/tasks/bulk', {
      ids: ids.slice(0, 2),
      action: { type: 'reschedule', dueAt: when },
    });
    expect((await w.ok('GET', `/api/tasks/${ids[0]}`)).dueAt).toBe(when);
    expect((await w.ok('GET', `/api/tasks/${ids[2]}`)).dueAt).toBeNull();

    const completed = await w.ok('POST', '/api/tasks/bulk', { ids, action: { type: 'complete' } });
    expect(completed.affected).toBe(3);
    const done = (await w.ok('GET', '/api/tasks')).items as TaskJson[];
    expect(done.every((t) => t.status === 'done' && t.completedAt !== null)).toBe(true);
    await w.ok('POST', '/api/tasks/bulk', { ids: [ids[0]], action: { type: 'reopen' } });
    expect((await w.ok('GET', `/api/tasks/${ids[0]}`)).completedAt).toBeNull();
    // Completing a done task again leaves it as it was done (its week's figures stay true).
    const doneAt = (await w.ok('GET', `/api/tasks/${ids[1]}`)).completedAt;
    expect(
      (await w.ok('POST', '/api/tasks/bulk', { ids: [ids[1]], action: { type: 'complete' } }))
        .affected,
    ).toBe(0);
    expect((await w.ok('GET', `/api/tasks/${ids[1]}`)).completedAt).toBe(doneAt);

    expect(
      (await w.ok('POST', '/api/tasks/bulk', { ids, action: { type: 'delete' } })).affected,
    ).toBe(3);
    expect((await w.ok('GET', '/api/tasks/count')).count).toBe(0);
  });

  it('acts on every task a filter matches: select all overdue, then complete or reassign', async () => {
    const w = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    const colleague = await addMember(server, w.admin.token, 'contributor');
    await w.ok('PUT', '/api/tasks/time-zone', { timeZone: 'UTC' });
    const overdue: string[] = [];
    for (let i = 0; i < 4; i++) {
      overdue.push(
        (await w.ok('POST', '/api/tasks', { title: `Late ${i}`, dueAt: at(-(2 + i) * 24 * HOUR) }))
          .id as string,
      );
    }
    const later = (await w.ok('POST', '/api/tasks', { title: 'Later', dueAt: at(3 * 24 * HOUR) }))
      .id as string;
    const theirs = (
      await w.ok('POST', '/api/tasks', {
        title: 'Theirs, late',
        dueAt: at(-2 * 24 * HOUR),
        assigneeId: colleague.id,
      })
    ).id as string;
    const elsewhere = (
      await other.ok('POST', '/api/tasks', { title: 'Elsewhere', dueAt: at(-2 * 24 * HOUR) })
    ).id as string;
    // One of them was done already: completing "all overdue" leaves its completion time alone
    // (it is no longer overdue, so the filter does not select it).
    await w.ok('PATCH', `/api/tasks/${overdue[0]}`, { status: 'done' });
    const doneAt = (await w.ok('GET', `/api/tasks/${overdue[0]}`)).completedAt;

    const reassigned = await w.ok('POST', '/api/tasks/bulk', {
      filter: { mine: 'true', due: 'overdue' },
      action: { type: 'reassign', assigneeId: colleague.id },
    });
    expect(reassigned.affected).toBe(3);
    const colleagues = await w.ok(
      'GET',
      `/api/tasks?${query({ mine: 'true', due: 'overdue' })}`,
      undefined,
      colleague.token,
    );
    expect((colleagues.items as TaskJson[]).map((t) => t.id).sort()).toEqual(
      [...overdue.slice(1), theirs].sort(),
    );

    const completed = await w.ok('POST', '/api/tasks/bulk', {
      filter: { assignee: colleague.id, due: 'overdue' },
      action: { type: 'complete' },
    });
    expect(completed.affected).toBe(4);
    expect((await w.ok('GET', `/api/tasks/${overdue[0]}`)).completedAt).toBe(doneAt);
    expect((await w.ok('GET', `/api/tasks/${later}`)).status).toBe('open');
    expect((await other.ok('GET', `/api/tasks/${elsewhere}`)).status).toBe('open');
    // A filter that matches nothing changes nothing; a bad filter is a 400 on the field.
    expect(
      (
        await w.ok('POST', '/api/tasks/bulk', {
          filter: { due: 'overdue' },
          action: { type: 'complete' },
        })
      ).affected,
    ).toBe(0);
    const bad = await w.call('POST', '/api/tasks/bulk', {
      filter: { due: 'yesterday' },
      action: { type: 'complete' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a cursor it did not make with 400, never a 500', async () => {
    const w = await crmWorkspace(server);
    for (const v of ['1', 'May 5', '2026-13-01 00:00:00+00']) {
      const forged = Buffer.from(
        JSON.stringify({ s: 'dueAt', v, id: '00000000-0000-4000-8000-000000000000' }),
      ).toString('base64url');
      const response = await w.call(
        'GET',
        `/api/tasks?${query({ sort: 'dueAt', cursor: forged })}`,
      );
      expect(response.status, v).toBe(400);
    }
  });

  it('tells the workspace, and no other, that tasks changed', async () => {
    const w = await crmWorkspace(server);
    const colleague = await addMember(server, w.admin.token, 'viewer');
    const outsider = await crmWorkspace(server);
    const watching = await connectRealtime(server.url, colleague.token);
    const elsewhere = await connectRealtime(server.url, outsider.admin.token);
    const task = await w.ok('POST', '/api/tasks', { title: 'Live' });
    const created = await watching.next((m) => m.type === 'tasks.changed');
    expect(created.data).toEqual({ ids: [task.id], by: w.userId });
    await w.ok('PATCH', `/api/tasks/${task.id}`, { status: 'done' });
    await watching.next(
      (m) =>
        m.type === 'tasks.changed' &&
        (m.data as { ids: string[] }).ids[0] === task.id &&
        m !== created,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(elsewhere.messages.filter((m) => m.type === 'tasks.changed')).toEqual([]);
    watching.close();
    elsewhere.close();
  });

  it('the bulk seed makes tasks the API counts, each in exactly one tab', async () => {
    const w = await crmWorkspace(server);
    const me = await w.ok('GET', '/user/me');
    for (const firstName of ['Ada', 'Grace', 'Alan']) {
      await w.ok('POST', '/api/people', { firstName, lastName: 'Seeded' });
    }
    await bulkTasks(server.database.db, {
      workspaceId: (me.workspace as { id: string }).id,
      count: 600,
      assigneeIds: [w.userId],
      batch: 250,
    });
    expect((await w.ok('GET', '/api/tasks/count')).count).toBe(600);
    const counts = (await w.ok('GET', '/api/tasks/counts')) as Record<string, number>;
    expect(counts.today! + counts.overdue! + counts.upcoming! + counts.done!).toBe(600);
    for (const tab of ['overdue', 'upcoming', 'done']) expect(counts[tab]).toBeGreaterThan(0);
    const page = (await w.ok('GET', '/api/tasks?due=overdue&limit=5')).items as TaskJson[];
    expect(page.every((t) => t.dueState === 'overdue' && t.personName.endsWith('Seeded'))).toBe(
      true,
    );
  });
});
