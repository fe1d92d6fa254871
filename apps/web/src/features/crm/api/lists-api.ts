import {
  CRM_CHANGED,
  companiesEndpoints,
  crmChangeSchema,
  listsEndpoints,
  peopleEndpoints,
  type BulkResult,
  type Company,
  type CompanyPage,
  type CrmChange,
  type ListKind,
  type ListPatch,
  type NewList,
  type Person,
  type PersonPage,
  type RecordList,
  type Selection,
} from '@beacon/contract';
import { api, call, type ApiFailure } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { CLIENT_ID } from '../../../lib/http.ts';
import { onList, PAGE_SIZE, recordQueryParams } from './record-query.ts';
import { LIVE_DELAY_MS } from './record-page-api.ts';

/** The members of a list, searched: people or companies by the list's kind. */
export interface ListMembersArg {
  id: string;
  kind: ListKind;
  q: string;
}

/** The add-members dialog's search: the records found, and the ids of those already on the list. */
export interface ListCandidates {
  rows: (Person | Company)[];
  onList: string[];
}

type Lifecycle = Parameters<typeof followRealtime>[0] & { dispatch: (action: unknown) => unknown };

/**
 * Reads again (`invalidate`) when `wanted` CRM changes are made elsewhere (another member, another
 * tab: this tab's own writes update its cache already), gathered over `LIVE_DELAY_MS`, and when
 * the channel comes back after a break (changes may have been missed).
 */
