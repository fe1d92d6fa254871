import { ApiError } from '../../../lib/http.ts';

/** A failed call as the state keeps it: plain data (the store holds nothing else). */
export interface AreaError {
  message: string;
  /** HTTP status; 0 when no answer arrived; absent for an error of the client itself. */
  status?: number;
  code?: string;
  /** The call that failed (`fetchEvents`, `updateEvent`, ...). */
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
