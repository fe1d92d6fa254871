/**
 * The one HTTP client of the web app (architecture.md rule 5).
 *
 * - Same origin by default; a build can point elsewhere with `VITE_API_URL`.
 * - Sends the stored access token as a bearer header.
 * - A failed response rejects with an `ApiError` whose `body` is the parsed response body and whose
 *   message is the body's `detail`, or `Something went wrong` when there is none (record 010).
 */
import { takeEarlyResponse } from './early-requests.ts';

/** Local storage key of the access token. */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

/** The message of a failure that carries no explanation. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

/** Anything with a zod-like `parse`: the contract's response schemas. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * A schema loaded on demand (`() => import(...).then(...)`), fetched while the request runs. Code
 * that the first page needs uses it, so that zod loads with the first call rather than the page.
 */
export type LazyResponseSchema<T> = () => Promise<ResponseSchema<T>>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Sent as `application/json`. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: Record<string, string>;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates (and types) a successful response body. */
  schema?: ResponseSchema<T> | LazyResponseSchema<T>;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The machine code of the error body (`EMAIL_TAKEN`, `INVALID_CODE`, ...), when given. */
  readonly code: string | undefined;
  /** The human-readable `detail` of the error body, when given. */
  readonly detail: string | undefined;
  /** The parsed response body: JSON, text, or undefined when there was none. */
  readonly body: unknown;
  /** Per-field messages of a validation failure. */
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(status: number, body: unknown, options?: { cause?: unknown }) {
    const detail = readString(body, 'detail');
    super(detail ?? textMessage(body) ?? GENERIC_ERROR_MESSAGE, options);
    this.status = status;
    this.body = body;
    this.detail = detail;
    this.code = readString(body, 'code');
    this.fieldErrors = readFieldErrors(body);
  }
}

export function apiBaseUrl(): string {
  return (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');
}

export function getAccessToken(): string | null {
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * This tab's id, sent with every write as `X-Client-Id`: the realtime messages that a write causes
 * carry it back, so that the tab that made a change can tell it from changes made elsewhere (by
 * another member, or by the same member in another tab). Random, not secret; made with
 * `getRandomValues`, which unlike `randomUUID` also works on a page served over plain HTTP.
 */
export const CLIENT_ID = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');

/** The headers every request of the app carries: the bearer token, and the tab's id on a write. */
export function applyCommonHeaders(headers: Headers, method: string): void {
  const token = getAccessToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  if (method.toUpperCase() !== 'GET') headers.set('X-Client-Id', CLIENT_ID);
}

export async function request<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', json, form, query, signal, schema } = options;
  const headers = new Headers({ Accept: 'application/json', ...options.headers });

  let body: BodyInit | undefined;
  if (form !== undefined) {
    body = new URLSearchParams(form);
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
  } else if (json !== undefined) {
    body = JSON.stringify(json);
    headers.set('Content-Type', 'application/json');
  }

  applyCommonHeaders(headers, method);

  // A lazy schema loads while the request is under way; a failed load fails like the network.
  const loading = typeof schema === 'function' ? schema() : undefined;
  loading?.catch(() => undefined);

  // The same call started by the page's inline script, before this code loaded (same origin only).
  const early =
    method === 'GET' && !query && !apiBaseUrl() ? takeEarlyResponse(path, getAccessToken()) : null;
  let response: Response;
  try {
    response = await (early ?? fetch(buildUrl(path, query), { method, headers, body, signal }));
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, undefined, { cause: error });
  }

  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, data);
  if (!schema) return data as T;
  let parser: ResponseSchema<T>;
  try {
    parser = loading ? await loading : (schema as ResponseSchema<T>);
  } catch (error) {
    throw new ApiError(0, undefined, { cause: error });
  }
  try {
    return parser.parse(data);
  } catch (error) {
    // A body the contract does not describe is a failure too, not a silent `any`.
    throw new ApiError(response.status, undefined, { cause: error });
  }
}

export const http = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'json' | 'form'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method'>) =>
    request<T>(path, { ...options, method: 'POST' }),
  put: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method'>) =>
    request<T>(path, { ...options, method: 'PUT' }),
  patch: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method'>) =>
    request<T>(path, { ...options, method: 'PATCH' }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  let url = `${apiBaseUrl()}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const search = params.toString();
    if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
  }
  return url;
}

/** The parsed body of an answer: JSON when it says it is JSON, else its text; undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function readString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A short plain-text body is the message; markup (a proxy's error page) is not. */
function textMessage(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  const text = body.trim();
  if (text === '' || text.length > 300 || text.startsWith('<')) return undefined;
  return text;
}

function readFieldErrors(body: unknown): Record<string, string[]> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const errors = (body as Record<string, unknown>).errors;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) {
      result[field] = messages.filter((m): m is string => typeof m === 'string');
    } else if (typeof messages === 'string') {
      result[field] = [messages];
    }
  }
  return result;
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Error).name === 'AbortError';
}
