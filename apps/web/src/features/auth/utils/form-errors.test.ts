import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/http.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { AuthError } from './auth-error.ts';
import { authErrorText, fieldErrorText } from './form-errors.ts';

let t: TFunction;

beforeAll(async () => {
  t = (await initTestI18n('en')).getFixedT('en', 'auth');
});

describe('authErrorText', () => {
  it('translates the errors the product knows, by code', () => {
    expect(
      authErrorText(t, new AuthError('Invalid credentials', { code: 'INVALID_CREDENTIALS' })),
    ).toBe('Invalid credentials');
    expect(authErrorText(t, new AuthError('x', { code: 'EMAIL_TAKEN' }))).toBe(
      'An account with this e-mail address already exists.',
    );
    expect(authErrorText(t, new ApiError(400, { detail: 'Bad code', code: 'INVALID_CODE' }))).toBe(
      'This code is wrong or has expired.',
    );
    expect(authErrorText(t, new AuthError('Slow down', { status: 429 }))).toBe(
      'Too many attempts. Wait a moment and try again.',
    );
  });

  it("translates the spec's fixed messages", () => {
    expect(authErrorText(t, new AuthError('Registration failed'))).toBe('Registration failed');
    expect(authErrorText(t, new ApiError(500, undefined))).toBe('Something went wrong');
  });

  it("shows the server's own detail otherwise", () => {
    expect(authErrorText(t, new AuthError('Registrations are closed on this server'))).toBe(
      'Registrations are closed on this server',
    );
    expect(authErrorText(t, 'not an error')).toBe('Something went wrong');
  });

  it('follows the language', async () => {
    const fr = (await initTestI18n('fr')).getFixedT('fr', 'auth');
    expect(
      authErrorText(fr, new AuthError('Invalid credentials', { code: 'INVALID_CREDENTIALS' })),
    ).toBe('Identifiants invalides');
    await initTestI18n('en');
  });
});

describe('fieldErrorText', () => {
  it('picks the message from the field and the zod issue code', () => {
    expect(fieldErrorText(t, 'email', { type: 'invalid_format' })).toBe(
      'Enter a valid e-mail address',
    );
    expect(fieldErrorText(t, 'password', { type: 'too_small' })).toBe('Use at least 8 characters');
    expect(fieldErrorText(t, 'password', { type: 'too_big' })).toBe('Use at most 128 characters');
    expect(fieldErrorText(t, 'currentPassword', { type: 'too_small' })).toBe(
      'This field is required',
    );
    expect(fieldErrorText(t, 'first_name', { type: 'too_small' })).toBe('This field is required');
    expect(fieldErrorText(t, 'code', { type: 'invalid_format' })).toBe('Enter the 6-digit code');
    expect(fieldErrorText(t, 'confirmPassword', { type: 'custom' })).toBe(
      "The passwords don't match",
    );
  });

  it("shows a server's field message as given", () => {
    expect(fieldErrorText(t, 'email', { type: 'server', message: 'Taken' })).toBe('Taken');
  });
});
