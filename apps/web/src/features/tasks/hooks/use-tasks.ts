import { useCallback, useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Task, TaskCounts, TaskQuery } from '@beacon/contract';
import { browserTimeZone } from '../../../utils/time-zone.ts';
import {
  useMemberTimeZonesQuery,
  useSetTimeZoneMutation,
  useTaskCountsQuery,
  useTasksInfiniteQuery,
  useTimeZoneQuery,
} from '../api/tasks-api.ts';
import { assigneeZone } from '../utils/zoned-time.ts';

export type TasksState = {
  items: Task[];
  nextCursor: string | null;
  loaded: boolean;
  loading: boolean;
  error: unknown;
};

/**
 * One list of tasks for a query, in keyset pages (RTK Query's infinite query), live on every
 * `tasks.changed` (`tasks-api.ts`); `more` reads the next page, `refetch` every page shown.
 */
export function useTasks(query: TaskQuery | null) {
  const result = useTasksInfiniteQuery(query ?? skipToken);
  // `currentData`: a new query shows its own loading state, never the previous query's rows.
  const data = result.currentData;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const { fetchNextPage, hasNextPage, refetch } = result;
  const more = useCallback(() => {
    if (hasNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage]);
  return {
    items,
    nextCursor: data?.pages.at(-1)?.nextCursor ?? null,
    loaded: data !== undefined,
    loading: result.isFetching,
    error: result.isError ? result.error : null,
    refetch: useCallback(() => void refetch(), [refetch]),
    more,
  };
}

/** The size of each tab, live. */
export function useTaskCounts(query: TaskQuery): TaskCounts | null {
  return useTaskCountsQuery(query).data ?? null;
}

/**
 * The member's time zone (their tasks' days): `adoptBrowserZone` moves it to this device's zone
 * (after travelling). An unset zone is set from the device by `adoptTimeZoneOnce` on any
 * dashboard page.
 */
export function useTimeZone() {
  // The zone days are counted in: the member's own, else the workspace's (record 055).
  const zone = useTimeZoneQuery().data?.effectiveTimeZone ?? null;
  const browser = browserTimeZone();
  const [setTimeZone] = useSetTimeZoneMutation();
  const adoptBrowserZone = useCallback(async () => {
    if (!browser) return;
    await setTimeZone(browser).unwrap();
  }, [browser, setTimeZone]);
  return { zone, browser, adoptBrowserZone };
}

/**
 * The zone a task's due time is entered and shown in: its assignee's (the caller's when
 * unassigned or when the assignee never set one), as the server counts its day.
 */
export function useAssigneeZone(assigneeId: string | null, callerId: string | null): string {
  const zones = useMemberTimeZonesQuery().data?.items;
  return assigneeZone(zones, assigneeId, callerId, browserTimeZone());
}
