import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, invitationsEndpoints, membersEndpoints } from '@beacon/contract';
import { sendAreaFile, streamOctetBodies, uploadOf } from '../../lib/area-files.ts';
import { requireMediaType } from '../../lib/errors.ts';
import { openAt, routeOf, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { linkBase } from '../../lib/public-url.ts';
import { requestOrigin } from '../audit/audit.repository.ts';
import type { InvitationsService } from './invitations.service.ts';
import type { MembersService } from './members.service.ts';

/** Accepting an invitation: a small JSON body. */
const ACCEPT_BODY_LIMIT = 16 * 1024;

export const membersRoutes: FastifyPluginAsyncZod<{
  members: MembersService;
  invitations: InvitationsService;
  publicUrl: string | undefined;
}> = async (app, { members, invitations, publicUrl }) => {
  const { readAt, tags, security } = signedInRoutes(app, ['members']);
  // Admin-only routes: any other role gets 403 before the handler.
  const adminOnly = app.requireRole('admin');
  const adminAt = <E extends Parameters<typeof readAt>[0]>(endpoint: E) => ({
    ...readAt(endpoint),
    onRequest: adminOnly,
  });
  const ep = membersEndpoints;

  app.route({
    ...readAt(ep.list),
    handler: async (request) => members.list(requireAuth(request)),
  });

  app.route({
    ...readAt(ep.directory),
    handler: async (request) => members.directory(requireAuth(request), request.query),
  });

  app.route({
    ...readAt(ep.me),
    handler: async (request) => {
      const caller = requireAuth(request);
      return members.get(caller, caller.userId);
    },
  });

  app.route({
    ...readAt(ep.updateMe),
    handler: async (request) => members.updateMe(requireAuth(request), request.body),
  });

  // Images: the body is the file, as application/octet-stream, streamed into the storage; its
  // type is read from its bytes.
  streamOctetBodies(app);
  const upload = readAt(ep.uploadImage);
  app.route({
    ...upload,
    preParsing: requireMediaType('application/octet-stream'),
    schema: {
      ...upload.schema,
      consumes: ['application/octet-stream'],
      response: { ...upload.schema.response, 413: errorBodySchema, 415: errorBodySchema },
    },
    handler: async (request) =>
      members.setImage(requireAuth(request), request.params.kind, uploadOf(request)),
  });

  app.route({
    ...readAt(ep.removeImage),
    handler: async (request) => members.removeImage(requireAuth(request), request.params.kind),
  });

  app.route({
    ...routeOf(ep.image),
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: ep.image.summary,
      security,
      params: ep.image.params,
      produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    },
    handler: async (request, reply) => {
      const caller = requireAuth(request);
      const image = await members.image(caller, request.params.id, request.params.kind);
      // Only the four image types are ever stored (checked by their bytes), shown inline.
      return sendAreaFile(request, reply, members.storage, members.db, caller.workspaceId, image, {
        disposition: 'inline',
        legacyDisposition: 'inline',
      });
    },
  });

  app.route({
    ...readAt(ep.get),
    handler: async (request) => members.get(requireAuth(request), request.params.id),
  });

  app.route({
    ...readAt(ep.activity),
    handler: async (request) => members.activity(requireAuth(request), request.params.id),
  });

  app.route({
    ...adminAt(ep.update),
    handler: async (request) =>
      members.update(requireAuth(request), request.params.id, request.body, requestOrigin(request)),
  });

  app.route({
    ...adminAt(ep.bulkRole),
    handler: async (request) =>
      members.bulkRole(requireAuth(request), request.body, requestOrigin(request)),
  });

  app.route({
    ...adminAt(ep.remove),
    handler: async (request, reply) => {
      await members.remove(
        requireAuth(request),
        request.params.id,
        request.body.takeoverId,
        requestOrigin(request),
      );
      return reply.status(204).send(null);
    },
  });

  // Invitations.
  const inv = invitationsEndpoints;

  app.route({
    ...adminAt(inv.list),
    schema: { ...adminAt(inv.list).schema, tags: ['invitations'] },
    handler: async (request) => invitations.list(requireAuth(request)),
  });

  app.route({
    ...adminAt(inv.create),
    schema: { ...adminAt(inv.create).schema, tags: ['invitations'] },
    handler: async (request, reply) => {
      const created = await invitations.create(
        requireAuth(request),
        request.body,
        linkBase(publicUrl, request),
        requestOrigin(request),
      );
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...adminAt(inv.resend),
    schema: { ...adminAt(inv.resend).schema, tags: ['invitations'] },
    handler: async (request) =>
      invitations.resend(
        requireAuth(request),
        request.params.id,
        linkBase(publicUrl, request),
        requestOrigin(request),
      ),
  });

  app.route({
    ...adminAt(inv.revoke),
    schema: { ...adminAt(inv.revoke).schema, tags: ['invitations'] },
    handler: async (request, reply) => {
      await invitations.revoke(requireAuth(request), request.params.id, requestOrigin(request));
      return reply.status(204).send(null);
    },
  });

  const publicErrors = {
    400: errorBodySchema,
    409: errorBodySchema,
    413: errorBodySchema,
    415: errorBodySchema,
    429: errorBodySchema,
  };

  app.route({
    ...openAt(inv.preview, ['invitations'], publicErrors),
    config: { ipRateLimit: 'codesPerIp' },
    handler: async (request) => invitations.preview(request.query.token),
  });

  app.route({
    ...openAt(inv.accept, ['invitations'], publicErrors),
    bodyLimit: ACCEPT_BODY_LIMIT,
    config: { ipRateLimit: 'codesPerIp' },
    preParsing: requireMediaType('application/json'),
    handler: async (request, reply) =>
      reply.status(201).send(await invitations.accept(request.body, requestOrigin(request))),
  });
};
