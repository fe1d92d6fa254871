import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationsEndpoints } from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ConversationsService } from './conversations.service.ts';

/** Conversations: any member reads those of the mailboxes they read; contributors and admins act. */
export const conversationsRoutes: FastifyPluginAsyncZod<{ service: ConversationsService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt } = signedInRoutes(app, ['conversations']);
  const e = conversationsEndpoints;
  app.route({
    ...readAt(e.list),
    handler: async (request) => service.list(requireAuth(request), request.query),
  });
  app.route({
    ...readAt(e.counts),
    handler: async (request) => service.counts(requireAuth(request), request.query),
  });
  app.route({
    ...readAt(e.get),
    handler: async (request) => service.get(requireAuth(request), request.params.id),
  });
  app.route({
    ...writeAt(e.patch),
    handler: async (request) =>
      service.patch(requireAuth(request), request.params.id, request.body),
  });
};
