import { describe, expect, it } from 'vitest';
import {
  currentUserSchema,
  emailSchema,
  newPasswordRequestSchema,
  passwordSchema,
  registerRequestSchema,
  tokenRequestSchema,
} from './index.ts';

describe('auth schemas', () => {
  it('trims e-mails and refuses malformed ones', () => {
    expect(emailSchema.parse('  ada@example.com ')).toBe('ada@example.com');
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'a b@example.com', 42]) {
      expect(emailSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('takes passwords of 8 to 128 characters', () => {
    expect(passwordSchema.safeParse('1234567').success).toBe(false);
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('says "Required" for a missing field and names every bad field', () => {
    const result = registerRequestSchema.safeParse({ email: 'ada@example.com' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['password', 'Required'],
      ['first_name', 'Required'],
      ['last_name', 'Required'],
    ]);
  });

  it('accepts only the password grant on /token', () => {
    expect(tokenRequestSchema.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
    expect(
      tokenRequestSchema.safeParse({ username: 'a', password: 'b', grant_type: 'password' })
        .success,
    ).toBe(true);
    expect(
      tokenRequestSchema.safeParse({ username: 'a', password: 'b', grant_type: 'implicit' })
        .success,
    ).toBe(false);
  });

  it('takes a six-digit code only', () => {
    const base = { email: 'ada@example.com', password: 'longenough' };
    expect(newPasswordRequestSchema.safeParse({ ...base, code: ' 012345 ' }).success).toBe(true);
    for (const code of ['12345', '1234567', 'abcdef', '12 345']) {
      expect(newPasswordRequestSchema.safeParse({ ...base, code }).success, code).toBe(false);
    }
  });

  it('describes the current user with its role and workspace', () => {
    const user = {
      id: 'u1',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'viewer',
      email_verified: true,
      workspace: { id: 'w1', name: 'Analytical Engines' },
      created_at: '2026-01-01T00:00:00.000Z',
    };
    expect(currentUserSchema.parse(user)).toEqual(user);
    expect(currentUserSchema.safeParse({ ...user, role: 'owner' }).success).toBe(false);
  });
});
