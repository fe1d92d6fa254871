import { useCallback, useEffect, useRef, useState } from 'react';
import { realtime } from '../../../lib/realtime.ts';

export type HomeData<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'error'; data: T | undefined; error: unknown };

/** Several changes in a burst (a bulk edit, an import) cost one read. */
export const LIVE_DEBOUNCE_MS = 400;

/**
 * One card's data, live: read on mount, read again (debounced) when a realtime message of
 * `liveTypes` arrives or the channel reconnects, and on `retry`. A read that is overtaken by a
 * newer one is dropped; the data on screen stays while a refresh runs.
 */
export function useHomeData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  liveTypes: readonly string[],
): HomeData<T> & { retry: () => void } {
  const [state, setState] = useState<HomeData<T>>({
    status: 'loading',
    data: undefined,
    error: undefined,
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  const controller = useRef<AbortController | null>(null);

  const read = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    loadRef.current(current.signal).then(
      (data) => {
        if (!current.signal.aborted) setState({ status: 'ready', data, error: undefined });
      },
      (error: unknown) => {
        if (current.signal.aborted) return;
        setState((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
  }, []);

  const retry = useCallback(() => {
    setState((previous) =>
      previous.status === 'error' && previous.data === undefined
        ? { status: 'loading', data: undefined, error: undefined }
        : previous,
    );
    read();
  }, [read]);

  useEffect(() => {
    read();
    return () => controller.current?.abort();
  }, [read]);

  const typesKey = liveTypes.join(' ');
  useEffect(() => {
    if (!typesKey) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(read, LIVE_DEBOUNCE_MS);
    };
    const unsubscribe = realtime.subscribe({
      types: typesKey.split(' '),
      onMessage: later,
      onReady: later,
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [typesKey, read]);

  return { ...state, retry };
}
