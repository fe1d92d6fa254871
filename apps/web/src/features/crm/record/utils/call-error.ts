import type { TFunction } from 'i18next';
import { isApiFailure } from '../../../../lib/api.ts';
import { ApiError } from '../../../../lib/http.ts';

/** A failed call as the state keeps it: plain data. */
export interface CallError {
  message: string;
  /** HTTP status; 0 when no answer arrived; absent for an error of the client itself. */
  status?: number;
  code?: string;
  /** Per-field messages of a refused write. */
  fieldErrors?: Record<string, string[]>;
}

export function toCallError(error: unknown): CallError {
  if (error instanceof ApiError) {
    return {
      message: error.message,
      status: error.status,
      ...(error.code ? { code: error.code } : {}),
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    };
  }
  if (isApiFailure(error)) {
    // A failed RTK Query call: already plain data.
    return {
      message: error.message,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.code ? { code: error.code } : {}),
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    };
  }
  const message =
    typeof error === 'object' && error !== null && 'message' in error
      ? String((error as { message: unknown }).message)
      : String(error);
  return { message };
}

/** What to tell the user about a failed call; the server's own words for a refused write. */
export function callErrorText(t: TFunction, error: unknown, field?: string): string {
  const { status, message, fieldErrors, code }: CallError =
    error instanceof ApiError
      ? toCallError(error)
      : typeof error === 'object' && error !== null && 'message' in error
        ? (error as CallError)
        : { message: '' };
  // Refusals the page explains in the user's language, whatever field was being saved
  // (`errors.codes` of the records namespace: EDIT_CONFLICT, DUPLICATE_EMAIL, CONFLICT).
  const worded = code ? t(`records:errors.codes.${code}`, { defaultValue: '' }) : '';
  if (worded) return worded;
  const forField = field ? fieldErrors?.[field]?.[0] : undefined;
  if (forField) return forField;
  if (status === 0) return t('records:errors.offline');
  if (status === 403) return t('records:errors.forbidden');
  if (status === 404) return t('records:errors.notFound');
  if (status === 409) return message || t('records:errors.conflict');
  if (status === 429) return t('records:errors.rateLimited');
  if (status !== undefined && status >= 500) return t('common:errors.generic');
  return message || t('common:errors.generic');
}

/**
 * For a save's `catch`: when the record changed since the page read it (409 `EDIT_CONFLICT`),
 * the page reads it again so the other member's change shows; the error goes on to the field.
 */
export function readAgainOnConflict(refresh: () => void) {
  return (error: unknown): never => {
    if ((error instanceof ApiError || isApiFailure(error)) && error.code === 'EDIT_CONFLICT') {
      refresh();
    }
    throw error;
  };
}
