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
import { attachmentDisposition, download, signedInErrors } from '../../lib/responses.ts';
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
  const writer = app.requireRole('admin', 'contributor');
  const security = [{ bearer: [] }];
  const tags = ['kanban'];

  app.get(
    '/api/kanban/board',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Your workspace's board: cards and columns keyed by id, and the column order",
        security,
        response: { 200: kanbanBoardSchema, ...signedInErrors },
      },
    },
    async (request) => service.board(requireAuth(request)),
  );

  // Columns: the spec's calls, then clear and move in the same style.
  app.post(
    '/api/kanban/columns/new',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Add a column at the end',
        security,
        body: newColumnRequestSchema,
        response: { 201: kanbanColumnSchema, ...signedInErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createColumn(requireAuth(request), request.body.name)),
  );

  app.post(
    '/api/kanban/columns/update',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Rename a column',
        security,
        body: updateColumnRequestSchema,
        response: { 200: kanbanColumnSchema, ...signedInErrors },
      },
    },
    async (request) =>
      service.renameColumn(requireAuth(request), request.body.columnId, request.body.column.name),
  );

  app.post(
    '/api/kanban/columns/delete',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Delete a column and its cards',
        security,
        body: columnIdRequestSchema,
        response: { 200: deletedColumnSchema, ...signedInErrors },
      },
    },
    async (request) => service.deleteColumn(requireAuth(request), request.body.columnId),
  );

  app.post(
    '/api/kanban/columns/clear',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Delete every card of a column, keeping the column',
        security,
        body: columnIdRequestSchema,
        response: { 200: kanbanColumnSchema, ...signedInErrors },
      },
    },
    async (request) => service.clearColumn(requireAuth(request), request.body.columnId),
  );

  app.post(
    '/api/kanban/columns/move',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Move a column to another place in the order',
        security,
        body: moveColumnRequestSchema,
        response: { 200: columnOrderResponseSchema, ...signedInErrors },
      },
    },
    async (request) =>
      service.moveColumn(requireAuth(request), request.body.columnId, request.body.index),
  );

  // Cards.
  app.post(
    '/api/kanban/cards/new',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Add a card at the end of a column',
        security,
        body: newCardRequestSchema,
        response: { 201: kanbanCardSchema, ...signedInErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createCard(requireAuth(request), request.body.columnId, request.body.card),
        ),
  );

  app.post(
    '/api/kanban/cards/update',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Change a card (only the fields given)',
        security,
        body: updateCardRequestSchema,
        response: { 200: kanbanCardSchema, ...signedInErrors },
      },
    },
    async (request) =>
      service.updateCard(requireAuth(request), request.body.cardId, request.body.card),
  );

  app.post(
    '/api/kanban/cards/delete',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Delete a card',
        security,
        body: cardIdRequestSchema,
        response: { 200: deletedCardSchema, ...signedInErrors },
      },
    },
    async (request) => service.deleteCard(requireAuth(request), request.body.cardId),
  );

  app.post(
    '/api/kanban/cards/move',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Move a card to a place in a column (its own or another)',
        security,
        body: moveCardRequestSchema,
        response: { 200: kanbanCardSchema, ...signedInErrors },
      },
    },
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
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The comments of a card, oldest first',
        security,
        querystring: cardCommentsQuerySchema,
        response: { 200: z.array(kanbanCommentSchema), ...signedInErrors },
      },
    },
    async (request) => service.comments(requireAuth(request), request.query.cardId),
  );

  app.post(
    '/api/kanban/cards/comments/new',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Comment on a card',
        security,
        body: newCommentRequestSchema,
        response: { 201: kanbanCommentSchema, ...signedInErrors },
      },
    },
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
      onRequest: writer,
      bodyLimit: KANBAN_ATTACHMENT_MAX_BYTES,
      preParsing: requireMediaType('application/octet-stream'),
      schema: {
        tags,
        summary:
          'Attach a file to a card (body: the file; query: cardId, name; header x-file-type)',
        security,
        consumes: ['application/octet-stream'],
        querystring: uploadAttachmentQuerySchema,
        response: { 201: kanbanCardSchema, ...signedInErrors, 413: errorBodySchema },
      },
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
        summary: 'Download an attachment',
        security,
        params: attachmentParamsSchema,
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
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Remove an attachment from its card',
        security,
        body: attachmentIdRequestSchema,
        response: { 200: kanbanCardSchema, ...signedInErrors },
      },
    },
    async (request) => service.removeAttachment(requireAuth(request), request.body.attachmentId),
  );
};
