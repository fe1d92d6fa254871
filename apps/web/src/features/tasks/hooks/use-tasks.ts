import { useCallback, useEffect, useRef, useState } from 'react';
import type { Task, TaskCounts, TaskQuery } from '@beacon/contract';
import { realtime } from '../../../lib/realtime.ts';
import { tasksApi } from '../api/tasks-api.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';

export type TasksState = {
  items: Task[];
  nextCursor: string | null;
  loaded: boolean;
  loading: boolean;
  error: Error | null;
};

/** Calls `refetch` on every tasks change in the workspace, and when the socket (re)connects. */
export function useTasksChanges(refetch: () => void) {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(
    () =>
      realtime.subscribe({
        types: ['tasks.changed'],
        onMessage: () => latest.current(),
        onReady: () => latest.current(),
      }),
    [],
  );
}

/**
 * One list of tasks for a query, live: read when the query changes and again on every
 * `tasks.changed` event; `more` reads the next page.
 */
export function useTasks(query: TaskQuery | null) {
  const [state, setState] = useState<TasksState>({
    items: [],
    nextCursor: null,
    loaded: false,
    loading: false,
    error: null,
  });
  const key = JSON.stringify(query);
  const generation = useRef(0);
  // A refetch keeps the pages already shown: it asks for as many rows as are on screen.
  const shown = useRef(50);

  const load = useCallback(
    (reset: boolean) => {
      if (!query) return;
      const mine = ++generation.current;
      if (reset) shown.current = 50;
      setState((s) => ({ ...s, loading: true, ...(reset ? { loaded: false, items: [] } : {}) }));
      tasksApi.list({ ...query, limit: Math.min(200, shown.current) }).then(
        (page) => {
          if (mine !== generation.current) return;
          setState({
            items: page.items,
            nextCursor: page.nextCursor,
            loaded: true,
            loading: false,
            error: null,
          });
        },
        (error: Error) => {
          if (mine !== generation.current) return;
          setState((s) => ({ ...s, loading: false, error }));
        },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  useEffect(() => load(true), [load]);
  useTasksChanges(useCallback(() => load(false), [load]));

  const more = useCallback(() => {
    if (!query || !state.nextCursor) return;
    const mine = ++generation.current;
    tasksApi.list({ ...query, cursor: state.nextCursor }).then(
      (page) => {
        if (mine !== generation.current) return;
        setState((s) => {
          shown.current = s.items.length + page.items.length;
          return { ...s, items: [...s.items, ...page.items], nextCursor: page.nextCursor };
        });
      },
      (error: Error) => setState((s) => ({ ...s, error })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, state.nextCursor]);

  return { ...state, refetch: () => load(false), more };
}

/** The size of each tab, live. */
export function useTaskCounts(query: TaskQuery) {
  const [counts, setCounts] = useState<TaskCounts | null>(null);
  const key = JSON.stringify(query);
  const load = useCallback(
    () => void tasksApi.counts(query).then(setCounts, () => undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  useEffect(() => load(), [load]);
  useTasksChanges(load);
  return counts;
}

/**
 * The member's time zone (their tasks' days): set from the browser the first time, when they have
 * none, so that "today" on the server is the member's today; `adoptBrowserZone` moves it to this
 * device's zone (after travelling).
 */
export function useTimeZone() {
  const [zone, setZone] = useState<string | null>(null);
  const browser = browserTimeZone();
  useEffect(() => {
    let live = true;
    tasksApi.timeZone().then(
      ({ timeZone }) => {
        if (!live) return;
        if (timeZone === null && browser) {
          tasksApi.setTimeZone(browser).then(
            (set) => live && setZone(set.timeZone),
            () => undefined,
          );
        } else setZone(timeZone);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [browser]);
  const adoptBrowserZone = useCallback(async () => {
    if (!browser) return;
    const set = await tasksApi.setTimeZone(browser);
    setZone(set.timeZone);
  }, [browser]);
  return { zone, browser, adoptBrowserZone };
}
