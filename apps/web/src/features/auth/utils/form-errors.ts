import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { PASSWORD_MAX, PASSWORD_MIN } from '@beacon/contract/values';
import { GENERIC_ERROR_MESSAGE } from '../../../lib/http.ts';
import type { SERVER_ERROR_TYPE as SHARED_SERVER_ERROR_TYPE } from '../../../utils/form-errors.ts';
import { INVALID_CREDENTIALS_MESSAGE, REGISTRATION_FAILED_MESSAGE } from './auth-error.ts';

/** The kinds of field in the auth forms; `currentPassword` is the sign-in password. */
export type AuthField =
  | 'email'
  | 'password'
  | 'currentPassword'
  | 'first_name'
  | 'last_name'
  | 'code'
  | 'confirmPassword';

/**
 * The shared rule's type of a field error the server wrote (utils/form-errors.ts), tied to it by
 * type only: the sign-in page does not load that module (one request fewer on its first load).
 */
const SERVER_ERROR_TYPE: typeof SHARED_SERVER_ERROR_TYPE = 'server';

/**
 * The contract's schemas carry English messages; the forms show a translation chosen from the
 * field and the zod issue code (the resolver's error `type`) instead. The rules shared by every
 * form (a server's field error shown as given, `applyServerFieldErrors`) are in
 * utils/form-errors.ts; the auth forms word each kind of field their own way (the password's
 * limits, the 6-digit code), so they keep this table.
 */
export function fieldErrorText(
  t: TFunction,
  kind: AuthField,
  error: FieldError,
): string | undefined {
  if (error.type === SERVER_ERROR_TYPE) return error.message;
  switch (kind) {
    case 'email':
      return t('auth:validation.email');
    case 'password':
      if (error.type === 'too_big') return t('auth:validation.passwordMax', { max: PASSWORD_MAX });
      return t('auth:validation.passwordMin', { min: PASSWORD_MIN });
    case 'currentPassword':
      if (error.type === 'too_big') return t('auth:validation.passwordMax', { max: PASSWORD_MAX });
      return t('auth:validation.required');
    case 'first_name':
    case 'last_name':
      if (error.type === 'too_big') return t('auth:validation.tooLong');
      return t('auth:validation.required');
    case 'code':
      return t('auth:validation.code');
    case 'confirmPassword':
      return t('auth:validation.passwordMismatch');
  }
}

const CODE_KEYS: Record<string, string> = {
  INVALID_CREDENTIALS: 'auth:errors.invalidCredentials',
  EMAIL_TAKEN: 'auth:errors.emailTaken',
  INVALID_CODE: 'auth:errors.invalidCode',
  RATE_LIMITED: 'auth:errors.rateLimited',
  VALIDATION_FAILED: 'auth:errors.validation',
  INTERNAL: 'common:errors.generic',
  NOT_READY: 'common:errors.generic',
};

const MESSAGE_KEYS: Record<string, string> = {
  [INVALID_CREDENTIALS_MESSAGE]: 'auth:errors.invalidCredentials',
  [REGISTRATION_FAILED_MESSAGE]: 'auth:errors.registrationFailed',
  [GENERIC_ERROR_MESSAGE]: 'common:errors.generic',
};

/**
 * The text of a failed auth call: a translation for the errors the product knows (by code, then by
 * the spec's fixed messages), else the server's detail.
 */
export function authErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof Error)) return t('common:errors.generic');
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (status === 429) return t('auth:errors.rateLimited');
  const codeKey = typeof code === 'string' ? CODE_KEYS[code] : undefined;
  if (codeKey) return t(codeKey);
  const messageKey = MESSAGE_KEYS[error.message];
  if (messageKey) return t(messageKey);
  return error.message || t('common:errors.generic');
}
