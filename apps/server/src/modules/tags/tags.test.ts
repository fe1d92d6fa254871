import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagUsagesSchema } from '@beacon/contract';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A workspace with tags on a person, a company and a deal. */
async function tagged() {
  const w = await crmWorkspace(server);
  const person = (await w.ok('POST', '/api/people', { lastName: 'P', tags: ['vip', 'lead'] }))
    .id as string;
  const company = (await w.ok('POST', '/api/companies', { name: 'C', tags: ['VIP', 'partner'] }))
    .id as string;
  const deal = (await w.ok('POST', '/api/deals', { name: 'D', tags: ['lead', 'vip', 'q4'] }))
    .id as string;
  const tagsOf = async () => ({
    person: ((await w.ok('GET', `/api/people/${person}`)).person as { tags: string[] }).tags,
    company: ((await w.ok('GET', `/api/companies/${company}`)).company as { tags: string[] }).tags,
    deal: ((await w.ok('GET', `/api/deals/${deal}`)).deal as { tags: string[] }).tags,
  });
  return { ...w, person, company, deal, tagsOf };
}

describe('tags across people, companies and deals', () => {
  it('lists every tag in use with its counts per entity', async () => {
    const w = await tagged();
    const usage = tagUsagesSchema.parse(await w.ok('GET', '/api/tags'));
    expect(usage).toEqual([
      { tag: 'lead', people: 1, companies: 0, deals: 1, total: 2 },
      { tag: 'partner', people: 0, companies: 1, deals: 0, total: 1 },
      { tag: 'q4', people: 0, companies: 0, deals: 1, total: 1 },
      { tag: 'VIP', people: 0, companies: 1, deals: 0, total: 1 },
      { tag: 'vip', people: 1, companies: 0, deals: 1, total: 2 },
    ]);
  });

  it('renames a tag everywhere, keeping order and each tag once', async () => {
    const w = await tagged();
    expect(await w.ok('POST', '/api/tags/rename', { from: 'vip', to: 'lead' })).toEqual({
      people: 1,
      companies: 0,
      deals: 1,
    });
    expect(await w.tagsOf()).toEqual({
      person: ['lead'],
      company: ['VIP', 'partner'],
      deal: ['lead', 'q4'],
    });
  });

  it('merges tags across entities in one change', async () => {
    const w = await tagged();
    const change = await w.ok('POST', '/api/tags/merge', {
      from: ['vip', 'VIP', 'partner'],
      into: 'key account',
    });
    expect(change).toEqual({ people: 1, companies: 1, deals: 1 });
    expect(await w.tagsOf()).toEqual({
      person: ['key account', 'lead'],
      company: ['key account'],
      deal: ['lead', 'key account', 'q4'],
    });
    const usage = tagUsagesSchema.parse(await w.ok('GET', '/api/tags'));
    expect(usage.find((u) => u.tag === 'key account')).toMatchObject({ total: 3 });
    // The records' lists and filters see the new tag.
    const people = await w.ok(
      'GET',
      `/api/people?filters=${encodeURIComponent(JSON.stringify([{ field: 'tags', op: 'has_any', value: ['key account'] }]))}`,
    );
    expect((people.items as unknown[]).length).toBe(1);
  });

  it('deletes a tag everywhere', async () => {
    const w = await tagged();
    expect(await w.ok('POST', '/api/tags/delete', { tag: 'lead' })).toEqual({
      people: 1,
      companies: 0,
      deals: 1,
    });
    expect(await w.tagsOf()).toEqual({
      person: ['vip'],
      company: ['VIP', 'partner'],
      deal: ['vip', 'q4'],
    });
    expect(await w.ok('POST', '/api/tags/delete', { tag: 'nothing' })).toEqual({
      people: 0,
      companies: 0,
      deals: 0,
    });
  });

  it('refuses bad requests with {detail, code}, changing nothing', async () => {
    const w = await tagged();
    const before = await w.tagsOf();
    for (const [path, body] of [
      ['rename', { from: 'vip', to: 'vip' }],
      ['rename', { from: '', to: 'x' }],
      ['rename', { from: 'vip', to: 'x'.repeat(41) }],
      ['rename', { from: 'vip' }],
      ['merge', { from: [], into: 'x' }],
      ['merge', { from: ['vip'], into: 'vip' }],
      ['merge', { from: Array.from({ length: 51 }, (_, i) => `t${i}`), into: 'x' }],
      ['merge', { from: 'vip', into: 'x' }],
      ['delete', { tag: 42 }],
      ['delete', {}],
    ] as const) {
      const response = await w.call('POST', `/api/tags/${path}`, body);
      expect(response.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    expect(await w.tagsOf()).toEqual(before);
  });

  it('lets viewers read only, and never touches another workspace', async () => {
    const w = await tagged();
    const other = await tagged();
    const viewer = await addMember(server, w.admin.token, 'viewer');
    expect((await w.call('GET', '/api/tags', undefined, viewer.token)).status).toBe(200);
    for (const [path, body] of [
      ['rename', { from: 'vip', to: 'x' }],
      ['merge', { from: ['vip'], into: 'x' }],
      ['delete', { tag: 'vip' }],
    ] as const) {
      expect((await w.call('POST', `/api/tags/${path}`, body, viewer.token)).status).toBe(403);
    }
    const contributor = await addMember(server, w.admin.token, 'contributor');
    await w.ok('POST', '/api/tags/delete', { tag: 'vip' }, contributor.token);
    expect((await other.tagsOf()).person).toEqual(['vip', 'lead']);
  });
});
