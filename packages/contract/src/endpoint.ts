import type { z } from 'zod';

/**
 * One HTTP endpoint of the API, described once for both sides: the server registers its route from
 * it (`readAt` / `writeAt` in `apps/server/src/lib/responses.ts`), the web calls it through RTK
 * Query (`apps/web/src/lib/api.ts`). An area exports its endpoints as one object
 * (`membersEndpoints` in `members.ts`), next to its schemas.
 *
 * Only types come from zod here, so `@beacon/contract/values` and the web's first load stay free of
 * it; the schemas themselves are in each area's file.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /**
   * The path, with `:name` segments for the parameters: `/api/deals/:id/move`. Most are under
   * `/api/`; the OAuth2 and account calls (`/token`, `/register`, `/user/me`) and the probes
   * (`/health`, `/ready`) and the spec's first calendar calls (`/meetings/events`) keep the paths
   * the spec gives them.
   */
  path: `/${string}`;
  /** One line for the API document. */
  summary: string;
  /** The path parameters (`:id`). */
  params?: z.ZodType;
  /** The query string. */
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** The success status: 200 unless given; 204 answers no body. */
  status?: 200 | 201 | 202 | 204;
  /** The success answer; null when there is none (204) or it is not JSON (a file). */
  response: z.ZodType | null;
  /**
   * The error answers of its own (each `{ detail, code }`) besides those of every signed-in route
   * (400, 401, 403, 404): a 409 for a clash, a 413 for too much.
   */
  errors?: readonly (409 | 413 | 415 | 422 | 429)[];
}

/** Declares an endpoint, keeping its exact types (method, path and schemas). */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: the path parameters, the query string and the body, each as its schema takes it. */
export type EndpointParams<E extends Endpoint> = Input<E['params']>;
export type EndpointQuery<E extends Endpoint> = Input<E['query']>;
export type EndpointBody<E extends Endpoint> = Input<E['body']>;
/** What a successful call answers (after the schema's parse); `void` for 204 and files. */
export type EndpointAnswer<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : void;

/**
 * The path of a call: each `:name` replaced by its parameter, percent-encoded. A missing parameter
 * is a programming error, so it throws rather than call a wrong address.
 */
export function endpointPath(path: string, params?: object | null): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`${path}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}
