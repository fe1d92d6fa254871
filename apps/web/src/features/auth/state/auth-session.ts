import type { RegisterRequest } from '@beacon/contract';
import { ApiError } from '../../../lib/http.ts';
import { authApi, type RegisterResult } from '../api/auth-api.ts';
import {
  AuthError,
  INVALID_CREDENTIALS_MESSAGE,
  RATE_LIMITED_MESSAGE,
  REGISTRATION_FAILED_MESSAGE,
} from '../utils/auth-error.ts';
import { setAuthNotice } from '../utils/auth-notice.ts';
import {
  decodeToken,
  getStoredToken,
  isValidToken,
  scheduleTokenExpiry,
  storeToken,
} from '../utils/token.ts';
import type { AuthAction, AuthUser } from './auth-reducer.ts';

export interface AuthSessionOptions {
  dispatch: (action: AuthAction) => void;
  /** Called after the token expired and the state went to signed out. */
  onExpired?: () => void;
}

export interface AuthSession {
  /** `known`: the member is already loaded (the provider starts with them): no call. */
  initialize(known?: AuthUser): Promise<void>;
  /** Throws an `AuthError` of code `MFA_REQUIRED` (with its `mfaToken`) when a code is needed. */
  login(email: string, password: string): Promise<void>;
  /** The second step of a two-factor sign-in: an authenticator or a recovery code. */
  loginSecondStep(
    mfaToken: string,
    code: { otp: string } | { recoveryCode: string },
  ): Promise<void>;
  register(input: RegisterRequest): Promise<RegisterResult>;
  logout(): void;
  /** Reloads the signed-in user, for example after the e-mail was verified. */
  refreshUser(): Promise<void>;
  /** Stops the expiry timer and ignores every later result. */
  dispose(): void;
}

/**
 * The auth state machine's effects (docs/decisions/010-web-session-and-errors.md): the stored
 * token, the current user and the expiry timer. React-free so that it can be tested on its own;
 * `AuthProvider` runs one.
 */
