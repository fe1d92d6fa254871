import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kanbanEndpoints } from '@beacon/contract';
import { sendAreaFile } from '../../lib/area-files.ts';
import { attachmentDisposition, routeOf, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { KanbanService } from './kanban.service.ts';

export const kanbanRoutes: FastifyPluginAsyncZod<{ service: KanbanService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt, tags, security } = signedInRoutes(app, ['kanban']);
  const endpoints = kanbanEndpoints;

  app.route({
    ...readAt(endpoints.board),
    handler: async (request) => service.board(requireAuth(request)),
  });

  // Columns: new, update and delete, then clear and move in the same style.
  app.route({
    ...writeAt(endpoints.createColumn),
    handler: async (request, reply) =>
      reply.status(201).send(await service.createColumn(requireAuth(request), request.body.name)),
  });

  app.route({
    ...writeAt(endpoints.renameColumn),
    handler: async (request) =>
      service.renameColumn(requireAuth(request), request.body.columnId, request.body.column.name),
  });

  app.route({
    ...writeAt(endpoints.deleteColumn),
    handler: async (request) => service.deleteColumn(requireAuth(request), request.body.columnId),
  });

  app.route({
    ...writeAt(endpoints.clearColumn),
    handler: async (request) => service.clearColumn(requireAuth(request), request.body.columnId),
  });

  app.route({
    ...writeAt(endpoints.moveColumn),
    handler: async (request) =>
      service.moveColumn(requireAuth(request), request.body.columnId, request.body.index),
  });

  // Cards.
  app.route({
    ...writeAt(endpoints.createCard),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createCard(requireAuth(request), request.body.columnId, request.body.card),
        ),
  });

  app.route({
    ...writeAt(endpoints.updateCard),
    handler: async (request) =>
      service.updateCard(requireAuth(request), request.body.cardId, request.body.card),
  });

  app.route({
    ...writeAt(endpoints.deleteCard),
    handler: async (request) => service.deleteCard(requireAuth(request), request.body.cardId),
  });

  app.route({
    ...writeAt(endpoints.moveCard),
    handler: async (request) =>
      service.moveCard(
        requireAuth(request),
        request.body.cardId,
        request.body.columnId,
        request.body.index,
      ),
  });

  app.route({
    ...readAt(endpoints.comments),
    handler: async (request) => service.comments(requireAuth(request), request.query.cardId),
  });

  app.route({
    ...writeAt(endpoints.addComment),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addComment(requireAuth(request), request.body.cardId, request.body.body),
        ),
  });

  // Attachments: finished uploads of the caller's and files of the files manager (copied), from
  // the shared file picker; their types are the storage's, detected from the bytes.
  app.route({
    ...writeAt(endpoints.attachFiles),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.attachFiles(requireAuth(request), request.body.cardId, request.body)),
  });

  // A file answer: the endpoint gives method, path, summary and parameters; the answer is the file.
  app.route({
    ...routeOf(endpoints.attachment),
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: endpoints.attachment.summary,
      security,
      params: endpoints.attachment.params,
      produces: ['*/*'],
    },
    handler: async (request, reply) => {
      const caller = requireAuth(request);
      const file = await service.attachment(caller, request.params.attachmentId);
      // Always a download, never rendered inline: an uploaded page must not run as ours.
      return sendAreaFile(request, reply, service.storage, service.db, caller.workspaceId, file, {
        disposition: 'attachment',
        name: file.name,
        legacyDisposition: attachmentDisposition(file.name),
      });
    },
  });

  app.route({
    ...writeAt(endpoints.removeAttachment),
    handler: async (request) =>
      service.removeAttachment(requireAuth(request), request.body.attachmentId),
  });
};
