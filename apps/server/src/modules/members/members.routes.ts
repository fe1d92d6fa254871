import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, memberListSchema } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { listMembers } from './members.repository.ts';

export const membersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/members',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['members'],
        summary: 'The active members of your workspace',
        security: [{ bearer: [] }],
        response: { 200: memberListSchema, 401: errorBodySchema },
      },
    },
    async (request) => listMembers(db, requireAuth(request).workspaceId),
  );
};
