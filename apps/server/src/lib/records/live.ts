import type { FastifyInstance } from 'fastify';
import { CRM_CHANGED, type CrmChange } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import type { Realtime } from '../realtime.ts';

type Change = Omit<CrmChange, 'by' | 'origin'>;

/** The web app's tab id (`X-Client-Id`): short and plain, else ignored. */
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function originOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && CLIENT_ID.test(header) ? header : null;
}

/**
 * What a successful write changed, from its route and method; `null` for a route that changes no
 * record (a read, an export, a saved view). Routes under `/api/{people,companies}/:id/notes`
 * change the record's timeline, so they count as a change of the record.
 */
export function crmChangeOf(method: string, route: string, params: unknown): Change | null {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  const match =
    /^\/api\/(people|companies|lists|notes)(?:\/(:id|bulk|merge))?(?:\/[a-z-]+){0,2}$/.exec(route);
  if (!match) return null;
  const entity = match[1] as Change['entity'];
  const id =
    match[2] === ':id' && params && typeof params === 'object' && 'id' in params
      ? String(params.id)
      : null;
  return { entity, id };
}

/**
 * Tells the workspace's open screens that CRM records changed: after each successful write of
 * the routes registered in `app`, a `crm.changed` message (the change, who made it and from
 * which tab). The
 * message leaves once the answer is sent, so after the write has committed.
 */
export function publishCrmChanges(app: FastifyInstance, db: Database, realtime: Realtime): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300 || !request.auth) return;
    const change = crmChangeOf(request.method, request.routeOptions.url ?? '', request.params);
    if (!change) return;
    const data: CrmChange = {
      ...change,
      by: request.auth.userId,
      origin: originOf(request.headers['x-client-id']),
    };
    const message = { type: CRM_CHANGED, data };
    await realtime.publish(db, request.auth.workspaceId, message).catch((error: unknown) => {
      request.log.error({ err: error }, 'could not publish a CRM change');
    });
  });
}
