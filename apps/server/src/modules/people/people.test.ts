import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { personDetailSchema, personPageSchema, personSchema, type Person } from '@beacon/contract';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { peopleEntity } from './people.entity.ts';
import { countWhere, filterWhere } from '../../lib/records/query.ts';
import { crmWorkspace, query } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type W = Awaited<ReturnType<typeof crmWorkspace>>;

async function person(w: W, fields: Record<string, unknown>): Promise<Person> {
  return personSchema.parse(await w.ok('POST', '/api/people', fields));
}

async function page(w: W, params: Record<string, unknown>) {
  const response = await w.call('GET', `/api/people?${query(params)}`);
  expect(response.status, response.text).toBe(200);
  return personPageSchema.parse(response.body);
}

/** Every person the query matches, following the cursor to the end. */
async function all(w: W, params: Record<string, unknown>) {
  const seen: Person[] = [];
  let cursor: string | undefined;
  do {
    const p = await page(w, { ...params, cursor });
    seen.push(...p.items);
    cursor = p.nextCursor ?? undefined;
  } while (cursor);
  return seen;
}

describe('people: create, read, change', () => {
  it('creates a person with defaults and reads them back', async () => {
    const w = await crmWorkspace(server);
    const p = await person(w, { firstName: 'Ada', lastName: 'Lovelace', email: 'ADA@Example.com' });
    expect(p).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      stage: 'cold',
      source: 'manual',
      companyId: null,
      companyName: '',
      tags: [],
      consent: { status: 'unknown', at: null, method: null, note: '' },
    });
    const detail = personDetailSchema.parse(await w.ok('GET', `/api/people/${p.id}`));
    expect(detail.person).toEqual(p);
    expect(detail.company).toBeNull();
    expect(detail.lists).toEqual([]);
  });

  it('refuses a person without a name or an e-mail, and wrong types', async () => {
    const w = await crmWorkspace(server);
    const empty = await w.call('POST', '/api/people', {});
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    const wrong = await w.call('POST', '/api/people', { firstName: 12, stage: 'hot' });
    expect(wrong.status).toBe(400);
    const badEmail = await w.call('POST', '/api/people', { email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
  });

  it('patches fields, records one field_changed per change, stamps consent', async () => {
    const w = await crmWorkspace(server);
    const p = await person(w, { firstName: 'Grace', lastName: 'Hopper', tags: ['navy'] });
    const patched = personSchema.parse(
      await w.ok('PATCH', `/api/people/${p.id}`, {
        firstName: 'Grace',
        jobTitle: 'Rear Admiral',
        stage: 'interested',
        tags: ['navy', 'cobol'],
        consent: { status: 'granted', method: 'form' },
      }),
    );
    expect(patched.jobTitle).toBe('Rear Admiral');
    expect(patched.consent.status).toBe('granted');
    expect(patched.consent.method).toBe('form');
    expect(patched.consent.at).not.toBeNull();
    expect(Date.parse(patched.updatedAt)).toBeGreaterThanOrEqual(Date.parse(p.updatedAt));
    const timeline = (await w.ok('GET', `/api/people/${p.id}/activity`)) as {
      items: {
        kind: string;
        field: string | null;
        oldValue: string | null;
        newValue: string | null;
      }[];
    };
    const changed = timeline.items.filter((a) => a.kind === 'field_changed');
    expect(changed.map((a) => a.field).sort()).toEqual([
      'consentStatus',
      'jobTitle',
      'stage',
      'tags',
    ]);
    expect(changed.find((a) => a.field === 'stage')).toMatchObject({
      oldValue: 'cold',
      newValue: 'interested',
    });
    expect(changed.find((a) => a.field === 'tags')).toMatchObject({
      oldValue: 'navy',
      newValue: 'navy, cobol',
    });
    expect(timeline.items.at(-1)!.kind).toBe('created');
  });

  it('links a company and keeps its name and people count', async () => {
    const w = await crmWorkspace(server);
    const acme = (await w.ok('POST', '/api/companies', { name: 'Acme', domain: 'acme.test' })) as {
      id: string;
    };
    const p = await person(w, { firstName: 'Wile', companyId: acme.id });
    expect(p.companyName).toBe('Acme');
    let company = (await w.ok('GET', `/api/companies/${acme.id}`)) as {
      company: { peopleCount: number };
    };
    expect(company.company.peopleCount).toBe(1);
    await w.ok('PATCH', `/api/companies/${acme.id}`, { name: 'Acme Corp' });
    const detail = personDetailSchema.parse(await w.ok('GET', `/api/people/${p.id}`));
    expect(detail.person.companyName).toBe('Acme Corp');
    expect(detail.company?.name).toBe('Acme Corp');
    await w.ok('PATCH', `/api/people/${p.id}`, { companyId: null });
    company = (await w.ok('GET', `/api/companies/${acme.id}`)) as {
      company: { peopleCount: number };
    };
    expect(company.company.peopleCount).toBe(0);
  });

  it('deletes a person', async () => {
    const w = await crmWorkspace(server);
    const p = await person(w, { firstName: 'Gone' });
    expect((await w.call('DELETE', `/api/people/${p.id}`)).status).toBe(204);
    expect((await w.call('GET', `/api/people/${p.id}`)).status).toBe(404);
    expect((await w.call('DELETE', `/api/people/${p.id}`)).status).toBe(404);
  });

  it('lets viewers read but not write', async () => {
    const w = await crmWorkspace(server);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const p = await person(w, { firstName: 'Read', lastName: 'Only' });
    expect((await w.call('GET', '/api/people', undefined, viewer.token)).status).toBe(200);
    expect((await w.call('GET', `/api/people/${p.id}`, undefined, viewer.token)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api/people', { firstName: 'No' }],
      ['PATCH', `/api/people/${p.id}`, { firstName: 'No' }],
      ['DELETE', `/api/people/${p.id}`, undefined],
      ['POST', `/api/people/${p.id}/notes`, { body: 'No' }],
      ['POST', '/api/people/bulk', { selection: { ids: [p.id] }, action: { type: 'delete' } }],
      ['POST', '/api/people/merge', { primaryId: p.id, duplicateIds: [p.id] }],
    ] as const) {
      const response = await w.call(method, path, body, viewer.token);
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    const contributor = await addMember(server, w.admin.token, 'contributor');
    expect(
      (await w.call('PATCH', `/api/people/${p.id}`, { firstName: 'Yes' }, contributor.token))
        .status,
    ).toBe(200);
  });

  it('answers 404 for an owner or a company of another workspace', async () => {
    const w = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    const theirs = (await other.ok('POST', '/api/companies', { name: 'Theirs' })) as { id: string };
    expect(
      (await w.call('POST', '/api/people', { firstName: 'X', companyId: theirs.id })).status,
    ).toBe(404);
    expect(
      (await w.call('POST', '/api/people', { firstName: 'X', ownerId: other.userId })).status,
    ).toBe(404);
    const mine = await person(w, { firstName: 'Mine', ownerId: w.userId });
    expect(mine.ownerId).toBe(w.userId);
    expect(
      (await w.call('PATCH', `/api/people/${mine.id}`, { ownerId: other.userId })).status,
    ).toBe(404);
  });
});

describe('people: filters, sort, search, pagination', () => {
  let w: W;
  let listId: string;
  let acmeId: string;
  const made: Person[] = [];
  beforeAll(async () => {
    w = await crmWorkspace(server);
    acmeId = ((await w.ok('POST', '/api/companies', { name: 'Acme' })) as { id: string }).id;
    listId = ((await w.ok('POST', '/api/lists', { name: 'VIP', kind: 'people' })) as { id: string })
      .id;
    const rows = [
      {
        firstName: 'alice',
        lastName: 'adams',
        email: 'alice@acme.test',
        jobTitle: 'CTO',
        stage: 'replied',
        seniority: 'c_level',
        tags: ['vip', 'tech'],
        country: 'France',
        companyId: acmeId,
        ownerId: w.userId,
      },
      {
        firstName: 'bob',
        lastName: 'brown',
        email: 'bob@beta.test',
        jobTitle: 'Sales_Rep 100%',
        stage: 'cold',
        tags: ['tech'],
        country: 'Germany',
      },
      {
        firstName: 'carol',
        lastName: 'clark',
        email: '',
        jobTitle: 'Engineer',
        stage: 'interested',
        seniority: 'senior',
        tags: [],
        country: 'france',
      },
      {
        firstName: 'dave',
        lastName: 'adams',
        email: 'dave@acme.test',
        jobTitle: 'engineer',
        stage: 'cold',
        tags: ['vip'],
        country: '',
        companyId: acmeId,
      },
      {
        firstName: 'erin',
        lastName: 'evans',
        email: 'erin@gamma.test',
        jobTitle: '',
        stage: 'do_not_contact',
        seniority: 'entry',
        tags: [],
        country: 'Spain',
      },
    ];
    for (const row of rows) made.push(await person(w, row));
    await w.ok('POST', `/api/lists/${listId}/items`, {
      selection: { ids: [made[0]!.id, made[2]!.id] },
    });
  });

  const names = (items: Person[]) => items.map((p) => p.firstName).sort();
  const filtered = async (filters: unknown[], extra: Record<string, unknown> = {}) =>
    names((await page(w, { filters, ...extra })).items);

  it('filters text: contains (case-insensitive, escaped), equals, in, empty, not_empty', async () => {
    expect(await filtered([{ field: 'jobTitle', op: 'contains', value: 'ENGIN' }])).toEqual([
      'carol',
      'dave',
    ]);
    expect(await filtered([{ field: 'jobTitle', op: 'contains', value: '_' }])).toEqual(['bob']);
    expect(await filtered([{ field: 'jobTitle', op: 'contains', value: '%' }])).toEqual(['bob']);
    expect(await filtered([{ field: 'country', op: 'equals', value: 'FRANCE' }])).toEqual([
      'alice',
      'carol',
    ]);
    expect(await filtered([{ field: 'country', op: 'in', value: ['germany', 'spain'] }])).toEqual([
      'bob',
      'erin',
    ]);
    expect(await filtered([{ field: 'email', op: 'empty' }])).toEqual(['carol']);
    expect(await filtered([{ field: 'country', op: 'not_empty' }])).toEqual([
      'alice',
      'bob',
      'carol',
      'erin',
    ]);
  });

  it('filters enums, refs, tags, dates and lists', async () => {
    expect(await filtered([{ field: 'stage', op: 'equals', value: 'cold' }])).toEqual([
      'bob',
      'dave',
    ]);
    expect(
      await filtered([{ field: 'stage', op: 'in', value: ['replied', 'interested'] }]),
    ).toEqual(['alice', 'carol']);
    expect(await filtered([{ field: 'seniority', op: 'empty' }])).toEqual(['bob', 'dave']);
    expect(await filtered([{ field: 'seniority', op: 'not_empty' }])).toEqual([
      'alice',
      'carol',
      'erin',
    ]);
    expect(await filtered([{ field: 'companyId', op: 'equals', value: acmeId }])).toEqual([
      'alice',
      'dave',
    ]);
    expect(await filtered([{ field: 'ownerId', op: 'in', value: [w.userId] }])).toEqual(['alice']);
    expect(await filtered([{ field: 'ownerId', op: 'empty' }])).toEqual([
      'bob',
      'carol',
      'dave',
      'erin',
    ]);
    expect(await filtered([{ field: 'companyName', op: 'equals', value: 'acme' }])).toEqual([
      'alice',
      'dave',
    ]);
    expect(await filtered([{ field: 'tags', op: 'has_any', value: ['vip', 'nope'] }])).toEqual([
      'alice',
      'dave',
    ]);
    expect(await filtered([{ field: 'tags', op: 'has_all', value: ['vip', 'tech'] }])).toEqual([
      'alice',
    ]);
    expect(await filtered([{ field: 'tags', op: 'empty' }])).toEqual(['carol', 'erin']);
    expect(await filtered([{ field: 'tags', op: 'not_empty' }])).toEqual(['alice', 'bob', 'dave']);
    expect(await filtered([{ field: 'consentAt', op: 'empty' }])).toHaveLength(5);
    expect(
      await filtered([{ field: 'consentStatus', op: 'equals', value: 'unknown' }]),
    ).toHaveLength(5);
    const created = made[2]!.createdAt;
    expect(
      await filtered([{ field: 'createdAt', op: 'between', value: { from: created } }]),
    ).toEqual(['carol', 'dave', 'erin']);
    expect(await filtered([{ field: 'createdAt', op: 'between', value: { to: created } }])).toEqual(
      ['alice', 'bob'],
    );
    expect(await filtered([{ field: 'lastActivityAt', op: 'not_empty' }])).toHaveLength(5);
    expect(await filtered([{ field: 'list', op: 'on_list', value: listId }])).toEqual([
      'alice',
      'carol',
    ]);
    expect(await filtered([{ field: 'list', op: 'not_on_list', value: listId }])).toEqual([
      'bob',
      'dave',
      'erin',
    ]);
    expect(
      await filtered([
        { field: 'stage', op: 'equals', value: 'cold' },
        { field: 'tags', op: 'has_any', value: ['vip'] },
      ]),
    ).toEqual(['dave']);
  });

  it('searches names, e-mails, titles and company', async () => {
    expect(names((await page(w, { q: 'ADAMS' })).items)).toEqual(['alice', 'dave']);
    expect(names((await page(w, { q: 'beta.test' })).items)).toEqual(['bob']);
    expect(names((await page(w, { q: 'acme' })).items)).toEqual(['alice', 'dave']);
    expect(names((await page(w, { q: '100%' })).items)).toEqual(['bob']);
    expect(names((await page(w, { q: '%' })).items)).toEqual(['bob']);
    expect((await page(w, { q: 'nobody-here' })).items).toEqual([]);
    expect(
      names(
        (await page(w, { q: 'adams', filters: [{ field: 'stage', op: 'equals', value: 'cold' }] }))
          .items,
      ),
    ).toEqual(['dave']);
  });

  it('counts what a filter matches', async () => {
    const count = await w.ok(
      'GET',
      `/api/people/count?${query({ filters: [{ field: 'stage', op: 'equals', value: 'cold' }] })}`,
    );
    expect(count).toEqual({ count: 2, estimate: false });
    expect(await w.ok('GET', `/api/people/count?q=adams`)).toEqual({ count: 2, estimate: false });
  });

  it('turns a count past the limit into an estimate', async () => {
    const scope = (workspaceId: string) => ({
      workspaceId,
      userId: made[0]!.id,
      visibility: 'all' as const,
    });
    const where = await filterWhere(
      server.database.db,
      peopleEntity,
      scope(made[0]!.id),
      [],
      undefined,
    );
    expect(await countWhere(server.database.db, peopleEntity, where, 3)).toEqual({
      count: 0,
      estimate: false,
    });
    const me = await w.ok('GET', '/user/me');
    const workspaceId = (me.workspace as { id: string }).id;
    const all = await filterWhere(
      server.database.db,
      peopleEntity,
      scope(workspaceId),
      [],
      undefined,
    );
    expect(await countWhere(server.database.db, peopleEntity, all, 5)).toEqual({
      count: 5,
      estimate: false,
    });
    const estimated = await countWhere(server.database.db, peopleEntity, all, 3);
    expect(estimated.estimate).toBe(true);
    expect(estimated.count).toBeGreaterThan(3);
  });

  it('sorts ascending and descending on several columns, with ties broken by id', async () => {
    const byId = (a: Person, b: Person) => (a.id < b.id ? -1 : 1);
    for (const [sort, key] of [
      ['firstName', (p: Person) => p.firstName],
      ['lastName', (p: Person) => p.lastName],
      ['createdAt', (p: Person) => p.createdAt],
    ] as const) {
      const asc = (await all(w, { sort, limit: 2 })).map((p) => p.id);
      const expected = [...made].sort((a, b) =>
        key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : byId(a, b),
      );
      if (sort !== 'createdAt') expect(asc).toEqual(expected.map((p) => p.id));
      const desc = (await all(w, { sort: `-${sort}`, limit: 2 })).map((p) => p.id);
      expect(desc).toEqual([...asc].reverse());
    }
    // Enums sort in their declared order; nulls come last ascending.
    const stages = (await all(w, { sort: 'stage', limit: 2 })).map((p) => p.stage);
    expect(stages).toEqual(['cold', 'cold', 'replied', 'interested', 'do_not_contact']);
    const seniorities = (await all(w, { sort: 'seniority', limit: 2 })).map((p) => p.seniority);
    expect(seniorities).toEqual(['entry', 'senior', 'c_level', null, null]);
    const back = (await all(w, { sort: '-seniority', limit: 1 })).map((p) => p.seniority);
    expect(back).toEqual([null, null, 'c_level', 'senior', 'entry']);
    const owners = await all(w, { sort: 'ownerId', limit: 1 });
    expect(owners).toHaveLength(5);
    expect(owners[0]!.ownerId).toBe(w.userId);
  });

  it('refuses bad filters, sorts and cursors with 400', async () => {
    const bad = async (params: Record<string, unknown>) => {
      const response = await w.call('GET', `/api/people?${query(params)}`);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      return response.body.detail as string;
    };
    expect(await bad({ filters: '{not json' })).toMatch(/JSON/);
    expect(await bad({ filters: { field: 'stage' } })).toMatch(/filters/);
    expect(await bad({ filters: [{ field: 'shoeSize', op: 'equals', value: '9' }] })).toMatch(
      /Unknown field "shoeSize"/,
    );
    expect(await bad({ filters: [{ field: 'stage', op: 'contains', value: 'co' }] })).toMatch(
      /does not take/,
    );
    expect(await bad({ filters: [{ field: 'stage', op: 'equals', value: 'hot' }] })).toMatch(
      /not a value/,
    );
    expect(await bad({ filters: [{ field: 'companyId', op: 'equals', value: 'nope' }] })).toMatch(
      /not an id/,
    );
    expect(await bad({ filters: [{ field: 'tags', op: 'has_any', value: 'vip' }] })).toMatch(
      /array/,
    );
    expect(await bad({ filters: [{ field: 'createdAt', op: 'between', value: {} }] })).toMatch(
      /from/,
    );
    expect(
      await bad({ filters: [{ field: 'createdAt', op: 'between', value: { from: 'yesterday' } }] }),
    ).toBeTruthy();
    expect(await bad({ sort: 'tags' })).toMatch(/not offered/);
    expect(await bad({ sort: 'shoeSize' })).toMatch(/Unknown column/);
    expect(await bad({ sort: 'first_name;drop' })).toBeTruthy();
    expect(await bad({ limit: 0 })).toBeTruthy();
    expect(await bad({ limit: 'many' })).toBeTruthy();
    expect(await bad({ cursor: 'garbage!' })).toMatch(/cursor/);
    const first = await page(w, { sort: 'lastName', limit: 1 });
    expect(await bad({ sort: 'firstName', cursor: first.nextCursor })).toMatch(/sort/);
    const forged = Buffer.from(
      JSON.stringify({ e: 'people', s: '-createdAt', v: 'x', id: made[0]!.id }),
    ).toString('base64url');
    expect(await bad({ cursor: forged })).toMatch(/cursor/);
    const unknownList = await w.call(
      'GET',
      `/api/people?${query({ filters: [{ field: 'list', op: 'on_list', value: '00000000-0000-4000-8000-000000000000' }] })}`,
    );
    expect(unknownList.status).toBe(404);
  });

  it('visits every row exactly once while rows are added between pages', async () => {
    const x = await crmWorkspace(server);
    const before: string[] = [];
    for (let i = 0; i < 12; i++)
      before.push(
        (
          await person(x, {
            firstName: `p${String(i).padStart(2, '0')}`,
            lastName: i % 2 ? 'same' : 'other',
          })
        ).id,
      );
    for (const sort of ['-createdAt', 'createdAt', 'lastName', '-firstName', 'stage']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let added = 0;
      do {
        const p = await page(x, { sort, limit: 5, cursor });
        seen.push(...p.items.map((i) => i.id));
        cursor = p.nextCursor ?? undefined;
        // Someone adds people while we read.
        await person(x, { firstName: `new${sort}${added++}`, lastName: 'same' });
      } while (cursor);
      expect(new Set(seen).size, sort).toBe(seen.length);
      for (const id of before) expect(seen, sort).toContain(id);
    }
  });
});

type Activity = {
  kind: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  listName: string | null;
  note: { body: string } | null;
};
const timeline = async (w: W, id: string) =>
  ((await w.ok('GET', `/api/people/${id}/activity`)) as { items: Activity[] }).items;

describe('people: bulk actions', () => {
  it('acts on a selection of ids, set-based, with activities', async () => {
    const w = await crmWorkspace(server);
    const a = await person(w, { firstName: 'a' });
    const b = await person(w, { firstName: 'b', stage: 'replied' });
    const c = await person(w, { firstName: 'c' });
    const other = await crmWorkspace(server);
    const foreign = await person(other, { firstName: 'foreign' });
    const bulk = (action: unknown, ids: string[]) =>
      w.ok('POST', '/api/people/bulk', { selection: { ids }, action });
    expect(await bulk({ type: 'set_stage', stage: 'replied' }, [a.id, b.id, foreign.id])).toEqual({
      affected: 1,
    });
    expect((await timeline(w, a.id))[0]).toMatchObject({
      kind: 'field_changed',
      field: 'stage',
      oldValue: 'cold',
      newValue: 'replied',
    });
    expect(await bulk({ type: 'add_tag', tag: 'hot' }, [a.id, b.id])).toEqual({ affected: 2 });
    expect(await bulk({ type: 'add_tag', tag: 'hot' }, [a.id, b.id])).toEqual({ affected: 0 });
    expect(await bulk({ type: 'set_owner', ownerId: w.userId }, [a.id, c.id])).toEqual({
      affected: 2,
    });
    const listId = (
      (await w.ok('POST', '/api/lists', { name: 'L', kind: 'people' })) as { id: string }
    ).id;
    expect(await bulk({ type: 'add_to_list', listId }, [a.id, b.id])).toEqual({ affected: 2 });
    expect(await bulk({ type: 'add_to_list', listId }, [a.id, b.id, c.id])).toEqual({
      affected: 1,
    });
    expect((await timeline(w, c.id))[0]).toMatchObject({ kind: 'list_added', listName: 'L' });
    expect(await bulk({ type: 'remove_from_list', listId }, [c.id])).toEqual({ affected: 1 });
    expect((await timeline(w, c.id))[0]).toMatchObject({ kind: 'list_removed', listName: 'L' });
    const detail = personDetailSchema.parse(await w.ok('GET', `/api/people/${a.id}`));
    expect(detail.person).toMatchObject({ stage: 'replied', tags: ['hot'], ownerId: w.userId });
    expect(detail.lists.map((l) => [l.name, l.count])).toEqual([['L', 2]]);
    expect(await bulk({ type: 'delete' }, [a.id, foreign.id])).toEqual({ affected: 1 });
    expect((await other.call('GET', `/api/people/${foreign.id}`)).status).toBe(200);
    // Ids of another workspace inside the action answer 404.
    const theirList = (
      (await other.ok('POST', '/api/lists', { name: 'T', kind: 'people' })) as { id: string }
    ).id;
    expect(
      (
        await w.call('POST', '/api/people/bulk', {
          selection: { ids: [b.id] },
          action: { type: 'add_to_list', listId: theirList },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await w.call('POST', '/api/people/bulk', {
          selection: { ids: [b.id] },
          action: { type: 'set_owner', ownerId: other.userId },
        })
      ).status,
    ).toBe(404);
  });

  it('acts on everything a filter matches, and keeps company counts', async () => {
    const w = await crmWorkspace(server);
    const acme = (await w.ok('POST', '/api/companies', { name: 'Acme' })) as { id: string };
    for (let i = 0; i < 30; i++) {
      await person(w, {
        firstName: `p${i}`,
        country: i % 3 === 0 ? 'France' : 'Spain',
        companyId: i % 2 ? acme.id : null,
      });
    }
    const france = [{ field: 'country', op: 'equals', value: 'france' }];
    const listId = (
      (await w.ok('POST', '/api/lists', { name: 'FR', kind: 'people' })) as { id: string }
    ).id;
    expect(
      await w.ok('POST', '/api/people/bulk', {
        selection: { filter: { filters: france } },
        action: { type: 'add_to_list', listId },
      }),
    ).toEqual({ affected: 10 });
    expect(
      await w.ok(
        'GET',
        `/api/people/count?${query({ filters: [{ field: 'list', op: 'on_list', value: listId }] })}`,
      ),
    ).toEqual({ count: 10, estimate: false });
    expect(
      await w.ok('POST', '/api/people/bulk', {
        selection: { filter: { q: 'p1', filters: [] } },
        action: { type: 'set_stage', stage: 'interested' },
      }),
    ).toEqual({ affected: 11 });
    expect(
      ((await w.ok('GET', `/api/companies/${acme.id}`)) as { company: { peopleCount: number } })
        .company.peopleCount,
    ).toBe(15);
    // France among the odd ones (linked to Acme): 3, 9, 15, 21, 27.
    expect(
      await w.ok('POST', '/api/people/bulk', {
        selection: { filter: { filters: france } },
        action: { type: 'delete' },
      }),
    ).toEqual({ affected: 10 });
    expect(
      ((await w.ok('GET', `/api/companies/${acme.id}`)) as { company: { peopleCount: number } })
        .company.peopleCount,
    ).toBe(10);
    expect(await w.ok('GET', '/api/people/count')).toEqual({ count: 20, estimate: false });
    const bad = await w.call('POST', '/api/people/bulk', {
      selection: { filter: { filters: [{ field: 'nope', op: 'empty' }] } },
      action: { type: 'delete' },
    });
    expect(bad.status).toBe(400);
    expect(await w.ok('GET', '/api/people/count')).toEqual({ count: 20, estimate: false });
  });

  it('refuses bad bodies and huge payloads', async () => {
    const w = await crmWorkspace(server);
    expect(
      (
        await w.call('POST', '/api/people/bulk', {
          selection: { ids: [] },
          action: { type: 'delete' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await w.call('POST', '/api/people/bulk', {
          selection: { ids: ['x'] },
          action: { type: 'delete' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await w.call('POST', '/api/people/bulk', {
          selection: { ids: [w.userId] },
          action: { type: 'explode' },
        })
      ).status,
    ).toBe(400);
    const huge = await w.call('POST', '/api/people', { firstName: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
    const tooMany = Array.from({ length: 10_001 }, () => '00000000-0000-4000-8000-000000000000');
    expect(
      (
        await w.call('POST', '/api/people/bulk', {
          selection: { ids: tooMany },
          action: { type: 'delete' },
        })
      ).status,
    ).toBe(400);
    const notJson = await fetch(`${server.url}/api/people`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.admin.token}`, 'content-type': 'application/json' },
      body: '{"firstName":',
    });
    expect(notJson.status).toBe(400);
  });
});

describe('people: duplicates and merge', () => {
  it('refuses a change made on an older version of a person or a company (409), writing nothing', async () => {
    const w = await crmWorkspace(server);
    const ann = await person(w, { firstName: 'Ann', jobTitle: 'CTO' });
    // Two members opened Ann; the first saves.
    const first = await w.call('PATCH', `/api/people/${ann.id}`, {
      jobTitle: 'CEO',
      expectedUpdatedAt: ann.updatedAt,
    });
    expect(first.status, first.text).toBe(200);
    const saved = personSchema.parse(first.body);
    expect(saved.updatedAt).not.toBe(ann.updatedAt);
    // The second saves on what they read before: refused, and Ann keeps the first change.
    const second = await w.call('PATCH', `/api/people/${ann.id}`, {
      jobTitle: 'CFO',
      expectedUpdatedAt: ann.updatedAt,
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: 'EDIT_CONFLICT',
      detail: 'Someone else changed this person after you opened it, so your change was not saved',
    });
    const now = personDetailSchema.parse((await w.call('GET', `/api/people/${ann.id}`)).body);
    expect(now.person.jobTitle).toBe('CEO');
    expect(now.person.updatedAt).toBe(saved.updatedAt);
    // On the version they now read, it goes through; without the check, the last save wins.
    expect(
      (
        await w.call('PATCH', `/api/people/${ann.id}`, {
          jobTitle: 'CFO',
          expectedUpdatedAt: saved.updatedAt,
        })
      ).status,
    ).toBe(200);
    expect((await w.call('PATCH', `/api/people/${ann.id}`, { jobTitle: 'COO' })).status).toBe(200);
    const bad = await w.call('PATCH', `/api/people/${ann.id}`, { expectedUpdatedAt: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });

    const acme = (await w.ok('POST', '/api/companies', { name: 'Acme' })) as {
      id: string;
      updatedAt: string;
    };
    const renamed = await w.call('PATCH', `/api/companies/${acme.id}`, {
      name: 'Acme Inc',
      expectedUpdatedAt: acme.updatedAt,
    });
    expect(renamed.status, renamed.text).toBe(200);
    const stale = await w.call('PATCH', `/api/companies/${acme.id}`, {
      name: 'Acme Ltd',
      expectedUpdatedAt: acme.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'EDIT_CONFLICT' });
    expect(
      ((await w.ok('GET', `/api/companies/${acme.id}`)) as { company: { name: string } }).company
        .name,
    ).toBe('Acme Inc');
  });

  it('refuses a second person with an e-mail already there (any case), unless asked', async () => {
    const w = await crmWorkspace(server);
    const ann = await person(w, { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.test' });
    const again = await w.call('POST', '/api/people', { firstName: 'Annie', email: 'ANN@X.test' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'DUPLICATE_EMAIL',
      detail: 'Ann Lee already has the e-mail ann@x.test in your workspace',
      errors: { email: ['Ann Lee already has this e-mail'] },
    });
    // Nothing was written.
    expect((await page(w, {})).items.map((p) => p.id)).toEqual([ann.id]);

    // Changing someone's e-mail to a taken one is refused too; keeping their own is not.
    const bob = await person(w, { firstName: 'Bob', email: 'bob@x.test' });
    const taken = await w.call('PATCH', `/api/people/${bob.id}`, { email: 'Ann@x.test' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'DUPLICATE_EMAIL' });
    expect((await w.call('PATCH', `/api/people/${bob.id}`, { email: 'BOB@x.test' })).status).toBe(
      200,
    );
    expect((await w.call('PATCH', `/api/people/${ann.id}`, { jobTitle: 'CEO' })).status).toBe(200);

    // Another workspace may hold the same e-mail: it is not a duplicate there.
    const other = await crmWorkspace(server);
    expect((await other.call('POST', '/api/people', { email: 'ann@x.test' })).status).toBe(201);

    // Asked for, the duplicate is added (and the duplicates finder shows it).
    const twin = await w.call('POST', '/api/people', {
      firstName: 'Annie',
      email: 'ann@x.test',
      allowDuplicate: true,
    });
    expect(twin.status).toBe(201);
    expect(
      (
        await w.call('PATCH', `/api/people/${bob.id}`, {
          email: 'ann@x.test',
          allowDuplicate: true,
        })
      ).status,
    ).toBe(200);
    const { groups } = (await w.ok('GET', '/api/people/duplicates')) as {
      groups: { key: string; people: Person[] }[];
    };
    expect(groups.map((g) => [g.key, g.people.length])).toEqual([['ann@x.test', 3]]);
  });

  it('adds one of two people with one e-mail sent at the same moment', async () => {
    const w = await crmWorkspace(server);
    const answers = await Promise.all(
      ['Ann', 'Annie', 'Anna'].map((firstName) =>
        w.call('POST', '/api/people', { firstName, email: 'same@x.test' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('finds duplicates by e-mail and by name at a company', async () => {
    const w = await crmWorkspace(server);
    const acme = (await w.ok('POST', '/api/companies', { name: 'Acme' })) as { id: string };
    const a = await person(w, { firstName: 'Ann', email: 'ann@x.test' });
    const b = await person(w, { firstName: 'Annie', email: 'ANN@x.test', allowDuplicate: true });
    const c = await person(w, { firstName: 'Tom', lastName: 'Lee', companyId: acme.id });
    const d = await person(w, { firstName: 'tom', lastName: 'LEE', companyId: acme.id });
    await person(w, { firstName: 'Tom', lastName: 'Lee' });
    // Found both ways (the same e-mail, and the same name at one company): one group.
    const eve = await person(w, { firstName: 'Eve', email: 'eve@x.test', companyId: acme.id });
    const eve2 = await person(w, {
      firstName: 'EVE',
      email: 'eve@x.test',
      companyId: acme.id,
      allowDuplicate: true,
    });
    const { groups } = (await w.ok('GET', '/api/people/duplicates')) as {
      groups: { reason: string; key: string; people: Person[] }[];
    };
    expect(groups.map((g) => [g.reason, g.key, g.people.map((p) => p.id)])).toEqual([
      ['email', 'ann@x.test', [a.id, b.id]],
      ['email', 'eve@x.test', [eve.id, eve2.id]],
      ['name_company', 'tom lee @ Acme', [c.id, d.id]],
    ]);
  });

  it('merges, keeping list memberships, notes and activities, in one go', async () => {
    const w = await crmWorkspace(server);
    const acme = (await w.ok('POST', '/api/companies', { name: 'Acme' })) as { id: string };
    const beta = (await w.ok('POST', '/api/companies', { name: 'Beta' })) as { id: string };
    const primary = await person(w, {
      firstName: 'Ann',
      email: 'ann@x.test',
      phones: ['+1 555'],
      tags: ['a'],
    });
    const dup1 = await person(w, {
      firstName: 'Annie',
      lastName: 'Smith',
      email: 'ann.smith@y.test',
      additionalEmails: ['ann@x.test', 'old@y.test'],
      phones: ['+1 555', '+1 666'],
      tags: ['b', 'a'],
      jobTitle: 'CEO',
      companyId: acme.id,
      stage: 'do_not_contact',
    });
    const dup2 = await person(w, {
      lastName: 'Jones',
      email: 'aj@z.test',
      companyId: beta.id,
      city: 'Paris',
    });
    const l1 = (
      (await w.ok('POST', '/api/lists', { name: 'One', kind: 'people' })) as { id: string }
    ).id;
    const l2 = (
      (await w.ok('POST', '/api/lists', { name: 'Two', kind: 'people' })) as { id: string }
    ).id;
    await w.ok('POST', `/api/lists/${l1}/items`, { selection: { ids: [primary.id, dup1.id] } });
    await w.ok('POST', `/api/lists/${l2}/items`, { selection: { ids: [dup2.id] } });
    const note = (await w.ok('POST', `/api/people/${dup1.id}/notes`, {
      body: 'Met at the fair',
    })) as { id: string };
    await w.ok('PATCH', `/api/people/${dup2.id}`, { region: 'IDF' });

    // The duplicate joined list One a day before the primary did: the earlier date is kept.
    await server.database.db.execute(
      sql`update list_people set added_at = added_at - interval '1 day'
          where list_id = ${l1}::uuid and person_id = ${dup1.id}::uuid`,
    );
    const addedAt = async (personId: string) => {
      const result = (await server.database.db.execute(
        sql`select added_at::text as at from list_people
            where list_id = ${l1}::uuid and person_id = ${personId}::uuid`,
      )) as unknown as { rows: { at: string }[] };
      return result.rows[0]?.at;
    };
    const earliest = await addedAt(dup1.id);

    const merged = personDetailSchema.parse(
      await w.ok('POST', '/api/people/merge', {
        primaryId: primary.id,
        duplicateIds: [dup1.id, dup2.id],
      }),
    );
    expect(await addedAt(primary.id)).toBe(earliest);
    expect(merged.person).toMatchObject({
      id: primary.id,
      firstName: 'Ann',
      lastName: 'Smith',
      email: 'ann@x.test',
      jobTitle: 'CEO',
      companyId: acme.id,
      companyName: 'Acme',
      city: 'Paris',
      region: 'IDF',
      stage: 'do_not_contact',
    });
    expect(merged.person.additionalEmails.sort()).toEqual([
      'aj@z.test',
      'ann.smith@y.test',
      'old@y.test',
    ]);
    expect(merged.person.phones).toEqual(['+1 555', '+1 666']);
    expect(merged.person.tags).toEqual(['a', 'b']);
    expect(merged.lists.map((l) => [l.name, l.count])).toEqual([
      ['One', 1],
      ['Two', 1],
    ]);
    for (const id of [dup1.id, dup2.id])
      expect((await w.call('GET', `/api/people/${id}`)).status).toBe(404);
    const items = await timeline(w, primary.id);
    expect(items[0]).toMatchObject({ kind: 'merged' });
    expect(items[0]!.oldValue).toContain('ann.smith@y.test');
    expect(items.find((a) => a.kind === 'note_added')?.note?.body).toBe('Met at the fair');
    expect(items.find((a) => a.field === 'region')).toMatchObject({ newValue: 'IDF' });
    expect(items.filter((a) => a.kind === 'created')).toHaveLength(3);
    const patched = await w.call('PATCH', `/api/notes/${note.id}`, {
      body: 'Met at the fair, twice',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.subjectId).toBe(primary.id);
    const count = (id: string) =>
      w
        .ok('GET', `/api/companies/${id}`)
        .then((r) => (r as { company: { peopleCount: number } }).company.peopleCount);
    expect(await count(acme.id)).toBe(1);
    expect(await count(beta.id)).toBe(0);
  });

  it('refuses a bad merge without changing anything', async () => {
    const w = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    const a = await person(w, { firstName: 'a' });
    const b = await person(w, { firstName: 'b' });
    const theirs = await person(other, { firstName: 'theirs' });
    expect(
      (await w.call('POST', '/api/people/merge', { primaryId: a.id, duplicateIds: [a.id] })).status,
    ).toBe(400);
    expect(
      (
        await w.call('POST', '/api/people/merge', {
          primaryId: a.id,
          duplicateIds: [b.id, theirs.id],
        })
      ).status,
    ).toBe(404);
    expect(
      (await w.call('POST', '/api/people/merge', { primaryId: theirs.id, duplicateIds: [b.id] }))
        .status,
    ).toBe(404);
    expect(
      (await w.call('POST', '/api/people/merge', { primaryId: a.id, duplicateIds: [] })).status,
    ).toBe(400);
    expect((await w.call('GET', `/api/people/${b.id}`)).status).toBe(200);
    expect((await other.call('GET', `/api/people/${theirs.id}`)).status).toBe(200);
  });
});

describe('people: notes and the timeline', () => {
  it('adds, edits and deletes notes; author or admin only; newest first with a cursor', async () => {
    const w = await crmWorkspace(server);
    const contributor = await addMember(server, w.admin.token, 'contributor');
    const p = await person(w, { firstName: 'Noted' });
    const first = (await w.ok('POST', `/api/people/${p.id}/notes`, {
      body: '**Hello** _there_',
    })) as { id: string; subjectType: string; authorId: string };
    expect(first).toMatchObject({
      subjectType: 'person',
      subjectId: p.id,
      authorId: w.userId,
      body: '**Hello** _there_',
    });
    const second = (await w.ok(
      'POST',
      `/api/people/${p.id}/notes`,
      { body: 'mine' },
      contributor.token,
    )) as { id: string };
    expect((await w.call('POST', `/api/people/${p.id}/notes`, { body: '   ' })).status).toBe(400);
    // A contributor cannot change the admin's note; the admin can change anyone's.
    expect(
      (await w.call('PATCH', `/api/notes/${first.id}`, { body: 'hijack' }, contributor.token))
        .status,
    ).toBe(403);
    expect(
      (await w.call('DELETE', `/api/notes/${first.id}`, undefined, contributor.token)).status,
    ).toBe(403);
    expect(
      (
        await w.call(
          'PATCH',
          `/api/notes/${second.id}`,
          { body: 'mine, edited' },
          contributor.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (await w.call('PATCH', `/api/notes/${second.id}`, { body: 'by the admin' })).status,
    ).toBe(200);
    for (let i = 0; i < 5; i++) await w.ok('PATCH', `/api/people/${p.id}`, { jobTitle: `t${i}` });
    const seen: Activity[] = [];
    let cursor: string | null = null;
    do {
      const r = (await w.ok(
        'GET',
        `/api/people/${p.id}/activity?${query({ limit: 2, cursor: cursor ?? undefined })}`,
      )) as { items: Activity[]; nextCursor: string | null };
      seen.push(...r.items);
      cursor = r.nextCursor;
    } while (cursor);
    expect(seen.map((a) => a.kind)).toEqual([
      'field_changed',
      'field_changed',
      'field_changed',
      'field_changed',
      'field_changed',
      'note_added',
      'note_added',
      'created',
    ]);
    expect(seen.map((a) => a.newValue).slice(0, 5)).toEqual(['t4', 't3', 't2', 't1', 't0']);
    expect(seen[5]!.note?.body).toBe('by the admin');
    expect((await w.call('DELETE', `/api/notes/${second.id}`)).status).toBe(204);
    const after = await timeline(w, p.id);
    expect(after.filter((a) => a.kind === 'note_added')).toHaveLength(1);
    expect((await w.call('GET', `/api/people/${p.id}/activity?cursor=nope`)).status).toBe(400);
  });
});

describe('people: export and vCard', () => {
  it('exports the filtered view as CSV with a BOM, quoting and a formula guard', async () => {
    const w = await crmWorkspace(server);
    await person(w, { firstName: 'Plain', lastName: 'Row', tags: ['a', 'b'], country: 'France' });
    await person(w, {
      firstName: '=HYPERLINK("http://evil")',
      lastName: 'Smith, Jr.',
      jobTitle: 'Says "hi"\nthen leaves',
      country: 'France',
    });
    await person(w, { firstName: '@cmd', lastName: '+1', department: '-2', country: 'France' });
    await person(w, { firstName: 'Élodie', lastName: 'Spain', country: 'Spain' });
    const response = await fetch(
      `${server.url}/api/people/export.csv?${query({ filters: [{ field: 'country', op: 'equals', value: 'France' }], sort: 'firstName', columns: 'firstName,lastName,jobTitle,department,tags' })}`,
      { headers: { authorization: `Bearer ${w.admin.token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain('people.csv');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe(
      'First name,Last name,Job title,Department,Tags\r\n' +
        '"\'=HYPERLINK(""http://evil"")","Smith, Jr.","Says ""hi""\nthen leaves",,\r\n' +
        // Plain numbers (and phone numbers) are no formulas: they keep no apostrophe.
        "'@cmd,+1,,-2,\r\n" +
        'Plain,Row,,,a; b\r\n',
    );
    const all = await fetch(`${server.url}/api/people/export.csv`, {
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    const lines = (await all.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('First name,Last name,Email');
    expect((await w.call('GET', '/api/people/export.csv?columns=firstName,shoeSize')).status).toBe(
      400,
    );
    expect((await w.call('GET', '/api/people/export.csv?filters=nope')).status).toBe(400);
  });

  it('serves a vCard 4.0 with escaping and folding', async () => {
    const w = await crmWorkspace(server);
    const acme = (await w.ok('POST', '/api/companies', { name: 'Acme; Inc, Ltd' })) as {
      id: string;
    };
    const p = await person(w, {
      firstName: 'Zoë',
      lastName: 'Ångström',
      email: 'zoe@acme.test',
      additionalEmails: ['z@home.test'],
      phones: ['+33 1 23 45 67 89'],
      jobTitle: 'Head of Everything, ' + 'really '.repeat(12) + 'everything',
      companyId: acme.id,
      city: 'Paris',
      country: 'France',
      linkedinUrl: 'https://www.linkedin.com/in/zoe',
    });
    const response = await fetch(`${server.url}/api/people/${p.id}/vcard`, {
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/vcard/);
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines[1]).toBe('VERSION:4.0');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('FN:Zoë Ångström\r\n');
    expect(unfolded).toContain('N:Ångström;Zoë;;;\r\n');
    expect(unfolded).toContain('EMAIL;PREF=1:zoe@acme.test\r\n');
    expect(unfolded).toContain('EMAIL:z@home.test\r\n');
    expect(unfolded).toContain('TEL:+33 1 23 45 67 89\r\n');
    expect(unfolded).toContain('ORG:Acme\\; Inc\\, Ltd\r\n');
    expect(unfolded).toContain('TITLE:Head of Everything\\, really');
    expect(unfolded).toContain('ADR:;;;Paris;;;France\r\n');
    expect(unfolded).toContain('URL:https://www.linkedin.com/in/zoe\r\n');
    expect(unfolded).not.toContain('NOTE');
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text).toMatch(/\r\n /);
    expect(
      (await w.call('GET', '/api/people/00000000-0000-4000-8000-000000000000/vcard')).status,
    ).toBe(404);
  });
});
