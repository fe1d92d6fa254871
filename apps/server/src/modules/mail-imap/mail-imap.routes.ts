import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailImapEndpoints } from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { MailImapService } from './mail-imap.service.ts';

/** The connected mailboxes' sync calls (packages/contract/src/mail-imap.ts). */
export const mailImapRoutes: FastifyPluginAsyncZod<{ service: MailImapService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt } = signedInRoutes(app, ['mail']);
  const endpoints = mailImapEndpoints;

  app.route({
    ...readAt(endpoints.sync),
    handler: async (request) => ({
      sync: await service.status(requireAuth(request), request.query.mailboxId),
    }),
  });
  app.route({
    ...writeAt(endpoints.syncNow),
    handler: async (request, reply) =>
      reply
        .status(202)
        .send({ sync: await service.syncNow(requireAuth(request), request.body.mailboxId) }),
  });
  app.route({
    ...writeAt(endpoints.pause),
    handler: async (request) => ({
      sync: await service.pause(requireAuth(request), request.body.mailboxId),
    }),
  });
  app.route({
    ...writeAt(endpoints.resume),
    handler: async (request) => ({
      sync: await service.resume(requireAuth(request), request.body.mailboxId),
    }),
  });
  app.route({
    ...writeAt(endpoints.connection),
    handler: async (request) => ({
      mailbox: await service.changeConnection(requireAuth(request), request.body),
    }),
  });
  app.route({
    ...writeAt(endpoints.disconnect),
    handler: async (request) => ({
      mailbox: await service.disconnect(requireAuth(request), request.body.mailboxId),
    }),
  });
};
