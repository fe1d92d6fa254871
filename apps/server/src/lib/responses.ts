import { z } from 'zod';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { errorBodySchema, type Endpoint } from '@beacon/contract';

/**
 * The error answers of every route behind sign-in, each `{ detail, code }`; `signedInRoutes` adds
 * them next to a route's own answers (its success, and any other error such as a 409).
 */
const signedInErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** A 204 answer: no body. */
export const noContent = { 204: z.null().describe('Done; no body') };

/**
 * A `content-disposition` that makes a download of `fileName`: the plain `filename` keeps the
 * printable ASCII characters (others and quotes become `_`), `filename*` carries the full name.
 */
export const attachmentDisposition = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

type DownloadReply<T> = {
  type(contentType: string): T;
  header(name: string, value: string): T;
};

/** Answers a file to save, never kept by a shared cache. */
export function download<T extends DownloadReply<T>>(
  reply: T,
  contentType: string,
  disposition: string,
): T {
  return reply
    .type(contentType)
    .header('content-disposition', disposition)
    .header('cache-control', 'private, no-store');
}

type AnswersSchema = Omit<FastifySchema, 'tags' | 'security' | 'response'> & {
  response: Record<number, unknown>;
};

/**
 * The options of a module's routes behind sign-in: `read` lets any member in, `write` only
 * contributors and admins. Each tags the route with the module's tags and the bearer security,
 * and adds the signed-in error answers to the answers the route gives.
 */
export function signedInRoutes(
  app: Pick<FastifyInstance, 'authenticate' | 'requireRole'>,
  tags: string[],
) {
  const security = [{ bearer: [] }];
  const writer = app.requireRole('admin', 'contributor');
  const schemaOf = <S extends AnswersSchema>(schema: S) => ({
    ...schema,
    tags,
    security,
    response: { ...schema.response, ...signedInErrors } as S['response'] & typeof signedInErrors,
  });
  return {
    /**
     * A route any member may call, at a contract endpoint: method, path and schemas come from it.
     * `app.route({ ...readAt(tasksEndpoints.list), handler })`.
     */
    readAt: <E extends Endpoint>(endpoint: E) => ({
      ...routeOf(endpoint),
      onRequest: app.authenticate,
      schema: schemaOf(endpointSchema(endpoint)),
    }),
    /** A route only contributors and admins may call, at a contract endpoint. */
    writeAt: <E extends Endpoint, X extends object = object>(endpoint: E, extra?: X) => ({
      ...routeOf(endpoint),
      onRequest: writer,
      schema: schemaOf(endpointSchema(endpoint)),
      ...(extra as X),
    }),
    read: <S extends AnswersSchema>(schema: S) => ({
      onRequest: app.authenticate,
      schema: schemaOf(schema),
    }),
    /** `extra`: more route options, as the change a CRM write declares (lib/records/live.ts). */
    write: <S extends AnswersSchema, E extends object = object>(schema: S, extra?: E) => ({
      onRequest: writer,
      schema: schemaOf(schema),
      ...(extra as E),
    }),
    writer,
    security,
    tags,
  };
}

/** The method and the path of a contract endpoint, as Fastify writes them (the same `:name`). */
export function routeOf<E extends Endpoint>(endpoint: E): { method: E['method']; url: E['path'] } {
  return { method: endpoint.method, url: endpoint.path };
}

type EndpointSchema<E extends Endpoint> = {
  summary: string;
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: Record<
    E['status'] extends number ? E['status'] : 200,
    E['response'] extends z.ZodType ? E['response'] : (typeof noContent)[204]
  >;
};

/** The route schema of a contract endpoint: its summary, parameters, query, body and success answer. */
export function endpointSchema<E extends Endpoint>(endpoint: E): EndpointSchema<E> {
  const status = endpoint.status ?? 200;
  const answer = endpoint.response ?? noContent[204];
  // Only the parts the endpoint has: Fastify warns (FSTWRN001) of a key present but undefined.
  return {
    summary: endpoint.summary,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: {
      [status]: answer,
      ...Object.fromEntries((endpoint.errors ?? []).map((code) => [code, errorBodySchema])),
    },
  } as EndpointSchema<E>;
}

/**
 * A route that needs no sign-in (the auth, public and health calls), at a contract endpoint:
 * method, path and schemas come from it, tagged with `tags`, with the `errors` it may answer next
 * to its success. `app.route({ ...openAt(authEndpoints.info, ['auth']), handler })`.
 */
export function openAt<
  E extends Endpoint,
  X extends Record<number, unknown> = Record<never, never>,
>(endpoint: E, tags: string[], errors?: X) {
  const schema = endpointSchema(endpoint);
  return {
    ...routeOf(endpoint),
    schema: {
      ...schema,
      tags,
      response: { ...schema.response, ...(errors as X) } as EndpointSchema<E>['response'] & X,
    },
  };
}
