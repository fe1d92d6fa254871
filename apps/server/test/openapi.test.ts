import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/plugins/openapi.ts';
import { startTestServer, type TestServer } from './helpers.ts';

type Schema = Record<string, unknown> & { anyOf?: Schema[]; $ref?: string; type?: string };
type Operation = {
  operationId?: string;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema & { properties?: Record<string, Schema> }> };
};

let server: TestServer;
let doc: Document;
beforeAll(async () => {
  server = await startTestServer();
  doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Document;
});
afterAll(async () => {
  await server.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
const documented = (method: string, url: string) =>
  doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('gives every operation a unique operationId derived from its method and path', () => {
    const ids = operations().map(({ key, op }) => {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      return op.operationId;
    });
    expect(ids.length).toBeGreaterThan(80);
    expect(new Set(ids).size).toBe(ids.length);
    // Stable: the same route keeps its name.
    expect(documented('GET', '/api/people/:id/vcard')?.operationId).toBe('getPeopleByIdVcard');
    expect(documented('POST', '/meetings/events/new')?.operationId).toBe('postMeetingsEventsNew');
    expect(documented('POST', '/token')?.operationId).toBe('postToken');
    expect(operationIdOf('GET', '/api/kanban/attachments/:attachmentId')).toBe(
      'getKanbanAttachmentsByAttachmentId',
    );
  });

  it('documents the request body of every route that takes a file', () => {
    const uploads = server.routes.filter((route) => {
      const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
      return consumes.some((type) => !type.includes('json'));
    });
    const found = uploads.map((route) => `${String(route.method)} ${route.url}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/imports',
        'POST /api/calendar/import',
        'POST /api/uploads/direct',
      ]),
    );
    for (const route of uploads) {
      const op = documented(String(route.method), route.url);
      const consumes = (route.schema as { consumes: string[] }).consumes;
      expect(Object.keys(op?.requestBody?.content ?? {}), route.url).toEqual(consumes);
    }
    expect(Object.keys(documented('POST', '/api/imports')!.requestBody!.content)).toEqual([
      'text/csv',
    ]);
    expect(Object.keys(documented('POST', '/api/calendar/import')!.requestBody!.content)).toEqual([
      'text/calendar',
    ]);
    expect(
      documented('POST', '/api/uploads/direct')!.requestBody!.content['application/octet-stream']!
        .schema,
    ).toEqual({ type: 'string', format: 'binary' });
  });

  it('documents the type of every file answer, and every other success answer as JSON', () => {
    const files: [string, string, string][] = [
      ['GET', '/api/people/export.csv', 'text/csv'],
      ['GET', '/api/companies/export.csv', 'text/csv'],
      ['GET', '/api/imports/{id}/errors.csv', 'text/csv'],
      ['GET', '/api/people/{id}/vcard', 'text/vcard'],
      ['GET', '/api/calendar/export.ics', 'text/calendar'],
      ['GET', '/api/calendar/feeds/{file}', 'text/calendar'],
      ['GET', '/api/kanban/attachments/{attachmentId}', '*/*'],
      ['GET', '/api/uploads/{uploadId}/content', '*/*'],
    ];
    for (const [method, path, type] of files) {
      const op = documented(method, path);
      expect(Object.keys(op?.responses['200']?.content ?? {}), path).toEqual([type]);
    }
    // No success answer (other than a 204) is left without a documented body.
    for (const { key, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('2') || status === '204') continue;
        expect(Object.keys(response.content ?? {}), `${key} ${status}`).not.toEqual([]);
      }
    }
  });

  it("documents a company's domain as a domain name (or '') in requests and answers", () => {
    const { schemas } = doc.components;
    expect(schemas.Company?.properties?.domain).toMatchObject({ type: 'string' });
    for (const name of ['NewCompanyInput', 'CompanyPatchInput']) {
      const domain = schemas[name]?.properties?.domain as Schema;
      const branches = domain.anyOf ?? [domain];
      // A domain such as example.com is a value the schema admits, not only ''.
      expect(
        branches.some((b) => b.type === 'string' && b.const === undefined),
        `${name}: ${JSON.stringify(domain)}`,
      ).toBe(true);
      expect(JSON.stringify(domain)).toContain('example.com');
    }
  });
});
