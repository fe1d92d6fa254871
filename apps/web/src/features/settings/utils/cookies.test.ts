import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, removeCookie, setCookie } from './cookies.ts';

afterEach(() => {
  for (const name of ['a', 'b', 'themeMode']) removeCookie(name);
});

describe('cookies', () => {
  it('writes a cookie for the given days on path /, and reads it back', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    setCookie('themeMode', 'dark', { days: 3, path: '/' }, now);
    expect(writes).toEqual([
      'themeMode=dark; expires=Sun, 04 Jan 2026 12:00:00 GMT; path=/; SameSite=Lax',
    ]);
  });

  it('reads one cookie among several, and decodes it', () => {
    expect(getCookie('b', 'a=1; b=two%20words; c=3')).toBe('two words');
    expect(getCookie('d', 'a=1; b=2')).toBeUndefined();
    setCookie('a', 'x y', { days: 1 });
    expect(getCookie('a')).toBe('x y');
  });

  it('removes a cookie', () => {
    setCookie('a', '1', { days: 1 });
    removeCookie('a');
    expect(getCookie('a')).toBeUndefined();
  });
});
