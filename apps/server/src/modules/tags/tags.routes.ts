import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagsEndpoints } from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TagsService } from './tags.service.ts';

/** Tags across people, companies and deals (contributor panel). */
export const tagsRoutes: FastifyPluginAsyncZod<{ service: TagsService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt } = signedInRoutes(app, ['tags']);

  app.route({
    ...readAt(tagsEndpoints.list),
    handler: async (request) => service.list(requireAuth(request)),
  });

  app.route({
    ...writeAt(tagsEndpoints.rename),
    handler: async (request) =>
      service.rename(requireAuth(request), request.body.from, request.body.to),
  });

  app.route({
    ...writeAt(tagsEndpoints.merge),
    handler: async (request) =>
      service.merge(requireAuth(request), request.body.from, request.body.into),
  });

  app.route({
    ...writeAt(tagsEndpoints.remove),
    handler: async (request) => service.remove(requireAuth(request), request.body.tag),
  });
};
