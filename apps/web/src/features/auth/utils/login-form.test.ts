import { describe, expect, it } from 'vitest';
import { checkLoginForm } from './login-form.ts';

describe('the sign-in form check (the contract rule, loaded on demand)', () => {
  it('passes the values to send, the e-mail trimmed', async () => {
    expect(await checkLoginForm({ email: '  ada@example.com ', password: 'x' })).toEqual({
      data: { email: 'ada@example.com', password: 'x' },
      errors: {},
    });
  });

  it('names each wrong field by its first zod issue code', async () => {
    const empty = await checkLoginForm({ email: '', password: '' });
    expect(empty.data).toBeNull();
    expect(Object.keys(empty.errors).sort()).toEqual(['email', 'password']);
    expect(empty.errors.password).toBe('too_small');

    const long = await checkLoginForm({ email: 'not-an-address', password: 'x'.repeat(129) });
    expect(long.errors.email).toBeDefined();
    expect(long.errors.password).toBe('too_big');
  });
});
