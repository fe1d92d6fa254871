import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmChangeOf } from '../src/lib/records/live.ts';
import { startTestServer, type TestServer } from './helpers.ts';

// Which writes announce `crm.changed` (lib/records/live.ts): each route declares its change.

const id = '0b6f1c52-3c1e-4d0a-9f55-2f0d7c1e8a41';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map(String);

/** The change the route `method url` declares, for the given params. */
function changeOf(method: string, url: string, params: unknown) {
  const route = server.routes.find((r) => r.url === url && methodsOf(r).includes(method));
  if (!route) return null;
  return crmChangeOf(route.config?.crmChange, params);
}

describe('the CRM changes the routes declare', () => {
  it('names the record a write changed, or null for a creation or a change of many', () => {
    expect(changeOf('POST', '/api/people', {})).toEqual({ entity: 'people', id: null });
    expect(changeOf('PATCH', '/api/people/:id', { id })).toEqual({ entity: 'people', id });
    expect(changeOf('DELETE', '/api/companies/:id', { id })).toEqual({ entity: 'companies', id });
    expect(changeOf('POST', '/api/companies/bulk', {})).toEqual({
      entity: 'companies',
      id: null,
    });
    expect(changeOf('POST', '/api/people/merge', {})).toEqual({ entity: 'people', id: null });
    expect(changeOf('POST', '/api/people/:id/notes', { id })).toEqual({ entity: 'people', id });
    expect(changeOf('PATCH', '/api/notes/:id', { id })).toEqual({ entity: 'notes', id });
    expect(changeOf('POST', '/api/lists/:id/items', { id })).toEqual({ entity: 'lists', id });
    expect(changeOf('POST', '/api/lists/:id/items/remove', { id })).toEqual({
      entity: 'lists',
      id,
    });
  });

  it('is null for reads and for routes that change no record', () => {
    expect(changeOf('GET', '/api/people/:id', { id })).toBeNull();
    expect(changeOf('GET', '/api/people/export.csv', {})).toBeNull();
    expect(changeOf('POST', '/api/views', {})).toBeNull();
    expect(changeOf('POST', '/api/imports', {})).toBeNull();
    expect(changeOf('POST', '/meetings/events/new', {})).toBeNull();
  });

  it('is declared by every write of people, companies, deals, lists and notes, and by no other route', () => {
    // Tasks' own writes publish `tasks.changed` (in their transaction); the notes on a task,
    // as on every entry of the records registry, declare `crm.changed`.
    const crm = /^\/api\/((people|companies|deals|lists|notes)(\/|$)|tasks\/:id\/notes$)/;
    for (const route of server.routes) {
      const write = methodsOf(route).some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m));
      const declared = route.config?.crmChange !== undefined;
      expect(declared, `${methodsOf(route).join(',')} ${route.url}`).toBe(
        write && crm.test(route.url),
      );
    }
  });
});
