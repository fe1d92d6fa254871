import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membersEndpoints } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { listMembers } from './members.repository.ts';

export const membersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const { readAt } = signedInRoutes(app, ['members']);

  app.route({
    ...readAt(membersEndpoints.list),
    handler: async (request) => listMembers(db, requireAuth(request).workspaceId),
  });
};
