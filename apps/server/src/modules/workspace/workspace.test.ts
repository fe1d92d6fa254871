import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceSettingsSchema } from '@beacon/contract';
import { addMember, authed, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const putLogo = (token: string, body: Buffer | string, type = 'application/octet-stream') =>
  fetch(`${server.url}/api/workspace/logo`, {
    method: 'PUT',
    headers: { ...authed(token), 'content-type': type },
    body,
  });

describe('workspace settings', () => {
  it('starts with EUR and UTC; an admin changes name, currency and time zone; /user/me follows', async () => {
    const w = await crmWorkspace(server);
    const first = workspaceSettingsSchema.parse(await w.ok('GET', '/api/workspace'));
    expect(first).toMatchObject({ defaultCurrency: 'EUR', timeZone: 'UTC', logoUrl: null });
    const changed = await w.ok('PATCH', '/api/workspace', {
      name: '  Northwind  ',
      defaultCurrency: 'jpy',
      timeZone: 'Asia/Tokyo',
    });
    expect(changed).toMatchObject({
      name: 'Northwind',
      defaultCurrency: 'JPY',
      timeZone: 'Asia/Tokyo',
    });
    const me = await w.ok('GET', '/user/me');
    expect((me.workspace as { name: string }).name).toBe('Northwind');
  });

  it('is read by every member and changed by admins only', async () => {
    const w = await crmWorkspace(server);
    for (const role of ['contributor', 'viewer'] as const) {
      const member = await addMember(server, w.admin.token, role);
      expect((await w.call('GET', '/api/workspace', undefined, member.token)).status).toBe(200);
      const refused = await w.call('PATCH', '/api/workspace', { name: 'Mine' }, member.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
      expect((await putLogo(member.token, PNG)).status).toBe(403);
      expect((await w.call('DELETE', '/api/workspace/logo', undefined, member.token)).status).toBe(
        403,
      );
    }
    expect((await w.ok('GET', '/api/workspace')).name).not.toBe('Mine');
  });

  it('refuses bad names, currencies and zones, changing nothing', async () => {
    const w = await crmWorkspace(server);
    const before = await w.ok('GET', '/api/workspace');
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 42 },
      { defaultCurrency: 'EURO' },
      { defaultCurrency: 'ZZZ' },
      { timeZone: 'Mars/Olympus' },
      { timeZone: 'x'.repeat(65) },
      { name: 'Fine', timeZone: 'Nowhere' },
    ]) {
      const response = await w.call('PATCH', '/api/workspace', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    expect(await w.ok('GET', '/api/workspace')).toEqual(before);
  });

  it('new deals take the default currency; tasks count days in the workspace zone', async () => {
    const w = await crmWorkspace(server);
    await w.ok('PATCH', '/api/workspace', {
      defaultCurrency: 'GBP',
      timeZone: 'Pacific/Kiritimati',
    });
    expect((await w.ok('POST', '/api/deals', { name: 'Pounds' })).currency).toBe('GBP');
    expect((await w.ok('POST', '/api/deals', { name: 'Dollars', currency: 'USD' })).currency).toBe(
      'USD',
    );
    // A member with no zone of their own: "today" is the workspace's (UTC+14).
    const dueAt = new Date(Date.now() + 60_000).toISOString();
    const task = await w.ok('POST', '/api/tasks', { title: 'Soon', dueAt });
    expect(task.timeZone).toBe('Pacific/Kiritimati');
  });

  it('takes a logo checked by its bytes, serves it, replaces and removes it', async () => {
    const w = await crmWorkspace(server);
    const set = await putLogo(w.admin.token, PNG);
    expect(set.status).toBe(200);
    const settings = workspaceSettingsSchema.parse(await set.json());
    expect(settings.logoUrl).toMatch(/^\/api\/workspace\/logo\?v=/);
    const image = await fetch(`${server.url}${settings.logoUrl}`, {
      headers: authed(w.admin.token),
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    expect((await w.call('GET', '/api/workspace/logo', undefined, viewer.token)).status).toBe(200);

    const removed = await w.ok('DELETE', '/api/workspace/logo');
    expect(removed.logoUrl).toBeNull();
    expect((await w.call('GET', '/api/workspace/logo')).status).toBe(404);
    expect((await w.call('DELETE', '/api/workspace/logo')).status).toBe(404);
    const audit = await w.ok('GET', '/api/audit?kind=workspace.settings_changed');
    expect((audit.items as unknown[]).length).toBe(2);
  });

  it('refuses what is not an image, an empty file, a file too big and a wrong content type', async () => {
    const w = await crmWorkspace(server);
    const svg = await putLogo(w.admin.token, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(svg.status).toBe(415);
    expect(await svg.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const html = await putLogo(w.admin.token, '<html><script>alert(1)</script></html>');
    expect(html.status).toBe(415);
    expect((await putLogo(w.admin.token, Buffer.alloc(0))).status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooBig = await putLogo(w.admin.token, big);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({
      code: expect.any(String),
      detail: expect.any(String),
    });
    const json = await putLogo(w.admin.token, JSON.stringify({ a: 1 }), 'application/json');
    expect(json.status).toBe(415);
    expect((await w.ok('GET', '/api/workspace')).logoUrl).toBeNull();
  });

  it("keeps each workspace's settings and logo its own", async () => {
    const a = await crmWorkspace(server);
    const b = await crmWorkspace(server);
    await putLogo(a.admin.token, PNG);
    await a.ok('PATCH', '/api/workspace', { name: 'Only A' });
    expect((await b.call('GET', '/api/workspace/logo')).status).toBe(404);
    expect((await b.ok('GET', '/api/workspace')).name).not.toBe('Only A');
  });
});
