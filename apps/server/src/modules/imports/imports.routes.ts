import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  errorBodySchema,
  importJobSchema,
  importStartSchema,
  importUploadQuerySchema,
  recordParamsSchema,
} from '@beacon/contract';
import { requireMediaType } from '../../lib/errors.ts';
import { attachmentDisposition, download, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ImportsService } from './imports.service.ts';

/** CSV import (docs/decisions/015): contributors and admins only. */
export const importsRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (
  app,
  { service },
) => {
  const { write, tags, security, writer } = signedInRoutes(app, ['imports']);

  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/imports',
    {
      ...write({
        summary:
          'Upload a CSV file (the body, text/csv): answers its columns, a preview and a suggested mapping',
        consumes: ['text/csv'],
        querystring: importUploadQuerySchema,
        response: {
          201: importJobSchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      }),
      bodyLimit: IMPORT_MAX_BYTES,
      preParsing: requireMediaType('text/csv'),
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const job = await service.upload(requireAuth(request), { ...request.query, bytes });
      return reply.status(201).send(job);
    },
  );

  app.get(
    '/api/imports',
    write({
      summary: 'The recent imports of your workspace, newest first (50)',
      response: { 200: z.array(importJobSchema) },
    }),
    async (request) => service.list(requireAuth(request)),
  );

  app.get(
    '/api/imports/:id',
    write({
      summary: 'An import with its progress and refused rows',
      params: recordParamsSchema,
      response: { 200: importJobSchema },
    }),
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.post(
    '/api/imports/:id/start',
    write({
      summary: 'Start an uploaded import with a column mapping and a duplicate rule',
      params: recordParamsSchema,
      body: importStartSchema,
      response: { 200: importJobSchema, 409: errorBodySchema },
    }),
    async (request) => service.start(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/imports/:id/cancel',
    write({
      summary: 'Cancel an import: it stops after the batch it is writing',
      params: recordParamsSchema,
      response: { 200: importJobSchema, 409: errorBodySchema },
    }),
    async (request) => service.cancel(requireAuth(request), request.params.id),
  );

  app.get(
    '/api/imports/:id/errors.csv',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'The refused rows as CSV: row number, reason, then the row as it was',
        security,
        params: recordParamsSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await service.errorsCsv(requireAuth(request), request.params.id);
      return download(reply, 'text/csv; charset=utf-8', attachmentDisposition(file.fileName)).send(
        file.body,
      );
    },
  );
};
