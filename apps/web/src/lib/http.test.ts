import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  ApiError,
  CLIENT_ID,
  GENERIC_ERROR_MESSAGE,
  http,
} from './http.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(response: Response | Error | DOMException) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    response instanceof Response ? Promise.resolve(response) : Promise.reject(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof stubFetch>) {
  const call = fetchMock.mock.calls[0];
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('http client', () => {
  it('sends JSON bodies and parses JSON responses', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { ok: true }));
    const result = await http.post('/register', { json: { email: 'a@b.co' } });
    expect(result).toEqual({ ok: true });
    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/register');
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  it('sends form-encoded bodies', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { access_token: 't', token_type: 'bearer' }));
    await http.post('/token', { form: { username: 'a@b.co', password: 'p&ss word' } });
    const { init, headers } = sentRequest(fetchMock);
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(String(init.body)).toBe('username=a%40b.co&password=p%26ss+word');
  });

  it('adds query parameters, skipping empty ones', async () => {
    const fetchMock = stubFetch(jsonResponse(200, []));
    await http.get('/api/people', { query: { limit: 20, cursor: undefined, q: 'ann' } });
    expect(sentRequest(fetchMock).url).toBe('/api/people?limit=20&q=ann');
  });

  it('sends the stored access token as a bearer header', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'abc.def.ghi');
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await http.get('/user/me');
    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no authorization header without a token', async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await http.get('/api/auth/info');
    expect(sentRequest(fetchMock).headers.has('Authorization')).toBe(false);
  });

  it("sends the tab's id with a write, so that realtime messages of its own writes can be told apart", async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await http.patch('/api/people/1', { json: { jobTitle: 'CEO' } });
    expect(sentRequest(fetchMock).headers.get('X-Client-Id')).toBe(CLIENT_ID);
    expect(CLIENT_ID).toMatch(/^[0-9a-f]{24}$/);
    fetchMock.mockClear();
    await http.get('/api/people');
    expect(sentRequest(fetchMock).headers.has('X-Client-Id')).toBe(false);
  });

  it('rejects with the parsed body and its detail as the message', async () => {
    const body = {
      detail: 'Check the highlighted fields',
      code: 'VALIDATION_FAILED',
      errors: { email: ['Enter a valid e-mail address'] },
    };
    stubFetch(jsonResponse(400, body));
    const error = await http.post('/register', { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('Check the highlighted fields');
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.detail).toBe('Check the highlighted fields');
    expect(apiError.body).toEqual(body);
    expect(apiError.fieldErrors).toEqual({ email: ['Enter a valid e-mail address'] });
  });

  it("rejects with 'Something went wrong' when the response has no body", async () => {
    stubFetch(new Response(null, { status: 500 }));
    const error = (await http.get('/user/me').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(error.message).toBe('Something went wrong');
    expect(error.body).toBeUndefined();
    expect(error.status).toBe(500);
  });

  it('keeps a text body as the body and a short plain text as the message', async () => {
    stubFetch(new Response('Service unavailable', { status: 503 }));
    const error = (await http.get('/health').catch((e: unknown) => e)) as ApiError;
    expect(error.body).toBe('Service unavailable');
    expect(error.message).toBe('Service unavailable');
  });

  it('does not show markup as the message', async () => {
    stubFetch(new Response('<html><body>Bad gateway</body></html>', { status: 502 }));
    const error = (await http.get('/health').catch((e: unknown) => e)) as ApiError;
    expect(error.body).toBe('<html><body>Bad gateway</body></html>');
    expect(error.message).toBe('Something went wrong');
  });

  it("rejects with 'Something went wrong' on a network failure", async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = (await http.get('/user/me').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Something went wrong');
    expect(error.status).toBe(0);
  });

  it('lets an abort through unchanged', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(abort);
    await expect(http.get('/user/me')).rejects.toBe(abort);
  });

  it('validates a successful body against a schema', async () => {
    stubFetch(jsonResponse(200, { access_token: 'x', token_type: 'bearer' }));
    const schema = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
    await expect(http.post('/token', { schema })).resolves.toEqual({
      access_token: 'x',
      token_type: 'bearer',
    });
  });

  it('rejects a successful body the schema does not describe', async () => {
    stubFetch(jsonResponse(200, { unexpected: true }));
    const schema = z.object({ access_token: z.string() });
    const error = (await http.post('/token', { schema }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Something went wrong');
  });

  it('loads a lazy schema while the request runs, and validates with it', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { access_token: 'x' }));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const schema = () => gate.then(() => z.object({ access_token: z.string() }));
    const result = http.post('/token', { schema });
    // The request does not wait for the schema.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    release();
    await expect(result).resolves.toEqual({ access_token: 'x' });
  });

  it('fails like the network when a lazy schema cannot load', async () => {
    stubFetch(jsonResponse(200, { access_token: 'x' }));
    const schema = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const error = (await http.post('/token', { schema }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
  });
});

describe('requests started by the page before the app loaded', () => {
  it('takes the early answer once, for the same path and token; later calls go to the network', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok.en.one');
    window.__beaconEarly = [
      {
        path: '/user/me',
        token: 'tok.en.one',
        response: Promise.resolve(jsonResponse(200, { from: 'early' })),
      },
    ];
    const fetchMock = stubFetch(jsonResponse(200, { from: 'network' }));
    await expect(http.get('/user/me')).resolves.toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(http.get('/user/me')).resolves.toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  });

  it('leaves an early answer made with another token (or for another path) unused', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok.en.two');
    window.__beaconEarly = [
      {
        path: '/user/me',
        token: 'tok.en.old',
        response: Promise.resolve(jsonResponse(200, { from: 'early' })),
      },
    ];
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(jsonResponse(200, { from: 'network' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(http.get('/user/me')).resolves.toEqual({ from: 'network' });
    await expect(http.get('/api/other')).resolves.toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    window.localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    delete window.__beaconEarly;
  });
});
