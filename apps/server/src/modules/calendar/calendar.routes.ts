import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarEventInputSchema,
  calendarEventSchema,
  calendarFeedSchema,
  calendarImportResultSchema,
  deleteEventRequestSchema,
  deleteEventResponseSchema,
  errorBodySchema,
  eventsQuerySchema,
  updateEventRequestSchema,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';
import { notFound, requireMediaType } from '../../lib/errors.ts';
import { signedInErrors } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { CalendarService } from './calendar.service.ts';

const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

const fileName = (name: string) =>
  `${name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'calendar'}.ics`;

export const calendarRoutes: FastifyPluginAsyncZod<{
  service: CalendarService;
  db: Database;
}> = async (app, { service, db }) => {
  const writer = app.requireRole('admin', 'contributor');
  const security = [{ bearer: [] }];

  // The spec's calls keep their paths (decisions.md section 5).
  app.get(
    '/meetings/events',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['calendar'],
        summary: 'Events of your workspace, optionally those overlapping start–end',
        security,
        querystring: eventsQuerySchema,
        response: { 200: z.array(calendarEventSchema), ...signedInErrors },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.post(
    '/meetings/events/new',
    {
      onRequest: writer,
      schema: {
        tags: ['calendar'],
        summary: 'Create an event',
        security,
        body: calendarEventInputSchema,
        response: { 201: calendarEventSchema, ...signedInErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.post(
    '/meetings/events/update',
    {
      onRequest: writer,
      schema: {
        tags: ['calendar'],
        summary: 'Change an event (only the fields given)',
        security,
        body: updateEventRequestSchema,
        response: { 200: calendarEventSchema, ...signedInErrors },
      },
    },
    async (request) =>
      service.update(requireAuth(request), request.body.eventId, request.body.event),
  );

  app.post(
    '/meetings/events/delete',
    {
      onRequest: writer,
      schema: {
        tags: ['calendar'],
        summary: 'Delete an event',
        security,
        body: deleteEventRequestSchema,
        response: { 200: deleteEventResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.body.eventId);
      return { eventId: request.body.eventId };
    },
  );

  app.get(
    '/api/calendar/export.ics',
    {
      onRequest: app.authenticate,
      schema: { tags: ['calendar'], summary: 'Every event as an iCalendar file', security },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const ics = await service.exportIcs(auth.workspaceId, auth.workspace.name);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(auth.workspace.name)}"`)
        .send(ics);
    },
  );

  // The import takes the file as it is: `Content-Type: text/calendar`.
  app.addContentTypeParser(
    'text/calendar',
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/calendar/import',
    {
      onRequest: writer,
      bodyLimit: IMPORT_BODY_LIMIT,
      preParsing: requireMediaType('text/calendar'),
      schema: {
        tags: ['calendar'],
        summary: 'Import the events of an .ics file (body: the file, as text/calendar)',
        security,
        consumes: ['text/calendar'],
        response: { 200: calendarImportResultSchema, ...signedInErrors, 413: errorBodySchema },
      },
    },
    async (request) => service.importIcs(requireAuth(request), String(request.body ?? '')),
  );

  const feedUrl = (request: { protocol: string; host: string }, token: string) =>
    `${request.protocol}://${request.host}/api/calendar/feeds/${token}.ics`;

  app.get(
    '/api/calendar/feed',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['calendar'],
        summary: 'Your private calendar feed address, if you made one',
        security,
        response: { 200: calendarFeedSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const feed = await service.getFeed(requireAuth(request));
      if (!feed) throw notFound('You have no calendar feed yet');
      return { url: feedUrl(request, feed.token), createdAt: feed.createdAt.toISOString() };
    },
  );

  app.post(
    '/api/calendar/feed',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['calendar'],
        summary: 'Make a new private feed address (the old one stops working)',
        security,
        response: { 200: calendarFeedSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const feed = await service.rotateFeed(requireAuth(request));
      return { url: feedUrl(request, feed.token), createdAt: feed.createdAt.toISOString() };
    },
  );

  app.delete(
    '/api/calendar/feed',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['calendar'],
        summary: 'Turn your calendar feed off',
        security,
        response: { 204: z.undefined(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      await service.revokeFeed(requireAuth(request));
      return reply.status(204).send();
    },
  );

  // Public: the secret token in the address is the credential (calendar apps send no header).
  app.get(
    '/api/calendar/feeds/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: 'A private calendar feed (the address is secret)',
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const ics = await service.feedIcs(token, async (workspaceId) => {
        const [row] = await db
          .select({ name: workspaces.name })
          .from(workspaces)
          .where(eq(workspaces.id, workspaceId));
        return row?.name ?? 'Beacon';
      });
      if (ics === undefined) throw notFound('No such calendar feed');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(ics);
    },
  );
};
