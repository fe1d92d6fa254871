import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, WORKSPACE_LOGO_MAX_BYTES, workspaceEndpoints } from '@beacon/contract';
import { AppError, requireMediaType } from '../../lib/errors.ts';
import { download, routeOf, signedInRoutes } from '../../lib/responses.ts';
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

  // The logo is the body, as application/octet-stream; its type is read from its bytes.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: WORKSPACE_LOGO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const upload = writeAt(workspaceEndpoints.uploadLogo, {
    onRequest: admin,
    bodyLimit: WORKSPACE_LOGO_MAX_BYTES,
    preParsing: requireMediaType('application/octet-stream'),
  });
  app.route({
    ...upload,
    schema: {
      ...upload.schema,
      consumes: ['application/octet-stream'],
      response: { ...upload.schema.response, 413: errorBodySchema, 415: errorBodySchema },
    },
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('VALIDATION_FAILED', 'Send the image as the body');
      }
      return service.setLogo(requireAuth(request), request.body, requestOrigin(request));
    },
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
      const logo = await service.logo(requireAuth(request));
      return download(reply, logo.mimeType, 'inline; filename="logo"')
        .header('x-content-type-options', 'nosniff')
        .send(logo.content);
    },
  });
};
