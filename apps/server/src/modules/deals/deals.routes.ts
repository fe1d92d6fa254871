import {
  dealBoardQuerySchema,
  dealBoardSchema,
  dealBulkRequestSchema,
  dealDetailSchema,
  dealMoveRequestSchema,
  dealPageSchema,
  dealPatchSchema,
  dealSchema,
  errorBodySchema,
  newDealSchema,
  recordParamsSchema,
} from '@beacon/contract';
import { crmChange } from '../../lib/records/live.ts';
import { recordRoutes } from '../../lib/records/record-module.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { dealsEntity } from './deals.entity.ts';
import type { DealsService } from './deals.service.ts';

/**
 * /api/deals: the records routes (list, count, create, read, change, delete, bulk, export), the
 * board and the move. Notes and the timeline come from the notes module.
 */
export const dealsRoutes = (service: DealsService) =>
  recordRoutes({
    entity: dealsEntity,
    schemas: {
      page: dealPageSchema,
      record: dealSchema,
      detail: dealDetailSchema,
      create: newDealSchema,
      patch: dealPatchSchema,
      bulk: dealBulkRequestSchema,
    },
    summaries: {
      create:
        'Add a deal (to the default pipeline and its first stage unless told otherwise); a lost stage needs a lost reason',
      detail: 'A deal, with its company, stage history and lists',
      remove: 'Delete a deal (its notes, timeline and stage history go with it)',
    },
    conflicts: true,
    collectionRoutes: (app, { read, write }) => {
      app.get(
        '/api/deals/board',
        read({
          summary:
            "A pipeline's board: per stage the first page of deals, their count and sums (raw and weighted)",
          querystring: dealBoardQuerySchema,
          response: { 200: dealBoardSchema },
        }),
        async (request) => service.board(requireAuth(request), request.query),
      );
      app.post(
        '/api/deals/:id/move',
        write(
          {
            summary:
              'Move a deal on the board: its stage and its place between two neighbours (a lost stage needs lostReason)',
            params: recordParamsSchema,
            body: dealMoveRequestSchema,
            response: { 200: dealSchema, 409: errorBodySchema },
          },
          crmChange('deals', true),
        ),
        async (request) => service.move(requireAuth(request), request.params.id, request.body),
      );
    },
  });
