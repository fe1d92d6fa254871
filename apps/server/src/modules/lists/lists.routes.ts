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
import { crmChange } from '../../lib/records/live.ts';
import { noContent, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ListsService } from './lists.service.ts';

export const listsRoutes: FastifyPluginAsyncZod<{ service: ListsService }> = async (
  app,
  { service },
) => {
  const { read, write } = signedInRoutes(app, ['lists']);

  app.get(
    '/api/lists',
    read({
      summary: 'Lists of people or companies, with their counts',
      querystring: listsQuerySchema,
      response: { 200: recordListsSchema },
    }),
    async (request) => service.list(requireAuth(request), request.query.kind),
  );

  app.post(
    '/api/lists',
    write(
      { summary: 'Make a list', body: newListSchema, response: { 201: recordListSchema } },
      crmChange('lists'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.get(
    '/api/lists/:id',
    read({
      summary: 'A list with its count (its members: GET /api/people with an on_list filter)',
      params: recordParamsSchema,
      response: { 200: recordListSchema },
    }),
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.patch(
    '/api/lists/:id',
    write(
      {
        summary: 'Rename a list or change its description',
        params: recordParamsSchema,
        body: listPatchSchema,
        response: { 200: recordListSchema },
      },
      crmChange('lists', true),
    ),
    async (request) => service.patch(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/lists/:id',
    write(
      {
        summary: 'Delete a list (its members stay)',
        params: recordParamsSchema,
        response: noContent,
      },
      crmChange('lists', true),
    ),
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
      write(
        {
          summary:
            mode === 'add'
              ? 'Add records (by ids or by filter) to the list'
              : 'Remove records (by ids or by filter) from the list',
          params: recordParamsSchema,
          body: listItemsRequestSchema,
          response: { 200: bulkResultSchema },
        },
        crmChange('lists', true),
      ),
      async (request) =>
        service.items(requireAuth(request), request.params.id, request.body.selection, mode),
    );
  }
};
