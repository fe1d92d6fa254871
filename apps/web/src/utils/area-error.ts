import type { TFunction } from 'i18next';
import { ApiError } from '../lib/http.ts';

/** A failed call as an area's state keeps it: plain data (the store holds nothing else). */
export interface AreaError {
  message: string;
  /** HTTP status; 0 when no answer arrived; absent for an error of the client itself. */
  status?: number;
  code?: string;
  /** The call that failed (`fetchEvents`, `moveCard`, ...). */
  operation: string;
}

export function toAreaError(error: unknown, operation: string): AreaError {
  if (error instanceof ApiError) {
    return {
      message: error.message,
      status: error.status,
      ...(error.code ? { code: error.code } : {}),
      operation,
    };
  }
  const message =
    typeof error === 'object' && error !== null && 'message' in error
      ? String((error as { message: unknown }).message)
      : String(error);
  return { message, operation };
}

/**
 * What to tell the user about a failed call of an area. `namespace` is the area's translation
 * namespace, which words `errors.offline`, `errors.forbidden`, `errors.notFound`,
 * `errors.tooLarge` and `errors.rateLimited` its own way, and may word a code of the answer
 * (`errors.codes.STAGE_NOT_EMPTY`); the common codes are in `common:errors.codes`. Only a code
 * nobody words shows the server's detail.
 */
export function areaErrorText(t: TFunction, namespace: string, error: unknown): string {
  const { status, message, code } = (error ?? {}) as Partial<AreaError>;
  if (status === 0) return t(`${namespace}:errors.offline`);
  if (status === 403) return t(`${namespace}:errors.forbidden`);
  if (status === 404) return t(`${namespace}:errors.notFound`);
  // A full quota is not a file too large: it says so whatever the area.
  if (status === 413 && code === 'QUOTA_EXCEEDED') return t('common:errors.codes.QUOTA_EXCEEDED');
  if (status === 413) return t(`${namespace}:errors.tooLarge`);
  if (status === 429) return t(`${namespace}:errors.rateLimited`);
  // A code the area or the app words: the server's own detail is English (and may be technical).
  if (code) {
    const worded =
      t(`${namespace}:errors.codes.${code}`, { defaultValue: '' }) ||
      t(`common:errors.codes.${code}`, { defaultValue: '' });
    if (worded) return worded;
  }
  if (status !== undefined && status >= 500) return t('common:errors.generic');
  return message || t('common:errors.generic');
}
