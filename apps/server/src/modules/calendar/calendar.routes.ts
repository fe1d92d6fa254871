import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_IMPORT_MAX_BYTES,
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
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { CalendarService } from './calendar.service.ts';

const IMPORT_BODY_LIMIT = CALENDAR_IMPORT_MAX_BYTES;

const fileName = (name: string) =>
  `${name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'calendar'}.ics`;

export const calendarRoutes: FastifyPluginAsyncZod<{
  service: CalendarService;
  db: Database;
}> = async (app, { service, db }) => {
  const { read, write, security } = signedInRoutes(app, ['calendar']);

  // The calendar's first calls keep their paths (/meetings/events/…).
  app.get(
    '/meetings/events',
    read({
      summary: 'Events of your workspace, optionally those overlapping start–end',
      querystring: eventsQuerySchema,
      response: { 200: z.array(calendarEventSchema) },
    }),
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.post(
    '/meetings/events/new',
    write({
      summary: 'Create an event',
      body: calendarEventInputSchema,
      response: { 201: calendarEventSchema },
    }),
    async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.post(
    '/meetings/events/update',
    write({
      summary: 'Change an event (only the fields given)',
      body: updateEventRequestSchema,
      response: { 200: calendarEventSchema },
    }),
    async (request) =>
      service.update(requireAuth(request), request.body.eventId, request.body.event),
  );

  app.post(
    '/meetings/events/delete',
    write({
      summary: 'Delete an event',
      body: deleteEventRequestSchema,
      response: { 200: deleteEventResponseSchema },
    }),
    async (request) => {
      await service.remove(requireAuth(request), request.body.eventId);
      return { eventId: request.body.eventId };
    },
  );

  app.get(
    '/api/calendar/export.ics',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['calendar'],
        summary: 'Every event as an iCalendar file',
        security,
        produces: ['text/calendar'],
      },
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
    // As bytes: folded lines are joined before decoding, as a fold may split a character.
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/calendar/import',
    {
      ...write({
        summary: 'Import the events of an .ics file (body: the file, as text/calendar)',
        consumes: ['text/calendar'],
        response: { 200: calendarImportResultSchema, 413: errorBodySchema },
      }),
      bodyLimit: IMPORT_BODY_LIMIT,
      preParsing: requireMediaType('text/calendar'),
    },
    async (request) =>
      service.importIcs(
        requireAuth(request),
        Buffer.isBuffer(request.body) ? request.body : String(request.body ?? ''),
      ),
  );

  const feedUrl = (request: { protocol: string; host: string }, token: string) =>
    `${request.protocol}://${request.host}/api/calendar/feeds/${token}.ics`;

  app.get(
    '/api/calendar/feed',
    read({
      summary: 'Your private calendar feed address, if you made one',
      response: { 200: calendarFeedSchema },
    }),
    async (request) => {
      const feed = await service.getFeed(requireAuth(request));
      if (!feed) throw notFound('You have no calendar feed yet');
      return { url: feedUrl(request, feed.token), createdAt: feed.createdAt.toISOString() };
    },
  );

  app.post(
    '/api/calendar/feed',
    read({
      summary: 'Make a new private feed address (the old one stops working)',
      response: { 200: calendarFeedSchema },
    }),
    async (request) => {
      const feed = await service.rotateFeed(requireAuth(request));
      return { url: feedUrl(request, feed.token), createdAt: feed.createdAt.toISOString() };
    },
  );

  app.delete(
    '/api/calendar/feed',
    read({
      summary: 'Turn your calendar feed off',
      response: { 204: z.undefined() },
    }),
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
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const feed = await service.feedIcs(token, async (workspaceId) => {
        const [row] = await db
          .select({ name: workspaces.name })
          .from(workspaces)
          .where(eq(workspaces.id, workspaceId));
        return row?.name ?? 'Beacon';
      });
      if (feed === undefined) throw notFound('No such calendar feed');
      reply
        .header('cache-control', 'private, max-age=300')
        .header('etag', feed.etag)
        .header('last-modified', feed.changedAt.toUTCString());
      if (notModified(request.headers, feed.etag, feed.changedAt)) {
        return reply.status(304).send();
      }
      return reply.type('text/calendar; charset=utf-8').send(feed.ics);
    },
  );
};

/**
 * RFC 9110 section 13.2.2: If-None-Match first (any of its tags, weak or strong, or `*`);
 * If-Modified-Since only when there is no If-None-Match.
 */
function notModified(
  headers: Record<string, string | string[] | undefined>,
  etag: string,
  changedAt: Date,
): boolean {
  const noneMatch = headers['if-none-match'];
  if (typeof noneMatch === 'string') {
    return noneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = headers['if-modified-since'];
  if (typeof since !== 'string') return false;
  const at = Date.parse(since);
  return !Number.isNaN(at) && changedAt.getTime() <= at;
}
