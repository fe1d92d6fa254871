import { z } from 'zod';
import {
  personDetailSchema,
  tasksEndpoints,
  TASKS_CHANGED,
  type BulkResult,
  type MemberTimeZones,
  type NewTask,
  type Task,
  type TaskCounts,
  type TaskPage,
  type TaskPatch,
  type TaskQuery,
  type FilterCondition,
  type TimeZoneSetting,
  taskQueryConditions,
} from '@beacon/contract';
import type { EndpointBody } from '@beacon/contract/endpoint';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { http } from '../../../lib/http.ts';
import { fileNameOf, sendRaw } from '../../../lib/raw-request.ts';

type Query = Record<string, string | number | boolean | undefined>;

/** Each list and count entry's own tag, so a `tasks.changed` reads again only what is shown. */
const entryTag = (kind: string, arg: unknown) => ({
  type: 'Tasks' as const,
  id: `${kind}:${JSON.stringify(arg)}`,
});
const LIST = { type: 'Tasks' as const, id: 'LIST' };

/**
 * Keeps a tasks entry live: every `tasks.changed` of the workspace (another member's change, or
 * this tab's own, which carries no origin) and every reconnect reads the entry again; an infinite
 * list reads again the pages it shows.
 */
function liveTasks(tag: { type: 'Tasks'; id: string }) {
  return async (
    _arg: unknown,
    lifecycle: {
      cacheDataLoaded: Promise<unknown>;
      cacheEntryRemoved: Promise<unknown>;
      dispatch: (action: unknown) => unknown;
    },
  ) => {
    const again = () => lifecycle.dispatch(tasksApi.util.invalidateTags([tag]));
    await followRealtime(lifecycle, {
      types: [TASKS_CHANGED],
      onMessage: again,
      onReconnect: again,
    });
  };
}

/**
 * The tasks calls of the server, through RTK Query (docs/decisions/031-tasks.md, 038). Every list,
 * count and the queue follow `tasks.changed`; every write invalidates the lists.
 */
export const tasksApi = api
  .enhanceEndpoints({ addTagTypes: ['Tasks', 'TaskZones'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** A list of tasks in keyset pages (the cursor is the page parameter). */
      tasks: build.infiniteQuery<TaskPage, TaskQuery, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor,
        },
        query: ({ queryArg, pageParam }) =>
          call(tasksEndpoints.list, {
            query: { ...(queryArg as Query), ...(pageParam ? { cursor: pageParam } : {}) },
          }),
        providesTags: (_data, _error, arg) => [LIST, entryTag('list', arg)],
        onCacheEntryAdded: (arg, lifecycle) => liveTasks(entryTag('list', arg))(arg, lifecycle),
      }),
      /** The size of each tab for the other filters. */
      taskCounts: build.query<TaskCounts, TaskQuery>({
        query: (query) => call(tasksEndpoints.counts, { query: query as Query }),
        providesTags: (_data, _error, arg) => [LIST, entryTag('counts', arg)],
        onCacheEntryAdded: (arg, lifecycle) => liveTasks(entryTag('counts', arg))(arg, lifecycle),
      }),
      task: build.query<Task, string>({
        query: (id) => call(tasksEndpoints.get, { params: { id } }),
        providesTags: (_data, _error, id) => [LIST, { type: 'Tasks', id }],
      }),
      /** Each member's zone: a task's due time is entered and shown in its assignee's. */
      memberTimeZones: build.query<MemberTimeZones, void>({
        query: () => call(tasksEndpoints.memberTimeZones),
        providesTags: ['TaskZones'],
      }),
      timeZone: build.query<TimeZoneSetting, void>({
        query: () => call(tasksEndpoints.timeZone),
        providesTags: ['TaskZones'],
      }),
      setTimeZone: build.mutation<TimeZoneSetting, string>({
        query: (timeZone) => call(tasksEndpoints.setTimeZone, { body: { timeZone } }),
        // The member's tasks change day.
        invalidatesTags: ['TaskZones', LIST],
      }),
      createTask: build.mutation<Task, NewTask>({
        query: (body) => call(tasksEndpoints.create, { body }),
        invalidatesTags: [LIST],
      }),
      patchTask: build.mutation<Task, { id: string; patch: TaskPatch }>({
        query: ({ id, patch }) => call(tasksEndpoints.patch, { params: { id }, body: patch }),
        invalidatesTags: [LIST],
      }),
      removeTask: build.mutation<void, string>({
        query: (id) => call(tasksEndpoints.remove, { params: { id } }),
        invalidatesTags: [LIST],
      }),
      /** By ids, or every task a filter matches (the tab's "select all"). */
      bulkTasks: build.mutation<BulkResult, EndpointBody<typeof tasksEndpoints.bulk>>({
        query: (body) => call(tasksEndpoints.bulk, { body }),
        invalidatesTags: [LIST],
      }),
    }),
  });

export const {
  useTasksInfiniteQuery,
  useTaskCountsQuery,
  useTaskQuery,
  useLazyTaskQuery,
  useMemberTimeZonesQuery,
  useTimeZoneQuery,
  useSetTimeZoneMutation,
  useCreateTaskMutation,
  usePatchTaskMutation,
  useRemoveTaskMutation,
  useBulkTasksMutation,
} = tasksApi;

/**
 * What tasks read of other areas (a person for the queue, people and companies for the pickers):
 * those areas' calls, not tasks' own.
 */
export const relatedRecords = {
  person: (id: string, signal?: AbortSignal) =>
    http.get(`/api/people/${id}`, { schema: personDetailSchema, signal }),
  /** People or companies whose name matches, for the pickers. */
  search: async (kind: 'people' | 'companies', q: string, signal?: AbortSignal) => {
    const page = await http.get(`/api/${kind}`, {
      query: { q, limit: 8 },
      schema: z.object({ items: z.array(z.record(z.string(), z.unknown())) }),
      signal,
    });
    return page.items.map((item) => ({
      id: String(item.id),
      label:
        kind === 'people'
          ? `${String(item.firstName ?? '')} ${String(item.lastName ?? '')}`.trim() ||
            String(item.email ?? '')
          : String(item.name ?? ''),
      secondary: String((kind === 'people' ? item.email : item.domain) ?? ''),
    }));
  },
};

/**
 * The tasks a screen shows (its tab's shortcuts and its view) as a CSV file, through the records
 * engine's export (which takes conditions only: the contract's `taskQueryConditions` turns the
 * shortcuts into them, as the server does for the list). A file, not data for the store.
 */
export async function exportTasksCsv(
  query: TaskQuery,
  callerId: string,
): Promise<{ blob: Blob; fileName: string }> {
  const { q, sort, filters, limit: _limit, cursor: _cursor, ...shortcuts } = query;
  const conditions = taskQueryConditions(
    shortcuts,
    filters ? (JSON.parse(filters) as FilterCondition[]) : [],
    callerId,
  );
  const endpoint = tasksEndpoints.exportCsv;
  const response = await sendRaw(endpoint.path, {
    method: endpoint.method,
    query: { q, sort, filters: conditions.length > 0 ? JSON.stringify(conditions) : undefined },
    headers: { Accept: 'text/csv' },
  });
  return { blob: await response.blob(), fileName: fileNameOf(response, 'tasks.csv') };
}
