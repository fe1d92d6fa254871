import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listsEndpoints } from '@beacon/contract';
import { crmChange } from '../../lib/records/live.ts';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ListsService } from './lists.service.ts';

export const listsRoutes: FastifyPluginAsyncZod<{ service: ListsService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt } = signedInRoutes(app, ['lists']);

  app.route({
    ...readAt(listsEndpoints.list),
    handler: async (request) => service.list(requireAuth(request), request.query.kind),
  });

  app.route({
    ...writeAt(listsEndpoints.create, crmChange('lists')),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  });

  app.route({
    ...readAt(listsEndpoints.detail),
    handler: async (request) => service.get(requireAuth(request), request.params.id),
  });

  app.route({
    ...writeAt(listsEndpoints.patch, crmChange('lists', true)),
    handler: async (request) =>
      service.patch(requireAuth(request), request.params.id, request.body),
  });

  app.route({
    ...writeAt(listsEndpoints.remove, crmChange('lists', true)),
    handler: async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  for (const [ep, mode] of [
    [listsEndpoints.addItems, 'add'],
    [listsEndpoints.removeItems, 'remove'],
  ] as const) {
    app.route({
      ...writeAt(ep, crmChange('lists', true)),
      handler: async (request) =>
        service.items(requireAuth(request), request.params.id, request.body.selection, mode),
    });
  }
};
