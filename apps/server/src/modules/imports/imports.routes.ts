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
import { attachmentDisposition, download, signedInErrors } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ImportsService } from './imports.service.ts';

/** CSV import (docs/decisions/015): contributors and admins only. */
export const importsRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (
  app,
  { service },
) => {
  const writer = app.requireRole('admin', 'contributor');
  const security = [{ bearer: [] }];
  const tags = ['imports'];

  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/imports',
    {
      onRequest: writer,
      bodyLimit: IMPORT_MAX_BYTES,
      preParsing: requireMediaType('text/csv'),
      schema: {
        tags,
        summary:
          'Upload a CSV file (the body, text/csv): answers its columns, a preview and a suggested mapping',
        security,
        consumes: ['text/csv'],
        querystring: importUploadQuerySchema,
        response: {
          201: importJobSchema,
          ...signedInErrors,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const job = await service.upload(requireAuth(request), { ...request.query, bytes });
      return reply.status(201).send(job);
    },
  );

  app.get(
    '/api/imports',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'The recent imports of your workspace, newest first (50)',
        security,
        response: { 200: z.array(importJobSchema), ...signedInErrors },
      },
    },
    async (request) => service.list(requireAuth(request)),
  );

  app.get(
    '/api/imports/:id',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'An import with its progress and refused rows',
        security,
        params: recordParamsSchema,
        response: { 200: importJobSchema, ...signedInErrors },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.post(
    '/api/imports/:id/start',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Start an uploaded import with a column mapping and a duplicate rule',
        security,
        params: recordParamsSchema,
        body: importStartSchema,
        response: { 200: importJobSchema, ...signedInErrors, 409: errorBodySchema },
      },
    },
    async (request) => service.start(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/imports/:id/cancel',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Cancel an import: it stops after the batch it is writing',
        security,
        params: recordParamsSchema,
        response: { 200: importJobSchema, ...signedInErrors, 409: errorBodySchema },
      },
    },
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
