import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_MAX_BYTES, importsEndpoints } from '@beacon/contract';
import { requireMediaType } from '../../lib/errors.ts';
import { attachmentDisposition, download, routeOf, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ImportsService } from './imports.service.ts';

/** CSV import (docs/decisions/015): contributors and admins only. */
export const importsRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (
  app,
  { service },
) => {
  const { writeAt, tags, security, writer } = signedInRoutes(app, ['imports']);

  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  // The body is the file (text/csv), so the route says so and refuses any other type first.
  const upload = writeAt(importsEndpoints.upload, {
    bodyLimit: IMPORT_MAX_BYTES,
    preParsing: requireMediaType('text/csv'),
  });
  app.route({
    ...upload,
    schema: { ...upload.schema, consumes: ['text/csv'] },
    handler: async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const job = await service.upload(requireAuth(request), { ...request.query, bytes });
      return reply.status(201).send(job);
    },
  });

  app.route({
    ...writeAt(importsEndpoints.list),
    handler: async (request) => service.list(requireAuth(request)),
  });

  app.route({
    ...writeAt(importsEndpoints.detail),
    handler: async (request) => service.get(requireAuth(request), request.params.id),
  });

  app.route({
    ...writeAt(importsEndpoints.start),
    handler: async (request) =>
      service.start(requireAuth(request), request.params.id, request.body),
  });

  app.route({
    ...writeAt(importsEndpoints.cancel),
    handler: async (request) => service.cancel(requireAuth(request), request.params.id),
  });

  const errorsCsv = importsEndpoints.errorsCsv;
  app.route({
    ...routeOf(errorsCsv),
    onRequest: writer,
    schema: {
      tags,
      summary: errorsCsv.summary,
      security,
      params: errorsCsv.params,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const file = await service.errorsCsv(requireAuth(request), request.params.id);
      return download(reply, 'text/csv; charset=utf-8', attachmentDisposition(file.fileName)).send(
        file.body,
      );
    },
  });
};
