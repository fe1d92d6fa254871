import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewsEndpoints } from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ViewsService } from './views.service.ts';

/** Saved views: a user's own, plus those shared with the workspace. */
export const viewsRoutes: FastifyPluginAsyncZod<{ service: ViewsService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt } = signedInRoutes(app, ['views']);

  app.route({
    ...readAt(viewsEndpoints.list),
    handler: async (request) => service.list(requireAuth(request), request.query.entity),
  });

  app.route({
    ...writeAt(viewsEndpoints.create),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  });

  app.route({
    ...writeAt(viewsEndpoints.patch),
    handler: async (request) =>
      service.patch(requireAuth(request), request.params.id, request.body),
  });

  app.route({
    ...writeAt(viewsEndpoints.remove),
    handler: async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
