import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/http.ts';
import {
  applyServerFieldErrors as applyFieldErrors,
  SERVER_ERROR_TYPE,
} from '../../../utils/form-errors.ts';

/** The kinds of field in the public forms, each with its own wording of what is wrong. */
export type GeneralField =
  | 'text'
  | 'optionalText'
  | 'email'
  | 'message'
  | 'seats'
  | 'cardNumber'
  | 'expiry'
  | 'securityCode'
  | 'country';

/**
 * The contract's zod messages are English; the forms show a translation chosen from the field and
 * the zod issue code (the resolver's error `type`).
 */
export function fieldErrorText(
  t: TFunction,
  kind: GeneralField,
  error: FieldError,
): string | undefined {
  if (error.type === SERVER_ERROR_TYPE) return error.message;
  const tooLong = error.type === 'too_big';
  switch (kind) {
    case 'text':
      return tooLong ? t('general:validation.tooLong') : t('general:validation.required');
    case 'optionalText':
      return t('general:validation.tooLong');
    case 'email':
      return t('general:validation.email');
    case 'message':
      return tooLong
        ? t('general:validation.tooLong')
        : t('general:validation.messageMin', { min: 10 });
    case 'seats':
      return t('general:validation.seats', { max: 10_000 });
    case 'cardNumber':
      return t('general:validation.cardNumber');
    case 'expiry':
      return t('general:validation.expiry');
    case 'securityCode':
      return t('general:validation.securityCode');
    case 'country':
      return t('general:validation.country');
  }
}

/**
 * The text of a failed call: a translation for what the reader can act on (too many attempts, no
 * connection, a rejected form), else the server's own `detail`, else a generic message.
 */
export function requestErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('common:errors.generic');
  if (error.status === 429 || error.code === 'RATE_LIMITED') return t('general:errors.rateLimited');
  if (error.status === 0) return t('general:errors.network');
  if (error.status === 400) return t('general:errors.validation');
  if (error.status >= 500) return t('common:errors.generic');
  return error.detail ?? t('common:errors.generic');
}

/**
 * Puts the server's per-field messages (a 400 with `errors`) on the fields the form has, through
 * the shared rule (utils/form-errors.ts); anything but an answer of the server puts none.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  return applyFieldErrors(setError, error instanceof ApiError ? error : undefined, fields);
}
