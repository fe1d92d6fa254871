import {
  dealBoardQuerySchema,
  dealBoardSchema,
  dealMoveRequestSchema,
  dealRecordEndpoints,
  dealSchema,
  errorBodySchema,
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
    endpoints: dealRecordEndpoints,
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
