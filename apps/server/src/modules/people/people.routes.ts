import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Readable } from 'node:stream';
import {
  bulkResultSchema,
  duplicateListSchema,
  errorBodySchema,
  exportQuerySchema,
  mergeRequestSchema,
  personBulkRequestSchema,
  newPersonSchema,
  personDetailSchema,
  personPageSchema,
  personPatchSchema,
  personSchema,
  recordCountSchema,
  recordParamsSchema,
  recordQuerySchema,
} from '@beacon/contract';
import { requireAuth } from '../../plugins/auth.ts';
import type { PeopleService } from './people.service.ts';

/** A 204 answer: no body. */
export const noContent = { 204: z.null().describe('Done; no body') };

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

const countQuerySchema = recordQuerySchema.pick({ q: true, filters: true });

export const peopleRoutes: FastifyPluginAsyncZod<{ service: PeopleService }> = async (
  app,
  { service },
) => {
  const writer = app.requireRole('admin', 'contributor');
  const security = [{ bearer: [] }];
  const tags = ['people'];

  app.get(
    '/api/people',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'People: filtered, searched, sorted, one page at a time (keyset cursor)',
        security,
        querystring: recordQuerySchema,
        response: { 200: personPageSchema, ...errors },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    '/api/people/count',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'How many people match (exact up to 100,000, then an estimate)',
        security,
        querystring: countQuerySchema,
        response: { 200: recordCountSchema, ...errors },
      },
    },
    async (request) => service.count(requireAuth(request), request.query),
  );

  app.post(
    '/api/people',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Add a person',
        security,
        body: newPersonSchema,
        response: { 201: personSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.get(
    '/api/people/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A person, with their company and lists',
        security,
        params: recordParamsSchema,
        response: { 200: personDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(requireAuth(request), request.params.id),
  );

  app.patch(
    '/api/people/:id',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Change a person (only the fields given); each change goes on the timeline',
        security,
        params: recordParamsSchema,
        body: personPatchSchema,
        response: { 200: personSchema, ...errors },
      },
    },
    async (request) => service.patch(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/people/:id',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Delete a person, with their notes, activity and list memberships',
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
    '/api/people/bulk',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Act on a selection (ids, or everything a filter matches) in one set-based pass',
        security,
        body: personBulkRequestSchema,
        response: { 200: bulkResultSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => service.bulk(requireAuth(request), request.body),
  );

  app.get(
    '/api/people/duplicates',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Likely duplicates: the same e-mail, or the same name at the same company',
        security,
        response: { 200: duplicateListSchema, ...errors },
      },
    },
    async (request) => service.duplicates(requireAuth(request)),
  );

  app.post(
    '/api/people/merge',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Merge duplicates into a primary, keeping every related record',
        security,
        body: mergeRequestSchema,
        response: { 200: personDetailSchema, ...errors },
      },
    },
    async (request) => service.merge(requireAuth(request), request.body),
  );

  app.get(
    '/api/people/export.csv',
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
        .header('content-disposition', 'attachment; filename="people.csv"')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(chunks));
    },
  );

  app.get(
    '/api/people/:id/vcard',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A person as a vCard 4.0',
        security,
        params: recordParamsSchema,
        produces: ['text/vcard'],
      },
    },
    async (request, reply) => {
      const card = await service.vcard(requireAuth(request), request.params.id);
      return reply
        .type('text/vcard; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${card.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(card.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(card.text);
    },
  );
};
