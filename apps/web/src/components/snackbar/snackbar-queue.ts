import type { SnackbarVariant } from './snackbar-context.ts';

/** Notifications: at most 5 on screen, each hidden after 3000 ms, `success` unless told. */
export const SNACKBAR_MAX = 5;
export const SNACKBAR_AUTO_HIDE_MS = 3000;
export const SNACKBAR_DEFAULT_VARIANT: SnackbarVariant = 'success';

export interface SnackbarItem {
  id: string;
  message: string;
  variant: SnackbarVariant;
  /** False while it leaves the screen. */
  open: boolean;
}

export interface SnackbarQueueState {
  /** On screen, oldest first; at most SNACKBAR_MAX. */
  shown: SnackbarItem[];
  /** Waiting for a place on screen. */
  waiting: SnackbarItem[];
}

export const emptyQueue: SnackbarQueueState = { shown: [], waiting: [] };

/** Whether the same message (and variant) is on screen or waiting: no duplicates. */
export function isDuplicate(state: SnackbarQueueState, message: string, variant: SnackbarVariant) {
  return [...state.shown, ...state.waiting].some(
    (item) => item.open && item.message === message && item.variant === variant,
  );
}

/** Adds an item: on screen when there is room, otherwise it waits. */
export function enqueue(state: SnackbarQueueState, item: SnackbarItem): SnackbarQueueState {
  if (isDuplicate(state, item.message, item.variant)) return state;
  if (state.shown.length < SNACKBAR_MAX) return { ...state, shown: [...state.shown, item] };
  return { ...state, waiting: [...state.waiting, item] };
}

/** Starts an item's exit; a waiting one is simply dropped. */
export function close(state: SnackbarQueueState, id: string): SnackbarQueueState {
  return {
    shown: state.shown.map((item) => (item.id === id ? { ...item, open: false } : item)),
    waiting: state.waiting.filter((item) => item.id !== id),
  };
}

/** Removes an item that has left the screen, and lets the next waiting one in. */
export function remove(state: SnackbarQueueState, id: string): SnackbarQueueState {
  const shown = state.shown.filter((item) => item.id !== id);
  const room = SNACKBAR_MAX - shown.length;
  return {
    shown: [...shown, ...state.waiting.slice(0, Math.max(0, room))],
    waiting: state.waiting.slice(Math.max(0, room)),
  };
}
