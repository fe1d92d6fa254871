import { randomBytes } from 'node:crypto';
import {
  cardBrand,
  planAmount,
  type contactRequestSchema,
  type PaymentConfirmation,
  type paymentRequestSchema,
} from '@beacon/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import * as repo from './public.repository.ts';

/** A reference a person can read out on the phone: BCN- and 8 letters and digits. */
function paymentReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `BCN-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The public pages' forms: the contact message, the launch list and plan requests. */
export class PublicService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
  ) {}

  /** Keeps the message and mails it to the admins of the server's owner workspace. */
  async contact(message: z.output<typeof contactRequestSchema>): Promise<void> {
    const mailer = this.mailer;
    const mailIds = await this.db.transaction(async (tx) => {
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
  }

  async launchSignup(email: string): Promise<void> {
    await repo.insertLaunchSignup(this.db, email);
  }

  /** Records a plan request (no card is charged) and answers its confirmation. */
  async requestPayment(input: z.output<typeof paymentRequestSchema>): Promise<PaymentConfirmation> {
    const amount = planAmount(input.plan, input.cycle, input.seats);
    const row = await repo.insertPaymentRequest(this.db, {
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
    return {
      reference: row.reference,
      plan: input.plan,
      cycle: input.cycle,
      seats: row.seats,
      amount,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
