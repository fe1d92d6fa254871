import type { TFunction } from 'i18next';
import type { AreaError } from './area-error.ts';

/** What to tell the user about a failed calendar call. */
export function calendarErrorText(t: TFunction, error: AreaError | unknown): string {
  const { status, message } = (error ?? {}) as Partial<AreaError>;
  if (status === 0) return t('calendar:errors.offline');
  if (status === 403) return t('calendar:errors.forbidden');
  if (status === 404) return t('calendar:errors.notFound');
  if (status === 413) return t('calendar:errors.tooLarge');
  if (status === 429) return t('calendar:errors.rateLimited');
  if (status !== undefined && status >= 500) return t('common:errors.generic');
  return message || t('common:errors.generic');
}
