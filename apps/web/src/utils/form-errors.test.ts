import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { applyServerFieldErrors, fieldErrorMessage, SERVER_ERROR_TYPE } from './form-errors.ts';

const t = ((key: string) => `t(${key})`) as unknown as TFunction;

describe('fieldErrorMessage', () => {
  it('translates by the zod issue code, never showing the schema’s English', () => {
    expect(fieldErrorMessage(t, { type: 'too_big', message: 'Too big: expected…' })).toBe(
      't(common:validation.tooLong)',
    );
    expect(fieldErrorMessage(t, { type: 'too_small', message: 'x' })).toBe(
      't(common:validation.required)',
    );
    expect(fieldErrorMessage(t, { type: 'invalid_format', message: 'x' })).toBe(
      't(common:validation.format)',
    );
    expect(fieldErrorMessage(t, { type: 'invalid_type', message: 'x' })).toBe(
      't(common:validation.invalid)',
    );
    expect(fieldErrorMessage(t, undefined)).toBeUndefined();
  });

  it("lets an area word a code its own way, and shows the server's words as given", () => {
    expect(
      fieldErrorMessage(
        t,
        { type: 'custom', message: 'x' },
        { custom: 'crm:validation.nameOrEmail' },
      ),
    ).toBe('t(crm:validation.nameOrEmail)');
    expect(fieldErrorMessage(t, { type: SERVER_ERROR_TYPE, message: 'Taken' })).toBe('Taken');
  });
});

describe('applyServerFieldErrors', () => {
  it("puts the server's first message on each field the form has", () => {
    const setError = vi.fn();
    const applied = applyServerFieldErrors<{ name: string; email: string }>(
      setError,
      { fieldErrors: { name: ['Too long', 'More'], other: ['Ignored'] } },
      ['name', 'email'],
    );
    expect(applied).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('name', { type: SERVER_ERROR_TYPE, message: 'Too long' });
  });

  it('answers false when no field took a message, so the caller shows the error whole', () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors<{ name: string }>(setError, undefined, ['name'])).toBe(false);
    expect(
      applyServerFieldErrors<{ name: string }>(setError, { fieldErrors: { x: ['y'] } }, ['name']),
    ).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
