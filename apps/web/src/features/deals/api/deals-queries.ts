import {
  CRM_CHANGED,
  crmChangeSchema,
  type DealForecast,
  type NewPipeline,
  type NewStage,
  type Pipeline,
  type PipelinePatch,
  type StagePatch,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { CLIENT_ID } from '../../../lib/http.ts';

/*
 * The pipelines and the forecast through RTK Query (docs/adding-an-area.md, "Web data"): the
 * contract's `pipelinesEndpoints` and `dealsEndpoints.forecast`, loaded on demand. Other members'
 * changes come through `followRealtime`: `pipelines.changed` reads the pipelines again; a move
 * (`deals.moved`) or any other write of deals (`crm.changed`, not this tab's own) reads the
 * forecast again; a reconnect reads both.
 */

const contract = () => import('@beacon/contract');

export const FORECAST_MONTHS = 6;

export const dealsQueries = api
  .enhanceEndpoints({ addTagTypes: ['Pipelines', 'DealForecast'] })
  .injectEndpoints({
    endpoints: (build) => ({
      pipelines: build.query<Pipeline[], void>({
        query: () => call(() => contract().then((c) => c.pipelinesEndpoints.list)),
        transformResponse: (answer: { items: Pipeline[] }) => answer.items,
        providesTags: ['Pipelines'],
        async onCacheEntryAdded(_arg, lifecycle) {
          await followRealtime(lifecycle, {
            types: ['pipelines.changed'],
            onMessage: () => lifecycle.dispatch(dealsQueries.util.invalidateTags(['Pipelines'])),
            onReconnect: () => lifecycle.dispatch(dealsQueries.util.invalidateTags(['Pipelines'])),
          });
        },
      }),
      /** One grouped call: the pipeline's open deals by month of expected close, in the member's zone. */
      forecast: build.query<DealForecast, { pipelineId: string; months?: number }>({
        query: ({ pipelineId, months = FORECAST_MONTHS }) =>
          call(() => contract().then((c) => c.dealsEndpoints.forecast), {
            query: { pipelineId, months },
          }),
        providesTags: ['DealForecast'],
        async onCacheEntryAdded(_arg, lifecycle) {
          const again = () =>
            lifecycle.dispatch(dealsQueries.util.invalidateTags(['DealForecast']));
          await followRealtime(lifecycle, {
            types: ['deals.moved', 'pipelines.changed', CRM_CHANGED],
            onMessage: (message) => {
              if (message.type !== CRM_CHANGED) return again();
              // Another tab's or member's write of deals (this tab's own invalidate as they save).
              const change = crmChangeSchema.safeParse(message.data);
              if (
                change.success &&
                change.data.entity === 'deals' &&
                change.data.origin !== CLIENT_ID
              ) {
                again();
              }
            },
            onReconnect: again,
          });
        },
      }),
      createPipeline: build.mutation<Pipeline, NewPipeline>({
        query: (body) => call(() => contract().then((c) => c.pipelinesEndpoints.create), { body }),
        invalidatesTags: ['Pipelines'],
      }),
      patchPipeline: build.mutation<Pipeline, { id: string; patch: PipelinePatch }>({
        query: ({ id, patch }) =>
          call(() => contract().then((c) => c.pipelinesEndpoints.patch), {
            params: { id },
            body: patch,
          }),
        invalidatesTags: ['Pipelines', 'DealForecast'],
      }),
      addStage: build.mutation<Pipeline, { id: string; stage: NewStage }>({
        query: ({ id, stage }) =>
          call(() => contract().then((c) => c.pipelinesEndpoints.addStage), {
            params: { id },
            body: stage,
          }),
        invalidatesTags: ['Pipelines'],
      }),
      patchStage: build.mutation<Pipeline, { id: string; stageId: string; patch: StagePatch }>({
        query: ({ id, stageId, patch }) =>
          call(() => contract().then((c) => c.pipelinesEndpoints.patchStage), {
            params: { id, stageId },
            body: patch,
          }),
        invalidatesTags: ['Pipelines', 'DealForecast'],
      }),
      removeStage: build.mutation<null, { id: string; stageId: string; moveTo?: string }>({
        query: ({ id, stageId, moveTo }) =>
          call(() => contract().then((c) => c.pipelinesEndpoints.removeStage), {
            params: { id, stageId },
            query: { moveTo },
          }),
        invalidatesTags: ['Pipelines', 'DealForecast'],
      }),
    }),
  });

export const {
  usePipelinesQuery,
  useForecastQuery,
  useCreatePipelineMutation,
  usePatchPipelineMutation,
  useAddStageMutation,
  usePatchStageMutation,
  useRemoveStageMutation,
} = dealsQueries;
