import {
  CRM_CHANGED,
  crmChangeSchema,
  dealMovedSchema,
  type Deal,
  type DealDetail,
  type DealPage,
  type DealPatch,
  type NewDeal,
} from '@beacon/contract';
import { call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { dealQueryParams } from './deal-query.ts';
import { CLIENT_ID } from '../../../lib/http.ts';
import type { RealtimeMessage } from '../../../lib/realtime.ts';
import { dealsBoardApi } from './deals-board.ts';

/*
 * A deal as a record (its page, its fields, the deals of a person or a company) through RTK
 * Query, on the generic records endpoints of deals (`dealRecordEndpoints`: detail, create, patch,
 * remove, list). Each write invalidates what it changes: the deal, the boards, the forecast and
 * the deal lists.
 */

const contract = () => import('@beacon/contract');

/** Whose deals a record page lists. */
export interface RelatedArg {
  type: 'company' | 'person';
  id: string;
}

export const RELATED_PAGE = 25;

/** A change of deals by another tab or member (this tab's own writes invalidate as they save). */
function dealsChangedElsewhere(message: RealtimeMessage): { id: string | null } | null {
  if (message.type !== CRM_CHANGED) return null;
  const change = crmChangeSchema.safeParse(message.data);
  if (!change.success || change.data.entity !== 'deals' || change.data.origin === CLIENT_ID) {
    return null;
  }
  return { id: change.data.id };
}

export const dealRecordApi = dealsBoardApi
  .enhanceEndpoints({ addTagTypes: ['Deal', 'RelatedDeals', 'CrmRecord'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /**
       * A deal with its company, people and stage history. A move on a board (no `crm.changed`)
       * reads it again, as does another tab's change of it; the record page's own live reads
       * (its timeline's entry follows `crm.changed` and invalidates `CrmRecord`) stay the record
       * page's.
       */
      deal: build.query<DealDetail, string>({
        query: (id) =>
          call(() => contract().then((c) => c.dealRecordEndpoints.detail), { params: { id } }),
        // `CrmRecord`: the record page's own reads of it (a note added or deleted, a change of
        // the CRM made elsewhere: features/crm/api/record-page-api.ts) read it again.
        providesTags: (_result, _error, id) => [
          { type: 'Deal', id },
          { type: 'CrmRecord', id },
        ],
        async onCacheEntryAdded(id, lifecycle) {
          const again = () =>
            lifecycle.dispatch(dealRecordApi.util.invalidateTags([{ type: 'Deal', id }]));
          await followRealtime(lifecycle, {
            types: ['deals.moved', CRM_CHANGED],
            onMessage: (message) => {
              if (message.type === 'deals.moved') {
                const moved = dealMovedSchema.safeParse(message.data);
                if (!moved.success || moved.data.dealId === id) again();
                return;
              }
              const change = dealsChangedElsewhere(message);
              if (change && (change.id === null || change.id === id)) again();
            },
            onReconnect: again,
          });
        },
      }),

      /** A person's or a company's deals, newest first, in keyset pages. */
      relatedDeals: build.infiniteQuery<DealPage, RelatedArg, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor,
        },
        query: ({ queryArg, pageParam }) =>
          call(() => contract().then((c) => c.dealRecordEndpoints.list), {
            query: dealQueryParams({
              filters: [
                {
                  field: queryArg.type === 'company' ? 'companyId' : 'personId',
                  op: 'equals',
                  value: queryArg.id,
                },
              ],
              sort: '-createdAt',
              limit: RELATED_PAGE,
              cursor: pageParam,
            }),
          }),
        providesTags: ['RelatedDeals'],
        async onCacheEntryAdded(_arg, lifecycle) {
          const again = () =>
            lifecycle.dispatch(dealRecordApi.util.invalidateTags(['RelatedDeals']));
          await followRealtime(lifecycle, {
            types: ['deals.moved', 'pipelines.changed', CRM_CHANGED],
            onMessage: (message) => {
              if (message.type !== CRM_CHANGED || dealsChangedElsewhere(message)) again();
            },
            onReconnect: again,
          });
        },
      }),

      dealCreate: build.mutation<Deal, NewDeal>({
        query: (body) => call(() => contract().then((c) => c.dealRecordEndpoints.create), { body }),
        invalidatesTags: (result) => (result ? ['DealsBoard', 'DealForecast', 'RelatedDeals'] : []),
      }),
      /** A change of the deal's fields, on the version the page shows (`expectedUpdatedAt`). */
      dealUpdate: build.mutation<Deal, { id: string; patch: DealPatch }>({
        query: ({ id, patch }) =>
          call(() => contract().then((c) => c.dealRecordEndpoints.patch), {
            params: { id },
            body: patch,
          }),
        invalidatesTags: (result, _error, { id }) =>
          result ? [{ type: 'Deal', id }, 'DealsBoard', 'DealForecast', 'RelatedDeals'] : [],
      }),
      dealRemove: build.mutation<unknown, string>({
        query: (id) =>
          call(() => contract().then((c) => c.dealRecordEndpoints.remove), { params: { id } }),
        invalidatesTags: (_result, error) =>
          error ? [] : ['DealsBoard', 'DealForecast', 'RelatedDeals'],
      }),
    }),
  });

export const {
  useDealQuery,
  useRelatedDealsInfiniteQuery,
  useDealCreateMutation,
  useDealUpdateMutation,
  useDealRemoveMutation,
} = dealRecordApi;
