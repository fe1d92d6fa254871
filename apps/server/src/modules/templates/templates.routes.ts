import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { templatesEndpoints } from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TemplatesService } from './templates.service.ts';

/** E-mail templates and snippets (contributor panel). */
export const templatesRoutes: FastifyPluginAsyncZod<{ service: TemplatesService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt } = signedInRoutes(app, ['templates']);

  app.route({
    ...readAt(templatesEndpoints.list),
    handler: async (request) => service.list(requireAuth(request), request.query.kind),
  });

  app.route({
    ...writeAt(templatesEndpoints.create),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  });

  app.route({
    ...writeAt(templatesEndpoints.patch),
    handler: async (request) =>
      service.patch(requireAuth(request), request.params.id, request.body),
  });

  app.route({
    ...writeAt(templatesEndpoints.remove),
    handler: async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
