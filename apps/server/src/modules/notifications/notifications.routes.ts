import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationPageSchema,
  notificationParamsSchema,
  notificationQuerySchema,
  unreadCountSchema,
} from '@beacon/contract';
import { noContent, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

/**
 * The caller's own notifications. Marking read is allowed to every role (viewers too): it changes
 * nothing but the member's own drawer.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  const { read } = signedInRoutes(app, ['notifications']);

  app.get(
    '/api/notifications',
    read({
      summary: "The caller's notifications, newest first, with the unread count",
      querystring: notificationQuerySchema,
      response: { 200: notificationPageSchema },
    }),
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    '/api/notifications/unread',
    read({
      summary: "How many of the caller's notifications are unread",
      response: { 200: unreadCountSchema },
    }),
    async (request) => service.unread(requireAuth(request)),
  );

  app.post(
    '/api/notifications/read-all',
    read({ summary: "Mark all the caller's notifications read", response: noContent }),
    async (request, reply) => {
      await service.markAllRead(requireAuth(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    read({
      summary: 'Mark one of the caller’s notifications read',
      params: notificationParamsSchema,
      response: noContent,
    }),
    async (request, reply) => {
      await service.markRead(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
