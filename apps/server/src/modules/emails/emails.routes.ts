import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailsEndpoints, errorBodySchema, trackingEndpoints } from '@beacon/contract';
import { notFound } from '../../lib/errors.ts';
import { routeOf, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { EmailsService } from './emails.service.ts';
import { PIXEL, type MailTracking } from './emails.tracking.ts';

/** The e-mails page's calls (any member, for the mailboxes they read) and the public `/t/…`. */
export const emailsRoutes: FastifyPluginAsyncZod<{
  service: EmailsService;
  tracking: MailTracking;
}> = async (app, { service, tracking }) => {
  const { readAt } = signedInRoutes(app, ['emails']);
  app.route({
    ...readAt(emailsEndpoints.list),
    handler: async (request) => service.list(requireAuth(request), request.query),
  });
  app.route({
    ...readAt(emailsEndpoints.get),
    handler: async (request) => service.get(requireAuth(request), request.params.id),
  });

  // Public: a mail program fetches these without any sign-in. The sealed token is all they take.
  app.route({
    ...routeOf(trackingEndpoints.open),
    schema: {
      tags: ['emails'],
      summary: trackingEndpoints.open.summary,
      params: trackingEndpoints.open.params,
      produces: ['image/gif'],
    },
    handler: async (request, reply) => {
      if (!(await tracking.open(request.params.token, request.headers['user-agent']))) {
        throw notFound('No such address');
      }
      return reply
        .type('image/gif')
        .header('cache-control', 'no-store, max-age=0')
        .header('x-robots-tag', 'noindex')
        .send(PIXEL);
    },
  });
  app.route({
    ...routeOf(trackingEndpoints.click),
    schema: {
      tags: ['emails'],
      summary: trackingEndpoints.click.summary,
      params: trackingEndpoints.click.params,
      response: { 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const url = await tracking.click(request.params.token, request.headers['user-agent']);
      if (!url) throw notFound('No such address');
      return reply
        .header('cache-control', 'no-store, max-age=0')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex')
        .redirect(url, 302);
    },
  });
};
