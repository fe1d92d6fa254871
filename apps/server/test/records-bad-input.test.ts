import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { crmWorkspace, query, type Call } from './crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const cursorOf = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64url');
const someId = '00000000-0000-4000-8000-000000000000';

function refused(response: Call, field: string) {
  expect(response.status, response.text).toBe(400);
  expect(response.body.code).toBe('VALIDATION_FAILED');
  expect(typeof response.body.detail).toBe('string');
  expect(response.body.detail).toContain(field);
}

describe('bad input is a 400 with { detail, code }, never a 500', () => {
  it('refuses a filter on a field named like an object property', async () => {
    const w = await crmWorkspace(server);
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const filters = [{ field, op: 'empty' }];
      refused(await w.call('GET', `/api/people?${query({ filters })}`), 'filters');
      refused(await w.call('GET', `/api/companies/count?${query({ filters })}`), 'filters');
      refused(
        await w.call('POST', '/api/views', { name: 'v', entity: 'people', filters }),
        'filters',
      );
      refused(
        await w.call('POST', '/api/people/bulk', {
          selection: { filter: { filters } },
          action: { type: 'add_tag', tag: 'x' },
        }),
        'filters',
      );
    }
    const sorted = await w.call('GET', `/api/people?${query({ sort: 'constructor' })}`);
    refused(sorted, 'sort');
    expect(sorted.body.detail).toContain('Unknown column');
  });

  it('refuses a tampered cursor whose value does not fit the column', async () => {
    const w = await crmWorkspace(server);
    await w.ok('POST', '/api/people', { firstName: 'Ada' });
    await w.ok('POST', '/api/companies', { name: 'Acme' });
    const bad: [string, Record<string, unknown>][] = [
      [
        '/api/people',
        {
          cursor: cursorOf({
            e: 'people',
            s: '-createdAt',
            v: '2026-13-45 25:61:00+00',
            id: someId,
          }),
        },
      ],
      [
        '/api/people',
        {
          cursor: cursorOf({
            e: 'people',
            s: '-createdAt',
            v: '2026-02-30 10:00:00+00',
            id: someId,
          }),
        },
      ],
      [
        '/api/people',
        {
          sort: 'consentAt',
          cursor: cursorOf({
            e: 'people',
            s: 'consentAt',
            v: '2026-01-01 00:00:00+99',
            id: someId,
          }),
        },
      ],
      [
        '/api/companies',
        {
          sort: 'peopleCount',
          cursor: cursorOf({ e: 'companies', s: 'peopleCount', v: '9999999999', id: someId }),
        },
      ],
      [
        '/api/companies',
        {
          sort: '-peopleCount',
          cursor: cursorOf({ e: 'companies', s: '-peopleCount', v: '-2147483649', id: someId }),
        },
      ],
    ];
    for (const [path, params] of bad)
      refused(await w.call('GET', `${path}?${query(params)}`), 'cursor');
    // A real cursor still works, and the edges of the integer range are accepted.
    const fine = await w.call(
      'GET',
      `/api/companies?${query({ sort: 'peopleCount', cursor: cursorOf({ e: 'companies', s: 'peopleCount', v: '-2147483648', id: someId }) })}`,
    );
    expect(fine.status, fine.text).toBe(200);
    expect((fine.body.items as unknown[]).length).toBe(1);
  });

  it('refuses a tampered timeline cursor with an impossible time', async () => {
    const w = await crmWorkspace(server);
    const person = await w.ok('POST', '/api/people', { firstName: 'Ada' });
    const cursor = cursorOf({ t: '2026-99-99 00:00:00+00', id: someId });
    refused(
      await w.call('GET', `/api/people/${person.id as string}/activity?${query({ cursor })}`),
      'cursor',
    );
  });

  it('refuses text holding a NUL character (PostgreSQL cannot store it)', async () => {
    const w = await crmWorkspace(server);
    const person = await w.ok('POST', '/api/people', { firstName: 'Ada' });
    const nul = 'a\u0000b';
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/people?${query({ q: nul })}`],
      [
        'GET',
        `/api/people/count?${query({ filters: [{ field: 'firstName', op: 'contains', value: nul }] })}`,
      ],
      [
        'GET',
        `/api/people?${query({ sort: 'firstName', cursor: cursorOf({ e: 'people', s: 'firstName', v: nul, id: someId }) })}`,
      ],
      ['POST', '/api/people', { firstName: nul }],
      ['PATCH', `/api/people/${person.id as string}`, { jobTitle: nul }],
      ['POST', `/api/people/${person.id as string}/notes`, { body: nul }],
      ['POST', '/api/lists', { name: nul, kind: 'people' }],
    ];
    for (const [method, path, body] of calls) {
      const response = await w.call(method, path, body);
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(400);
      expect(response.body.code).toBeTypeOf('string');
      expect(response.body.detail).toBeTypeOf('string');
    }
  });
});
