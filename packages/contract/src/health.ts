import { z } from './z.ts';
import { endpoint } from './endpoint.ts';

export const healthResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export const readyResponseSchema = z
  .object({ status: z.literal('ready'), database: z.literal('ok') })
  .meta({ id: 'Ready' });

/** The probes (`apps/server/src/modules/health/health.routes.ts`): no sign-in. */
export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness: the process answers',
    response: healthResponseSchema,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    summary: 'Readiness: the process and its database answer',
    response: readyResponseSchema,
  }),
};
