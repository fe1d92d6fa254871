import {
  messageResponseSchema,
  paymentConfirmationSchema,
  readyResponseSchema,
  type ContactRequest,
  type MessageResponse,
  type PaymentConfirmation,
  type PaymentRequest,
} from '@beacon/contract';
import { http } from '../../../lib/http.ts';

/** The public pages' calls: no sign-in, JSON, rate limited per address by the server. */
export const publicApi = {
  /** POST /api/public/contact: stored, and mailed to the admins of this server. */
  contact: (body: ContactRequest): Promise<MessageResponse> =>
    http.post('/api/public/contact', { json: body, schema: messageResponseSchema }),

  /** POST /api/public/launch-signups: a repeat address answers the same. */
  launchSignup: (email: string): Promise<MessageResponse> =>
    http.post('/api/public/launch-signups', { json: { email }, schema: messageResponseSchema }),

  /** POST /api/public/payment-requests: recorded and confirmed; nothing is charged. */
  paymentRequest: (body: PaymentRequest): Promise<PaymentConfirmation> =>
    http.post('/api/public/payment-requests', { json: body, schema: paymentConfirmationSchema }),

  /** GET /ready: whether the server and its database answer (the maintenance page asks). */
  ready: (signal?: AbortSignal) => http.get('/ready', { schema: readyResponseSchema, signal }),
};
