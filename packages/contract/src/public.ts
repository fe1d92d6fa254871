import { z } from './z.ts';
import { emailSchema, messageResponseSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';

/**
 * The public pages' calls (no sign-in): the contact form, the coming-soon sign-up and the
 * payment request after choosing a plan. Plans are fixed here so the pricing page, the payment
 * summary and the server agree.
 */
export const planIdSchema = z.enum(['starter', 'team', 'business']);
export type PlanId = z.infer<typeof planIdSchema>;
export const billingCycleSchema = z.enum(['monthly', 'yearly']);
export type BillingCycle = z.infer<typeof billingCycleSchema>;

export type Plan = {
  id: PlanId;
  /** Price per seat per month, in US dollars, for each cycle (yearly is billed once a year). */
  price: Record<BillingCycle, number>;
  seats: { included: number | null };
  /** Translation keys of the features the pricing page lists, in order. */
  features: string[];
  highlighted: boolean;
};

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    price: { monthly: 0, yearly: 0 },
    seats: { included: 3 },
    features: ['contacts5k', 'sequences3', 'calendarChat', 'communitySupport'],
    highlighted: false,
  },
  {
    id: 'team',
    price: { monthly: 19, yearly: 15 },
    seats: { included: null },
    features: [
      'contactsUnlimited',
      'sequencesUnlimited',
      'enrichment',
      'analytics',
      'emailSupport',
    ],
    highlighted: true,
  },
  {
    id: 'business',
    price: { monthly: 39, yearly: 32 },
    seats: { included: null },
    features: ['everythingInTeam', 'workflows', 'rolesAudit', 'sso', 'prioritySupport'],
    highlighted: false,
  },
];

const text = (max: number) => z.string().trim().min(1, { message: 'Required' }).max(max);

export const contactRequestSchema = z
  .object({
    name: text(120),
    email: emailSchema,
    company: z.string().trim().max(120).default(''),
    subject: text(200),
    message: z.string().trim().min(10, { message: 'Write at least 10 characters' }).max(5000),
  })
  .meta({ id: 'ContactRequest' });
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const launchSignupRequestSchema = z
  .object({ email: emailSchema })
  .meta({ id: 'LaunchSignupRequest' });

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY, not before the current month. */
export function expiryInFuture(value: string, now = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export const paymentRequestSchema = z
  .object({
    plan: planIdSchema,
    cycle: billingCycleSchema,
    seats: z.number().int().min(1).max(10_000),
    cardholder: text(120),
    email: emailSchema,
    /** Spaces and dashes allowed; only the last four digits and the brand are kept. */
    cardNumber: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine(luhnValid, { message: 'This card number is not valid' }),
    expiry: z.string().refine((v) => expiryInFuture(v), { message: 'Use a future date as MM/YY' }),
    securityCode: z.string().regex(/^\d{3,4}$/, { message: 'Enter the 3 or 4 digits' }),
    address: text(200),
    city: text(100),
    postalCode: text(20),
    country: z.string().regex(/^[A-Z]{2}$/, { message: 'Choose a country' }),
  })
  .meta({ id: 'PaymentRequest' });
export type PaymentRequest = z.input<typeof paymentRequestSchema>;

export const paymentConfirmationSchema = z
  .object({
    reference: z.string(),
    plan: planIdSchema,
    cycle: billingCycleSchema,
    seats: z.number().int(),
    /** What would be charged, in US dollars, for the first period. */
    amount: z.number(),
    cardBrand: z.string(),
    cardLast4: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentConfirmation' });
export type PaymentConfirmation = z.infer<typeof paymentConfirmationSchema>;

/** What a period of a plan costs: seats × monthly price × 1 month, or × 12 when yearly. */
export function planAmount(plan: PlanId, cycle: BillingCycle, seats: number): number {
  const found = PLANS.find((p) => p.id === plan);
  if (!found) return 0;
  return found.price[cycle] * seats * (cycle === 'yearly' ? 12 : 1);
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** The public pages' API (`apps/server/src/modules/public/public.routes.ts`): no sign-in. */
export const publicEndpoints = {
  contact: endpoint({
    method: 'POST',
    path: '/api/public/contact',
    summary: 'Send a message from the contact page to the admins of this server',
    body: contactRequestSchema,
    status: 201,
    response: messageResponseSchema,
  }),
  launchSignup: endpoint({
    method: 'POST',
    path: '/api/public/launch-signups',
    summary: 'Leave an e-mail address to hear about the launch',
    body: launchSignupRequestSchema,
    status: 201,
    response: messageResponseSchema,
  }),
  paymentRequest: endpoint({
    method: 'POST',
    path: '/api/public/payment-requests',
    summary: 'Ask for a plan (recorded and confirmed; no card is charged)',
    body: paymentRequestSchema,
    status: 201,
    response: paymentConfirmationSchema,
  }),
};
