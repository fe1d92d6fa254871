import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskPageSchema } from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TasksService } from './tasks.service.ts';

/** The tasks API: `read` lets any member in, `write` only contributors and admins. */
export const tasksRoutes: FastifyPluginAsyncZod<{ service: TasksService }> = async (
  app,
  { service },
) => {
  const { read } = signedInRoutes(app, ['tasks']);

  app.get(
    '/api/tasks',
    read({ summary: "The workspace's tasks", response: { 200: taskPageSchema } }),
    async (request) => service.list(requireAuth(request)),
  );
};
