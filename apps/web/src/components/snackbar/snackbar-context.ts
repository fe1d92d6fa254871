import { createContext } from 'react';

export type SnackbarVariant = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarOptions {
  /** `success` when not given. */
  variant?: SnackbarVariant;
}

export interface SnackbarContextValue {
  /** Shows a notification; answers its id, or null when the same one is already there. */
  enqueueSnackbar(message: string, options?: SnackbarOptions): string | null;
  closeSnackbar(id: string): void;
}

export const SnackbarContext = createContext<SnackbarContextValue | null>(null);
