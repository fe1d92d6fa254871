import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0] & { route?: { method?: string | string[] } };
type DocSchema = Record<string, unknown> & {
  operationId?: string;
  consumes?: string[];
  produces?: string[];
  body?: unknown;
  response?: Record<string, unknown>;
};

/**
 * A stable, unique name for an operation from its method and path, for clients generated from
 * the document: `GET /api/people/:id/vcard` is `getPeopleByIdVcard`, `POST /meetings/events/new`
 * is `postMeetingsEventsNew`. A route may set its own `operationId`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((part) =>
      part.startsWith(':')
        ? ['by', ...part.slice(1).split(/[^A-Za-z0-9]+/)]
        : part.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

const isJson = (type: string) => /^application\/(.+\+)?json$/.test(type);
/** The schema of a file's bytes: text for text types, binary for the others. */
const fileSchema = (type: string) =>
  type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };

/**
 * The zod transform, plus what the route table knows but zod cannot say: every operation gets an
 * `operationId`; a route that takes a file (`consumes: ['text/csv']`, no JSON body) documents that
 * request body; a route that answers a file (`produces: ['text/csv']`) documents its success answer
 * with that type, while its errors stay JSON.
 */
export const documentRoute: Transform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const source = (input.schema ?? {}) as DocSchema;
  const out = { ...(schema as DocSchema) };
  if (out.hide) return { schema: out, url };
  const method = [(input as TransformInput).route?.method ?? 'get'].flat()[0]!;
  out.operationId = source.operationId ?? operationIdOf(method, url);
  const consumes = source.consumes ?? [];
  if (!source.body && consumes.length > 0 && !consumes.every(isJson)) {
    out.body = {
      content: Object.fromEntries(consumes.map((type) => [type, { schema: fileSchema(type) }])),
    };
  }
  const produces = source.produces ?? [];
  if (produces.length > 0 && !produces.every(isJson)) {
    const response = { ...(out.response ?? {}) };
    const success = Object.keys(response).find((status) => status.startsWith('2')) ?? '200';
    response[success] = {
      description: 'The file',
      content: Object.fromEntries(produces.map((type) => [type, { schema: fileSchema(type) }])),
    };
    out.response = response;
    delete out.produces;
  }
  return { schema: out, url };
};

/** The OpenAPI document at /api/openapi.json and a browsable reference at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Beacon API',
          description:
            'The API of Beacon, a self-hosted sales workspace. Errors answer `{ detail, code }`.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: documentRoute,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The reference's own policy allows any https: host; Beacon loads nothing from elsewhere.
      transformStaticCSP: (header) => header.replaceAll(' https:', ''),
      uiConfig: { deepLinking: true },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'beacon-openapi' },
);
