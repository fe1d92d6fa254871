import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkResultSchema,
  listItemsRequestSchema,
  listPatchSchema,
  listsQuerySchema,
  newListSchema,
  recordListSchema,
  recordListsSchema,
  recordParamsSchema,
} from '@beacon/contract';
import { noContent, signedInErrors } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ListsService } from './lists.service.ts';

export const listsRoutes: FastifyPluginAsyncZod<{ service: ListsService }> = async (
  app,
  { service },
) => {
  const writer = app.requireRole('admin', 'contributor');
  const security = [{ bearer: [] }];
  const tags = ['lists'];

  app.get(
    '/api/lists',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Lists of people or companies, with their counts',
        security,
        querystring: listsQuerySchema,
        response: { 200: recordListsSchema, ...signedInErrors },
      },
    },
    async (request) => service.list(requireAuth(request), request.query.kind),
  );

  app.post(
    '/api/lists',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Make a list',
        security,
        body: newListSchema,
        response: { 201: recordListSchema, ...signedInErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.get(
    '/api/lists/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A list with its count (its members: GET /api/people with an on_list filter)',
        security,
        params: recordParamsSchema,
        response: { 200: recordListSchema, ...signedInErrors },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.patch(
    '/api/lists/:id',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Rename a list or change its description',
        security,
        params: recordParamsSchema,
        body: listPatchSchema,
        response: { 200: recordListSchema, ...signedInErrors },
      },
    },
    async (request) => service.patch(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/lists/:id',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Delete a list (its members stay)',
        security,
        params: recordParamsSchema,
        response: { ...noContent, ...signedInErrors },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [suffix, mode] of [
    ['items', 'add'],
    ['items/remove', 'remove'],
  ] as const) {
    app.post(
      `/api/lists/:id/${suffix}`,
      {
        onRequest: writer,
        schema: {
          tags,
          summary:
            mode === 'add'
              ? 'Add records (by ids or by filter) to the list'
              : 'Remove records (by ids or by filter) from the list',
          security,
          params: recordParamsSchema,
          body: listItemsRequestSchema,
          response: { 200: bulkResultSchema, ...signedInErrors },
        },
      },
      async (request) =>
        service.items(requireAuth(request), request.params.id, request.body.selection, mode),
    );
  }
};
