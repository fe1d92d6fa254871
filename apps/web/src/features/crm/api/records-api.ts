import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  CRM_CHANGED,
  companiesEndpoints,
  crmChangeSchema,
  dealRecordEndpoints,
  peopleEndpoints,
  type Company,
  type CrmChange,
  type Deal,
  type FilterCondition,
  type NewCompany,
  type NewPerson,
  type Person,
  type RecordCount,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { CLIENT_ID } from '../../../lib/http.ts';
import { rootReducer } from '../../../lib/store.ts';
import { recordQueryParams, type CrmEntity } from './record-query.ts';

/** Rows fetched per page: a few screens of dense rows. */
export const PAGE_SIZE = 100;

export type TableRecord = Person | Company | Deal;

/** What a table shows: its entity, search, filters and sort (the columns are the screen's). */
export interface RecordsArgs {
  entity: CrmEntity;
  q: string;
  filters: FilterCondition[];
  sort: string | null;
}
export type CountArgs = Omit<RecordsArgs, 'sort'>;

interface RecordPage {
  items: TableRecord[];
  nextCursor: string | null;
}

const listOf = {
  people: peopleEndpoints.list,
  companies: companiesEndpoints.list,
  deals: dealRecordEndpoints.list,
};
const countOf = {
  people: peopleEndpoints.count,
  companies: companiesEndpoints.count,
  deals: dealRecordEndpoints.count,
};

/**
 * Whether a change shown by the table of `entity` may be out of date after `change`: people show
 * their company's name and companies their number of people, so a change of either kind can
 * change both tables; deals show their company.
 */
export function touchesTable(entity: CrmEntity, change: Pick<CrmChange, 'entity'>): boolean {
  return (
    change.entity === entity ||
    (entity !== 'deals' && (change.entity === 'people' || change.entity === 'companies')) ||
    (entity === 'deals' && change.entity === 'companies')
  );
}

/**
 * The tables whose rows changed elsewhere (another member, another tab) since they were last read:
 * the table offers to read again rather than move its rows under the reader and drop the
 * selection (a rule of the client, so a slice).
 */
const liveSlice = createSlice({
  name: 'crmLive',
  initialState: { stale: {} as Partial<Record<CrmEntity, boolean>> },
  reducers: {
    changed(state, action: PayloadAction<CrmEntity>) {
      state.stale[action.payload] = true;
    },
    refreshed(state, action: PayloadAction<CrmEntity>) {
      delete state.stale[action.payload];
    },
  },
  selectors: {
    isStale: (state, entity: CrmEntity) => state.stale[entity] === true,
  },
});
export const crmLive = liveSlice.injectInto(rootReducer);
export const crmLiveActions = liveSlice.actions;

/**
 * The records tables (people, companies, deals): keyset pages of a query as one infinite query,
 * and its count. Both are read again when the table asks (`refetch` reads the first page again,
 * as a new look at the top of the table), after a write of the table's own (tags), and the table
 * is told when another member or tab changed its records (`crm.changed`).
 */
