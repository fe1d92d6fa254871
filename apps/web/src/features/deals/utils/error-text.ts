import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/http.ts';

/** What to tell a person about a failed call, in their language; a refusal in the server's words. */
export function dealsErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('deals:errors.network');
    if (error.status === 403) return t('deals:errors.forbidden');
    if (error.status === 404) return t('deals:errors.notFound');
    if (error.code === 'EDIT_CONFLICT') return t('deals:errors.conflict');
    if (error.status >= 500) return t('deals:errors.server');
    const field = error.fieldErrors ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
    return field ?? error.detail ?? t('deals:errors.generic');
  }
  return t('deals:errors.generic');
}