export function createAuthSession({ dispatch, onExpired }: AuthSessionOptions): AuthSession {
  let disposed = false;
  let cancelExpiryTimer: (() => void) | null = null;

  const send = (action: AuthAction) => {
    if (!disposed) dispatch(action);
  };

  /** Stores (or removes) the token and arms the expiry timer for it. */
  const setSession = (token: string | null) => {
    cancelExpiryTimer?.();
    cancelExpiryTimer = null;
    storeToken(token);
    if (token && !disposed) cancelExpiryTimer = scheduleTokenExpiry(token, expire);
  };

  function expire() {
    cancelExpiryTimer = null;
    if (disposed) return;
    storeToken(null);
    setAuthNotice('tokenExpired');
    send({ type: 'LOGOUT' });
    onExpired?.();
  }

  async function initialize(known?: AuthUser) {
    const token = getStoredToken();
    if (!token || !isValidToken(token)) {
      if (token) storeToken(null);
      send({ type: 'INITIAL', payload: { isAuthenticated: false, user: null } });
      return;
    }
    setSession(token);
    if (known) return;
    try {
      const user = await authApi.me();
      send({ type: 'INITIAL', payload: { isAuthenticated: true, user } });
    } catch (error) {
      console.error('Could not restore the session', error);
      // Only the server's refusal of the token ends the session. A request that never got an
      // answer (the page being left mid-flight, the network or the server briefly down) or a
      // server error keeps the token, so the next load signs in again by itself.
      const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (!disposed && refused && getStoredToken() === token) setSession(null);
      send({ type: 'INITIAL', payload: { isAuthenticated: false, user: null } });
    }
  }

  async function login(email: string, password: string) {
    let token: string;
    try {
      ({ access_token: token } = await authApi.token(email, password));
    } catch (error) {
      // Every failure reads "Invalid credentials" (record 010), except a rate limit: telling
      // someone to re-check a password they typed right would only make them retry sooner.
      if (error instanceof ApiError && error.status === 429) {
        throw new AuthError(error.detail ?? RATE_LIMITED_MESSAGE, {
          code: 'RATE_LIMITED',
          status: 429,
          cause: error,
        });
      }
      // The password was right and two-factor sign-in is on: the page asks for a code.
      const mfaToken = mfaTokenOf(error);
      if (mfaToken) {
        throw new AuthError(error instanceof ApiError ? (error.detail ?? '') : '', {
          code: 'MFA_REQUIRED',
          status: 403,
          mfaToken,
          cause: error,
        });
      }
      throw new AuthError(INVALID_CREDENTIALS_MESSAGE, {
        code: 'INVALID_CREDENTIALS',
        status: error instanceof ApiError ? error.status : undefined,
        cause: error,
      });
    }
    await startSession(token);
  }

  async function loginSecondStep(
    mfaToken: string,
    code: { otp: string } | { recoveryCode: string },
  ) {
    let token: string;
    try {
      ({ access_token: token } = await authApi.tokenSecondStep(mfaToken, code));
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        throw new AuthError(error.detail ?? RATE_LIMITED_MESSAGE, {
          code: 'RATE_LIMITED',
          status: 429,
          cause: error,
        });
      }
      throw new AuthError(error instanceof ApiError ? (error.detail ?? '') : '', {
        code: error instanceof ApiError ? (error.code ?? 'INVALID_MFA_CODE') : undefined,
        status: error instanceof ApiError ? error.status : undefined,
        cause: error,
      });
    }
    await startSession(token);
  }

  /** Keeps the new token and loads its user. */
  async function startSession(token: string) {
    setSession(token);
    try {
      const user = await authApi.me();
      send({ type: 'LOGIN', payload: { user } });
    } catch (error) {
      setSession(null);
      throw new AuthError(INVALID_CREDENTIALS_MESSAGE, {
        code: 'INVALID_CREDENTIALS',
        cause: error,
      });
    }
  }

  async function register(input: RegisterRequest): Promise<RegisterResult> {
    let response: RegisterResult;
    try {
      response = await authApi.register(input);
    } catch (error) {
      if (error instanceof ApiError) {
        throw new AuthError(error.detail ?? REGISTRATION_FAILED_MESSAGE, {
          code: error.code,
          status: error.status,
          fieldErrors: error.fieldErrors,
          cause: error,
        });
      }
      throw new AuthError(REGISTRATION_FAILED_MESSAGE, { cause: error });
    }

    if (response.error) {
      console.warn('Registration completed with a warning:', response.error);
    }
    const token = response.access_token;
    if (token) {
      setSession(token);
      send({
        type: 'REGISTER',
        payload: {
          user: {
            email: response.email ?? input.email,
            first_name: response.first_name ?? input.first_name,
            last_name: response.last_name ?? input.last_name,
          },
        },
      });
      void loadRegisteredUser(token);
    }
    return response;
  }

  /** Fills in the rest of a just-registered user, unless the session changed meanwhile. */
  async function loadRegisteredUser(token: string) {
    try {
      const user = await authApi.me();
      if (getStoredToken() === token) send({ type: 'LOGIN', payload: { user } });
    } catch (error) {
      console.warn('Could not load the new account', error);
    }
  }

  function logout() {
    // The server ends the token's session, so the token stops working everywhere (a copy of it
    // included); signing out here does not wait for that answer.
    const token = getStoredToken();
    const sessionId = token ? decodeToken(token)?.sid : undefined;
    if (typeof sessionId === 'string') {
      authApi.signOut(sessionId).catch((error: unknown) => {
        console.warn('Could not end the session on the server', error);
      });
    }
    setSession(null);
    send({ type: 'LOGOUT' });
  }

  async function refreshUser() {
    const user = await authApi.me();
    if (getStoredToken()) send({ type: 'LOGIN', payload: { user } });
  }

  function dispose() {
    disposed = true;
    cancelExpiryTimer?.();
    cancelExpiryTimer = null;
  }

  return { initialize, login, loginSecondStep, register, logout, refreshUser, dispose };
}

/** The `mfa_token` of POST /token's `mfa_required` answer, if that is what `error` is. */
function mfaTokenOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'MFA_REQUIRED') return undefined;
  const body = error.body as { mfa_token?: unknown } | undefined;
  return typeof body?.mfa_token === 'string' ? body.mfa_token : undefined;
}
