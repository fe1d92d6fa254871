import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, authed, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace, query } from '../../../test/crm.ts';
import { connectRealtime, type LiveMessage } from '../../../test/ws-client.ts';

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

  it('does not tell the name of a company the member cannot see through filters, sorts or search', async () => {
    const { w, as, mine, theirs } = await setup();
    // The admin links the member's person and deal to a company the member does not see.
    const company = idOf(theirs.company);
    await w.ok('PATCH', `/api/people/${idOf(mine.person)}`, { companyId: company });
    await w.ok('PATCH', `/api/deals/${idOf(mine.deal)}`, { companyId: company });
    const people = async (params: Record<string, string>) =>
      (await as('GET', `/api/people?${query(params)}`)).body as {
        items: { id: string; companyName: string }[];
      };
    const byName = (op: string, value?: string) =>
      JSON.stringify([{ field: 'companyName', op, ...(value === undefined ? {} : { value }) }]);
    expect((await people({})).items.map((p) => p.companyName)).toEqual(['']);
    expect((await people({ filters: byName('contains', 'theirs') })).items).toEqual([]);
    expect((await people({ filters: byName('equals', 'Theirs Co') })).items).toEqual([]);
    expect(ids(await people({ filters: byName('empty') }))).toEqual([idOf(mine.person)]);
    expect((await people({ q: 'theirs co' })).items).toEqual([]);
    expect(ids(await people({ q: 'mine same' }))).toEqual([idOf(mine.person)]);
    expect(ids(await people({ sort: '-companyName' }))).toEqual([idOf(mine.person)]);
    const deals = async (params: Record<string, string>) =>
      ids((await as('GET', `/api/deals?${query(params)}`)).body);
    expect(await deals({ filters: byName('contains', 'theirs') })).toEqual([]);
    expect(await deals({ q: 'theirs co' })).toEqual([]);
    expect(await deals({ q: 'mine deal' })).toEqual([idOf(mine.deal)]);
    // A bulk action by filter reaches no further than the list does.
    const bulk = await as('POST', '/api/people/bulk', {
      selection: { filter: { filters: JSON.parse(byName('contains', 'theirs')) as unknown[] } },
      action: { type: 'add_tag', tag: 'probe' },
    });
    expect(bulk.body).toEqual({ affected: 0 });
    // The admin, who sees the company, finds both by its name.
    const asAdmin = await w.call(
      'GET',
      `/api/people?${query({ filters: byName('contains', 'theirs') })}`,
    );
    expect(ids(asAdmin.body)).toEqual([idOf(mine.person)]);
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

  it('shows a link to a record the member does not see without its fields', async () => {
    const { w, as, mine, theirs } = await setup();
    // The admin links the member's records to records the member does not see.
    await w.ok('PATCH', `/api/people/${idOf(mine.person)}`, { companyId: idOf(theirs.company) });
    await w.ok('PATCH', `/api/deals/${idOf(mine.deal)}`, {
      companyId: idOf(theirs.company),
      people: [
        { personId: idOf(theirs.person), role: 'champion' },
        { personId: idOf(mine.person), role: 'decision_maker' },
      ],
    });
    await w.ok('PATCH', `/api/tasks/${idOf(mine.task)}`, {
      personId: idOf(theirs.person),
      companyId: idOf(mine.company),
    });

    // The person: the link's id stays (saving keeps it), the company's name and fields do not.
    const person = (await as('GET', `/api/people/${idOf(mine.person)}`)).body as {
      person: { companyId: string; companyName: string };
      company: unknown;
    };
    expect(person.person).toMatchObject({ companyId: idOf(theirs.company), companyName: '' });
    expect(person.company).toBeNull();
    const listed = (await as('GET', '/api/people')).body as { items: { companyName: string }[] };
    expect(listed.items.map((p) => p.companyName)).toEqual(['']);
    expect((await as('GET', '/api/people/export.csv')).text).not.toContain('Theirs Co');

    // The deal: its company and the person the member does not see, nameless; their own named.
    const deal = (await as('GET', `/api/deals/${idOf(mine.deal)}`)).body as {
      deal: { companyName: string; people: { personId: string; name: string; email: string }[] };
      company: unknown;
    };
    expect(deal.company).toBeNull();
    expect(deal.deal.companyName).toBe('');
    expect(deal.deal.people).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ personId: idOf(theirs.person), name: '', email: '' }),
        expect.objectContaining({ personId: idOf(mine.person), name: 'Mine Same' }),
      ]),
    );
    const board = (await as('GET', '/api/deals/board')).body as {
      columns: { deals: { companyName: string; people: { name: string }[] }[] }[];
    };
    const card = board.columns.flatMap((c) => c.deals)[0]!;
    expect(card.companyName).toBe('');
    expect(card.people.map((p) => p.name).sort()).toEqual(['', 'Mine Same']);
    const deals = (await as('GET', '/api/deals')).body as { items: { companyName: string }[] };
    expect(deals.items.map((d) => d.companyName)).toEqual(['']);

    // The task: the person's name hidden, the member's own company named.
    const task = (await as('GET', `/api/tasks/${idOf(mine.task)}`)).body as Record<string, unknown>;
    expect(task).toMatchObject({
      personId: idOf(theirs.person),
      personName: '',
      companyId: idOf(mine.company),
      companyName: 'Mine Co',
    });
    const tasks = (await as('GET', '/api/tasks')).body as { items: { personName: string }[] };
    expect(tasks.items.map((t) => t.personName)).toEqual(['']);

    // Someone who sees everything reads every name.
    const full = (await w.ok('GET', `/api/people/${idOf(mine.person)}`)) as {
      person: { companyName: string };
      company: { name: string };
    };
    expect([full.person.companyName, full.company.name]).toEqual(['Theirs Co', 'Theirs Co']);
    expect(
      ((await w.ok('GET', `/api/tasks/${idOf(mine.task)}`)) as { personName: string }).personName,
    ).toBe('Theirs Same');
  });

  it('counts a list’s members the member sees, wherever the list shows', async () => {
    const { w, as, mine, theirs } = await setup();
    const list = await w.ok('POST', '/api/lists', { name: 'Everyone', kind: 'people' });
    await w.ok('POST', `/api/lists/${idOf(list)}/items`, {
      selection: { ids: [idOf(mine.person), idOf(theirs.person), idOf(theirs.unowned)] },
    });
    const countIn = (body: unknown) =>
      (body as { id: string; count: number }[]).find((l) => l.id === idOf(list))?.count;
    expect(countIn(await w.ok('GET', '/api/lists'))).toBe(3);
    expect(countIn((await as('GET', '/api/lists')).body)).toBe(1);
    expect(countIn((await as('GET', '/api/lists?kind=people')).body)).toBe(1);
    expect(((await as('GET', `/api/lists/${idOf(list)}`)).body as { count: number }).count).toBe(1);
    const detail = (await as('GET', `/api/people/${idOf(mine.person)}`)).body as {
      lists: { id: string; count: number }[];
    };
    expect(countIn(detail.lists)).toBe(1);
    const full = (await w.ok('GET', `/api/people/${idOf(mine.person)}`)) as {
      lists: { id: string; count: number }[];
    };
    expect(countIn(full.lists)).toBe(3);
  });

  it('sends realtime changes to the member without record ids, and with them to others', async () => {
    const { w, rep, theirs } = await setup();
    const everything = await addMember(server, w.admin.token, 'contributor');
    const ownLive = await connectRealtime(server.url, rep.token);
    const allLive = await connectRealtime(server.url, everything.token);
    try {
      await w.ok('PATCH', `/api/people/${idOf(theirs.person)}`, { jobTitle: 'CEO' });
      const crm = (m: LiveMessage) => m.type === 'crm.changed';
      expect((await allLive.next(crm)).data).toMatchObject({
        entity: 'people',
        id: idOf(theirs.person),
      });
      expect((await ownLive.next(crm)).data).toMatchObject({ entity: 'people', id: null });

      await w.ok('PATCH', `/api/tasks/${idOf(theirs.task)}`, { title: 'Renamed' });
      const changed = (m: LiveMessage) => m.type === 'tasks.changed';
      expect((await allLive.next(changed)).data).toMatchObject({ ids: [idOf(theirs.task)] });
      expect((await ownLive.next(changed)).data).toMatchObject({ ids: [] });

      const board = (await w.ok('GET', '/api/deals/board')) as {
        columns: { stage: { id: string } }[];
      };
      await w.ok('POST', `/api/deals/${idOf(theirs.deal)}/move`, {
        stageId: board.columns[1]!.stage.id,
      });
      const moved = (m: LiveMessage) => m.type === 'deals.moved';
      expect(((await allLive.next(moved)).data as { dealId: string }).dealId).toBe(
        idOf(theirs.deal),
      );
      const own = await ownLive.next(moved);
      expect([own.data, own.refetch]).toEqual([null, true]);
      // Nothing the member received names the admin's records.
      const text = JSON.stringify(ownLive.messages);
      for (const id of [idOf(theirs.person), idOf(theirs.task), idOf(theirs.deal)]) {
        expect(text).not.toContain(id);
      }
    } finally {
      ownLive.close();
      allLive.close();
    }
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
