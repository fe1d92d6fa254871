import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeEndpoints, type HomeQuery } from '@beacon/contract';
import type { Endpoint, EndpointAnswer } from '@beacon/contract/endpoint';
import type { Caller } from '../../lib/caller.ts';
import { signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { HomeService } from './home.service.ts';

/** The home page's cards: one read per card, open to every member, each one service method. */
export const homeRoutes: FastifyPluginAsyncZod<{ service: HomeService }> = async (
  app,
  { service },
) => {
  const { readAt } = signedInRoutes(app, ['home']);

  /** A card's read: the caller and the checked query (`{}` for a card without one) to its answer. */
  function card<E extends Endpoint>(
    endpoint: E,
    answer: (caller: Caller, query: HomeQuery) => Promise<EndpointAnswer<E>>,
  ) {
    app.route({
      ...readAt(endpoint as Endpoint),
      // `answer` is typed against the endpoint's answer above; Fastify cannot see it through E.
      handler: async (request) =>
        (await answer(requireAuth(request), (request.query ?? {}) as HomeQuery)) as never,
    });
  }

  card(homeEndpoints.tasks, (caller) => service.tasks(caller));
  card(homeEndpoints.week, (caller) => service.week(caller));
  card(homeEndpoints.meetings, (caller) => service.meetings(caller));
  card(homeEndpoints.pipeline, (caller) => service.pipeline(caller));
  card(homeEndpoints.closing, (caller) => service.closing(caller));
  card(homeEndpoints.activity, (caller) => service.activity(caller));
};
