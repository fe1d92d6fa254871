import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsEndpoints } from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

/**
 * The caller's own notifications, registered from `notificationsEndpoints`. Marking read is
 * allowed to every role (viewers too): it changes nothing but the member's own drawer.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  const { readAt } = signedInRoutes(app, ['notifications']);

  app.route({
    ...readAt(notificationsEndpoints.list),
    handler: async (request) => service.list(requireAuth(request), request.query),
  });

  app.route({
    ...readAt(notificationsEndpoints.unread),
    handler: async (request) => service.unread(requireAuth(request)),
  });

  app.route({
    ...readAt(notificationsEndpoints.readAll),
    handler: async (request, reply) => {
      await service.markAllRead(requireAuth(request));
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...readAt(notificationsEndpoints.read),
    handler: async (request, reply) => {
      await service.markRead(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
