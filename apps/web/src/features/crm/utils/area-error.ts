import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/http.ts';

/** A failed call as the state keeps it: plain data. */
export interface AreaError {
  message: string;
  /** HTTP status; 0 when no answer arrived; absent for an error of the client itself. */
  status?: number;
  code?: string;
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

/** What to tell the user about a failed CRM call. */
export function crmErrorText(t: TFunction, error: unknown): string {
  const { status, message } = (error ?? {}) as Partial<AreaError>;
  if (status === 0) return t('crm:errors.offline');
  if (status === 403) return t('crm:errors.forbidden');
  if (status === 404) return t('crm:errors.notFound');
  if (status === 413) return t('crm:errors.tooLarge');
  if (status === 429) return t('crm:errors.rateLimited');
  if (status !== undefined && status >= 500) return t('common:errors.generic');
  return message || t('common:errors.generic');
}

export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Error).name === 'AbortError';
}
