import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplatesSchema } from '@beacon/contract';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const welcome = {
  kind: 'template',
  name: 'Welcome',
  subject: 'Welcome, {{firstName}}',
  body: 'Hello {{ fullName }},\n\nThanks for joining {{workspaceName}}.',
};

describe('e-mail templates and snippets', () => {
  it('creates, lists by kind and name, changes and deletes', async () => {
    const w = await crmWorkspace(server);
    const template = await w.ok('POST', '/api/templates', welcome);
    expect(template).toMatchObject({ ...welcome, createdBy: w.userId });
    const snippet = await w.ok('POST', '/api/templates', {
      kind: 'snippet',
      name: 'sign-off',
      subject: 'ignored',
      body: 'Best, {{senderFirstName}}',
    });
    expect(snippet.subject).toBe('');
    await w.ok('POST', '/api/templates', { kind: 'template', name: 'after', body: 'Hi' });

    const all = emailTemplatesSchema.parse(await w.ok('GET', '/api/templates'));
    // Snippets first, then templates; each by name whatever its case.
    expect(all.map((t) => t.name)).toEqual(['sign-off', 'after', 'Welcome']);
    const snippets = emailTemplatesSchema.parse(await w.ok('GET', '/api/templates?kind=snippet'));
    expect(snippets.map((t) => t.id)).toEqual([snippet.id]);

    const changed = await w.ok('PATCH', `/api/templates/${template.id as string}`, {
      subject: 'Hi {{firstName}}',
    });
    expect(changed).toMatchObject({ name: 'Welcome', subject: 'Hi {{firstName}}' });
    expect((changed.updatedAt as string) > (template.updatedAt as string)).toBe(true);
    expect((await w.call('DELETE', `/api/templates/${template.id as string}`)).status).toBe(204);
    expect((await w.call('DELETE', `/api/templates/${template.id as string}`)).status).toBe(404);
  });

  it('refuses a name taken by another of its kind (any case) with 409 on the name', async () => {
    const w = await crmWorkspace(server);
    await w.ok('POST', '/api/templates', welcome);
    const clash = await w.call('POST', '/api/templates', { ...welcome, name: 'WELCOME' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'CONFLICT', errors: { name: [expect.any(String)] } });
    // A snippet may share a template's name.
    await w.ok('POST', '/api/templates', { kind: 'snippet', name: 'Welcome', body: 'Hi' });
    const other = await w.ok('POST', '/api/templates', { ...welcome, name: 'Other' });
    const renamed = await w.call('PATCH', `/api/templates/${other.id as string}`, {
      name: 'welcome',
    });
    expect(renamed.status).toBe(409);
  });

  it('refuses unknown variables, empty bodies, long fields and wrong types', async () => {
    const w = await crmWorkspace(server);
    for (const body of [
      { ...welcome, body: 'Hi {{nickname}}' },
      { ...welcome, subject: 'Hi {{ }}' },
      { ...welcome, body: '   ' },
      { ...welcome, body: 'x'.repeat(20_001) },
      { ...welcome, name: '' },
      { ...welcome, name: 'x'.repeat(101) },
      { ...welcome, subject: 'x'.repeat(201) },
      { ...welcome, kind: 'letter' },
      { ...welcome, body: 42 },
      { kind: 'template', name: 'No body' },
    ]) {
      const response = await w.call('POST', '/api/templates', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    expect(await w.ok('GET', '/api/templates')).toEqual([]);
  });

  it('lets every member read; only admins and contributors write', async () => {
    const w = await crmWorkspace(server);
    const contributor = await addMember(server, w.admin.token, 'contributor');
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const made = await w.ok('POST', '/api/templates', welcome, contributor.token);
    const path = `/api/templates/${made.id as string}`;
    expect((await w.call('GET', '/api/templates', undefined, viewer.token)).status).toBe(200);
    expect((await w.call('POST', '/api/templates', welcome, viewer.token)).status).toBe(403);
    expect((await w.call('PATCH', path, { name: 'V' }, viewer.token)).status).toBe(403);
    expect((await w.call('DELETE', path, undefined, viewer.token)).status).toBe(403);
    expect((await w.call('PATCH', path, { name: 'C' }, contributor.token)).status).toBe(200);
  });

  it("answers 404 for another workspace's template", async () => {
    const a = await crmWorkspace(server);
    const b = await crmWorkspace(server);
    const made = await a.ok('POST', '/api/templates', welcome);
    const path = `/api/templates/${made.id as string}`;
    expect((await b.call('PATCH', path, { name: 'Mine' })).status).toBe(404);
    expect((await b.call('DELETE', path)).status).toBe(404);
    expect(await b.ok('GET', '/api/templates')).toEqual([]);
    expect(await a.ok('GET', '/api/templates')).toHaveLength(1);
  });
});
