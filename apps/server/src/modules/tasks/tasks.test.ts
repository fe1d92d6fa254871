import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmWorkspace } from '../../../test/crm.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

// The tasks API through real HTTP on a real database (docs/adding-an-area.md, step 12): add
// the other workspace's 404 and the viewer's 403 with the first write.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('tasks', () => {
  it('asks for sign-in', async () => {
    const response = await fetch(`${server.url}/api/tasks`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
  });

  it("lists the workspace's tasks", async () => {
    const { call } = await crmWorkspace(server);
    const page = await call('GET', '/api/tasks');
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ items: [], nextCursor: null });
  });
});
