import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const user = {
  id: '0d6f8a52-7a8c-4b8e-9d55-8a4f6f9f3c11',
  workspaceId: '1e7f9b63-8b9d-4c9f-8e66-9b5f7fa04d22',
  role: 'admin' as const,
};
const sid = '2f8a0c74-9cae-4da0-9f77-ac6a08b15e33';

afterEach(() => {
  vi.useRealTimers();
});

describe('token verification with its cache of checked tokens', () => {
  it('still refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T09:00:00Z'), toFake: ['Date'] });
    const tokens = createTokenService('a-secret-that-is-long-enough-0123456789', 60);
    const token = await tokens.sign(user, sid);
    expect((await tokens.verify(token)).sub).toBe(user.id);
    expect((await tokens.verify(token)).sub).toBe(user.id); // from the cache
    vi.setSystemTime(new Date('2026-06-01T09:01:00Z'));
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('refuses a changed token after the original was accepted, and a token of another secret', async () => {
    const tokens = createTokenService('a-secret-that-is-long-enough-0123456789', 60);
    const other = createTokenService('another-secret-that-is-long-enough-987654', 60);
    const token = await tokens.sign(user, sid);
    await tokens.verify(token);
    const [head, body, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    await expect(tokens.verify(`${head}.${body}.${flipped}`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(tokens.verify(await other.sign(user, sid))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('carries the session id, and refuses a token without one', async () => {
    const tokens = createTokenService('a-secret-that-is-long-enough-0123456789', 60);
    expect((await tokens.verify(await tokens.sign(user, sid))).sid).toBe(sid);
    const { SignJWT } = await import('jose');
    const noSession = await new SignJWT({ wid: user.workspaceId, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('beacon')
      .setAudience('beacon')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode('a-secret-that-is-long-enough-0123456789'));
    await expect(tokens.verify(noSession)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('keeps the second step token apart from access tokens', async () => {
    const tokens = createTokenService('a-secret-that-is-long-enough-0123456789', 60);
    const mfa = await tokens.signMfa(user);
    expect(await tokens.verifyMfa(mfa)).toBe(user.id);
    await expect(tokens.verify(mfa)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(tokens.verifyMfa(await tokens.sign(user, sid))).rejects.toMatchObject({
      code: 'INVALID_MFA_CODE',
    });
  });
});
