import type { TFunction } from 'i18next';
import { areaErrorText } from '../../../utils/area-error.ts';

/** What to tell the user about a failed CRM call. */
export function crmErrorText(t: TFunction, error: unknown): string {
  return areaErrorText(t, 'crm', error);
}

export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Error).name === 'AbortError';
}
