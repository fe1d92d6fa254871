import { Suspense, lazy, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { SnackbarContext, type SnackbarOptions } from './snackbar-context.ts';
import {
  SNACKBAR_DEFAULT_VARIANT,
  close,
  emptyQueue,
  enqueue,
  isDuplicate,
  remove,
  type SnackbarItem,
  type SnackbarQueueState,
} from './snackbar-queue.ts';

const SnackbarStack = lazy(() => import('./snackbar-stack.tsx'));

let counter = 0;
const nextId = () => {
  counter += 1;
  return `snackbar-${counter}`;
};

export interface SnackbarProviderProps {
  children: ReactNode;
}

/**
 * Notifications: at most 5 on screen (more wait their
 * turn), no duplicates, each hidden after 3000 ms (paused while the pointer is on it), at the
 * top right, `success` unless told otherwise, an icon for each variant.
 */
export function SnackbarProvider({ children }: SnackbarProviderProps) {
  const [queue, setQueue] = useState<SnackbarQueueState>(emptyQueue);
  // The source of truth, so that `enqueueSnackbar` can answer at once whether it was a duplicate.
  const queueRef = useRef<SnackbarQueueState>(emptyQueue);
  const apply = useCallback((change: (state: SnackbarQueueState) => SnackbarQueueState) => {
    queueRef.current = change(queueRef.current);
    setQueue(queueRef.current);
  }, []);

  const enqueueSnackbar = useCallback(
    (message: string, options: SnackbarOptions = {}) => {
      const variant = options.variant ?? SNACKBAR_DEFAULT_VARIANT;
      if (isDuplicate(queueRef.current, message, variant)) return null;
      const item: SnackbarItem = { id: nextId(), message, variant, open: true };
      apply((state) => enqueue(state, item));
      return item.id;
    },
    [apply],
  );

  const closeSnackbar = useCallback((id: string) => apply((state) => close(state, id)), [apply]);
  const onExited = useCallback((id: string) => apply((state) => remove(state, id)), [apply]);

  const value = useMemo(
    () => ({ enqueueSnackbar, closeSnackbar }),
    [enqueueSnackbar, closeSnackbar],
  );

  return (
    <SnackbarContext value={value}>
      {children}
      {/*
        Mounted only while there is something to show: a dialog that opens hides what is already
        in the page from assistive technology, and a notification raised over it must still be read.
        Its code loads with the first notification.
      */}
      {queue.shown.length > 0 && (
        <Suspense fallback={null}>
          <SnackbarStack items={queue.shown} onClose={closeSnackbar} onExited={onExited} />
        </Suspense>
      )}
    </SnackbarContext>
  );
}
