import { useContext } from 'react';
import { SnackbarContext, type SnackbarContextValue } from './snackbar-context.ts';

/** `enqueueSnackbar(message, { variant })` and `closeSnackbar(id)`. */
export function useSnackbar(): SnackbarContextValue {
  const context = useContext(SnackbarContext);
  if (!context) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return context;
}
