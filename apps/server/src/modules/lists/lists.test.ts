import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordListSchema, recordListsSchema } from '@beacon/contract';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace, query } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('lists', () => {
  it('makes, renames and deletes lists, with counts and by kind', async () => {
    const w = await crmWorkspace(server);
    const vip = recordListSchema.parse(
      await w.ok('POST', '/api/lists', { name: 'VIP', kind: 'people' }),
    );
    expect(vip).toMatchObject({
      name: 'VIP',
      kind: 'people',
      description: '',
      count: 0,
      createdBy: w.userId,
    });
    await w.ok('POST', '/api/lists', { name: 'Accounts', kind: 'companies' });
    const people = recordListsSchema.parse(await w.ok('GET', '/api/lists?kind=people'));
    expect(people.map((l) => l.name)).toEqual(['VIP']);
    expect(recordListsSchema.parse(await w.ok('GET', '/api/lists'))).toHaveLength(2);
    expect((await w.call('GET', '/api/lists?kind=tasks')).status).toBe(400);
    const renamed = await w.ok('PATCH', `/api/lists/${vip.id}`, {
      name: 'Very important',
      description: 'Top',
    });
    expect(renamed).toMatchObject({ name: 'Very important', description: 'Top' });
    expect((await w.call('PATCH', `/api/lists/${vip.id}`, { name: '' })).status).toBe(400);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    expect((await w.call('GET', `/api/lists/${vip.id}`, undefined, viewer.token)).status).toBe(200);
    expect(
      (await w.call('POST', '/api/lists', { name: 'x', kind: 'people' }, viewer.token)).status,
    ).toBe(403);
    expect(
      (
        await w.call(
          'POST',
          `/api/lists/${vip.id}/items`,
          { selection: { ids: [vip.id] } },
          viewer.token,
        )
      ).status,
    ).toBe(403);
    expect((await w.call('DELETE', `/api/lists/${vip.id}`)).status).toBe(204);
    expect((await w.call('GET', `/api/lists/${vip.id}`)).status).toBe(404);
  });

  it('adds and removes members by ids or by filter, recording activities', async () => {
    const w = await crmWorkspace(server);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push(
        (
          (await w.ok('POST', '/api/people', {
            firstName: `m${i}`,
            stage: i < 5 ? 'cold' : 'replied',
          })) as { id: string }
        ).id,
      );
    }
    const list = recordListSchema.parse(
      await w.ok('POST', '/api/lists', { name: 'Campaign', kind: 'people' }),
    );
    const cold = [{ field: 'stage', op: 'equals', value: 'cold' }];
    expect(
      await w.ok('POST', `/api/lists/${list.id}/items`, {
        selection: { filter: { filters: cold } },
      }),
    ).toEqual({ affected: 5 });
    expect(
      await w.ok('POST', `/api/lists/${list.id}/items`, { selection: { ids: [ids[0], ids[7]] } }),
    ).toEqual({ affected: 1 });
    expect((await w.ok('GET', `/api/lists/${list.id}`)).count).toBe(6);
    const members = (await w.ok(
      'GET',
      `/api/people?${query({ filters: [{ field: 'list', op: 'on_list', value: list.id }], sort: 'firstName' })}`,
    )) as { items: { firstName: string }[] };
    expect(members.items.map((p) => p.firstName)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm7']);
    expect(
      await w.ok('POST', `/api/lists/${list.id}/items/remove`, {
        selection: { filter: { q: 'm1', filters: [] } },
      }),
    ).toEqual({ affected: 1 });
    expect(
      await w.ok('POST', `/api/lists/${list.id}/items/remove`, {
        selection: { ids: [ids[1], ids[2]] },
      }),
    ).toEqual({ affected: 1 });
    expect((await w.ok('GET', `/api/lists/${list.id}`)).count).toBe(4);
    const timeline = (await w.ok('GET', `/api/people/${ids[2]}/activity`)) as {
      items: { kind: string; listId: string; listName: string }[];
    };
    expect(timeline.items.slice(0, 2)).toMatchObject([
      { kind: 'list_removed', listId: list.id, listName: 'Campaign' },
      { kind: 'list_added', listId: list.id, listName: 'Campaign' },
    ]);
    // Records of the wrong kind or another workspace are never added.
    const other = await crmWorkspace(server);
    const theirs = (
      (await other.ok('POST', '/api/people', { firstName: 'theirs' })) as { id: string }
    ).id;
    expect(
      await w.ok('POST', `/api/lists/${list.id}/items`, { selection: { ids: [theirs] } }),
    ).toEqual({ affected: 0 });
    const companies = recordListSchema.parse(
      await w.ok('POST', '/api/lists', { name: 'Accounts', kind: 'companies' }),
    );
    expect(
      await w.ok('POST', `/api/lists/${companies.id}/items`, { selection: { ids: [ids[3]] } }),
    ).toEqual({ affected: 0 });
    expect(
      (
        await w.call('POST', `/api/lists/${list.id}/items`, {
          selection: { filter: { filters: [{ field: 'name', op: 'empty' }] } },
        })
      ).status,
    ).toBe(400);
    expect((await w.call('POST', `/api/lists/${list.id}/items`, { selection: {} })).status).toBe(
      400,
    );
  });
});

