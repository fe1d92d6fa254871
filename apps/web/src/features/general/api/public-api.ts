import {
  endpointPath,
  healthEndpoints,
  publicEndpoints,
  type ContactRequest,
  type Endpoint,
  type EndpointAnswer,
  type MessageResponse,
  type PaymentConfirmation,
  type PaymentRequest,
} from '@beacon/contract';
import { request } from '../../../lib/http.ts';

/**
 * One call of a public endpoint: its method and path, its answer checked by its schema. The public
 * pages that call (contact, payment, coming soon, maintenance) load zod for their forms anyway;
 * the store and RTK Query are for the signed-in pages (docs/decisions/043-shell-data-and-first-load.md).
 */
function call<E extends Endpoint & { response: NonNullable<Endpoint['response']> }>(
  endpoint: E,
  options: { json?: unknown; signal?: AbortSignal } = {},
): Promise<EndpointAnswer<E>> {
  return request(endpointPath(endpoint.path), {
    method: endpoint.method,
    json: options.json,
    signal: options.signal,
    schema: endpoint.response as { parse(data: unknown): EndpointAnswer<E> },
  });
}

/** The public pages' calls: no sign-in, JSON, rate limited per address by the server. */
export const publicApi = {
  /** POST /api/public/contact: stored, and mailed to the admins of this server. */
  contact: (body: ContactRequest): Promise<MessageResponse> =>
    call(publicEndpoints.contact, { json: body }),

  /** POST /api/public/launch-signups: a repeat address answers the same. */
  launchSignup: (email: string): Promise<MessageResponse> =>
    call(publicEndpoints.launchSignup, { json: { email } }),

  /** POST /api/public/payment-requests: recorded and confirmed; nothing is charged. */
  paymentRequest: (body: PaymentRequest): Promise<PaymentConfirmation> =>
    call(publicEndpoints.paymentRequest, { json: body }),

  /** GET /ready: whether the server and its database answer (the maintenance page asks). */
  ready: (signal?: AbortSignal) => call(healthEndpoints.ready, { signal }),
};
