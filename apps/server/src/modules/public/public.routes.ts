import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardBrand,
  contactRequestSchema,
  errorBodySchema,
  launchSignupRequestSchema,
  messageResponseSchema,
  paymentConfirmationSchema,
  paymentRequestSchema,
  planAmount,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { requireMediaType } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import * as repo from './public.repository.ts';

const BODY_LIMIT = 32 * 1024;
const errors = {
  400: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
};

/** A reference a person can read out on the phone: BCN- and 8 letters and digits. */
function paymentReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `BCN-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The public pages' forms: no sign-in, small bodies, limited per address. */
export const publicRoutes: FastifyPluginAsyncZod<{ db: Database; mailer: Mailer }> = async (
  app,
  { db, mailer },
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
      const message = request.body;
      const mailIds = await db.transaction(async (tx) => {
        await repo.insertContactMessage(tx, message);
        const { workspaceId, admins } = await repo.ownerAdmins(tx);
        const ids: string[] = [];
        for (const admin of admins) {
          ids.push(
            await mailer.enqueue(tx, {
              to: admin.email,
              workspaceId,
              subject: `Contact form: ${message.subject}`,
              text:
                `Hello ${admin.firstName},\n\n${message.name} <${message.email}>` +
                `${message.company ? ` (${message.company})` : ''} wrote through the contact page:\n\n` +
                `${message.message}\n\nReply to ${message.email} to answer.\n`,
            }),
          );
        }
        return ids;
      });
      for (const id of mailIds) void mailer.deliver(id);
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
      await repo.insertLaunchSignup(db, request.body.email);
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
      const input = request.body;
      const amount = planAmount(input.plan, input.cycle, input.seats);
      const row = await repo.insertPaymentRequest(db, {
        reference: paymentReference(),
        plan: input.plan,
        cycle: input.cycle,
        seats: input.seats,
        amountCents: Math.round(amount * 100),
        cardholder: input.cardholder,
        email: input.email.toLowerCase(),
        cardBrand: cardBrand(input.cardNumber),
        cardLast4: input.cardNumber.slice(-4),
        address: input.address,
        city: input.city,
        postalCode: input.postalCode,
        country: input.country,
      });
      return reply.status(201).send({
        reference: row.reference,
        plan: input.plan,
        cycle: input.cycle,
        seats: row.seats,
        amount,
        cardBrand: row.cardBrand,
        cardLast4: row.cardLast4,
        createdAt: row.createdAt.toISOString(),
      });
    },
  );
};
