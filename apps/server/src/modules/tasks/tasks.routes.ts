import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tasksEndpoints } from '@beacon/contract';
import type { ExportQuery } from '../../lib/records/record-module.ts';
import { download, routeOf, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TasksService } from './tasks.service.ts';

/**
 * The tasks API, registered from its contract endpoints (`tasksEndpoints`): `readAt` lets any
 * member in, `writeAt` only contributors and admins. Setting one's own time zone is a read-level
 * call: any role may set theirs.
 */
export const tasksRoutes: FastifyPluginAsyncZod<{ service: TasksService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt, tags, security } = signedInRoutes(app, ['tasks']);

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

  app.route({
    ...writeAt(tasksEndpoints.bulk),
    handler: async (request) => service.bulk(requireAuth(request), request.body),
  });

  app.route({
    ...readAt(tasksEndpoints.get),
    handler: async (request) => service.get(requireAuth(request), request.params.id),
  });

  app.route({
    ...writeAt(tasksEndpoints.patch),
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

  // The filtered view as CSV (the records engine's export, as people's).
  app.route({
    ...routeOf(tasksEndpoints.exportCsv),
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: tasksEndpoints.exportCsv.summary,
      security,
      querystring: tasksEndpoints.exportCsv.query,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const chunks = await service.exportCsv(requireAuth(request), request.query as ExportQuery);
      return download(reply, 'text/csv; charset=utf-8', 'attachment; filename="tasks.csv"').send(
        Readable.from(chunks),
      );
    },
  });
};
