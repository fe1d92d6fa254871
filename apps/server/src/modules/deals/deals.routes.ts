import { dealRecordEndpoints, dealsConflictAnswer, dealsEndpoints } from '@beacon/contract';
import { crmChange } from '../../lib/records/live.ts';
import { recordRoutes } from '../../lib/records/record-module.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { dealsEntity } from './deals.entity.ts';
import type { DealsService } from './deals.service.ts';

/** A route's options with the 409 answer of a refused change added to its schema. */
export function withConflict<R extends { schema: { response: object } }>(route: R): R {
  return {
    ...route,
    schema: { ...route.schema, response: { ...route.schema.response, ...dealsConflictAnswer } },
  };
}

/**
 * /api/deals: the records routes (list, count, create, read, change, delete, bulk, export), and
 * the deals' own endpoints (contract `dealsEndpoints`): the board, the forecast and the move.
 * Notes and the timeline come from the notes module.
 */
export const dealsRoutes = (service: DealsService) =>
  recordRoutes({
    entity: dealsEntity,
    endpoints: dealRecordEndpoints,
    collectionRoutes: (app, { readAt, writeAt }) => {
      app.route({
        ...readAt(dealsEndpoints.board),
        handler: async (request) => service.board(requireAuth(request), request.query),
      });
      app.route({
        ...readAt(dealsEndpoints.forecast),
        handler: async (request) => service.forecast(requireAuth(request), request.query),
      });
      app.route({
        ...withConflict(writeAt(dealsEndpoints.move, crmChange('deals', true))),
        handler: async (request) =>
          service.move(requireAuth(request), request.params.id, request.body),
      });
    },
  });
