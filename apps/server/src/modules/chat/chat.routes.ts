import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_BODY_MAX_CHARS, chatEndpoints } from '@beacon/contract';
import { sendAreaFile } from '../../lib/area-files.ts';
import { attachmentDisposition, routeOf, signedInRoutes } from '../../lib/responses.ts';
import { linkBase } from '../../lib/public-url.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ChatService } from './chat.service.ts';

/**
 * A message's JSON body may be this large before the server stops reading it (413): the body's
 * characters at four bytes each, escaped, and the rest of the request.
 */
const MESSAGE_BODY_LIMIT = CHAT_BODY_MAX_CHARS * 4 * 2 + 16 * 1024;

/**
 * The chat's calls, from `chatEndpoints`. Reading a conversation, marking it seen and typing are
 * open to every role; sending, editing, deleting, starting, leaving and attaching are writes.
 */
export const chatRoutes: FastifyPluginAsyncZod<{
  service: ChatService;
  /** PUBLIC_URL, the base of the link in a mention's e-mail (lib/public-url.ts). */
  publicUrl?: string | undefined;
}> = async (app, { service, publicUrl }) => {
  const { readAt, writeAt, tags, security } = signedInRoutes(app, ['chat']);
  const endpoints = chatEndpoints;

  app.route({
    ...readAt(endpoints.contacts),
    handler: async (request) => ({ contacts: await service.contacts(requireAuth(request)) }),
  });

  app.route({
    ...readAt(endpoints.conversations),
    handler: async (request) => ({
      conversations: await service.conversations(requireAuth(request)),
    }),
  });

  app.route({
    ...readAt(endpoints.conversation),
    handler: async (request) => ({
      conversation: await service.conversation(requireAuth(request), request.query.conversationKey),
    }),
  });

  app.route({
    ...readAt(endpoints.markAsSeen),
    handler: async (request, reply) => {
      await service.markAsSeen(requireAuth(request), request.query.conversationId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...readAt(endpoints.participants),
    handler: async (request) => ({
      participants: await service.participants(requireAuth(request), request.query.conversationKey),
    }),
  });

  app.route({
    ...readAt(endpoints.unread),
    handler: async (request) => ({ unread: await service.unread(requireAuth(request)) }),
  });

  app.route({
    ...readAt(endpoints.messages),
    handler: async (request) => service.messages(requireAuth(request), request.query),
  });

  app.route({
    ...readAt(endpoints.typing),
    handler: async (request, reply) => {
      await service.typing(requireAuth(request), request.body.conversationId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...writeAt(endpoints.newConversation),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ conversation: await service.start(requireAuth(request), request.body) }),
  });

  app.route({
    ...writeAt(endpoints.leave),
    handler: async (request, reply) => {
      await service.leave(requireAuth(request), request.body.conversationId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...writeAt(endpoints.send, { bodyLimit: MESSAGE_BODY_LIMIT }),
    handler: async (request, reply) => {
      // A retry of a message already stored (same clientId) answers that message again.
      const { message } = await service.send(
        requireAuth(request),
        request.body,
        linkBase(publicUrl, request),
      );
      return reply.status(201).send({ message });
    },
  });

  app.route({
    ...writeAt(endpoints.edit, { bodyLimit: MESSAGE_BODY_LIMIT }),
    handler: async (request) => ({
      message: await service.change(requireAuth(request), request.body.messageId, {
        body: request.body.body,
      }),
    }),
  });

  app.route({
    ...writeAt(endpoints.remove),
    handler: async (request) => ({
      message: await service.change(requireAuth(request), request.body.messageId, {
        deleted: true,
      }),
    }),
  });

  // Attachments: finished uploads of the caller's and files of the files manager (copied), from
  // the shared file picker, prepared for the message they are writing.
  app.route({
    ...writeAt(endpoints.attachFiles),
    handler: async (request, reply) =>
      reply.status(201).send({
        attachments: await service.attachFiles(
          requireAuth(request),
          request.body.conversationId,
          request.body,
        ),
      }),
  });

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
      // Always a download with the type found from its content: never run as a page of ours.
      return sendAreaFile(request, reply, service.storage, service.db, caller.workspaceId, file, {
        disposition: 'attachment',
        name: file.name,
        legacyDisposition: attachmentDisposition(file.name),
      });
    },
  });
};
