import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  homeActivityListSchema,
  homeClosingSchema,
  homeMeetingsSchema,
  homePipelineSchema,
  homeQuerySchema,
  homeTasksSchema,
  homeWeekSchema,
} from '@beacon/contract';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { HomeService } from './home.service.ts';

/** The home page's cards: one read per card, open to every member. */
export const homeRoutes: FastifyPluginAsyncZod<{ service: HomeService }> = async (
  app,
  { service },
) => {
  const { read } = signedInRoutes(app, ['home']);

  app.get(
    '/api/home/tasks',
    read({
      summary: 'Your open tasks due today and overdue: counts (up to 1000) and the first few',
      querystring: homeQuerySchema,
      response: { 200: homeTasksSchema },
    }),
    async (request) => service.tasks(requireAuth(request), request.query),
  );

  app.get(
    '/api/home/week',
    read({
      summary: 'Your week so far: tasks done, deals won and their amount, by day',
      querystring: homeQuerySchema,
      response: { 200: homeWeekSchema },
    }),
    async (request) => service.week(requireAuth(request), request.query),
  );

  app.get(
    '/api/home/meetings',
    read({
      summary: "Today's meetings of the workspace calendar (today in `tz`)",
      querystring: homeQuerySchema,
      response: { 200: homeMeetingsSchema },
    }),
    async (request) => service.meetings(requireAuth(request), request.query),
  );

  app.get(
    '/api/home/pipeline',
    read({
      summary: 'Open deals of the default pipeline by stage: count, sum and weighted sum',
      response: { 200: homePipelineSchema },
    }),
    async (request) => service.pipeline(requireAuth(request)),
  );

  app.get(
    '/api/home/closing',
    read({
      summary: 'Open deals expected to close this month: count, sums and the first few',
      querystring: homeQuerySchema,
      response: { 200: homeClosingSchema },
    }),
    async (request) => service.closing(requireAuth(request), request.query),
  );

  app.get(
    '/api/home/activity',
    read({
      summary: 'The latest activity of the workspace',
      response: { 200: homeActivityListSchema },
    }),
    async (request) => service.activity(requireAuth(request)),
  );
};
