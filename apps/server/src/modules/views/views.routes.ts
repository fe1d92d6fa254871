import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newViewSchema,
  recordParamsSchema,
  savedViewSchema,
  savedViewsSchema,
  viewPatchSchema,
  viewsQuerySchema,
} from '@beacon/contract';
import { noContent, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ViewsService } from './views.service.ts';

/** Saved views: a user's own, plus those shared with the workspace. */
export const viewsRoutes: FastifyPluginAsyncZod<{ service: ViewsService }> = async (
  app,
  { service },
) => {
  const { read, write } = signedInRoutes(app, ['views']);

  app.get(
    '/api/views',
    read({
      summary: 'Your saved views and the shared ones',
      querystring: viewsQuerySchema,
      response: { 200: savedViewsSchema },
    }),
    async (request) => service.list(requireAuth(request), request.query.entity),
  );

  app.post(
    '/api/views',
    write({
      summary: 'Save a view (a named filter, sort and column set)',
      body: newViewSchema,
      response: { 201: savedViewSchema },
    }),
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.patch(
    '/api/views/:id',
    write({
      summary: 'Change a saved view (its owner, or an admin for a shared one)',
      params: recordParamsSchema,
      body: viewPatchSchema,
      response: { 200: savedViewSchema },
    }),
    async (request) => service.patch(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/views/:id',
    write({
      summary: 'Delete a saved view (its owner, or an admin for a shared one)',
      params: recordParamsSchema,
      response: noContent,
    }),
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
