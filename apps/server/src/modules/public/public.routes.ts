import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, publicEndpoints } from '@beacon/contract';
import { requireMediaType } from '../../lib/errors.ts';
import { openAt } from '../../lib/responses.ts';
import type { PublicService } from './public.service.ts';

const BODY_LIMIT = 32 * 1024;
const errors = {
  400: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
};

/** The public pages' forms: no sign-in, small bodies, limited per address. */
export const publicRoutes: FastifyPluginAsyncZod<{ service: PublicService }> = async (
  app,
  { service },
) => {
  const route = {
    bodyLimit: BODY_LIMIT,
    config: { ipRateLimit: 'publicFormsPerIp' as const },
    preParsing: requireMediaType('application/json'),
  };
  const tags = ['public'];

  app.route({
    ...openAt(publicEndpoints.contact, tags, errors),
    ...route,
    handler: async (request, reply) => {
      await service.contact(request.body);
      return reply
        .status(201)
        .send({ detail: 'Thank you. Your message is on its way to our team.' });
    },
  });

  app.route({
    ...openAt(publicEndpoints.launchSignup, tags, errors),
    ...route,
    handler: async (request, reply) => {
      await service.launchSignup(request.body.email);
      return reply
        .status(201)
        .send({ detail: 'You are on the list. We will write when we launch.' });
    },
  });

  app.route({
    ...openAt(publicEndpoints.paymentRequest, tags, errors),
    ...route,
    handler: async (request, reply) => {
      return reply.status(201).send(await service.requestPayment(request.body));
    },
  });
};
