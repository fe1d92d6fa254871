/** A JWT-shaped token for tests: the client never checks the signature. */
export function makeToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

/** A token that expires `seconds` from `now`. */
export function tokenExpiringIn(seconds: number, now: number = Date.now()): string {
  return makeToken({
    sub: 'user-1',
    wid: 'ws-1',
    role: 'admin',
    exp: Math.floor(now / 1000) + seconds,
  });
}
