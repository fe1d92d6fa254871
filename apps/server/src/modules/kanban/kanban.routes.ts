import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KANBAN_ATTACHMENT_MAX_BYTES,
  attachmentIdRequestSchema,
  attachmentParamsSchema,
  cardCommentsQuerySchema,
  cardIdRequestSchema,
  columnIdRequestSchema,
  columnOrderResponseSchema,
  deletedCardSchema,
  deletedColumnSchema,
  errorBodySchema,
  kanbanBoardSchema,
  kanbanCardSchema,
  kanbanColumnSchema,
  kanbanCommentSchema,
  moveCardRequestSchema,
  moveColumnRequestSchema,
  newCardRequestSchema,
  newColumnRequestSchema,
  newCommentRequestSchema,
  updateCardRequestSchema,
  updateColumnRequestSchema,
  uploadAttachmentQuerySchema,
} from '@beacon/contract';
import { requireMediaType } from '../../lib/errors.ts';
import { attachmentDisposition, download, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { KanbanService } from './kanban.service.ts';

/** A MIME type as the upload names it; anything else is stored as plain bytes. */
function safeMimeType(value: unknown): string {
  return typeof value === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(value)
    ? value.toLowerCase()
    : 'application/octet-stream';
}

export const kanbanRoutes: FastifyPluginAsyncZod<{ service: KanbanService }> = async (
  app,
  { service },
) => {
  const { read, write, tags, security } = signedInRoutes(app, ['kanban']);

  app.get(
    '/api/kanban/board',
    read({
      summary: "Your workspace's board: cards and columns keyed by id, and the column order",
      response: { 200: kanbanBoardSchema },
    }),
    async (request) => service.board(requireAuth(request)),
  );

  // Columns: new, update and delete, then clear and move in the same style.
  app.post(
    '/api/kanban/columns/new',
    write({
      summary: 'Add a column at the end',
      body: newColumnRequestSchema,
      response: { 201: kanbanColumnSchema },
    }),
    async (request, reply) =>
      reply.status(201).send(await service.createColumn(requireAuth(request), request.body.name)),
  );

  app.post(
    '/api/kanban/columns/update',
    write({
      summary: 'Rename a column',
      body: updateColumnRequestSchema,
      response: { 200: kanbanColumnSchema },
    }),
    async (request) =>
      service.renameColumn(requireAuth(request), request.body.columnId, request.body.column.name),
  );

  app.post(
    '/api/kanban/columns/delete',
    write({
      summary: 'Delete a column and its cards',
      body: columnIdRequestSchema,
      response: { 200: deletedColumnSchema },
    }),
    async (request) => service.deleteColumn(requireAuth(request), request.body.columnId),
  );

  app.post(
    '/api/kanban/columns/clear',
    write({
      summary: 'Delete every card of a column, keeping the column',
      body: columnIdRequestSchema,
      response: { 200: kanbanColumnSchema },
    }),
    async (request) => service.clearColumn(requireAuth(request), request.body.columnId),
  );

  app.post(
    '/api/kanban/columns/move',
    write({
      summary: 'Move a column to another place in the order',
      body: moveColumnRequestSchema,
      response: { 200: columnOrderResponseSchema },
    }),
    async (request) =>
      service.moveColumn(requireAuth(request), request.body.columnId, request.body.index),
  );

  // Cards.
  app.post(
    '/api/kanban/cards/new',
    write({
      summary: 'Add a card at the end of a column',
      body: newCardRequestSchema,
      response: { 201: kanbanCardSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createCard(requireAuth(request), request.body.columnId, request.body.card),
        ),
  );

  app.post(
    '/api/kanban/cards/update',
    write({
      summary: 'Change a card (only the fields given)',
      body: updateCardRequestSchema,
      response: { 200: kanbanCardSchema },
    }),
    async (request) =>
      service.updateCard(requireAuth(request), request.body.cardId, request.body.card),
  );

  app.post(
    '/api/kanban/cards/delete',
    write({
      summary: 'Delete a card',
      body: cardIdRequestSchema,
      response: { 200: deletedCardSchema },
    }),
    async (request) => service.deleteCard(requireAuth(request), request.body.cardId),
  );

  app.post(
    '/api/kanban/cards/move',
    write({
      summary: 'Move a card to a place in a column (its own or another)',
      body: moveCardRequestSchema,
      response: { 200: kanbanCardSchema },
    }),
    async (request) =>
      service.moveCard(
        requireAuth(request),
        request.body.cardId,
        request.body.columnId,
        request.body.index,
      ),
  );

  app.get(
    '/api/kanban/cards/comments',
    read({
      summary: 'The comments of a card, oldest first',
      querystring: cardCommentsQuerySchema,
      response: { 200: z.array(kanbanCommentSchema) },
    }),
    async (request) => service.comments(requireAuth(request), request.query.cardId),
  );

  app.post(
    '/api/kanban/cards/comments/new',
    write({
      summary: 'Comment on a card',
      body: newCommentRequestSchema,
      response: { 201: kanbanCommentSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addComment(requireAuth(request), request.body.cardId, request.body.body),
        ),
  );

  // Attachments: the file is the body, as application/octet-stream.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: KANBAN_ATTACHMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/kanban/cards/attachments/new',
    {
      ...write({
        summary:
          'Attach a file to a card (body: the file; query: cardId, name; header x-file-type)',
        consumes: ['application/octet-stream'],
        querystring: uploadAttachmentQuerySchema,
        response: { 201: kanbanCardSchema, 413: errorBodySchema },
      }),
      bodyLimit: KANBAN_ATTACHMENT_MAX_BYTES,
      preParsing: requireMediaType('application/octet-stream'),
    },
    async (request, reply) => {
      const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const card = await service.addAttachment(requireAuth(request), request.query.cardId, {
        name: request.query.name,
        mimeType: safeMimeType(request.headers['x-file-type']),
        content,
      });
      return reply.status(201).send(card);
    },
  );

  app.get(
    '/api/kanban/attachments/:attachmentId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Download an attachment (as the type it was uploaded with)',
        security,
        params: attachmentParamsSchema,
        produces: ['*/*'],
      },
    },
    async (request, reply) => {
      const file = await service.attachment(requireAuth(request), request.params.attachmentId);
      // Always a download, never rendered inline: an uploaded page must not run as ours.
      return download(reply, file.mimeType, attachmentDisposition(file.name)).send(file.content);
    },
  );

  app.post(
    '/api/kanban/cards/attachments/delete',
    write({
      summary: 'Remove an attachment from its card',
      body: attachmentIdRequestSchema,
      response: { 200: kanbanCardSchema },
    }),
    async (request) => service.removeAttachment(requireAuth(request), request.body.attachmentId),
  );
};