async function followCrm(
  lifecycle: Lifecycle,
  wanted: (change: CrmChange) => boolean,
  invalidate: () => unknown,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const readAgain = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      lifecycle.dispatch(invalidate());
    }, LIVE_DELAY_MS);
  };
  try {
    await followRealtime(lifecycle, {
      types: [CRM_CHANGED],
      onMessage: (message) => {
        const parsed = crmChangeSchema.safeParse(message.data);
        if (!parsed.success || parsed.data.origin === CLIENT_ID) return;
        if (wanted(parsed.data)) readAgain();
      },
      onReconnect: readAgain,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The lists page (every list, both kinds, with counts) and a list's page (the list, its members
 * page by page, searched; adding and removing members). Both follow `crm.changed` (record 019):
 * lists made, renamed, filled or emptied elsewhere, and changes of the records on a list.
 */
export const listsApi = api
  .enhanceEndpoints({ addTagTypes: ['CrmLists', 'CrmList', 'CrmListMembers'] })
  .injectEndpoints({
    endpoints: (build) => ({
      recordLists: build.query<RecordList[], void>({
        query: () => call(listsEndpoints.list, {}),
        providesTags: ['CrmLists'],
        async onCacheEntryAdded(_arg, lifecycle) {
          await followCrm(
            lifecycle,
            (change) => change.entity === 'lists',
            () => listsApi.util.invalidateTags(['CrmLists']),
          );
        },
      }),
      recordList: build.query<RecordList, string>({
        query: (id) => call(listsEndpoints.detail, { params: { id } }),
        providesTags: (_data, _error, id) => [{ type: 'CrmList', id }],
        async onCacheEntryAdded(id, lifecycle) {
          await followCrm(
            lifecycle,
            (change) => change.entity === 'lists',
            () => listsApi.util.invalidateTags([{ type: 'CrmList', id }]),
          );
        },
      }),
      listMembers: build.infiniteQuery<PersonPage | CompanyPage, ListMembersArg, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor ?? undefined,
        },
        query: ({ queryArg: { id, kind, q }, pageParam }) =>
          call(kind === 'people' ? peopleEndpoints.list : companiesEndpoints.list, {
            query: recordQueryParams({
              filters: onList(id),
              q,
              cursor: pageParam,
              limit: PAGE_SIZE,
            }),
          }),
        providesTags: (_data, _error, { id }) => [{ type: 'CrmListMembers', id }],
        async onCacheEntryAdded({ id, kind }, lifecycle) {
          await followCrm(
            lifecycle,
            (change) => change.entity === kind || change.entity === 'lists',
            () => listsApi.util.invalidateTags([{ type: 'CrmListMembers', id }]),
          );
        },
      }),
      /**
       * What the add-members dialog offers: the records matching `q` (20 at most), and which of
       * them are on the list already (not offered again). Not kept once the dialog is closed.
       */
      listCandidates: build.query<ListCandidates, ListMembersArg>({
        async queryFn({ id, kind, q }, _api, _extra, baseQuery) {
          const list = kind === 'people' ? peopleEndpoints.list : companiesEndpoints.list;
          const page = await baseQuery(call(list, { query: recordQueryParams({ q, limit: 20 }) }));
          if (page.error) return { error: page.error as ApiFailure };
          const rows = (page.data as PersonPage | CompanyPage).items;
          if (rows.length === 0) return { data: { rows, onList: [] } };
          const already = await baseQuery(
            call(list, { query: recordQueryParams({ filters: onList(id), q, limit: 200 }) }),
          );
          // Not knowing which are on the list already only offers them again (the add skips them).
          const on = already.error ? [] : (already.data as PersonPage | CompanyPage).items;
          return { data: { rows, onList: on.map((row) => row.id) } };
        },
        keepUnusedDataFor: 0,
      }),
      createList: build.mutation<RecordList, NewList>({
        query: (body) => call(listsEndpoints.create, { body }),
        invalidatesTags: (_list, error) => (error ? [] : ['CrmLists']),
      }),
      patchList: build.mutation<RecordList, { id: string; patch: ListPatch }>({
        query: ({ id, patch }) => call(listsEndpoints.patch, { params: { id }, body: patch }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const answer = await queryFulfilled.catch(() => null);
          if (!answer) return;
          const saved = answer.data;
          dispatch(
            listsApi.util.updateQueryData('recordLists', undefined, (draft) =>
              draft.map((list) => (list.id === saved.id ? saved : list)),
            ),
          );
          dispatch(listsApi.util.upsertQueryData('recordList', saved.id, saved));
        },
      }),
      deleteList: build.mutation<unknown, string>({
        query: (id) => call(listsEndpoints.remove, { params: { id } }),
        async onQueryStarted(id, { dispatch, queryFulfilled }) {
          const answer = await queryFulfilled.catch(() => null);
          if (!answer) return;
          dispatch(
            listsApi.util.updateQueryData('recordLists', undefined, (draft) =>
              draft.filter((list) => list.id !== id),
            ),
          );
        },
      }),
      /** Adds records (by ids or by filter); the list's count moves by what was added, its members read again. */
      addToList: build.mutation<BulkResult, { id: string; selection: Selection }>({
        query: ({ id, selection }) =>
          call(listsEndpoints.addItems, { params: { id }, body: { selection } }),
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          const answer = await queryFulfilled.catch(() => null);
          if (!answer) return;
          const { affected } = answer.data;
          dispatch(
            listsApi.util.updateQueryData('recordList', id, (draft) => {
              draft.count += affected;
            }),
          );
          dispatch(listsApi.util.invalidateTags([{ type: 'CrmListMembers', id }, 'CrmLists']));
        },
      }),
      /** Removes records by id: out of every cached page of the list's members, off its count. */
      removeFromList: build.mutation<BulkResult, { id: string; ids: string[] }>({
        query: ({ id, ids }) =>
          call(listsEndpoints.removeItems, { params: { id }, body: { selection: { ids } } }),
        async onQueryStarted({ id, ids }, { dispatch, getState, queryFulfilled }) {
          const answer = await queryFulfilled.catch(() => null);
          if (!answer) return;
          const { affected } = answer.data;
          const gone = new Set(ids);
          dispatch(
            listsApi.util.updateQueryData('recordList', id, (draft) => {
              draft.count -= affected;
            }),
          );
          for (const entry of listsApi.util.selectInvalidatedBy(getState(), [
            { type: 'CrmListMembers', id },
          ])) {
            if (entry.endpointName !== 'listMembers') continue;
            dispatch(
              listsApi.util.updateQueryData(
                'listMembers',
                entry.originalArgs as ListMembersArg,
                (draft) => {
                  for (const page of draft.pages) {
                    page.items = page.items.filter(
                      (item) => !gone.has(item.id),
                    ) as typeof page.items;
                  }
                },
              ),
            );
          }
        },
      }),
    }),
  });

export const {
  useRecordListsQuery,
  useRecordListQuery,
  useListMembersInfiniteQuery,
  useListCandidatesQuery,
  useCreateListMutation,
  usePatchListMutation,
  useDeleteListMutation,
  useAddToListMutation,
  useRemoveFromListMutation,
} = listsApi;
