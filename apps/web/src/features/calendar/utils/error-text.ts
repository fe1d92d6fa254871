import type { TFunction } from 'i18next';
import { areaErrorText } from '../../../utils/area-error.ts';

/** What to tell the user about a failed calendar call. */
export function calendarErrorText(t: TFunction, error: unknown): string {
  return areaErrorText(t, 'calendar', error);
}
