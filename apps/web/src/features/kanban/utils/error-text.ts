import type { TFunction } from 'i18next';
import { areaErrorText } from '../../../utils/area-error.ts';

/** What to tell the user about a failed board call. */
export function kanbanErrorText(t: TFunction, error: unknown): string {
  return areaErrorText(t, 'kanban', error);
}
