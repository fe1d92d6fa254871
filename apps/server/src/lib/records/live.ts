import type { FastifyInstance, onResponseAsyncHookHandler } from 'fastify';
import { CRM_CHANGED, type CrmChange, type CrmRealtime } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import type { Realtime } from '../realtime.ts';

type Change = Omit<CrmChange, 'by' | 'origin'>;

/**
 * What a write route changes, as it declares it in its options (`...crmChange('people')`): the
 * entity, and whether the record is the one its `:id` names (else a creation or a change of many).
 */
export type CrmChangeRoute = { entity: Change['entity']; byId: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The CRM records a successful call of this route changes (lib/records/live.ts). */
    crmChange?: CrmChangeRoute;
  }
}

/**
 * The route options that declare a write's change: spread into the route's options. Routes under
 * `/api/{people,companies}/:id/notes` change the record's timeline, so they declare the record.
 */
export const crmChange = (entity: Change['entity'], byId = false) => ({
  config: { crmChange: { entity, byId } satisfies CrmChangeRoute },
});

/** The web app's tab id (`X-Client-Id`): short and plain, else ignored. */
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function originOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && CLIENT_ID.test(header) ? header : null;
}

/** The change a route declares, with the record its `:id` names; `null` for a route without one. */
export function crmChangeOf(declared: CrmChangeRoute | undefined, params: unknown): Change | null {
  if (!declared) return null;
  const id =
    declared.byId && params && typeof params === 'object' && 'id' in params
      ? String(params.id)
      : null;
  return { entity: declared.entity, id };
}

/**
 * Tells the workspace's open screens that CRM records changed: after each successful call of a
 * route that declares a change (`crmChange`), a `crm.changed` message (the change, who made it
 * and from which tab). The message leaves once the answer is sent, so after the write committed.
 * The hook goes on those routes only (other routes pay nothing); register this before them.
 */
export function publishCrmChanges(app: FastifyInstance, db: Database, realtime: Realtime): void {
  const publish: onResponseAsyncHookHandler = async (request, reply) => {
    if (reply.statusCode >= 300 || !request.auth) return;
    const change = crmChangeOf(request.routeOptions.config.crmChange, request.params);
    if (!change) return;
    const message: CrmRealtime = {
      type: CRM_CHANGED,
      data: {
        ...change,
        by: request.auth.userId,
        origin: originOf(request.headers['x-client-id']),
      },
    };
    await realtime.publish(db, request.auth.workspaceId, message).catch((error: unknown) => {
      request.log.error({ err: error }, 'could not publish a CRM change');
    });
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.crmChange) return;
    const own = route.onResponse;
    route.onResponse = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), publish];
  });
}
