import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const user = {
  id: '0d6f8a52-7a8c-4b8e-9d55-8a4f6f9f3c11',
  workspaceId: '1e7f9b63-8b9d-4c9f-8e66-9b5f7fa04d22',
  role: 'admin' as const,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('token verification with its cache of checked tokens', () => {
  it('still refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T09:00:00Z'), toFake: ['Date'] });
    const tokens = createTokenService('a-secret-that-is-long-enough-0123456789', 60);
    const token = await tokens.sign(user);
    expect((await tokens.verify(token)).sub).toBe(user.id);
    expect((await tokens.verify(token)).sub).toBe(user.id); // from the cache
    vi.setSystemTime(new Date('2026-06-01T09:01:00Z'));
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('refuses a changed token after the original was accepted, and a token of another secret', async () => {
    const tokens = createTokenService('a-secret-that-is-long-enough-0123456789', 60);
    const other = createTokenService('another-secret-that-is-long-enough-987654', 60);
    const token = await tokens.sign(user);
    await tokens.verify(token);
    const [head, body, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    await expect(tokens.verify(`${head}.${body}.${flipped}`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(tokens.verify(await other.sign(user))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
