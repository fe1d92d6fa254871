import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Readable } from 'node:stream';
import {
  bulkResultSchema,
  companyBulkRequestSchema,
  errorBodySchema,
  exportQuerySchema,
  newCompanySchema,
  companyDetailSchema,
  companyPageSchema,
  companyPatchSchema,
  companySchema,
  recordCountSchema,
  recordParamsSchema,
  recordQuerySchema,
} from '@beacon/contract';
import { requireAuth } from '../../plugins/auth.ts';
import type { CompaniesService } from './companies.service.ts';

/** A 204 answer: no body. */
const noContent = { 204: z.null().describe('Done; no body') };

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

const countQuerySchema = recordQuerySchema.pick({ q: true, filters: true });

export const companiesRoutes: FastifyPluginAsyncZod<{ service: CompaniesService }> = async (
  app,
  { service },
) => {
  const writer = app.requireRole('admin', 'contributor');
  const security = [{ bearer: [] }];
  const tags = ['companies'];

  app.get(
    '/api/companies',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Companies: filtered, searched, sorted, one page at a time (keyset cursor)',
        security,
        querystring: recordQuerySchema,
        response: { 200: companyPageSchema, ...errors },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    '/api/companies/count',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'How many companies match (exact up to 100,000, then an estimate)',
        security,
        querystring: countQuerySchema,
        response: { 200: recordCountSchema, ...errors },
      },
    },
    async (request) => service.count(requireAuth(request), request.query),
  );

  app.post(
    '/api/companies',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Add a company (its domain must be unique in the workspace)',
        security,
        body: newCompanySchema,
        response: { 201: companySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.get(
    '/api/companies/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A company, with its lists',
        security,
        params: recordParamsSchema,
        response: { 200: companyDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(requireAuth(request), request.params.id),
  );

  app.patch(
    '/api/companies/:id',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Change a company (only the fields given); each change goes on the timeline',
        security,
        params: recordParamsSchema,
        body: companyPatchSchema,
        response: { 200: companySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => service.patch(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/companies/:id',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Delete a company (its people stay, unlinked)',
        security,
        params: recordParamsSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/companies/bulk',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Act on a selection (ids, or everything a filter matches) in one set-based pass',
        security,
        body: companyBulkRequestSchema,
        response: { 200: bulkResultSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => service.bulk(requireAuth(request), request.body),
  );

  app.get(
    '/api/companies/export.csv',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The filtered view as CSV (UTF-8 with BOM, RFC 4180, formulas defused)',
        security,
        querystring: exportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const chunks = await service.exportCsv(requireAuth(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="companies.csv"')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(chunks));
    },
  );
};
