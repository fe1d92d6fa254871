import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { accountEndpoints } from '@beacon/contract';
import { requireMediaType } from '../../lib/errors.ts';
import { linkBase } from '../../lib/public-url.ts';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestOrigin } from '../audit/audit.repository.ts';
import type { AccountCaller, AccountService } from './account.service.ts';

/**
 * Account bodies are small (the longest is a 2,000-character e-mail signature): 64 KiB leaves
 * room for a field too long to be refused by its own limit (400), and no more.
 */
const ACCOUNT_BODY_LIMIT = 64 * 1024;

function callerOf(request: FastifyRequest): AccountCaller {
  const auth = requireAuth(request);
  return { userId: auth.userId, workspaceId: auth.workspaceId, sessionId: auth.sessionId };
}

/**
 * A member's own account (docs/decisions/046-account-and-security.md). Every route acts on the
 * caller's own account only, so every member may call them, viewers included: a viewer reads the
 * workspace's records only, but keeps their own password and devices safe.
 */
export const accountRoutes: FastifyPluginAsyncZod<{
  service: AccountService;
  /** PUBLIC_URL, the base of the e-mail change's link (lib/public-url.ts). */
  publicUrl: string | undefined;
}> = async (app, { service, publicUrl }) => {
  const { readAt } = signedInRoutes(app, ['account']);
  const json = {
    bodyLimit: ACCOUNT_BODY_LIMIT,
    preParsing: requireMediaType('application/json'),
  };

  app.route({
    ...readAt(accountEndpoints.get),
    handler: async (request) => service.get(callerOf(request)),
  });

  app.route({
    ...readAt(accountEndpoints.change),
    ...json,
    handler: async (request) => service.change(callerOf(request), request.body),
  });

  app.route({
    ...readAt(accountEndpoints.changePassword),
    ...json,
    handler: async (request, reply) => {
      await service.changePassword(callerOf(request), request.body, requestOrigin(request));
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...readAt(accountEndpoints.sessions),
    handler: async (request) => service.sessions(callerOf(request)),
  });

  app.route({
    ...readAt(accountEndpoints.revokeSession),
    handler: async (request, reply) => {
      await service.revokeSession(callerOf(request), request.params.id, requestOrigin(request));
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...readAt(accountEndpoints.revokeOtherSessions),
    handler: async (request) => ({
      revoked: await service.revokeOtherSessions(callerOf(request), requestOrigin(request)),
    }),
  });

  app.route({
    ...readAt(accountEndpoints.twoFactorSetup),
    handler: async (request, reply) =>
      reply.status(201).send(await service.twoFactorSetup(callerOf(request))),
  });

  app.route({
    ...readAt(accountEndpoints.twoFactorEnable),
    ...json,
    handler: async (request) =>
      service.twoFactorEnable(callerOf(request), request.body.code, requestOrigin(request)),
  });

  app.route({
    ...readAt(accountEndpoints.recoveryCodes),
    ...json,
    handler: async (request) => service.newRecoveryCodes(callerOf(request), request.body.password),
  });

  app.route({
    ...readAt(accountEndpoints.twoFactorDisable),
    ...json,
    handler: async (request, reply) => {
      await service.twoFactorDisable(
        callerOf(request),
        request.body.password,
        requestOrigin(request),
      );
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...readAt(accountEndpoints.notifications),
    handler: async (request) => service.notifications(callerOf(request)),
  });

  app.route({
    ...readAt(accountEndpoints.setNotifications),
    ...json,
    handler: async (request) => service.setNotifications(callerOf(request), request.body.items),
  });

  app.route({
    ...readAt(accountEndpoints.changeEmail),
    ...json,
    handler: async (request, reply) => {
      await service.changeEmail(callerOf(request), request.body, linkBase(publicUrl, request));
      return reply
        .status(202)
        .send({ detail: 'A confirmation link is on its way to the new address.' });
    },
  });

  app.route({
    ...readAt(accountEndpoints.confirmEmail),
    ...json,
    handler: async (request) =>
      service.confirmEmail(callerOf(request), request.body.token, requestOrigin(request)),
  });
};
