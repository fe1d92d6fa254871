import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmWorkspace, query } from './crm.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Row = { id: string } & Record<string, unknown>;
type Workspace = Awaited<ReturnType<typeof crmWorkspace>>;

/** Every row of a sorted list, read page by page through the cursors. */
async function readAll(w: Workspace, path: string, sort: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages += 1) {
    const page = (await w.ok('GET', `${path}?${query({ sort, limit, cursor })}`)) as {
      items: Row[];
      nextCursor: string | null;
    };
    rows.push(...page.items);
    if (!page.nextCursor) return rows;
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

/** The expected order: by the lower-cased text, then by id (uuids compare as their hex text). */
const caseless = (rows: Row[], field: string) =>
  [...rows].sort((a, b) => {
    const x = String(a[field]).toLowerCase();
    const y = String(b[field]).toLowerCase();
    return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
  });

const NAMES = ['Bravo', 'alpha', 'Able', 'charlie', 'Alpha', 'bravo', 'Delta', 'ALPHA', 'able'];

describe('sorting by text is case-insensitive, page after page', () => {
  it('sorts people by last name, first name and job title, both ways, across pages', async () => {
    const w = await crmWorkspace(server);
    const created: Row[] = [];
    for (const [i, name] of NAMES.entries()) {
      created.push(
        (await w.ok('POST', '/api/people', {
          lastName: name,
          firstName: NAMES[(i + 3) % NAMES.length],
          jobTitle: NAMES[(i + 5) % NAMES.length],
        })) as Row,
      );
    }
    for (const field of ['lastName', 'firstName', 'jobTitle']) {
      const expected = caseless(created, field).map((r) => r.id);
      for (const limit of [1, 2, 3, 50]) {
        const up = await readAll(w, '/api/people', field, limit);
        expect(
          up.map((r) => r.id),
          `${field} limit ${limit}`,
        ).toEqual(expected);
        const down = await readAll(w, '/api/people', `-${field}`, limit);
        expect(
          down.map((r) => r.id),
          `-${field} limit ${limit}`,
        ).toEqual([...expected].reverse());
      }
    }
    // "alpha" comes between "Able" and "Bravo".
    const names = (await readAll(w, '/api/people', 'lastName', 4)).map((r) => r.lastName);
    expect(names.indexOf('alpha')).toBeGreaterThan(names.indexOf('Able'));
    expect(names.indexOf('alpha')).toBeLessThan(names.indexOf('Bravo'));
  });

  it('sorts companies by name across pages', async () => {
    const w = await crmWorkspace(server);
    const created: Row[] = [];
    for (const name of NAMES) created.push((await w.ok('POST', '/api/companies', { name })) as Row);
    const expected = caseless(created, 'name').map((r) => r.id);
    for (const limit of [1, 2, 4]) {
      const up = await readAll(w, '/api/companies', 'name', limit);
      expect(
        up.map((r) => r.id),
        `limit ${limit}`,
      ).toEqual(expected);
      const down = await readAll(w, '/api/companies', '-name', limit);
      expect(
        down.map((r) => r.id),
        `-name limit ${limit}`,
      ).toEqual([...expected].reverse());
    }
  });
});
