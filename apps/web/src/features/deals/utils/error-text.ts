import type { TFunction } from 'i18next';
import { isApiFailure } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/http.ts';

/**
 * What to tell a person about a failed call (of the HTTP client or of RTK Query), in their
 * language: a code of the deals' API (STAGE_NOT_EMPTY, PIPELINE_NOT_EMPTY, DEFAULT_PIPELINE,
 * LAST_STAGE) in `errors.codes`, else a field's message, else the server's words.
 */
export function dealsErrorText(t: TFunction, error: unknown): string {
  const failure =
    error instanceof ApiError
      ? {
          status: error.status,
          code: error.code,
          fieldErrors: error.fieldErrors,
          detail: error.detail,
        }
      : isApiFailure(error)
        ? {
            status: error.status ?? -1,
            code: error.code,
            fieldErrors: error.fieldErrors,
            detail: error.message,
          }
        : null;
  if (!failure) return t('deals:errors.generic');
  if (failure.status === 0) return t('deals:errors.network');
  if (failure.status === 403) return t('deals:errors.forbidden');
  if (failure.status === 404) return t('deals:errors.notFound');
  if (failure.code === 'EDIT_CONFLICT') return t('deals:errors.conflict');
  if (failure.status >= 500) return t('deals:errors.server');
  if (failure.code) {
    const worded = t(`deals:errors.codes.${failure.code}`, { defaultValue: '' });
    if (worded) return worded;
  }
  const field = failure.fieldErrors ? Object.values(failure.fieldErrors)[0]?.[0] : undefined;
  return field ?? failure.detail ?? t('deals:errors.generic');
}
