import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealBoardSchema,
  dealDetailSchema,
  dealPageSchema,
  dealSchema,
  pipelineListSchema,
  type Deal,
  type Pipeline,
} from '@beacon/contract';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace, query } from '../../../test/crm.ts';
import { connectRealtime } from '../../../test/ws-client.ts';
import { sql } from 'drizzle-orm';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: { pollMs: 100 } });
});
afterAll(async () => {
  await server.close();
});

type W = Awaited<ReturnType<typeof crmWorkspace>>;
const pipelineOf = async (w: W): Promise<Pipeline> =>
  pipelineListSchema.parse(await w.ok('GET', '/api/pipelines')).items[0]!;
const stage = (p: Pipeline, name: string) => p.stages.find((s) => s.name === name)!.id;
const deal = async (w: W, fields: Record<string, unknown>): Promise<Deal> =>
  dealSchema.parse(await w.ok('POST', '/api/deals', fields));
const page = async (w: W, params: Record<string, unknown>) => {
  const response = await w.call('GET', `/api/deals?${query(params)}`);
  expect(response.status, response.text).toBe(200);
  return dealPageSchema.parse(response.body);
};
const board = async (w: W, params: Record<string, unknown> = {}) => {
  const response = await w.call('GET', `/api/deals/board?${query(params)}`);
  expect(response.status, response.text).toBe(200);
  return dealBoardSchema.parse(response.body);
};
const columnOf = (b: Awaited<ReturnType<typeof board>>, stageId: string) =>
  b.columns.find((c) => c.stage.id === stageId)!;