describe('saved views', () => {
  it('lists mine and shared; only the owner, or an admin for shared ones, may change them', async () => {
    const w = await crmWorkspace(server);
    const contributor = await addMember(server, w.admin.token, 'contributor');
    const other = await addMember(server, w.admin.token, 'contributor');
    const filters = [{ field: 'stage', op: 'equals', value: 'cold' }];
    const mine = await w.ok(
      'POST',
      '/api/views',
      { name: 'Cold', entity: 'people', filters, sort: '-lastName', columns: ['firstName'] },
      contributor.token,
    );
    expect(mine).toMatchObject({
      name: 'Cold',
      shared: false,
      q: '',
      filters,
      sort: '-lastName',
      columns: ['firstName'],
    });
    const shared = await w.ok(
      'POST',
      '/api/views',
      { name: 'Team', entity: 'people', shared: true },
      contributor.token,
    );
    await w.ok('POST', '/api/views', { name: 'Accounts', entity: 'companies' }, contributor.token);
    const names = async (token: string, entity = 'people') =>
      (
        (await w.ok('GET', `/api/views?entity=${entity}`, undefined, token)) as unknown as {
          name: string;
        }[]
      ).map((v) => v.name);
    expect(await names(contributor.token)).toEqual(['Cold', 'Team']);
    expect(await names(other.token)).toEqual(['Team']);
    expect(await names(contributor.token, 'companies')).toEqual(['Accounts']);
    expect(
      (await w.call('PATCH', `/api/views/${mine.id}`, { name: 'x' }, other.token)).status,
    ).toBe(404);
    expect((await w.call('DELETE', `/api/views/${mine.id}`)).status).toBe(404);
    expect(
      (await w.call('PATCH', `/api/views/${shared.id}`, { name: 'x' }, other.token)).status,
    ).toBe(403);
    expect(
      (await w.call('PATCH', `/api/views/${shared.id}`, { name: 'Team, by the admin' })).status,
    ).toBe(200);
    expect(
      (
        await w.call(
          'PATCH',
          `/api/views/${mine.id}`,
          { shared: true, sort: 'firstName' },
          contributor.token,
        )
      ).body,
    ).toMatchObject({ shared: true, sort: 'firstName' });
    expect(
      (await w.call('PATCH', `/api/views/${mine.id}`, { sort: 'tags' }, contributor.token)).status,
    ).toBe(400);
    expect(
      (
        await w.call('POST', '/api/views', {
          name: 'Bad',
          entity: 'people',
          filters: [{ field: 'industry', op: 'empty' }],
        })
      ).status,
    ).toBe(400);
    expect(
      (await w.call('POST', '/api/views', { name: 'Bad', entity: 'companies', sort: '-stage' }))
        .status,
    ).toBe(400);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    expect(await names(viewer.token)).toEqual(['Cold', 'Team, by the admin']);
    expect(
      (await w.call('POST', '/api/views', { name: 'v', entity: 'people' }, viewer.token)).status,
    ).toBe(403);
    expect(
      (await w.call('DELETE', `/api/views/${shared.id}`, undefined, contributor.token)).status,
    ).toBe(204);
  });
});
