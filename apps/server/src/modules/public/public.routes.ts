import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactRequestSchema,
  errorBodySchema,
  launchSignupRequestSchema,
  messageResponseSchema,
  paymentConfirmationSchema,
  paymentRequestSchema,
} from '@beacon/contract';
import { requireMediaType } from '../../lib/errors.ts';
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

  app.post(
    '/api/public/contact',
    {
      ...route,
      schema: {
        tags: ['public'],
        summary: 'Send a message from the contact page to the admins of this server',
        body: contactRequestSchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.contact(request.body);
      return reply
        .status(201)
        .send({ detail: 'Thank you. Your message is on its way to our team.' });
    },
  );

  app.post(
    '/api/public/launch-signups',
    {
      ...route,
      schema: {
        tags: ['public'],
        summary: 'Leave an e-mail address to hear about the launch',
        body: launchSignupRequestSchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.launchSignup(request.body.email);
      return reply
        .status(201)
        .send({ detail: 'You are on the list. We will write when we launch.' });
    },
  );

  app.post(
    '/api/public/payment-requests',
    {
      ...route,
      schema: {
        tags: ['public'],
        summary: 'Ask for a plan (recorded and confirmed; no card is charged)',
        body: paymentRequestSchema,
        response: { 201: paymentConfirmationSchema, ...errors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await service.requestPayment(request.body));
    },
  );
};