describe('deals', () => {
  it('creates a deal in the default pipeline with its company, people and history', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const company = (await w.ok('POST', '/api/companies', { name: 'Acme' })) as { id: string };
    const person = (await w.ok('POST', '/api/people', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@acme.test',
    })) as { id: string };
    const made = await deal(w, {
      name: 'Acme renewal',
      amount: 1_250_000,
      currency: 'usd',
      expectedCloseDate: '2026-12-31',
      ownerId: w.userId,
      companyId: company.id,
      people: [{ personId: person.id, role: 'decision_maker' }],
      tags: ['q4', 'q4'],
    });
    expect(made).toMatchObject({
      pipelineId: pipeline.id,
      stageId: stage(pipeline, 'Qualification'),
      status: 'open',
      amount: 1_250_000,
      currency: 'USD',
      expectedCloseDate: '2026-12-31',
      companyName: 'Acme',
      tags: ['q4'],
      closedAt: null,
      stale: false,
      lostReason: '',
    });
    expect(made.people).toEqual([
      { personId: person.id, role: 'decision_maker', name: 'Ada Lovelace', email: 'ada@acme.test' },
    ]);
    const detail = dealDetailSchema.parse(await w.ok('GET', `/api/deals/${made.id}`));
    expect(detail.company?.name).toBe('Acme');
    expect(detail.stages.map((s) => [s.fromStageId, s.toStageName, s.byId])).toEqual([
      [null, 'Qualification', w.userId],
    ]);
    // A company renamed: the deal carries the new name; deleted: none.
    await w.ok('PATCH', `/api/companies/${company.id}`, { name: 'Acme Corp' });
    expect(
      dealSchema.parse(((await w.ok('GET', `/api/deals/${made.id}`)) as { deal: unknown }).deal)
        .companyName,
    ).toBe('Acme Corp');
    // Deals by person and by company (their pages).
    const byPerson = await page(w, {
      filters: [{ field: 'personId', op: 'equals', value: person.id }],
    });
    expect(byPerson.items.map((d) => d.id)).toEqual([made.id]);
    const byCompany = await page(w, {
      filters: [{ field: 'companyId', op: 'equals', value: company.id }],
    });
    expect(byCompany.items.map((d) => d.id)).toEqual([made.id]);
    await w.ok('DELETE', `/api/companies/${company.id}`);
    const orphan = dealDetailSchema.parse(await w.ok('GET', `/api/deals/${made.id}`)).deal;
    expect(orphan).toMatchObject({ companyId: null, companyName: '' });
  });

  it('refuses bad input with 400 on the field, writing nothing', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const other = (await w.ok('POST', '/api/pipelines', { name: 'Other' })) as Pipeline;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', amount: -1 }, 'amount'],
      [{ name: 'x', amount: 12.5 }, 'amount'],
      [{ name: 'x', amount: '100' }, 'amount'],
      [{ name: 'x', currency: 'EURO' }, 'currency'],
      [{ name: 'x', currency: 'XYZ' }, 'currency'],
      [{ name: 'x', expectedCloseDate: '2026-02-30' }, 'expectedCloseDate'],
      [{ name: 'x', expectedCloseDate: 'soon' }, 'expectedCloseDate'],
      [{ name: '' }, 'name'],
      [{ name: 'x', ownerId: '00000000-0000-4000-8000-000000000000' }, 'ownerId'],
      [{ name: 'x', pipelineId: other.id, stageId: stage(pipeline, 'Proposal') }, 'stageId'],
      [{ name: 'x', stageId: stage(pipeline, 'Lost') }, 'lostReason'],
      [{ name: 'x', people: [{ personId: 'nope' }] }, 'people'],
    ];
    for (const [body, field] of cases) {
      const response = await w.call('POST', '/api/deals', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(
        Object.keys((response.body.errors as object) ?? {}).join(','),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await w.ok('GET', '/api/deals/count')).toEqual({ count: 0, estimate: false });
    const made = await deal(w, { name: 'ok' });
    for (const body of [
      { amount: -5 },
      { currency: 'eur1' },
      { stageId: stage(other, 'Proposal'), pipelineId: pipeline.id },
      { stageId: stage(pipeline, 'Lost') },
      { lostReason: 'not lost' },
    ]) {
      expect(
        (await w.call('PATCH', `/api/deals/${made.id}`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    const move = await w.call('POST', `/api/deals/${made.id}/move`, {
      stageId: stage(other, 'Proposal'),
    });
    expect(move.status).toBe(400);
    expect(move.body.errors).toHaveProperty('stageId');
    const unchanged = dealDetailSchema.parse(await w.ok('GET', `/api/deals/${made.id}`));
    expect(unchanged.deal).toMatchObject({
      amount: 0,
      currency: 'EUR',
      stageId: stage(pipeline, 'Qualification'),
    });
    expect(unchanged.stages).toHaveLength(1);
    expect(
      (
        await w.call(
          'GET',
          `/api/deals?${query({ filters: [{ field: 'amount', op: 'gte', value: 'lots' }] })}`,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await w.call(
          'GET',
          `/api/deals?${query({ filters: [{ field: 'expectedCloseDate', op: 'between', value: { from: 'x' } }] })}`,
        )
      ).status,
    ).toBe(400);
  });

  it('needs a lost reason to lose a deal, closes won and lost deals and keeps every stage change', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const made = await deal(w, { name: 'Maybe', amount: 900 });
    const noReason = await w.call('POST', `/api/deals/${made.id}/move`, {
      stageId: stage(pipeline, 'Lost'),
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toHaveProperty('lostReason');
    const lost = dealSchema.parse(
      await w.ok('POST', `/api/deals/${made.id}/move`, {
        stageId: stage(pipeline, 'Lost'),
        lostReason: 'Chose a competitor',
      }),
    );
    expect(lost).toMatchObject({ status: 'lost', lostReason: 'Chose a competitor' });
    expect(lost.closedAt).not.toBeNull();
    const reopened = dealSchema.parse(
      await w.ok('PATCH', `/api/deals/${made.id}`, { stageId: stage(pipeline, 'Proposal') }),
    );
    expect(reopened).toMatchObject({ status: 'open', lostReason: '', closedAt: null });
    const won = dealSchema.parse(
      await w.ok('POST', `/api/deals/${made.id}/move`, { stageId: stage(pipeline, 'Won') }),
    );
    expect(won.status).toBe('won');
    expect(won.closedAt).not.toBeNull();
    const detail = dealDetailSchema.parse(await w.ok('GET', `/api/deals/${made.id}`));
    expect(detail.stages.map((s) => [s.fromStageName, s.toStageName])).toEqual([
      [null, 'Qualification'],
      ['Qualification', 'Lost'],
      ['Lost', 'Proposal'],
      ['Proposal', 'Won'],
    ]);
    const timeline = (await w.ok('GET', `/api/deals/${made.id}/activity`)) as {
      items: { kind: string; field: string | null; newValue: string | null }[];
    };
    expect(timeline.items.filter((a) => a.field === 'stage').map((a) => a.newValue)).toEqual([
      'Won',
      'Proposal',
      'Lost',
    ]);
    await w.ok('POST', `/api/deals/${made.id}/notes`, { body: 'Signed!' });
    const notes = (await w.ok('GET', `/api/deals/${made.id}/activity`)) as {
      items: { kind: string }[];
    };
    expect(notes.items[0]!.kind).toBe('note_added');
  });

  it('answers a board whose counts and sums equal those of its deals, a page per stage', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const proposal = stage(pipeline, 'Proposal');
    const amounts = [1000, 2550, 333, 10_001, 7];
    for (const [i, amount] of amounts.entries()) {
      await deal(w, {
        name: `p${i}`,
        amount,
        stageId: proposal,
        currency: i === 4 ? 'JPY' : 'EUR',
      });
    }
    await deal(w, { name: 'q', amount: 99 });
    const b = await board(w, { limit: 2 });
    expect(b.pipeline.id).toBe(pipeline.id);
    expect(b.columns.map((c) => c.stage.name)).toEqual(pipeline.stages.map((s) => s.name));
    const column = columnOf(b, proposal);
    expect(column.count).toBe(5);
    expect(column.deals.map((d) => d.name)).toEqual(['p0', 'p1']);
    const eur = 1000 + 2550 + 333 + 10_001;
    expect(column.sums).toEqual([
      { currency: 'EUR', amount: String(eur), weighted: String(Math.round(eur / 2)) },
      { currency: 'JPY', amount: '7', weighted: '4' },
    ]);
    // The column's cursor continues with GET /api/deals.
    const rest = await page(w, {
      filters: [{ field: 'stageId', op: 'equals', value: proposal }],
      sort: 'position',
      limit: 10,
      cursor: column.nextCursor,
    });
    expect(rest.items.map((d) => d.name)).toEqual(['p2', 'p3', 'p4']);
    // Every deal of the pipeline, summed by hand, agrees with the board.
    const all = await page(w, { limit: 200 });
    for (const c of b.columns) {
      const mine = all.items.filter((d) => d.stageId === c.stage.id);
      expect(c.count).toBe(mine.length);
      expect(c.sums.reduce((n, s) => n + Number(s.amount), 0)).toBe(
        mine.reduce((n, d) => n + d.amount, 0),
      );
    }
    // Filtered: only what matches is counted.
    const filtered = await board(w, { filters: [{ field: 'amount', op: 'gte', value: '1000' }] });
    expect(columnOf(filtered, proposal).count).toBe(3);
    expect(columnOf(filtered, stage(pipeline, 'Qualification')).count).toBe(0);
    // Moving a deal moves its amount from one column to the other.
    const p1 = column.deals[1]!;
    await w.ok('POST', `/api/deals/${p1.id}/move`, { stageId: stage(pipeline, 'Negotiation') });
    const after = await board(w);
    expect(columnOf(after, proposal).sums[0]!.amount).toBe(String(eur - 2550));
    expect(columnOf(after, stage(pipeline, 'Negotiation')).sums).toEqual([
      { currency: 'EUR', amount: '2550', weighted: String(Math.round(2550 * 0.75)) },
    ]);
  });

  it('places deals between neighbours and keeps positions stable under concurrent moves', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const target = stage(pipeline, 'Meeting booked');
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const made: Deal[] = [];
    for (const name of names) made.push(await deal(w, { name }));
    const order = async () => (await board(w, { limit: 100 })).columns;
    const namesIn = async (stageId: string) =>
      (await order()).find((c) => c.stage.id === stageId)!.deals.map((d) => d.name);
    await w.ok('POST', `/api/deals/${made[0]!.id}/move`, { stageId: target });
    await w.ok('POST', `/api/deals/${made[1]!.id}/move`, { stageId: target, afterId: made[0]!.id });
    await w.ok('POST', `/api/deals/${made[2]!.id}/move`, {
      stageId: target,
      beforeId: made[0]!.id,
    });
    expect(await namesIn(target)).toEqual(['c', 'a', 'b']);
    // Five moves at once, all to the place after "a": each lands after "a" and before "b".
    const concurrent = made.slice(3);
    await Promise.all(
      concurrent.map((d) =>
        w.ok('POST', `/api/deals/${d.id}/move`, { stageId: target, afterId: made[0]!.id }),
      ),
    );
    const column = await namesIn(target);
    expect(column).toHaveLength(8);
    expect(column.slice(0, 2)).toEqual(['c', 'a']);
    expect(column.at(-1)).toBe('b');
    expect(new Set(column.slice(2, 7))).toEqual(new Set(['d', 'e', 'f', 'g', 'h']));
    // And a move between two that landed on one key still finds a place between them.
    const [x, y] = column.slice(2, 4);
    const byName = new Map(made.map((d) => [d.name, d]));
    await w.ok('POST', `/api/deals/${byName.get('c')!.id}/move`, {
      stageId: target,
      afterId: byName.get(x!)!.id,
    });
    const again = await namesIn(target);
    expect(again.indexOf('c')).toBe(again.indexOf(x!) + 1);
    expect(again.indexOf(y!)).toBe(again.indexOf('c') + 1);
    // Placing next to a deal of another stage is refused.
    const wrong = await w.call('POST', `/api/deals/${made[0]!.id}/move`, {
      stageId: stage(pipeline, 'Proposal'),
      afterId: made[1]!.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('afterId');
  });

  it('filters on its fields, sorts and pages', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    await deal(w, {
      name: 'Alpha',
      amount: 500,
      expectedCloseDate: '2026-01-15',
      tags: ['a'],
      source: 'web',
    });
    await deal(w, {
      name: 'bravo',
      amount: 1500,
      expectedCloseDate: '2026-03-01',
      ownerId: w.userId,
    });
    await deal(w, {
      name: 'Charlie',
      amount: 2500,
      stageId: stage(pipeline, 'Won'),
      nextStep: 'Invoice',
    });
    const names = async (params: Record<string, unknown>) =>
      (await page(w, { sort: 'name', ...params })).items.map((d) => d.name);
    const f = (filters: unknown[]) => names({ filters });
    expect(await f([{ field: 'amount', op: 'gte', value: '1000' }])).toEqual(['bravo', 'Charlie']);
    expect(await f([{ field: 'amount', op: 'lte', value: '1500' }])).toEqual(['Alpha', 'bravo']);
    expect(await f([{ field: 'status', op: 'equals', value: 'won' }])).toEqual(['Charlie']);
    expect(await f([{ field: 'stale', op: 'equals', value: 'false' }])).toHaveLength(3);
    expect(
      await f([
        { field: 'expectedCloseDate', op: 'between', value: { from: '2026-02-01T00:00:00Z' } },
      ]),
    ).toEqual(['bravo']);
    expect(await f([{ field: 'expectedCloseDate', op: 'empty' }])).toEqual(['Charlie']);
    expect(await f([{ field: 'ownerId', op: 'equals', value: w.userId }])).toEqual(['bravo']);
    expect(await f([{ field: 'tags', op: 'has_any', value: ['a'] }])).toEqual(['Alpha']);
    expect(await f([{ field: 'closedAt', op: 'not_empty' }])).toEqual(['Charlie']);
    expect(await f([{ field: 'personId', op: 'empty' }])).toHaveLength(3);
    expect(await names({ q: 'invoice' })).toEqual(['Charlie']);
    expect(await names({ sort: '-amount' })).toEqual(['Charlie', 'bravo', 'Alpha']);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const p = await page(w, { sort: 'expectedCloseDate', limit: 1, cursor });
      seen.push(...p.items.map((d) => d.name));
      cursor = p.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['Alpha', 'bravo', 'Charlie']);
    const byAmount: string[] = [];
    cursor = undefined;
    do {
      const p = await page(w, { sort: '-amount', limit: 2, cursor });
      byAmount.push(...p.items.map((d) => d.name));
      cursor = p.nextCursor ?? undefined;
    } while (cursor);
    expect(byAmount).toEqual(['Charlie', 'bravo', 'Alpha']);
    expect(
      await w.ok(
        'GET',
        `/api/deals/count?${query({ filters: [{ field: 'status', op: 'equals', value: 'open' }] })}`,
      ),
    ).toEqual({ count: 2, estimate: false });
  });

  it('acts in bulk: stage (with history), owner, tag, list, delete; exports CSV', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    for (let i = 0; i < 5; i++)
      await deal(w, { name: `d${i}`, amount: 100 * (i + 1), source: i < 3 ? 'web' : 'event' });
    const web = { filter: { filters: [{ field: 'source', op: 'equals', value: 'web' }] } };
    const lostNoReason = await w.call('POST', '/api/deals/bulk', {
      selection: web,
      action: { type: 'set_stage', stageId: stage(pipeline, 'Lost') },
    });
    expect(lostNoReason.status).toBe(400);
    expect(
      await w.ok('POST', '/api/deals/bulk', {
        selection: web,
        action: { type: 'set_stage', stageId: stage(pipeline, 'Lost'), lostReason: 'Budget' },
      }),
    ).toEqual({ affected: 3 });
    const lost = await page(w, {
      filters: [{ field: 'status', op: 'equals', value: 'lost' }],
      sort: 'position',
    });
    expect(lost.items.map((d) => [d.name, d.lostReason])).toEqual([
      ['d0', 'Budget'],
      ['d1', 'Budget'],
      ['d2', 'Budget'],
    ]);
    expect(lost.items.every((d) => d.closedAt !== null)).toBe(true);
    const history = dealDetailSchema.parse(
      await w.ok('GET', `/api/deals/${lost.items[0]!.id}`),
    ).stages;
    expect(history.map((s) => s.toStageName)).toEqual(['Qualification', 'Lost']);
    expect(
      await w.ok('POST', '/api/deals/bulk', {
        selection: { ids: lost.items.map((d) => d.id) },
        action: { type: 'set_owner', ownerId: w.userId },
      }),
    ).toEqual({ affected: 3 });
    const badOwner = await w.call('POST', '/api/deals/bulk', {
      selection: web,
      action: { type: 'set_owner', ownerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(badOwner.status).toBe(400);
    expect(
      await w.ok('POST', '/api/deals/bulk', {
        selection: { filter: { filters: [] } },
        action: { type: 'add_tag', tag: 'review' },
      }),
    ).toEqual({ affected: 5 });
    const list = (await w.ok('POST', '/api/lists', { name: 'Hot', kind: 'deals' })) as {
      id: string;
    };
    expect(
      await w.ok('POST', '/api/deals/bulk', {
        selection: { filter: { filters: [{ field: 'source', op: 'equals', value: 'event' }] } },
        action: { type: 'add_to_list', listId: list.id },
      }),
    ).toEqual({ affected: 2 });
    expect(
      (await page(w, { filters: [{ field: 'list', op: 'on_list', value: list.id }] })).items,
    ).toHaveLength(2);
    const csv = await fetch(
      `${server.url}/api/deals/export.csv?${query({ sort: 'name', columns: 'name,stageName,amount,currency,ownerEmail,tags' })}`,
      { headers: { authorization: `Bearer ${w.admin.token}` } },
    );
    expect(await csv.text()).toBe(
      'Name,Stage,Amount,Currency,Owner email,Tags\r\n' +
        `d0,Lost,1.00,EUR,${w.admin.email},review\r\n` +
        `d1,Lost,2.00,EUR,${w.admin.email},review\r\n` +
        `d2,Lost,3.00,EUR,${w.admin.email},review\r\n` +
        'd3,Qualification,4.00,EUR,,review\r\n' +
        'd4,Qualification,5.00,EUR,,review\r\n',
    );
    expect(
      await w.ok('POST', '/api/deals/bulk', { selection: web, action: { type: 'delete' } }),
    ).toEqual({ affected: 3 });
    expect(await w.ok('GET', '/api/deals/count')).toEqual({ count: 2, estimate: false });
  });

  it('lets viewers read only and hides every deal from other workspaces', async () => {
    const w = await crmWorkspace(server);
    const made = await deal(w, { name: 'Mine' });
    const viewer = await addMember(server, w.admin.token, 'viewer');
    expect((await w.call('GET', `/api/deals/${made.id}`, undefined, viewer.token)).status).toBe(
      200,
    );
    expect((await w.call('GET', '/api/deals/board', undefined, viewer.token)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api/deals', { name: 'x' }],
      ['PATCH', `/api/deals/${made.id}`, { name: 'x' }],
      ['DELETE', `/api/deals/${made.id}`, undefined],
      ['POST', `/api/deals/${made.id}/move`, { stageId: made.stageId }],
      ['POST', '/api/deals/bulk', { selection: { ids: [made.id] }, action: { type: 'delete' } }],
    ] as const) {
      expect((await w.call(method, path, body, viewer.token)).status, `${method} ${path}`).toBe(
        403,
      );
    }
    const other = await crmWorkspace(server);
    for (const [method, path, body] of [
      ['GET', `/api/deals/${made.id}`, undefined],
      ['PATCH', `/api/deals/${made.id}`, { name: 'x' }],
      ['DELETE', `/api/deals/${made.id}`, undefined],
      ['POST', `/api/deals/${made.id}/move`, { stageId: made.stageId }],
      ['POST', '/api/deals', { name: 'x', stageId: made.stageId }],
    ] as const) {
      expect((await other.call(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(
      await other.ok('POST', '/api/deals/bulk', {
        selection: { ids: [made.id] },
        action: { type: 'delete' },
      }),
    ).toEqual({ affected: 0 });
    expect((await page(other, {})).items).toEqual([]);
    expect(dealDetailSchema.parse(await w.ok('GET', `/api/deals/${made.id}`)).deal.name).toBe(
      'Mine',
    );
  });

  it('imports deals from CSV: export headers read back, refused rows with their reasons', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    await w.ok('POST', '/api/people', { firstName: 'Ada', email: 'ada@acme.test' });
    await w.ok('POST', '/api/companies', { name: 'Acme', domain: 'acme.test' });
    const csv = [
      'Name,Pipeline,Stage,Amount,Currency,Expected close date,Owner email,Company,Company domain,People emails,Tags,Lost reason',
      `Acme pilot,Sales pipeline,Proposal,"1,234.50",EUR,2026-12-01,${w.admin.email},Acme,acme.test,ada@acme.test,pilot; q4,`,
      'Newco deal,,,99,usd,,,Newco,,,,',
      'Lost one,,Lost,10,EUR,,,,,,,Too pricey',
      'No reason,,Lost,10,EUR,,,,,,,',
      'Negative,,,-5,EUR,,,,,,,',
      'Bad stage,,Nowhere,5,EUR,,,,,,,',
      'Stranger,,,5,EUR,,,,,nobody@x.test,,',
      'Bad money,,,5,EURO,,,,,,,',
    ].join('\n');
    const response = await fetch(`${server.url}/api/imports?entity=deals&fileName=deals.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.admin.token}`, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(response.status).toBe(201);
    const job = (await response.json()) as { id: string; mapping: Record<string, string | null> };
    expect(job.mapping).toMatchObject({
      Name: 'name',
      Stage: 'stageName',
      Amount: 'amount',
      'Owner email': 'ownerEmail',
      'People emails': 'personEmail',
      'Lost reason': 'lostReason',
    });
    await w.ok('POST', `/api/imports/${job.id}/start`, { mapping: job.mapping });
    let done: {
      status: string;
      created: number;
      refused: number;
      errors: { row: number; reason: string }[];
    };
    const started = Date.now();
    for (;;) {
      done = (await w.ok('GET', `/api/imports/${job.id}`)) as typeof done;
      if (['completed', 'failed'].includes(done.status) || Date.now() - started > 30_000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(done.status).toBe('completed');
    expect(done.created).toBe(3);
    expect(done.errors.map((e) => e.row)).toEqual([5, 6, 7, 8, 9]);
    expect(done.errors[0]!.reason).toContain('Lost reason');
    const made = await page(w, { sort: 'name' });
    expect(made.items.map((d) => [d.name, d.amount, d.currency, d.status])).toEqual([
      ['Acme pilot', 123_450, 'EUR', 'open'],
      ['Lost one', 1000, 'EUR', 'lost'],
      ['Newco deal', 9900, 'USD', 'open'],
    ]);
    const acme = made.items[0]!;
    expect(acme).toMatchObject({
      stageId: stage(pipeline, 'Proposal'),
      companyName: 'Acme',
      ownerId: w.userId,
      expectedCloseDate: '2026-12-01',
      tags: ['pilot', 'q4'],
    });
    expect(acme.people.map((p) => p.email)).toEqual(['ada@acme.test']);
    expect(made.items[2]!.companyName).toBe('Newco');
    const history = dealDetailSchema.parse(await w.ok('GET', `/api/deals/${acme.id}`)).stages;
    expect(history.map((s) => s.toStageName)).toEqual(['Proposal']);
    const b = await board(w);
    expect(columnOf(b, stage(pipeline, 'Proposal')).sums).toEqual([
      { currency: 'EUR', amount: '123450', weighted: '61725' },
    ]);
  });

  it("marks an open deal stale after its stage's rot days without activity, and not a closed one", async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const quiet = await deal(w, { name: 'Quiet', stageId: stage(pipeline, 'Proposal') });
    const busy = await deal(w, { name: 'Busy', stageId: stage(pipeline, 'Proposal') });
    const won = await deal(w, { name: 'Done', stageId: stage(pipeline, 'Won') });
    // Time passes: their last activity goes 22 days back (Proposal rots after 21).
    await server.database.db.execute(
      sql`update deals set last_activity_at = now() - interval '22 days' where id in (${quiet.id}::uuid, ${won.id}::uuid)`,
    );
    const stale = async () =>
      (await page(w, { filters: [{ field: 'stale', op: 'equals', value: 'true' }] })).items.map(
        (d) => d.name,
      );
    expect(await stale()).toEqual(['Quiet']);
    expect(
      columnOf(await board(w), stage(pipeline, 'Proposal')).deals.map((d) => [d.name, d.stale]),
    ).toEqual([
      ['Quiet', true],
      ['Busy', false],
    ]);
    // A note is activity: the deal is fresh again. A longer rot time also lifts the mark.
    await w.ok('POST', `/api/deals/${quiet.id}/notes`, { body: 'Called them' });
    expect(await stale()).toEqual([]);
    await server.database.db.execute(
      sql`update deals set last_activity_at = now() - interval '22 days' where id = ${quiet.id}::uuid`,
    );
    await w.ok('PATCH', `/api/pipelines/${pipeline.id}/stages/${stage(pipeline, 'Proposal')}`, {
      rotDays: 30,
    });
    expect(await stale()).toEqual([]);
    expect(busy.stale).toBe(false);
  });

  it('tells the workspace, and no other, that a deal moved', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const other = await crmWorkspace(server);
    const made = await deal(w, { name: 'Live' });
    const watching = await connectRealtime(server.url, w.admin.token);
    const outsider = await connectRealtime(server.url, other.admin.token);
    await w.ok('POST', `/api/deals/${made.id}/move`, { stageId: stage(pipeline, 'Negotiation') });
    const moved = await watching.next((m) => m.type === 'deals.moved');
    expect(moved.data).toMatchObject({
      dealId: made.id,
      fromStageId: made.stageId,
      toStageId: stage(pipeline, 'Negotiation'),
      by: w.userId,
    });
    const changed = await watching.next((m) => m.type === 'crm.changed');
    expect(changed.data).toMatchObject({ entity: 'deals', id: made.id, by: w.userId });
    await w.ok('PATCH', `/api/pipelines/${pipeline.id}`, { name: 'Main' });
    await watching.next((m) => m.type === 'pipelines.changed');
    await new Promise((r) => setTimeout(r, 200));
    expect(outsider.messages.filter((m) => m.type !== 'ready')).toEqual([]);
    watching.close();
    outsider.close();
  });

  it('keeps saved views and lists of deals', async () => {
    const w = await crmWorkspace(server);
    const view = (await w.ok('POST', '/api/views', {
      name: 'Big open deals',
      entity: 'deals',
      filters: [
        { field: 'amount', op: 'gte', value: '100000' },
        { field: 'status', op: 'equals', value: 'open' },
      ],
      sort: '-amount',
      columns: ['name', 'amount', 'stageId'],
    })) as { id: string };
    const views = (await w.ok('GET', '/api/views?entity=deals')) as
      { id: string }[] | { items: { id: string }[] };
    const ids = (Array.isArray(views) ? views : views.items).map((v) => v.id);
    expect(ids).toContain(view.id);
    expect(
      (await w.call('POST', '/api/views', { name: 'Bad', entity: 'deals', sort: 'stage' })).status,
    ).toBe(400);
    const list = (await w.ok('POST', '/api/lists', { name: 'Focus', kind: 'deals' })) as {
      id: string;
    };
    const made = await deal(w, { name: 'Listed' });
    await w.ok('POST', `/api/lists/${list.id}/items`, { selection: { ids: [made.id] } });
    const detail = dealDetailSchema.parse(await w.ok('GET', `/api/deals/${made.id}`));
    expect(detail.lists.map((l) => l.name)).toEqual(['Focus']);
  });

  it('keeps the board totals equal to the deals through every kind of write', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const made: Deal[] = [];
    for (let i = 0; i < 8; i++) {
      made.push(
        await deal(w, {
          name: `t${i}`,
          amount: 1000 * (i + 1),
          currency: i % 3 === 0 ? 'USD' : 'EUR',
          stageId: stage(pipeline, i % 2 ? 'Proposal' : 'Qualification'),
        }),
      );
    }
    const same = async () => {
      const kept = await board(w);
      // A filter every deal passes takes the grouped query instead of the kept totals.
      const counted = await board(w, { filters: [{ field: 'amount', op: 'gte', value: '0' }] });
      const view = (b: typeof kept) => b.columns.map((c) => [c.stage.name, c.count, c.sums]);
      expect(view(kept)).toEqual(view(counted));
      return kept;
    };
    await same();
    await w.ok('PATCH', `/api/deals/${made[0]!.id}`, { amount: 55, currency: 'EUR' });
    await w.ok('PATCH', `/api/deals/${made[1]!.id}`, { name: 'renamed' });
    await w.ok('POST', `/api/deals/${made[2]!.id}/move`, { stageId: stage(pipeline, 'Won') });
    await w.ok('DELETE', `/api/deals/${made[3]!.id}`);
    await w.ok('POST', '/api/deals/bulk', {
      selection: { ids: [made[4]!.id, made[5]!.id] },
      action: { type: 'set_stage', stageId: stage(pipeline, 'Lost'), lostReason: 'No' },
    });
    await w.ok('POST', '/api/deals/bulk', {
      selection: { ids: [made[6]!.id] },
      action: { type: 'delete' },
    });
    await w.ok(
      'DELETE',
      `/api/pipelines/${pipeline.id}/stages/${stage(pipeline, 'Proposal')}?moveTo=${stage(pipeline, 'Negotiation')}`,
    );
    const kept = await same();
    expect(kept.columns.reduce((n, c) => n + c.count, 0)).toBe(6);
    const company = (await w.ok('POST', '/api/companies', { name: 'Gone' })) as { id: string };
    await deal(w, { name: 'with company', companyId: company.id, amount: 7 });
    await w.ok('DELETE', `/api/companies/${company.id}`);
    await same();
  });

  it("moves a merged person's deals to the person kept", async () => {
    const w = await crmWorkspace(server);
    const keep = (await w.ok('POST', '/api/people', { firstName: 'Ann', email: 'ann@x.test' })) as {
      id: string;
    };
    const dup = (await w.ok('POST', '/api/people', {
      firstName: 'Ann',
      email: 'ann2@x.test',
    })) as { id: string };
    const both = await deal(w, {
      name: 'Both',
      people: [
        { personId: keep.id, role: 'champion' },
        { personId: dup.id, role: 'user' },
      ],
    });
    const only = await deal(w, {
      name: 'Only dup',
      people: [{ personId: dup.id, role: 'blocker' }],
    });
    await w.ok('POST', '/api/people/merge', { primaryId: keep.id, duplicateIds: [dup.id] });
    const people = async (id: string) =>
      dealDetailSchema
        .parse(await w.ok('GET', `/api/deals/${id}`))
        .deal.people.map((p) => [p.personId, p.role]);
    expect(await people(both.id)).toEqual([[keep.id, 'champion']]);
    expect(await people(only.id)).toEqual([[keep.id, 'blocker']]);
  });
});
