import { vi } from 'vitest';

export type Route = (init: RequestInit, url: string) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs `fetch` with a table of `METHOD /path` handlers; anything else answers 404. Returns the
 * mock so that a test can look at the calls.
 */
export function stubApi(routes: Record<string, Route | Response>) {
  const mock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes[`${method} ${path}`];
    if (!route) return json(404, { detail: 'Not found', code: 'NOT_FOUND' });
    return typeof route === 'function' ? route(init, url) : route.clone();
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const sampleUser = {
  id: 'user-1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'admin' as const,
  email_verified: false,
  workspace: { id: 'ws-1', name: 'Analytical Engines' },
  created_at: '2026-01-15T10:00:00.000Z',
};

/** The request a stubbed `fetch` received (the first unless told): its URL, init and headers. */
export function sentRequest(fetchMock: { mock: { calls: unknown[][] } }, index = 0) {
  const call = fetchMock.mock.calls[index] as [RequestInfo | URL, RequestInit?] | undefined;
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return {
    url: new URL(String(url), 'http://x'),
    init: init ?? {},
    headers: new Headers(init?.headers),
  };
}
