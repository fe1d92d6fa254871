import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pipelinesEndpoints as ep } from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { withConflict } from './deals.routes.ts';
import type { PipelinesService } from './pipelines.service.ts';

/**
 * /api/pipelines (contract `pipelinesEndpoints`): any member reads; contributors and admins change
 * pipelines and stages.
 */
export const pipelinesRoutes: FastifyPluginAsyncZod<{ service: PipelinesService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt } = signedInRoutes(app, ['pipelines']);

  app.route({
    ...readAt(ep.list),
    handler: async (request) => ({ items: await service.list(requireAuth(request)) }),
  });
  app.route({
    ...writeAt(ep.create),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  });
  app.route({
    ...readAt(ep.get),
    handler: async (request) => service.get(requireAuth(request), request.params.id),
  });
  app.route({
    ...writeAt(ep.patch),
    handler: async (request) =>
      service.patch(requireAuth(request), request.params.id, request.body),
  });
  app.route({
    ...withConflict(writeAt(ep.remove)),
    handler: async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
  app.route({
    ...writeAt(ep.addStage),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.addStage(requireAuth(request), request.params.id, request.body)),
  });
  app.route({
    ...withConflict(writeAt(ep.patchStage)),
    handler: async (request) =>
      service.patchStage(
        requireAuth(request),
        request.params.id,
        request.params.stageId,
        request.body,
      ),
  });
  app.route({
    ...withConflict(writeAt(ep.removeStage)),
    handler: async (request, reply) => {
      await service.removeStage(
        requireAuth(request),
        request.params.id,
        request.params.stageId,
        request.query.moveTo,
      );
      return reply.status(204).send(null);
    },
  });
};
