import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, exportRecordsSchema, type AuditEntry } from '@beacon/contract';
import { addMember, register, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace, query } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: { pollMs: 50 } });
});
afterAll(async () => {
  await server.close();
});

async function workspace() {
  const w = await crmWorkspace(server);
  const page = async (params: Record<string, unknown> = {}, token = w.admin.token) => {
    const response = await w.call('GET', `/api/audit?${query(params)}`, undefined, token);
    expect(response.status, response.text).toBe(200);
    return auditPageSchema.parse(response.body);
  };
  return { ...w, page };
}

const kinds = (items: AuditEntry[]) => items.map((item) => item.kind);

describe('audit log', () => {
  it('records settings changes with the actor, old and new values and the origin', async () => {
    const w = await workspace();
    await w.ok('PATCH', '/api/workspace', { name: 'Acme Sales', defaultCurrency: 'usd' });
    const { items } = await w.page();
    expect(items[0]).toMatchObject({
      kind: 'workspace.settings_changed',
      actorId: w.userId,
      actorName: 'Test User',
      subject: 'workspace',
      detail: {
        changes: { name: { to: 'Acme Sales' }, defaultCurrency: { from: 'EUR', to: 'USD' } },
      },
    });
    expect(items[0]!.ip).toEqual(expect.any(String));
    // Nothing changed: nothing recorded.
    await w.ok('PATCH', '/api/workspace', { name: 'Acme Sales' });
    expect((await w.page()).items).toHaveLength(1);
  });

  it('records exports, single and bulk deletions and completed imports of records', async () => {
    const w = await workspace();
    const a = (await w.ok('POST', '/api/people', { lastName: 'A' })).id as string;
    const b = (await w.ok('POST', '/api/companies', { name: 'B' })).id as string;
    const deal = (await w.ok('POST', '/api/deals', { name: 'C' })).id as string;
    await w.ok('POST', '/api/people', { lastName: 'D' });
    await w.ok('POST', '/api/people', { lastName: 'E' });
    const csv = await w.call('GET', '/api/people/export.csv');
    expect(csv.status).toBe(200);
    await w.ok('DELETE', `/api/people/${a}`);
    await w.ok('DELETE', `/api/companies/${b}`);
    await w.ok('DELETE', `/api/deals/${deal}`);
    const bulk = await w.ok('POST', '/api/people/bulk', {
      selection: { filter: { filters: [] } },
      action: { type: 'delete' },
    });
    expect(bulk).toEqual({ affected: 2 });

    const upload = await fetch(`${server.url}/api/imports?entity=companies&fileName=c.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.admin.token}`, 'content-type': 'text/csv' },
      body: 'Name\nImported One\nImported Two\n',
    });
    const imported = (await upload.json()) as { id: string };
    await w.ok('POST', `/api/imports/${imported.id}/start`, { mapping: { Name: 'name' } });
    for (let i = 0; i < 200; i += 1) {
      const job = await w.ok('GET', `/api/imports/${imported.id}`);
      if (job.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const { items } = await w.page();
    expect(kinds(items)).toEqual([
      'records.imported',
      'records.deleted',
      'records.deleted',
      'records.deleted',
      'records.deleted',
      'records.exported',
    ]);
    expect(items[0]!.detail).toMatchObject({ entity: 'companies', rows: 2, created: 2 });
    expect(items[1]!.detail).toEqual({ entity: 'people', count: 2, bulk: true });
    expect(items[2]).toMatchObject({ subject: `deals:${deal}`, detail: { entity: 'deals' } });
    expect(items[4]).toMatchObject({ subject: `people:${a}` });
    expect(items[5]!.detail).toMatchObject({ entity: 'people' });
    const history = await w.ok('GET', '/api/audit/exports');
    expect(exportRecordsSchema.parse(history)).toEqual([
      expect.objectContaining({ entity: 'people', actorName: 'Test User' }),
    ]);
  });

  it('filters by kind, actor and dates, and pages by keyset without gaps or repeats', async () => {
    const w = await workspace();
    const contributor = await addMember(server, w.admin.token, 'contributor');
    for (let i = 0; i < 7; i += 1) await w.ok('PATCH', '/api/workspace', { name: `Name ${i}` });
    await w.ok('POST', '/api/people', { lastName: 'X' }, contributor.token);
    const person = (await w.ok('POST', '/api/people', { lastName: 'Y' })).id as string;
    await w.ok('DELETE', `/api/people/${person}`, undefined, contributor.token);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await w.page({ limit: 3, cursor });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    // Seven settings changes, a deletion, and the contributor's sign-in (the account's audit).
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);

    const byActor = await w.page({ actorId: contributor.id });
    expect(kinds(byActor.items)).toEqual(['records.deleted', 'auth.sign_in']);
    const byKind = await w.page({ kind: 'workspace.settings_changed' });
    expect(byKind.items).toHaveLength(7);
    const future = await w.page({ from: new Date(Date.now() + 60_000).toISOString() });
    expect(future.items).toEqual([]);
    const past = await w.page({ to: '2020-01-01T00:00:00Z' });
    expect(past.items).toEqual([]);
    const all = await w.page({ from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00+02:00' });
    expect(all.items).toHaveLength(9);
  });

  it('exports the filtered log as CSV and records the export', async () => {
    const w = await workspace();
    await w.ok('PATCH', '/api/workspace', { name: '=HYPERLINK("x")' });
    const response = await w.call(
      'GET',
      `/api/audit/export.csv?${query({ kind: 'workspace.settings_changed' })}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('audit-log.csv');
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toBe('time,kind,actor,actor_email,subject,detail,ip,user_agent');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('workspace.settings_changed');
    // The detail cell is JSON, quoted; a formula in it is not at the start of the cell.
    expect(lines[1]).toContain('""=HYPERLINK(');
    const { items } = await w.page();
    expect(items[0]).toMatchObject({
      kind: 'records.exported',
      subject: 'audit',
      detail: { entity: 'audit', filters: { kind: 'workspace.settings_changed' } },
    });
  });

  it('is for admins only; the export history for admins and contributors', async () => {
    const w = await workspace();
    const contributor = await addMember(server, w.admin.token, 'contributor');
    const viewer = await addMember(server, w.admin.token, 'viewer');
    for (const token of [contributor.token, viewer.token]) {
      expect((await w.call('GET', '/api/audit', undefined, token)).status).toBe(403);
      expect((await w.call('GET', '/api/audit/export.csv', undefined, token)).status).toBe(403);
    }
    expect((await w.call('GET', '/api/audit/exports', undefined, contributor.token)).status).toBe(
      200,
    );
    const refused = await w.call('GET', '/api/audit/exports', undefined, viewer.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', detail: expect.any(String) });
    expect((await w.call('GET', '/api/audit')).status).toBe(200);
  });

  it("never shows another workspace's entries; another workspace's member is not found", async () => {
    const w = await workspace();
    const other = await register(server);
    const otherMember = await addMember(server, other.token, 'contributor');
    await w.ok('PATCH', '/api/workspace', { name: 'Mine' });
    const theirs = await w.call('GET', '/api/audit', undefined, other.token);
    // Only their own workspace's entries: their member's sign-in, none of this workspace's.
    expect(
      auditPageSchema.parse(theirs.body).items.map((item) => [item.kind, item.actorId]),
    ).toEqual([['auth.sign_in', otherMember.id]]);
    const missing = await w.call('GET', `/api/audit?actorId=${otherMember.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses bad filters and cursors with {detail, code}', async () => {
    const w = await workspace();
    for (const params of [
      { kind: 'nope' },
      { actorId: 'x' },
      { from: 'yesterday' },
      { to: '2026-02-30T00:00:00Z' },
      { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { limit: 0 },
      { limit: 101 },
      { cursor: 'garbage' },
      { cursor: Buffer.from('["2026-01-01","nope"]').toString('base64url') },
      { cursor: 'x'.repeat(500) },
    ]) {
      const response = await w.call('GET', `/api/audit?${query(params)}`);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
  });
});

describe('audit log date filters', () => {
  it('refuses instants the database cannot store, in the list and the export', async () => {
    const w = await workspace();
    for (const from of [
      '0000-01-01T00:00:00Z',
      '2026-01-01T00:00:00+16:00',
      '10000-01-01T00:00:00Z',
    ]) {
      for (const path of ['/api/audit', '/api/audit/export.csv']) {
        const response = await w.call('GET', `${path}?${query({ from })}`);
        expect(response.status, `${path} ${from}`).toBe(400);
        expect(response.body).toMatchObject({ code: expect.any(String) });
      }
    }
  });
});
