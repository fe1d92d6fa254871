import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteStageQuerySchema,
  errorBodySchema,
  newPipelineSchema,
  newStageSchema,
  pipelineListSchema,
  pipelineParamsSchema,
  pipelinePatchSchema,
  pipelineSchema,
  stageParamsSchema,
  stagePatchSchema,
} from '@beacon/contract';
import { noContent, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { PipelinesService } from './pipelines.service.ts';

/** /api/pipelines: any member reads; contributors and admins change pipelines and stages. */
export const pipelinesRoutes: FastifyPluginAsyncZod<{ service: PipelinesService }> = async (
  app,
  { service },
) => {
  const { read, write } = signedInRoutes(app, ['pipelines']);
  const conflict = { 409: errorBodySchema };

  app.get(
    '/api/pipelines',
    read({
      summary: "The workspace's pipelines, each with its stages in order",
      response: { 200: pipelineListSchema },
    }),
    async (request) => ({ items: await service.list(requireAuth(request)) }),
  );

  app.post(
    '/api/pipelines',
    write({
      summary: 'Add a pipeline (with the default stages when none are given)',
      body: newPipelineSchema,
      response: { 201: pipelineSchema },
    }),
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.get(
    '/api/pipelines/:id',
    read({
      summary: 'A pipeline with its stages',
      params: pipelineParamsSchema,
      response: { 200: pipelineSchema },
    }),
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.patch(
    '/api/pipelines/:id',
    write({
      summary: 'Rename a pipeline, make it the default, or move it among the pipelines',
      params: pipelineParamsSchema,
      body: pipelinePatchSchema,
      response: { 200: pipelineSchema },
    }),
    async (request) => service.patch(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/pipelines/:id',
    write({
      summary: 'Delete a pipeline without deals (409 PIPELINE_NOT_EMPTY when it holds some)',
      params: pipelineParamsSchema,
      response: { ...noContent, ...conflict },
    }),
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/pipelines/:id/stages',
    write({
      summary: 'Add a stage to a pipeline (at the end, or at `index`)',
      params: pipelineParamsSchema,
      body: newStageSchema,
      response: { 201: pipelineSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addStage(requireAuth(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/pipelines/:id/stages/:stageId',
    write({
      summary: "Change a stage: name, probability, kind, rot days, or its place ('index')",
      params: stageParamsSchema,
      body: stagePatchSchema,
      response: { 200: pipelineSchema, ...conflict },
    }),
    async (request) =>
      service.patchStage(
        requireAuth(request),
        request.params.id,
        request.params.stageId,
        request.body,
      ),
  );

  app.delete(
    '/api/pipelines/:id/stages/:stageId',
    write({
      summary:
        'Delete a stage; one holding deals needs `moveTo` (another stage), else 409 STAGE_NOT_EMPTY',
      params: stageParamsSchema,
      querystring: deleteStageQuerySchema,
      response: { ...noContent, ...conflict },
    }),
    async (request, reply) => {
      await service.removeStage(
        requireAuth(request),
        request.params.id,
        request.params.stageId,
        request.query.moveTo,
      );
      return reply.status(204).send(null);
    },
  );
};
