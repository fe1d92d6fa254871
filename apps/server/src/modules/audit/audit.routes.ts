import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints } from '@beacon/contract';
import { download, routeOf, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestOrigin } from './audit.repository.ts';
import type { AuditService } from './audit.service.ts';

/** The audit log: admins read and export it; the history of exports is for contributors too. */
export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (
  app,
  { service },
) => {
  const { readAt, writeAt, tags, security } = signedInRoutes(app, ['audit']);
  const admin = app.requireRole('admin');

  app.route({
    ...readAt(auditEndpoints.list),
    onRequest: admin,
    handler: async (request) => service.list(requireAuth(request), request.query),
  });

  app.route({
    ...routeOf(auditEndpoints.exportCsv),
    onRequest: admin,
    schema: {
      tags,
      summary: auditEndpoints.exportCsv.summary,
      security,
      querystring: auditEndpoints.exportCsv.query,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const chunks = await service.exportCsv(
        requireAuth(request),
        request.query,
        requestOrigin(request),
      );
      return download(
        reply,
        'text/csv; charset=utf-8',
        'attachment; filename="audit-log.csv"',
      ).send(Readable.from(chunks));
    },
  });

  app.route({
    ...writeAt(auditEndpoints.exports),
    handler: async (request) => service.exports(requireAuth(request)),
  });
};
