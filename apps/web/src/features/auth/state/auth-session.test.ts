import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, sampleUser, stubApi } from '../../../test/fetch.ts';
import { tokenExpiringIn } from '../../../test/tokens.ts';
import { AuthError } from '../utils/auth-error.ts';
import { readAuthNotice } from '../utils/auth-notice.ts';
import { authReducer, initialAuthState, type AuthAction, type AuthState } from './auth-reducer.ts';
import { createAuthSession } from './auth-session.ts';

/** Runs a session against the real reducer and keeps the state it reaches. */
function setup(onExpired = vi.fn()) {
  let state: AuthState = initialAuthState;
  const actions: AuthAction[] = [];
  const session = createAuthSession({
    dispatch: (action) => {
      actions.push(action);
      state = authReducer(state, action);
    },
    onExpired,
  });
  return { session, actions, onExpired, state: () => state };
}

const registerInput = {
  email: 'ada@example.com',
  password: 'correct horse',
  first_name: 'Ada',
  last_name: 'Lovelace',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

describe('initialize', () => {
  it('with a member already loaded (the frame drawn at build time): no request, the expiry armed', async () => {
    vi.useFakeTimers();
    window.localStorage.setItem('accessToken', tokenExpiringIn(5));
    const fetchMock = stubApi({});
    const onExpired = vi.fn();
    const { session, actions } = setup(onExpired);
    await session.initialize(sampleUser);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(actions).toEqual([]);
    await vi.advanceTimersByTimeAsync(6000);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('without a token: initialised and unauthenticated, no request', async () => {
    const fetchMock = stubApi({});
    const { session, state } = setup();
    await session.initialize();
    expect(state()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with an expired token: unauthenticated, the token removed, no request', async () => {
    window.localStorage.setItem('accessToken', tokenExpiringIn(-10));
    const fetchMock = stubApi({});
    const { session, state } = setup();
    await session.initialize();
    expect(state()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a valid token: fetches the user with the bearer header', async () => {
    const token = tokenExpiringIn(3600);
    window.localStorage.setItem('accessToken', token);
    const fetchMock = stubApi({ 'GET /user/me': json(200, sampleUser) });
    const { session, state } = setup();
    await session.initialize();
    expect(state()).toEqual({ isInitialized: true, isAuthenticated: true, user: sampleUser });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    session.dispose();
  });

  it('when the user fetch gets no answer or a server error: unauthenticated, the token kept', async () => {
    const token = tokenExpiringIn(3600);
    for (const answer of [
      () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
      () => Promise.resolve(json(503, { detail: 'Not ready', code: 'NOT_READY' })),
    ]) {
      window.localStorage.setItem('accessToken', token);
      vi.stubGlobal('fetch', vi.fn(answer));
      const { session, state } = setup();
      await session.initialize();
      expect(state()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
      expect(window.localStorage.getItem('accessToken')).toBe(token);
      session.dispose();
    }
    vi.unstubAllGlobals();
    window.localStorage.removeItem('accessToken');
  });

  it('when the server refuses the token: logged, unauthenticated, token removed', async () => {
    window.localStorage.setItem('accessToken', tokenExpiringIn(3600));
    stubApi({ 'GET /user/me': json(401, { detail: 'Unauthorized', code: 'UNAUTHENTICATED' }) });
    const { session, state } = setup();
    await session.initialize();
    expect(state()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
    expect(console.error).toHaveBeenCalled();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('login', () => {
  it('posts the form-encoded credentials, stores the token and signs in', async () => {
    const token = tokenExpiringIn(3600);
    const fetchMock = stubApi({
      'POST /token': json(200, { access_token: token, token_type: 'bearer', expires_in: 3600 }),
      'GET /user/me': json(200, sampleUser),
    });
    const { session, state } = setup();
    await session.initialize();
    await session.login('ada@example.com', 'correct horse');

    expect(state()).toEqual({ isInitialized: true, isAuthenticated: true, user: sampleUser });
    expect(window.localStorage.getItem('accessToken')).toBe(token);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Content-Type')).toBe(
      'application/x-www-form-urlencoded',
    );
    const body = new URLSearchParams(String(init?.body));
    expect(body.get('username')).toBe('ada@example.com');
    expect(body.get('password')).toBe('correct horse');
    session.dispose();
  });

  it.each([
    [
      'wrong password (401)',
      json(401, { detail: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }),
    ],
    ['server error (500)', new Response(null, { status: 500 })],
    ['validation error (400)', json(400, { detail: 'Bad input', code: 'VALIDATION_FAILED' })],
    ['malformed success', json(200, { nope: true })],
  ])("fails with 'Invalid credentials' on %s", async (_name, response) => {
    stubApi({ 'POST /token': response });
    const { session, state } = setup();
    const error = await session.login('ada@example.com', 'nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toBe('Invalid credentials');
    expect(state().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it("fails with 'Invalid credentials' when the network is down", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { session } = setup();
    await expect(session.login('ada@example.com', 'x')).rejects.toThrow(/^Invalid credentials$/);
  });

  it("fails with 'Invalid credentials' and no token kept when /user/me fails", async () => {
    stubApi({
      'POST /token': json(200, {
        access_token: tokenExpiringIn(3600),
        token_type: 'bearer',
        expires_in: 3600,
      }),
      'GET /user/me': json(500, { detail: 'Internal error', code: 'INTERNAL' }),
    });
    const { session, state } = setup();
    await expect(session.login('ada@example.com', 'x')).rejects.toThrow('Invalid credentials');
    expect(state().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('passes a rate limit on with its own message and code', async () => {
    stubApi({
      'POST /token': json(429, {
        detail: 'Too many attempts, retry in 60 s',
        code: 'RATE_LIMITED',
      }),
    });
    const { session } = setup();
    const error = (await session
      .login('ada@example.com', 'x')
      .catch((e: unknown) => e)) as AuthError;
    expect(error.message).toBe('Too many attempts, retry in 60 s');
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.status).toBe(429);
  });
});

describe('register', () => {
  it('stores the token, signs in with the response names, then loads the full user', async () => {
    const token = tokenExpiringIn(3600);
    const fetchMock = stubApi({
      'POST /register': json(201, {
        access_token: token,
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
      }),
      'GET /user/me': json(200, sampleUser),
    });
    const { session, state, actions } = setup();
    await session.initialize();
    const result = await session.register(registerInput);

    expect(result.access_token).toBe(token);
    expect(window.localStorage.getItem('accessToken')).toBe(token);
    expect(actions).toContainEqual({
      type: 'REGISTER',
      payload: { user: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' } },
    });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual(registerInput);

    await vi.waitFor(() => expect(state().user).toEqual(sampleUser));
    expect(state().isAuthenticated).toBe(true);
    session.dispose();
  });

  it('completes a response with an error field with a warning and returns it', async () => {
    const response = {
      access_token: tokenExpiringIn(3600),
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      error: 'Verification e-mail could not be sent',
    };
    stubApi({ 'POST /register': json(201, response), 'GET /user/me': json(200, sampleUser) });
    const { session, state } = setup();
    const result = await session.register(registerInput);
    expect(result).toEqual(response);
    expect(console.warn).toHaveBeenCalledWith(
      'Registration completed with a warning:',
      'Verification e-mail could not be sent',
    );
    expect(state().isAuthenticated).toBe(true);
    session.dispose();
  });

  it('stays signed out when a response with an error field carries no token', async () => {
    const response = { error: 'Registrations are closed', email: 'ada@example.com' };
    stubApi({ 'POST /register': json(200, response) });
    const { session, state } = setup();
    const result = await session.register(registerInput);
    expect(result).toEqual(response);
    expect(console.warn).toHaveBeenCalled();
    expect(state().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it("fails with the server's detail", async () => {
    stubApi({
      'POST /register': json(400, {
        detail: 'An account with this e-mail already exists',
        code: 'EMAIL_TAKEN',
      }),
    });
    const { session } = setup();
    const error = (await session.register(registerInput).catch((e: unknown) => e)) as AuthError;
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toBe('An account with this e-mail already exists');
    expect(error.code).toBe('EMAIL_TAKEN');
  });

  it('keeps the per-field messages of a validation failure', async () => {
    stubApi({
      'POST /register': json(400, {
        detail: 'Check the highlighted fields',
        code: 'VALIDATION_FAILED',
        errors: { password: ['Use at least 8 characters'] },
      }),
    });
    const { session } = setup();
    const error = (await session.register(registerInput).catch((e: unknown) => e)) as AuthError;
    expect(error.message).toBe('Check the highlighted fields');
    expect(error.fieldErrors).toEqual({ password: ['Use at least 8 characters'] });
  });

  it("fails with 'Registration failed' without a detail", async () => {
    stubApi({ 'POST /register': new Response(null, { status: 502 }) });
    const { session } = setup();
    await expect(session.register(registerInput)).rejects.toThrow(/^Registration failed$/);
  });

  it("fails with 'Registration failed' when the network is down", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { session } = setup();
    await expect(session.register(registerInput)).rejects.toThrow(/^Registration failed$/);
  });
});

describe('logout', () => {
  it('clears the token and the user', async () => {
    window.localStorage.setItem('accessToken', tokenExpiringIn(3600));
    stubApi({ 'GET /user/me': json(200, sampleUser) });
    const { session, state } = setup();
    await session.initialize();
    session.logout();
    expect(state()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('token expiry', () => {
  it('removes the token, signs out, leaves the "Token expired" notice and calls onExpired', async () => {
    vi.useFakeTimers({
      now: Date.UTC(2026, 0, 1, 12),
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    window.localStorage.setItem('accessToken', tokenExpiringIn(3));
    stubApi({ 'GET /user/me': json(200, sampleUser) });
    const { session, state, onExpired } = setup();
    await session.initialize();
    expect(state().isAuthenticated).toBe(true);

    vi.advanceTimersByTime(2_999);
    expect(onExpired).not.toHaveBeenCalled();
    expect(state().isAuthenticated).toBe(true);

    vi.advanceTimersByTime(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(state()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(readAuthNotice()).toBe('tokenExpired');
  });

  it('re-arms the timer for the token of a new sign-in', async () => {
    vi.useFakeTimers({
      now: Date.UTC(2026, 0, 1, 12),
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    window.localStorage.setItem('accessToken', tokenExpiringIn(3));
    stubApi({
      'GET /user/me': json(200, sampleUser),
      'POST /token': json(200, {
        access_token: tokenExpiringIn(3600),
        token_type: 'bearer',
        expires_in: 3600,
      }),
    });
    const { session, state, onExpired } = setup();
    await session.initialize();
    await session.login('ada@example.com', 'correct horse');
    vi.advanceTimersByTime(10_000);
    expect(onExpired).not.toHaveBeenCalled();
    expect(state().isAuthenticated).toBe(true);
    session.dispose();
  });

  it('does nothing after logout or dispose', async () => {
    vi.useFakeTimers({
      now: Date.UTC(2026, 0, 1, 12),
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    window.localStorage.setItem('accessToken', tokenExpiringIn(3));
    stubApi({ 'GET /user/me': json(200, sampleUser) });
    const { session, onExpired } = setup();
    await session.initialize();
    session.logout();
    vi.advanceTimersByTime(10_000);
    expect(onExpired).not.toHaveBeenCalled();
    expect(readAuthNotice()).toBeNull();
  });
});
