/**
 * The web's one way to server data (docs/adding-an-area.md, "Web data"): RTK Query over the one
 * HTTP client (`lib/http.ts`), calling the contract's endpoints (`@beacon/contract/endpoint`).
 *
 * - `api` starts empty; each area adds its calls with `api.enhanceEndpoints({ addTagTypes })
 *   .injectEndpoints(...)` in its own `features/<area>/api/` file, so no area's code loads before
 *   its screen does.
 * - Each call is `call(endpoint, { params, query, body })`: the method and path come from the
 *   contract, the answer is checked with the endpoint's schema.
 * - A failure is an `ApiFailure`: plain data (the store keeps nothing else), with the status,
 *   the machine code, the message and the per-field messages of the answer; `areaErrorText`
 *   (`utils/area-error.ts`) words it for the user.
 * - Realtime messages become cache updates with `followRealtime` (`lib/api-live.ts`).
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { endpointPath, type Endpoint } from '@beacon/contract/endpoint';
import { toAreaError, type AreaError } from '../utils/area-error.ts';
import { ApiError, request, type RequestOptions } from './http.ts';

type QueryValue = string | number | boolean | null | undefined;

/**
 * An endpoint whose schemas load on demand, named by its method and path so that the request
 * leaves at once while zod and the contract load beside it (`lazyEndpoint`).
 */
export interface LazyEndpoint {
  method: Endpoint['method'];
  path: string;
  load: () => Promise<Endpoint>;
}

/**
 * An endpoint for a screen's first calls: the request does not wait for the contract (about
 * 35 KiB of gzip with zod) to load; the answer is checked once it has. The compiler holds
 * `method` and `path` to the contract's: `lazyEndpoint('GET', '/api/home/tasks', () =>
 * import('@beacon/contract').then((c) => c.homeEndpoints.tasks))`.
 */
export function lazyEndpoint<E extends Endpoint>(
  method: NoInfer<E['method']>,
  path: NoInfer<E['path']>,
  load: () => Promise<E>,
): LazyEndpoint {
  return { method, path, load };
}

function isLazy(endpoint: ApiCall['endpoint']): endpoint is LazyEndpoint {
  return typeof endpoint === 'object' && 'load' in endpoint;
}

/** One call of an endpoint; an endpoint loaded on demand keeps its schemas out of the first load. */
export interface ApiCall {
  endpoint: Endpoint | LazyEndpoint | (() => Promise<Endpoint>);
  params?: object;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** A failed call, as the store keeps it. */
export interface ApiFailure extends AreaError {
  /** Per-field messages of a validation failure (`fieldErrors` of a 400). */
  fieldErrors?: Record<string, string[]>;
  /** The answer's body, when it carried more than `{ detail, code }` (a 409's duplicate). */
  body?: unknown;
}

/** The call of `endpoint` with its parameters, query string and body. */
export function call<E extends Endpoint>(
  endpoint: E | LazyEndpoint | (() => Promise<E>),
  parts: Omit<ApiCall, 'endpoint'> = {},
): ApiCall {
  return { endpoint, ...parts };
}

export function toApiFailure(error: unknown, operation: string): ApiFailure {
  const failure: ApiFailure = toAreaError(error, operation);
  if (error instanceof ApiError) {
    if (error.fieldErrors) failure.fieldErrors = error.fieldErrors;
    if (error.body !== undefined && typeof error.body === 'object') failure.body = error.body;
  }
  return failure;
}

/** Whether `error` (of a hook or of `unwrap()`) is a failed call rather than a bug. */
export function isApiFailure(error: unknown): error is ApiFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ApiFailure).message === 'string' &&
    typeof (error as ApiFailure).operation === 'string'
  );
}

/** The check of an answer the contract does not describe (a 204, a file). */
const anything = { parse: (data: unknown) => data };

const httpBaseQuery: BaseQueryFn<ApiCall, unknown, ApiFailure> = async (
  { endpoint, params, query, body },
  { signal, endpoint: operation },
) => {
  try {
    if (isLazy(endpoint)) {
      const data = await request(endpointPath(endpoint.path, params), {
        method: endpoint.method,
        signal,
        ...(query ? { query } : {}),
        ...(body !== undefined ? { json: body } : {}),
        schema: () => endpoint.load().then((loaded) => loaded.response ?? anything),
      });
      return { data: data ?? null };
    }
    const resolved = typeof endpoint === 'function' ? await endpoint() : endpoint;
    const options: RequestOptions<unknown> = {
      method: resolved.method,
      signal,
      ...(query ? { query } : {}),
      ...(body !== undefined ? { json: body } : {}),
      ...(resolved.response ? { schema: resolved.response } : {}),
    };
    const data = await request(endpointPath(resolved.path, params), options);
    // RTK Query stores `undefined` as "no data"; a 204 is an answer.
    return { data: data ?? null };
  } catch (error) {
    return { error: toApiFailure(error, operation) };
  }
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  // Each area adds its own tags (`enhanceEndpoints({ addTagTypes })`).
  tagTypes: [],
  endpoints: () => ({}),
  // A screen shown again reads again when it has been away a while: realtime keeps it live.
  refetchOnMountOrArgChange: 60,
});
