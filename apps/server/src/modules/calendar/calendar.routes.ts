import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALENDAR_IMPORT_MAX_BYTES, calendarEndpoints, errorBodySchema } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';
import { notFound, requireMediaType } from '../../lib/errors.ts';
import { routeOf, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { CalendarService } from './calendar.service.ts';

const IMPORT_BODY_LIMIT = CALENDAR_IMPORT_MAX_BYTES;

const fileName = (name: string) =>
  `${name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'calendar'}.ics`;

export const calendarRoutes: FastifyPluginAsyncZod<{
  service: CalendarService;
  db: Database;
}> = async (app, { service, db }) => {
  const { readAt, writeAt, tags, security } = signedInRoutes(app, ['calendar']);
  const endpoints = calendarEndpoints;

  // The calendar's first calls keep their paths (/meetings/events/…).
  app.route({
    ...readAt(endpoints.events),
    handler: async (request) => service.list(requireAuth(request), request.query),
  });

  app.route({
    ...writeAt(endpoints.create),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body)),
  });

  app.route({
    ...writeAt(endpoints.update),
    handler: async (request) =>
      service.update(requireAuth(request), request.body.eventId, request.body.event),
  });

  app.route({
    ...writeAt(endpoints.remove),
    handler: async (request) => {
      await service.remove(requireAuth(request), request.body.eventId);
      return { eventId: request.body.eventId };
    },
  });

  // A file answer: the endpoint gives method, path and summary; the answer is not JSON.
  app.route({
    ...routeOf(endpoints.exportIcs),
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: endpoints.exportIcs.summary,
      security,
      produces: ['text/calendar'],
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const ics = await service.exportIcs(auth.workspaceId, auth.workspace.name);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(auth.workspace.name)}"`)
        .send(ics);
    },
  });

  // The import takes the file as it is: `Content-Type: text/calendar`.
  app.addContentTypeParser(
    'text/calendar',
    // As bytes: folded lines are joined before decoding, as a fold may split a character.
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const importRoute = writeAt(endpoints.importIcs, {
    bodyLimit: IMPORT_BODY_LIMIT,
    preParsing: requireMediaType('text/calendar'),
  });
  app.route({
    ...importRoute,
    schema: {
      ...importRoute.schema,
      consumes: ['text/calendar'],
      response: { ...importRoute.schema.response, 413: errorBodySchema },
    },
    handler: async (request) =>
      service.importIcs(
        requireAuth(request),
        Buffer.isBuffer(request.body) ? request.body : String(request.body ?? ''),
      ),
  });

  const feedUrl = (request: { protocol: string; host: string }, token: string) =>
    `${request.protocol}://${request.host}/api/calendar/feeds/${token}.ics`;

  app.route({
    ...readAt(endpoints.feed),
    handler: async (request) => {
      const feed = await service.getFeed(requireAuth(request));
      if (!feed) throw notFound('You have no calendar feed yet');
      return { url: feedUrl(request, feed.token), createdAt: feed.createdAt.toISOString() };
    },
  });

  app.route({
    ...readAt(endpoints.rotateFeed),
    handler: async (request) => {
      const feed = await service.rotateFeed(requireAuth(request));
      return { url: feedUrl(request, feed.token), createdAt: feed.createdAt.toISOString() };
    },
  });

  app.route({
    ...readAt(endpoints.revokeFeed),
    handler: async (request, reply) => {
      await service.revokeFeed(requireAuth(request));
      return reply.status(204).send(null);
    },
  });

  // Public: the secret token in the address is the credential (calendar apps send no header).
  app.route({
    ...routeOf(endpoints.feedFile),
    schema: {
      tags,
      summary: endpoints.feedFile.summary,
      params: endpoints.feedFile.params,
      produces: ['text/calendar'],
    },
    handler: async (request, reply) => {
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
  });
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
