import type { TFunction } from 'i18next';
import type { AreaError } from './area-error.ts';

/** What to tell the user about a failed board call. */
export function kanbanErrorText(t: TFunction, error: AreaError | unknown): string {
  const { status, message } = (error ?? {}) as Partial<AreaError>;
  if (status === 0) return t('kanban:errors.offline');
  if (status === 403) return t('kanban:errors.forbidden');
  if (status === 404) return t('kanban:errors.notFound');
  if (status === 413) return t('kanban:errors.tooLarge');
  if (status === 429) return t('kanban:errors.rateLimited');
  if (status !== undefined && status >= 500) return t('common:errors.generic');
  return message || t('common:errors.generic');
}
