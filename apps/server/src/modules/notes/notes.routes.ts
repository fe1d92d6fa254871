import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityPageSchema,
  noteBodySchema,
  noteSchema,
  pageQuerySchema,
  recordParamsSchema,
} from '@beacon/contract';
import { crmChange } from '../../lib/records/live.ts';
import { noContent, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { records } from '../record-entities.ts';
import type { NotesService } from './notes.service.ts';

/**
 * Notes and the timeline of every records-style entity (modules/record-entities.ts):
 * `/api/{entity}/:id/activity` and `/api/{entity}/:id/notes`, then `/api/notes/:id`.
 */
export const notesRoutes: FastifyPluginAsyncZod<{ service: NotesService }> = async (
  app,
  { service },
) => {
  for (const entity of records.all) {
    const path = `/api/${entity.name}`;
    const type = entity.subject;
    const { read, write } = signedInRoutes(app, [entity.name]);
    app.get(
      `${path}/:id/activity`,
      read({
        summary: `The ${type}'s timeline, newest first`,
        params: recordParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: activityPageSchema },
      }),
      async (request) =>
        service.timeline(
          requireAuth(request),
          { type, id: request.params.id },
          request.query.limit,
          request.query.cursor,
        ),
    );

    app.post(
      `${path}/:id/notes`,
      write(
        {
          summary: `Add a note to the ${type} (it goes on the timeline)`,
          params: recordParamsSchema,
          body: noteBodySchema,
          response: { 201: noteSchema },
        },
        crmChange(entity.name, true),
      ),
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.add(
              requireAuth(request),
              { type, id: request.params.id },
              request.body.body,
            ),
          ),
    );
  }

  const notesRoutes = signedInRoutes(app, ['notes']);
  app.patch(
    '/api/notes/:id',
    notesRoutes.write(
      {
        summary: 'Change a note (its author or an admin)',
        params: recordParamsSchema,
        body: noteBodySchema,
        response: { 200: noteSchema },
      },
      crmChange('notes', true),
    ),
    async (request) => service.update(requireAuth(request), request.params.id, request.body.body),
  );

  app.delete(
    '/api/notes/:id',
    notesRoutes.write(
      {
        summary: 'Delete a note (its author or an admin)',
        params: recordParamsSchema,
        response: noContent,
      },
      crmChange('notes', true),
    ),
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
