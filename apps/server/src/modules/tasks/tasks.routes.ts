import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, tasksEndpoints } from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TasksService } from './tasks.service.ts';

const conflict = { 409: errorBodySchema };
const tooMany = { 413: errorBodySchema };

/**
 * The tasks API, registered from its contract endpoints (`tasksEndpoints`): `readAt` lets any
 * member in, `writeAt` only contributors and admins. Setting one's own time zone is a read-level
 * call: any role may set theirs.
 */
export const tasksRoutes: FastifyPluginAsyncZod<{ service: TasksService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt } = signedInRoutes(app, ['tasks']);

  app.route({
    ...readAt(tasksEndpoints.list),
    handler: async (request) => service.list(requireAuth(request), request.query),
  });

  app.route({
    ...readAt(tasksEndpoints.count),
    handler: async (request) => service.count(requireAuth(request), request.query),
  });

  app.route({
    ...readAt(tasksEndpoints.counts),
    handler: async (request) => service.counts(requireAuth(request), request.query),
  });

  app.route({
    ...readAt(tasksEndpoints.timeZone),
    handler: async (request) => service.timeZone(requireAuth(request)),
  });

  app.route({
    ...readAt(tasksEndpoints.memberTimeZones),
    handler: async (request) => service.memberTimeZones(requireAuth(request)),
  });

  app.route({
    ...readAt(tasksEndpoints.setTimeZone),
    handler: async (request) => service.setTimeZone(requireAuth(request), request.body.timeZone),
  });

  app.route({
    ...writeAt(tasksEndpoints.create),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  });

  const bulk = writeAt(tasksEndpoints.bulk);
  app.route({
    ...bulk,
    schema: { ...bulk.schema, response: { ...bulk.schema.response, ...tooMany } },
    handler: async (request) => service.bulk(requireAuth(request), request.body),
  });

  app.route({
    ...readAt(tasksEndpoints.get),
    handler: async (request) => service.get(requireAuth(request), request.params.id),
  });

  const patch = writeAt(tasksEndpoints.patch);
  app.route({
    ...patch,
    schema: { ...patch.schema, response: { ...patch.schema.response, ...conflict } },
    handler: async (request) =>
      service.patch(requireAuth(request), request.params.id, request.body),
  });

  app.route({
    ...writeAt(tasksEndpoints.remove),
    handler: async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
