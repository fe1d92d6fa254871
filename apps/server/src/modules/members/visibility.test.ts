import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, authed, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace, query } from '../../../test/crm.ts';

/**
 * Record visibility (issue 10): a member set to `own` sees only the records they own, in every
 * query of people, companies, deals and tasks; another's record answers 404 as another
 * workspace's does. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function setup() {
  const w = await crmWorkspace(server);
  const rep = await addMember(server, w.admin.token, 'contributor');
  await w.ok('PATCH', `/api/members/${rep.id}`, { recordVisibility: 'own' });
  const as = (method: string, path: string, body?: unknown) =>
    w.call(method, path, body, rep.token);
  const mine = {
    person: await w.ok('POST', '/api/people', {
      firstName: 'Mine',
      lastName: 'Same',
      email: 'same@mine.test',
      ownerId: rep.id,
    }),
    company: await w.ok('POST', '/api/companies', { name: 'Mine Co', ownerId: rep.id }),
    deal: await w.ok('POST', '/api/deals', {
      name: 'Mine deal',
      amount: 1000,
      currency: 'usd',
      expectedCloseDate: new Date().toISOString().slice(0, 10),
      ownerId: rep.id,
    }),
    task: await w.ok('POST', '/api/tasks', { title: 'Mine task', assigneeId: rep.id }),
  };
  const theirs = {
    person: await w.ok('POST', '/api/people', {
      firstName: 'Theirs',
      lastName: 'Same',
      email: 'same@mine.test',
      ownerId: w.userId,
      allowDuplicate: true,
    }),
    unowned: await w.ok('POST', '/api/people', { firstName: 'Nobody' }),
    company: await w.ok('POST', '/api/companies', { name: 'Theirs Co', ownerId: w.userId }),
    deal: await w.ok('POST', '/api/deals', {
      name: 'Theirs deal',
      amount: 5000,
      currency: 'usd',
      expectedCloseDate: new Date().toISOString().slice(0, 10),
      ownerId: w.userId,
    }),
    task: await w.ok('POST', '/api/tasks', { title: 'Theirs task', assigneeId: w.userId }),
  };
  return { w, rep, as, mine, theirs };
}

const ids = (body: unknown) => (body as { items: { id: string }[] }).items.map((i) => i.id);
const idOf = (record: Record<string, unknown>) => record.id as string;

describe('record visibility', () => {
  it('lists, counts and exports only the records the member owns', async () => {
    const { w, as, mine, theirs } = await setup();
    expect(ids((await as('GET', '/api/people')).body)).toEqual([idOf(mine.person)]);
    expect(ids((await as('GET', '/api/companies')).body)).toEqual([idOf(mine.company)]);
    expect(ids((await as('GET', '/api/deals')).body)).toEqual([idOf(mine.deal)]);
    expect(ids((await as('GET', '/api/tasks')).body)).toEqual([idOf(mine.task)]);
    expect((await as('GET', '/api/people/count')).body).toEqual({ count: 1, estimate: false });
    expect((await as('GET', '/api/tasks/count')).body).toEqual({ count: 1, estimate: false });
    const csv = (await as('GET', '/api/people/export.csv')).text;
    expect(csv).toContain('Mine');
    expect(csv).not.toContain('Theirs');
    expect(csv).not.toContain('Nobody');
    // A filter or a search cannot reach past it.
    const searched = await as('GET', `/api/people?${query({ q: 'Theirs' })}`);
    expect(ids(searched.body)).toEqual([]);
    // A duplicate e-mail is refused without naming a person the member cannot see.
    // What the member creates without an owner is theirs, so it stays in their view.
    const created = await as('POST', '/api/people', { firstName: 'X', email: 'theirs@only.test' });
    expect(created.status).toBe(201);
    expect((await as('GET', `/api/people/${idOf(created.body)}`)).status).toBe(200);
    await w.ok('POST', '/api/people', {
      firstName: 'Secret',
      email: 'hidden@only.test',
      ownerId: w.userId,
    });
    const refused = await as('POST', '/api/people', { firstName: 'Y', email: 'hidden@only.test' });
    expect(refused.status).toBe(409);
    expect(refused.text).not.toContain('Secret');
    // The admin, who sees everything, still does.
    expect(ids((await w.call('GET', '/api/people')).body)).toHaveLength(5);
    expect(theirs.unowned).toBeTruthy();
  });

  it('answers 404 for another’s record on every path by id', async () => {
    const { as, theirs, mine } = await setup();
    const person = idOf(theirs.person);
    const company = idOf(theirs.company);
    const deal = idOf(theirs.deal);
    const task = idOf(theirs.task);
    for (const [method, path, body] of [
      ['GET', `/api/people/${person}`, undefined],
      ['PATCH', `/api/people/${person}`, { firstName: 'x' }],
      ['DELETE', `/api/people/${person}`, undefined],
      ['GET', `/api/people/${person}/vcard`, undefined],
      ['GET', `/api/people/${person}/activity`, undefined],
      ['GET', `/api/people/${person}/notes`, undefined],
      ['POST', `/api/people/${person}/notes`, { body: 'peek' }],
      ['GET', `/api/companies/${company}`, undefined],
      ['PATCH', `/api/companies/${company}`, { name: 'x' }],
      ['DELETE', `/api/companies/${company}`, undefined],
      ['GET', `/api/companies/${company}/activity`, undefined],
      ['GET', `/api/deals/${deal}`, undefined],
      ['PATCH', `/api/deals/${deal}`, { name: 'x' }],
      ['DELETE', `/api/deals/${deal}`, undefined],
      [
        'POST',
        `/api/deals/${deal}/move`,
        { stageId: (theirs.deal as { stageId: string }).stageId },
      ],
      ['GET', `/api/deals/${deal}/activity`, undefined],
      ['GET', `/api/tasks/${task}`, undefined],
      ['PATCH', `/api/tasks/${task}`, { title: 'x' }],
      ['DELETE', `/api/tasks/${task}`, undefined],
      ['POST', '/api/people/merge', { primaryId: idOf(mine.person), duplicateIds: [person] }],
      // Linking one of the member's records to another's would show it through the link.
      ['PATCH', `/api/people/${idOf(mine.person)}`, { companyId: company }],
      ['POST', '/api/people', { firstName: 'Linked', companyId: company }],
      ['POST', '/api/deals', { name: 'Linked', companyId: company }],
      ['POST', '/api/deals', { name: 'Linked', people: [{ personId: person, role: 'champion' }] }],
      ['PATCH', `/api/deals/${idOf(mine.deal)}`, { companyId: company }],
      ['POST', '/api/tasks', { title: 'Linked', personId: person }],
      ['POST', '/api/tasks', { title: 'Linked', dealId: deal }],
      ['PATCH', `/api/tasks/${idOf(mine.task)}`, { companyId: company }],
    ] as const) {
      const response = await as(method, path, body);
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    // Their own records answer as usual.
    expect((await as('GET', `/api/people/${idOf(mine.person)}`)).status).toBe(200);
    expect((await as('GET', `/api/tasks/${idOf(mine.task)}`)).status).toBe(200);
  });

  it('keeps bulk actions, list memberships and notes to the member’s records', async () => {
    const { w, rep, as, mine, theirs } = await setup();
    const all = await as('POST', '/api/people/bulk', {
      selection: { filter: {} },
      action: { type: 'add_tag', tag: 'seen' },
    });
    expect(all.body).toEqual({ affected: 1 });
    const byId = await as('POST', '/api/people/bulk', {
      selection: { ids: [idOf(theirs.person), idOf(mine.person)] },
      action: { type: 'delete' },
    });
    expect(byId.body).toEqual({ affected: 1 });
    const theirsAfter = await w.ok('GET', `/api/people/${idOf(theirs.person)}`);
    expect((theirsAfter.person as { tags: string[] }).tags).toEqual([]);
    const list = await w.ok('POST', '/api/lists', { name: 'Everyone', kind: 'companies' });
    const added = await as('POST', `/api/lists/${idOf(list)}/items`, {
      selection: { filter: {} },
    });
    expect(added.body).toEqual({ affected: 1 });
    const bulkTasks = await as('POST', '/api/tasks/bulk', {
      ids: [idOf(theirs.task)],
      action: { type: 'complete' },
    });
    expect(bulkTasks.status).toBe(404);
    // An import that updates existing records would match others' records by e-mail: refused.
    const uploaded = await fetch(
      `${server.url}/api/imports?${query({ entity: 'people', fileName: 'p.csv' })}`,
      {
        method: 'POST',
        headers: { ...authed(rep.token), 'content-type': 'text/csv' },
        body: 'First name,Email\nTaken,same@mine.test\n',
      },
    );
    expect(uploaded.status).toBe(201);
    const job = (await uploaded.json()) as { id: string; mapping: unknown };
    const update = await as('POST', `/api/imports/${job.id}/start`, {
      mapping: job.mapping,
      duplicateMode: 'update',
    });
    expect(update.status).toBe(400);
    expect(update.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys((update.body as { errors?: object }).errors ?? {})).toEqual([
      'duplicateMode',
    ]);
    expect(
      (
        await as('POST', `/api/imports/${job.id}/start`, {
          mapping: job.mapping,
          duplicateMode: 'skip',
        })
      ).status,
    ).toBe(200);
    // The deals' own bulk action, a stage change, moves only the member's deals too.
    const pipelines = (await w.ok('GET', '/api/pipelines')) as {
      items: { isDefault: boolean; stages: { id: string; kind: string }[] }[];
    };
    const won = pipelines.items
      .find((p) => p.isDefault)!
      .stages.find((stage) => stage.kind === 'won')!;
    const moved = await as('POST', '/api/deals/bulk', {
      selection: { filter: {} },
      action: { type: 'set_stage', stageId: won.id },
    });
    expect(moved.body).toEqual({ affected: 1 });
    const theirDeal = await w.ok('GET', `/api/deals/${idOf(theirs.deal)}`);
    expect((theirDeal.deal as { stageId: string }).stageId).not.toBe(won.id);
    const mineDeal = await w.ok('GET', `/api/deals/${idOf(mine.deal)}`);
    expect((mineDeal.deal as { stageId: string }).stageId).toBe(won.id);
    // A note on the admin's person is not the member's to change.
    const note = await w.ok('POST', `/api/people/${idOf(theirs.person)}/notes`, {
      body: 'Private',
    });
    expect((await as('PATCH', `/api/notes/${idOf(note)}`, { body: 'x' })).status).toBe(404);
  });

  it('scopes the board, its totals, the forecast, duplicates and the home cards', async () => {
    const { w, as, mine } = await setup();
    const board = (await as('GET', '/api/deals/board')).body as unknown as {
      columns: { count: number; deals: { id: string }[]; sums: { amount: string }[] }[];
    };
    expect(board.columns.flatMap((c) => c.deals.map((d) => d.id))).toEqual([idOf(mine.deal)]);
    expect(board.columns.reduce((n, c) => n + c.count, 0)).toBe(1);
    expect(board.columns.flatMap((c) => c.sums.map((s) => s.amount))).toEqual(['1000']);
    const forecast = (await as('GET', '/api/deals/forecast')).body as unknown as {
      months: { count: number }[];
    };
    expect(forecast.months.reduce((n, m) => n + m.count, 0)).toBe(1);
    const adminForecast = (await w.ok('GET', '/api/deals/forecast')) as unknown as {
      months: { count: number }[];
    };
    expect(adminForecast.months.reduce((n, m) => n + m.count, 0)).toBe(2);
    // The same e-mail on the admin's person is no duplicate the member can see.
    expect((await as('GET', '/api/people/duplicates')).body).toEqual({ groups: [] });
    expect(
      ((await w.ok('GET', '/api/people/duplicates')) as { groups: unknown[] }).groups,
    ).toHaveLength(1);
    const pipeline = (await as('GET', '/api/home/pipeline')).body as unknown as {
      stages: { count: number }[];
    };
    expect(pipeline.stages.reduce((n, s) => n + s.count, 0)).toBe(1);
    const closing = (await as('GET', '/api/home/closing')).body as unknown as { count: number };
    expect(closing.count).toBe(1);
    const activity = (await as('GET', '/api/home/activity')).body as unknown as {
      items: { subject: { id: string } }[];
    };
    expect(new Set(activity.items.map((i) => i.subject.id))).toEqual(
      new Set([idOf(mine.person), idOf(mine.company), idOf(mine.deal)]),
    );
  });

  it('is set by admins only, audited, and `all` gives the whole workspace back at once', async () => {
    const { w, rep, as } = await setup();
    expect(
      (await w.call('PATCH', `/api/members/${rep.id}`, { recordVisibility: 'all' }, rep.token))
        .status,
    ).toBe(403);
    await w.ok('PATCH', `/api/members/${rep.id}`, { recordVisibility: 'all' });
    expect(ids((await as('GET', '/api/people')).body)).toHaveLength(3);
  });
});
