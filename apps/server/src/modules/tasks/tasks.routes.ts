import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkResultSchema,
  errorBodySchema,
  newTaskSchema,
  recordParamsSchema,
  taskBulkRequestSchema,
  taskCountSchema,
  taskCountsSchema,
  taskPageSchema,
  taskPatchSchema,
  taskQuerySchema,
  taskSchema,
  timeZoneRequestSchema,
  timeZoneSettingSchema,
} from '@beacon/contract';
import { noContent, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TasksService } from './tasks.service.ts';

const conflict = { 409: errorBodySchema };

/** The tasks API: `read` lets any member in, `write` only contributors and admins. */
export const tasksRoutes: FastifyPluginAsyncZod<{ service: TasksService }> = async (
  app,
  { service },
) => {
  const { read, write } = signedInRoutes(app, ['tasks']);

  app.get(
    '/api/tasks',
    read({
      summary:
        'Tasks: filtered (mine, assignee, due today/overdue/upcoming, type, status, record), sorted, keyset pages',
      querystring: taskQuerySchema,
      response: { 200: taskPageSchema },
    }),
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    '/api/tasks/count',
    read({
      summary: 'How many tasks match the filters',
      querystring: taskQuerySchema,
      response: { 200: taskCountSchema },
    }),
    async (request) => service.count(requireAuth(request), request.query),
  );

  app.get(
    '/api/tasks/counts',
    read({
      summary: 'The size of each tab (due today, overdue, upcoming, done) for the other filters',
      querystring: taskQuerySchema,
      response: { 200: taskCountsSchema },
    }),
    async (request) => service.counts(requireAuth(request), request.query),
  );

  app.get(
    '/api/tasks/time-zone',
    read({
      summary: "The caller's time zone, which their tasks' days are counted in",
      response: { 200: timeZoneSettingSchema },
    }),
    async (request) => service.timeZone(requireAuth(request)),
  );

  app.put(
    '/api/tasks/time-zone',
    read({
      summary: "Set the caller's time zone (IANA); any role may set their own",
      body: timeZoneRequestSchema,
      response: { 200: timeZoneSettingSchema },
    }),
    async (request) => service.setTimeZone(requireAuth(request), request.body.timeZone),
  );

  app.post(
    '/api/tasks',
    write({
      summary: 'Add a task (assigned to the caller unless another member is named)',
      body: newTaskSchema,
      response: { 201: taskSchema },
    }),
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.post(
    '/api/tasks/bulk',
    write({
      summary: 'Complete, skip, reopen, reassign, reschedule or delete tasks by id',
      body: taskBulkRequestSchema,
      response: { 200: bulkResultSchema },
    }),
    async (request) => service.bulk(requireAuth(request), request.body),
  );

  app.get(
    '/api/tasks/:id',
    read({
      summary: 'One task',
      params: recordParamsSchema,
      response: { 200: taskSchema },
    }),
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.patch(
    '/api/tasks/:id',
    write({
      summary: 'Change a task (only the fields given); status done or skipped stamps completedAt',
      params: recordParamsSchema,
      body: taskPatchSchema,
      response: { 200: taskSchema, ...conflict },
    }),
    async (request) => service.patch(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/tasks/:id',
    write({ summary: 'Delete a task', params: recordParamsSchema, response: noContent }),
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
