import { z } from 'zod';
import {
  bulkResultSchema,
  notificationPageSchema,
  personDetailSchema,
  taskCountsSchema,
  taskPageSchema,
  taskSchema,
  timeZoneSettingSchema,
  type NewTask,
  type TaskBulkAction,
  type TaskPatch,
  type TaskQuery,
} from '@beacon/contract';
import { http } from '../../../lib/http.ts';

type Query = Record<string, string | number | boolean | undefined>;

/** The tasks and notifications calls of the server (docs/decisions/031-tasks.md). */
export const tasksApi = {
  list: (query: TaskQuery, signal?: AbortSignal) =>
    http.get('/api/tasks', { query: query as Query, schema: taskPageSchema, signal }),
  counts: (query: TaskQuery, signal?: AbortSignal) =>
    http.get('/api/tasks/counts', { query: query as Query, schema: taskCountsSchema, signal }),
  get: (id: string) => http.get(`/api/tasks/${id}`, { schema: taskSchema }),
  create: (task: NewTask) => http.post('/api/tasks', { json: task, schema: taskSchema }),
  patch: (id: string, patch: TaskPatch) =>
    http.patch(`/api/tasks/${id}`, { json: patch, schema: taskSchema }),
  remove: (id: string) => http.delete(`/api/tasks/${id}`),
  bulk: (ids: string[], action: TaskBulkAction) =>
    http.post('/api/tasks/bulk', { json: { ids, action }, schema: bulkResultSchema }),
  timeZone: () => http.get('/api/tasks/time-zone', { schema: timeZoneSettingSchema }),
  setTimeZone: (timeZone: string) =>
    http.put('/api/tasks/time-zone', { json: { timeZone }, schema: timeZoneSettingSchema }),
  person: (id: string, signal?: AbortSignal) =>
    http.get(`/api/people/${id}`, { schema: personDetailSchema, signal }),
  /** People or companies whose name matches, for the pickers. */
  searchRecords: async (kind: 'people' | 'companies', q: string, signal?: AbortSignal) => {
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
    }));
  },
  notifications: (signal?: AbortSignal) =>
    http.get('/api/notifications', {
      query: { limit: 30 },
      schema: notificationPageSchema,
      signal,
    }),
  markRead: (id: string) => http.post(`/api/notifications/${id}/read`),
  markAllRead: () => http.post('/api/notifications/read-all'),
};
