import { ACCESS_TOKEN_STORAGE_KEY, getAccessToken } from '../../../lib/http.ts';

/** The claims the server puts in an access token (docs/decisions/003-tokens-and-sign-in.md). */
export interface TokenPayload {
  exp?: number;
  iat?: number;
  sub?: string;
  wid?: string;
  role?: string;
  [claim: string]: unknown;
}

/** setTimeout cannot wait longer than this (about 24.8 days); longer waits are chained. */
export const MAX_TIMER_DELAY = 2_147_483_647;

/** Reads a JWT's payload without checking its signature: the server does that. */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as TokenPayload)
      : null;
  } catch {
    return null;
  }
}

/** When the token expires, in milliseconds since the epoch; null without a numeric `exp`. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** The client's only check of a token (the server checks the rest): its expiry is still ahead. */
export function isValidToken(token: string | null | undefined, now: number = Date.now()): boolean {
  if (!token) return false;
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt > now;
}

export function getStoredToken(): string | null {
  return getAccessToken();
}

/** Stores the token in local storage under `accessToken`, or removes it. */
export function storeToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
    else window.localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); the session then lasts for the page only.
  }
}

/**
 * Calls `onExpire` once the token's `exp` has passed. A token without a readable expiry counts as
 * expired. Returns a function that cancels the timer.
 */
export function scheduleTokenExpiry(token: string, onExpire: () => void): () => void {
  const expiresAt = tokenExpiresAt(token) ?? 0;
  let handle: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const remaining = expiresAt - Date.now();
    handle = setTimeout(
      () => {
        if (Date.now() >= expiresAt) onExpire();
        else arm();
      },
      Math.min(Math.max(remaining, 0), MAX_TIMER_DELAY),
    );
  };
  arm();
  return () => clearTimeout(handle);
}
