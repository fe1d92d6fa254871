import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken, tokenExpiringIn } from '../../../test/tokens.ts';
import {
  MAX_TIMER_DELAY,
  decodeToken,
  getStoredToken,
  isValidToken,
  scheduleTokenExpiry,
  storeToken,
} from './token.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('decodeToken', () => {
  it('reads the payload of a JWT', () => {
    const token = makeToken({ sub: 'u1', wid: 'w1', role: 'viewer', exp: 2_000_000_000 });
    expect(decodeToken(token)).toEqual({
      sub: 'u1',
      wid: 'w1',
      role: 'viewer',
      exp: 2_000_000_000,
    });
  });

  it('reads base64url payloads with non-ASCII text', () => {
    const token = makeToken({ name: 'Zoë' });
    // btoa cannot encode "ë" directly, so build this one by hand.
    const payload = btoa(String.fromCharCode(...new TextEncoder().encode('{"name":"Zoë"}')))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    const [header] = token.split('.');
    expect(decodeToken(`${header}.${payload}.sig`)).toEqual({ name: 'Zoë' });
  });

  it('returns null for anything that is not a JWT', () => {
    expect(decodeToken('')).toBeNull();
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(`a.${btoa('[1,2]')}.c`)).toBeNull();
  });
});

describe('isValidToken', () => {
  const now = Date.UTC(2026, 0, 1);

  it('accepts a token whose expiry is ahead', () => {
    expect(isValidToken(tokenExpiringIn(60, now), now)).toBe(true);
  });

  it('rejects an expired token', () => {
    expect(isValidToken(tokenExpiringIn(-1, now), now)).toBe(false);
  });

  it('rejects a token that expires exactly now', () => {
    expect(isValidToken(tokenExpiringIn(0, now), now)).toBe(false);
  });

  it('rejects a missing token, garbage and a token without exp', () => {
    expect(isValidToken(null, now)).toBe(false);
    expect(isValidToken(undefined, now)).toBe(false);
    expect(isValidToken('garbage', now)).toBe(false);
    expect(isValidToken(makeToken({ sub: 'u1' }), now)).toBe(false);
    expect(isValidToken(makeToken({ exp: 'tomorrow' }), now)).toBe(false);
  });
});

describe('storeToken', () => {
  it('keeps the token in local storage under accessToken', () => {
    storeToken('abc');
    expect(window.localStorage.getItem('accessToken')).toBe('abc');
    expect(getStoredToken()).toBe('abc');
    storeToken(null);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('scheduleTokenExpiry', () => {
  it('fires when the exp claim elapses, not before', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    const onExpire = vi.fn();
    scheduleTokenExpiry(tokenExpiringIn(10), onExpire);
    vi.advanceTimersByTime(9_999);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('fires at once (asynchronously) for an expired token', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    const onExpire = vi.fn();
    scheduleTokenExpiry(tokenExpiringIn(-5), onExpire);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    const onExpire = vi.fn();
    const cancel = scheduleTokenExpiry(tokenExpiringIn(10), onExpire);
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('waits past the longest setTimeout delay by chaining timers', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    const onExpire = vi.fn();
    const lifetime = 40 * 24 * 3600; // 40 days, beyond the ~24.8-day timer limit
    scheduleTokenExpiry(tokenExpiringIn(lifetime), onExpire);
    vi.advanceTimersByTime(MAX_TIMER_DELAY);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(lifetime * 1000 - MAX_TIMER_DELAY);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
