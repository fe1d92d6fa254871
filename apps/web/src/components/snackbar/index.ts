export { SnackbarProvider, type SnackbarProviderProps } from './snackbar-provider.tsx';
export { useSnackbar } from './use-snackbar.ts';
export type { SnackbarOptions, SnackbarVariant } from './snackbar-context.ts';
export { SNACKBAR_AUTO_HIDE_MS, SNACKBAR_MAX } from './snackbar-queue.ts';
