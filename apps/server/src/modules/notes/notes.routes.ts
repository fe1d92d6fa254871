import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notesEndpoints, recordNotesEndpoints } from '@beacon/contract';
import { crmChange } from '../../lib/records/live.ts';
import { signedInRoutes } from '../../lib/responses.ts';
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
    const type = entity.subject;
    const endpoints = recordNotesEndpoints(entity.name);
    const { readAt, writeAt } = signedInRoutes(app, [entity.name]);
    app.route({
      ...readAt(endpoints.activity),
      handler: async (request) =>
        service.timeline(
          requireAuth(request),
          { type, id: request.params.id },
          request.query.limit,
          request.query.cursor,
        ),
    });

    app.route({
      ...writeAt(endpoints.addNote, crmChange(entity.name, true)),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.add(
              requireAuth(request),
              { type, id: request.params.id },
              request.body.body,
            ),
          ),
    });
  }

  const notesRoutes = signedInRoutes(app, ['notes']);
  app.route({
    ...notesRoutes.writeAt(notesEndpoints.update, crmChange('notes', true)),
    handler: async (request) =>
      service.update(requireAuth(request), request.params.id, request.body.body),
  });

  app.route({
    ...notesRoutes.writeAt(notesEndpoints.remove, crmChange('notes', true)),
    handler: async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
