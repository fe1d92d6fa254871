import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, workspaceEndpoints } from '@beacon/contract';
import { sendAreaFile, streamOctetBodies, uploadOf } from '../../lib/area-files.ts';
import { requireMediaType } from '../../lib/errors.ts';
import { routeOf, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestOrigin } from '../audit/audit.repository.ts';
import type { WorkspaceService } from './workspace.service.ts';

/** The workspace's settings: any member reads them; admins change them and the logo. */
export const workspaceRoutes: FastifyPluginAsyncZod<{ service: WorkspaceService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt, tags, security } = signedInRoutes(app, ['workspace']);
  const admin = app.requireRole('admin');

  app.route({
    ...readAt(workspaceEndpoints.get),
    handler: async (request) => service.get(requireAuth(request)),
  });

  app.route({
    ...writeAt(workspaceEndpoints.patch, { onRequest: admin }),
    handler: async (request) =>
      service.patch(requireAuth(request), request.body, requestOrigin(request)),
  });

  // The logo is the body, as application/octet-stream, streamed into the storage; its type is
  // read from its bytes.
  streamOctetBodies(app);
  const upload = writeAt(workspaceEndpoints.uploadLogo, {
    onRequest: admin,
    preParsing: requireMediaType('application/octet-stream'),
  });
  app.route({
    ...upload,
    schema: {
      ...upload.schema,
      consumes: ['application/octet-stream'],
      response: { ...upload.schema.response, 413: errorBodySchema, 415: errorBodySchema },
    },
    handler: async (request) =>
      service.setLogo(requireAuth(request), uploadOf(request), requestOrigin(request)),
  });

  app.route({
    ...writeAt(workspaceEndpoints.removeLogo, { onRequest: admin }),
    handler: async (request) => service.removeLogo(requireAuth(request), requestOrigin(request)),
  });

  app.route({
    ...routeOf(workspaceEndpoints.logo),
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: workspaceEndpoints.logo.summary,
      security,
      querystring: workspaceEndpoints.logo.query,
      produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    },
    handler: async (request, reply) => {
      const caller = requireAuth(request);
      const logo = await service.logo(caller);
      return sendAreaFile(request, reply, service.storage, service.db, caller.workspaceId, logo, {
        disposition: 'inline',
        legacyDisposition: 'inline; filename="logo"',
      });
    },
  });
};