export const recordsApi = api
  .enhanceEndpoints({ addTagTypes: ['CrmRecords', 'CrmCount'] })
  .injectEndpoints({
    endpoints: (build) => ({
      recordPages: build.infiniteQuery<RecordPage, RecordsArgs, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor ?? undefined,
          // A table read again starts from its first page (the rows below may have moved).
          refetchCachedPages: false,
        },
        query: ({ queryArg: { entity, q, filters, sort }, pageParam }) =>
          call(listOf[entity], {
            query: recordQueryParams({ q, filters, sort, limit: PAGE_SIZE, cursor: pageParam }),
          }),
        providesTags: (_data, _error, { entity }) => [{ type: 'CrmRecords', id: entity }],
        async onCacheEntryAdded({ entity }, lifecycle) {
          await followRealtime(lifecycle, {
            types: [CRM_CHANGED],
            onMessage: (message) => {
              const parsed = crmChangeSchema.safeParse(message.data);
              // This tab's own writes update its cache already.
              if (!parsed.success || parsed.data.origin === CLIENT_ID) return;
              if (touchesTable(entity, parsed.data)) {
                lifecycle.dispatch(crmLiveActions.changed(entity));
              }
            },
            // Changes may have been missed while the channel was away.
            onReconnect: () => lifecycle.dispatch(crmLiveActions.changed(entity)),
          });
        },
      }),
      recordCount: build.query<RecordCount, CountArgs>({
        query: ({ entity, q, filters }) =>
          call(countOf[entity], { query: recordQueryParams({ q, filters }) }),
        providesTags: (_data, _error, { entity }) => [{ type: 'CrmCount', id: entity }],
      }),
      /**
       * Adds a person or a company (the quick-add row and the "New" dialog). The table puts the
       * new record on top itself (`recordAdded`), so nothing is read again.
       */
      createRecord: build.mutation<Person | Company, NewRecord>({
        query: (input) =>
          input.entity === 'people'
            ? call(peopleEndpoints.create, { body: input.body })
            : call(companiesEndpoints.create, { body: input.body }),
      }),
      /** The person who has an e-mail (the "already there" notice of a refused duplicate). */
      personWithEmail: build.query<Person | null, string>({
        query: (email) =>
          call(peopleEndpoints.list, {
            query: recordQueryParams({
              filters: [{ field: 'email', op: 'equals', value: email }],
              limit: 1,
            }),
          }),
        transformResponse: (page: { items: Person[] }) => page.items[0] ?? null,
      }),
      /**
       * People and companies whose names, e-mails, titles or domains match `q` (the header's
       * search palette): the first `limit` of each, read together. Forgotten once no palette
       * shows it, so that each new look reads them again.
       */
      recordSearch: build.query<RecordSearchResult, { q: string; limit: number }>({
        async queryFn({ q, limit }, _api, _extra, baseQuery) {
          const query = recordQueryParams({ q, limit });
          const [people, companies] = await Promise.all([
            baseQuery(call(peopleEndpoints.list, { query })),
            baseQuery(call(companiesEndpoints.list, { query })),
          ]);
          if (people.error) return { error: people.error };
          if (companies.error) return { error: companies.error };
          return {
            data: {
              people: (people.data as { items: Person[] }).items,
              companies: (companies.data as { items: Company[] }).items,
            },
          };
        },
        keepUnusedDataFor: 0,
      }),
    }),
  });

/** What the search palette finds. */
export interface RecordSearchResult {
  people: Person[];
  companies: Company[];
}

/** What `createRecord` sends: a new person or a new company. */
export type NewRecord =
  { entity: 'people'; body: NewPerson } | { entity: 'companies'; body: NewCompany };

export const {
  useRecordPagesInfiniteQuery,
  useRecordCountQuery,
  useCreateRecordMutation,
  useLazyPersonWithEmailQuery,
  useRecordSearchQuery,
} = recordsApi;

/** The rows of an infinite query's pages, each once (a row that moved between pages shows once). */
export function rowsOf(pages: readonly RecordPage[] | undefined): TableRecord[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const rows: TableRecord[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      rows.push(item);
    }
  }
  return rows;
}

/** A record created in this tab: on top of its table, and counted. */
export function recordAdded(args: RecordsArgs, record: TableRecord) {
  return (dispatch: (action: unknown) => unknown) => {
    dispatch(
      recordsApi.util.updateQueryData('recordPages', args, (draft) => {
        for (const page of draft.pages) {
          page.items = page.items.filter((item) => item.id !== record.id);
        }
        draft.pages[0]?.items.unshift(record);
      }),
    );
    dispatch(
      recordsApi.util.updateQueryData(
        'recordCount',
        { entity: args.entity, q: args.q, filters: args.filters },
        (draft) => {
          draft.count += 1;
        },
      ),
    );
  };
}
