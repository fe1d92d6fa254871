import {
  CRM_CHANGED,
  crmChangeSchema,
  listsEndpoints,
  peopleEndpoints,
  type DuplicateGroup,
  type MergeRequest,
  type PersonDetail,
  viewsEndpoints,
  type ListKind,
  type NewView,
  type RecordList,
  type SavedView,
  type ViewEntity,
  type ViewPatch,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { CLIENT_ID } from '../../../lib/http.ts';

/**
 * The saved views and the lists the records tables offer (the views menu; the list filter, "add
 * to list" and the import), from the server cache. A change of lists made elsewhere (another
 * member or tab, `crm.changed` of `lists`) reads them again, as does a channel back after a break.
 */
export const crmDataApi = api
  .enhanceEndpoints({
    addTagTypes: ['SavedViews', 'CrmLists', 'Duplicates', 'CrmRecords', 'CrmCount'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      savedViews: build.query<SavedView[], ViewEntity>({
        query: (entity) => call(viewsEndpoints.list, { query: { entity } }),
        providesTags: (_views, _error, entity) => [{ type: 'SavedViews', id: entity }],
      }),
      createView: build.mutation<SavedView, NewView>({
        query: (view) => call(viewsEndpoints.create, { body: view }),
        async onQueryStarted(view, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(
            crmDataApi.util.updateQueryData('savedViews', view.entity, (all) => {
              all.push(data);
            }),
          );
        },
      }),
      updateView: build.mutation<SavedView, { id: string; entity: ViewEntity; patch: ViewPatch }>({
        query: ({ id, patch }) => call(viewsEndpoints.patch, { params: { id }, body: patch }),
        async onQueryStarted({ entity }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(
            crmDataApi.util.updateQueryData('savedViews', entity, (all) =>
              all.map((view) => (view.id === data.id ? data : view)),
            ),
          );
        },
      }),
      removeView: build.mutation<null, { id: string; entity: ViewEntity }>({
        query: ({ id }) => call(viewsEndpoints.remove, { params: { id } }),
        async onQueryStarted({ id, entity }, { dispatch, queryFulfilled }) {
          await queryFulfilled;
          dispatch(
            crmDataApi.util.updateQueryData('savedViews', entity, (all) =>
              all.filter((view) => view.id !== id),
            ),
          );
        },
      }),
      /** Likely duplicates among the people (the duplicates page). */
      duplicates: build.query<DuplicateGroup[], void>({
        query: () => call(peopleEndpoints.duplicates),
        transformResponse: (answer: { groups: DuplicateGroup[] }) => answer.groups,
        providesTags: ['Duplicates'],
      }),
      /** Merges people: the groups, the people and their companies' counts read again. */
      mergePeople: build.mutation<PersonDetail, MergeRequest>({
        query: (request) => call(peopleEndpoints.merge, { body: request }),
        invalidatesTags: [
          'Duplicates',
          { type: 'CrmRecords', id: 'people' },
          { type: 'CrmCount', id: 'people' },
          { type: 'CrmRecords', id: 'companies' },
        ],
      }),
      recordListsOfKind: build.query<RecordList[], ListKind>({
        query: (kind) => call(listsEndpoints.list, { query: { kind } }),
        providesTags: (_lists, _error, kind) => [{ type: 'CrmLists', id: kind }],
        async onCacheEntryAdded(kind, lifecycle) {
          const readAgain = () =>
            lifecycle.dispatch(crmDataApi.util.invalidateTags([{ type: 'CrmLists', id: kind }]));
          await followRealtime(lifecycle, {
            types: [CRM_CHANGED],
            onMessage: (message) => {
              const parsed = crmChangeSchema.safeParse(message.data);
              if (!parsed.success || parsed.data.origin === CLIENT_ID) return;
              if (parsed.data.entity === 'lists') readAgain();
            },
            onReconnect: readAgain,
          });
        },
      }),
    }),
  });

export const {
  useSavedViewsQuery,
  useCreateViewMutation,
  useUpdateViewMutation,
  useRemoveViewMutation,
  useRecordListsOfKindQuery,
  useDuplicatesQuery,
  useMergePeopleMutation,
} = crmDataApi;
