import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPageSchema, companySchema, type Company } from '@beacon/contract';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace, query } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type W = Awaited<ReturnType<typeof crmWorkspace>>;
const company = async (w: W, fields: Record<string, unknown>): Promise<Company> =>
  companySchema.parse(await w.ok('POST', '/api/companies', fields));
const page = async (w: W, params: Record<string, unknown>) => {
  const response = await w.call('GET', `/api/companies?${query(params)}`);
  expect(response.status, response.text).toBe(200);
  return companyPageSchema.parse(response.body);
};

describe('companies', () => {
  it('creates with a normalised domain and refuses a taken one with 409', async () => {
    const w = await crmWorkspace(server);
    const acme = await company(w, { name: 'Acme', domain: 'https://www.Acme.test/about' });
    expect(acme).toMatchObject({ name: 'Acme', domain: 'acme.test', peopleCount: 0, size: null });
    const again = await w.call('POST', '/api/companies', { name: 'Acme 2', domain: 'ACME.test' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT' });
    expect(again.body.detail).toContain('acme.test');
    const beta = await company(w, { name: 'Beta', domain: 'beta.test' });
    const clash = await w.call('PATCH', `/api/companies/${beta.id}`, { domain: 'acme.test' });
    expect(clash.status).toBe(409);
    // Empty domains never clash, and another workspace may use the same domain.
    await company(w, { name: 'No domain 1' });
    await company(w, { name: 'No domain 2' });
    const other = await crmWorkspace(server);
    await company(other, { name: 'Acme elsewhere', domain: 'acme.test' });
    expect((await w.call('POST', '/api/companies', { name: '' })).status).toBe(400);
    expect(
      (await w.call('POST', '/api/companies', { name: 'X', domain: 'not a domain' })).status,
    ).toBe(400);
    expect((await w.call('POST', '/api/companies', { name: 'X', size: 'huge' })).status).toBe(400);
  });

  it('filters, sorts and pages companies; lists their people', async () => {
    const w = await crmWorkspace(server);
    const rows = [
      { name: 'alpha', industry: 'Software', size: '11-50', tags: ['saas'], country: 'France' },
      { name: 'bravo', industry: 'Retail', size: '1-10', tags: [], country: 'Spain' },
      {
        name: 'charlie',
        industry: 'software house',
        size: null,
        tags: ['saas', 'b2b'],
        country: 'France',
        description: '100% remote',
      },
      {
        name: 'delta',
        industry: '',
        size: '5001+',
        revenueRange: '1B+',
        tags: ['b2b'],
        country: '',
      },
    ];
    const made: Company[] = [];
    for (const row of rows) made.push(await company(w, row));
    const names = async (params: Record<string, unknown>) =>
      (await page(w, params)).items.map((c) => c.name);
    const f = (filters: unknown[]) => names({ filters, sort: 'name' });
    expect(await f([{ field: 'industry', op: 'contains', value: 'SOFT' }])).toEqual([
      'alpha',
      'charlie',
    ]);
    expect(await f([{ field: 'description', op: 'contains', value: '%' }])).toEqual(['charlie']);
    expect(await f([{ field: 'size', op: 'in', value: ['1-10', '5001+'] }])).toEqual([
      'bravo',
      'delta',
    ]);
    expect(await f([{ field: 'size', op: 'empty' }])).toEqual(['charlie']);
    expect(await f([{ field: 'revenueRange', op: 'equals', value: '1B+' }])).toEqual(['delta']);
    expect(await f([{ field: 'tags', op: 'has_all', value: ['saas', 'b2b'] }])).toEqual([
      'charlie',
    ]);
    expect(await f([{ field: 'country', op: 'empty' }])).toEqual(['delta']);
    expect(await f([{ field: 'ownerId', op: 'empty' }])).toHaveLength(4);
    expect(await names({ q: 'SOFTWARE', sort: '-name' })).toEqual(['charlie', 'alpha']);
    expect(await names({ sort: 'size', limit: 1 })).toEqual(['bravo']);
    const sizes: (string | null)[] = [];
    let cursor: string | undefined;
    do {
      const p = await page(w, { sort: '-size', limit: 1, cursor });
      sizes.push(...p.items.map((c) => c.size));
      cursor = p.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([null, '5001+', '11-50', '1-10']);
    expect((await w.call('GET', '/api/companies?sort=tags')).status).toBe(400);
    expect(
      (
        await w.call(
          'GET',
          `/api/companies?${query({ filters: [{ field: 'stage', op: 'empty' }] })}`,
        )
      ).status,
    ).toBe(400);
    // A people cursor is no companies cursor.
    await w.ok('POST', '/api/people', { firstName: 'p1', companyId: made[0]!.id });
    await w.ok('POST', '/api/people', { firstName: 'p2', companyId: made[0]!.id });
    const people = (await w.ok(
      'GET',
      `/api/people?${query({ filters: [{ field: 'companyId', op: 'equals', value: made[0]!.id }], limit: 1 })}`,
    )) as { items: unknown[]; nextCursor: string };
    expect(people.items).toHaveLength(1);
    expect((await w.call('GET', `/api/companies?cursor=${people.nextCursor}`)).status).toBe(400);
    expect(await names({ sort: '-peopleCount', limit: 1 })).toEqual(['alpha']);
    expect(
      await w.ok(
        'GET',
        `/api/companies/count?${query({ filters: [{ field: 'tags', op: 'has_any', value: ['saas'] }] })}`,
      ),
    ).toEqual({ count: 2, estimate: false });
  });

  it('records changes on the timeline; delete unlinks its people; viewers cannot write', async () => {
    const w = await crmWorkspace(server);
    const acme = await company(w, { name: 'Acme' });
    const p = (await w.ok('POST', '/api/people', { firstName: 'Wile', companyId: acme.id })) as {
      id: string;
    };
    await w.ok('PATCH', `/api/companies/${acme.id}`, { industry: 'Anvils', name: 'Acme Corp' });
    await w.ok('POST', `/api/companies/${acme.id}/notes`, { body: 'Big customer' });
    const activity = (await w.ok('GET', `/api/companies/${acme.id}/activity`)) as {
      items: { kind: string; field: string | null }[];
    };
    expect(activity.items.map((a) => a.kind)).toEqual([
      'note_added',
      'field_changed',
      'field_changed',
      'created',
    ]);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    expect((await w.call('GET', `/api/companies/${acme.id}`, undefined, viewer.token)).status).toBe(
      200,
    );
    expect(
      (await w.call('PATCH', `/api/companies/${acme.id}`, { name: 'x' }, viewer.token)).status,
    ).toBe(403);
    expect((await w.call('POST', '/api/companies', { name: 'x' }, viewer.token)).status).toBe(403);
    expect(
      (
        await w.call(
          'POST',
          '/api/companies/bulk',
          { selection: { ids: [acme.id] }, action: { type: 'delete' } },
          viewer.token,
        )
      ).status,
    ).toBe(403);
    expect((await w.call('DELETE', `/api/companies/${acme.id}`)).status).toBe(204);
    const person = (await w.ok('GET', `/api/people/${p.id}`)) as {
      person: { companyId: string | null; companyName: string };
    };
    expect(person.person).toMatchObject({ companyId: null, companyName: '' });
  });

  it('bulk actions over a filter, and export', async () => {
    const w = await crmWorkspace(server);
    for (let i = 0; i < 6; i++)
      await company(w, { name: `c${i}`, country: i < 4 ? 'France' : 'Spain' });
    const france = [{ field: 'country', op: 'equals', value: 'France' }];
    expect(
      await w.ok('POST', '/api/companies/bulk', {
        selection: { filter: { filters: france } },
        action: { type: 'add_tag', tag: 'eu' },
      }),
    ).toEqual({ affected: 4 });
    const listId = (
      (await w.ok('POST', '/api/lists', { name: 'Accounts', kind: 'companies' })) as { id: string }
    ).id;
    expect(
      await w.ok('POST', '/api/companies/bulk', {
        selection: { filter: { filters: [{ field: 'tags', op: 'has_any', value: ['eu'] }] } },
        action: { type: 'add_to_list', listId },
      }),
    ).toEqual({ affected: 4 });
    const peopleList = (
      (await w.ok('POST', '/api/lists', { name: 'People', kind: 'people' })) as { id: string }
    ).id;
    expect(
      (
        await w.call('POST', '/api/companies/bulk', {
          selection: { filter: { filters: [] } },
          action: { type: 'add_to_list', listId: peopleList },
        })
      ).status,
    ).toBe(404);
    expect(
      await w.ok('POST', '/api/companies/bulk', {
        selection: { filter: { filters: [{ field: 'list', op: 'not_on_list', value: listId }] } },
        action: { type: 'set_owner', ownerId: w.userId },
      }),
    ).toEqual({ affected: 2 });
    const csv = await fetch(
      `${server.url}/api/companies/export.csv?${query({ sort: 'name', columns: 'name,tags,ownerId' })}`,
      { headers: { authorization: `Bearer ${w.admin.token}` } },
    );
    // text() drops the byte-order mark (the people test checks the bytes). The owner is written
    // as the member's e-mail, under a header a person reads (`ownerId` still asks for it).
    const text = await csv.text();
    expect(text).toBe(
      'Name,Tags,Owner email\r\nc0,eu,\r\nc1,eu,\r\nc2,eu,\r\nc3,eu,\r\n' +
        `c4,,${w.admin.email}\r\nc5,,${w.admin.email}\r\n`,
    );
    expect(
      await w.ok('POST', '/api/companies/bulk', {
        selection: { filter: { q: 'c5', filters: [] } },
        action: { type: 'delete' },
      }),
    ).toEqual({ affected: 1 });
    expect(await w.ok('GET', '/api/companies/count')).toEqual({ count: 5, estimate: false });
  });
});
