import {
  CRM_CHANGED,
  companiesEndpoints,
  crmChangeSchema,
  notesEndpoints,
  peopleEndpoints,
  recordNotesEndpoints,
  type ActivityPage,
  type Company,
  type CompanyPage,
  type CompanyDetail,
  type CompanyPatch,
  type Note,
  type Person,
  type PersonDetail,
  type PersonPatch,
  type PersonPage,
  type SubjectType,
} from '@beacon/contract';
import { endpointPath } from '@beacon/contract/endpoint';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { CLIENT_ID } from '../../../lib/http.ts';
import { fileNameOf, sendRaw } from '../../../lib/raw-request.ts';
import { atCompany, PAGE_SIZE, recordQueryParams, type DownloadedFile } from './record-query.ts';

/** The subjects whose page this file reads: a person, a company. */
export type PageSubject = Extract<SubjectType, 'person' | 'company'>;
/** Every subject with a timeline and notes (the deal page reads its deal in features/deals). */
const notesOf = {
  person: recordNotesEndpoints('people'),
  company: recordNotesEndpoints('companies'),
  deal: recordNotesEndpoints('deals'),
  task: recordNotesEndpoints('tasks'),
} satisfies Record<SubjectType, unknown>;

/** A record page's own record: a person, a company or a deal. */
export interface RecordRef {
  subject: SubjectType;
  id: string;
}

/** How long changes by others are gathered before the page reads itself again. */
export const LIVE_DELAY_MS = 400;

/**
 * The record pages (a person, a company, a deal): the record with what its page shows beside it
 * (the deal's is `deal` of features/deals, which provides the same `CrmRecord` tag), its timeline
 * read page by page (newest first, keyset cursor), and its notes. A page follows `crm.changed`
 * from elsewhere (another member, another tab): it reads the record and the timeline again, at
 * most once per `LIVE_DELAY_MS`, as it does when the channel comes back.
 */
export const recordPageApi = api
  .enhanceEndpoints({ addTagTypes: ['CrmRecord', 'CrmTimeline', 'CrmCompanyPeople'] })
  .injectEndpoints({
    endpoints: (build) => ({
      personDetail: build.query<PersonDetail, string>({
        query: (id) => call(peopleEndpoints.detail, { params: { id } }),
        providesTags: (_data, _error, id) => [{ type: 'CrmRecord', id }],
        async onCacheEntryAdded(id, lifecycle) {
          await followChanges(id, lifecycle);
        },
      }),
      companyDetail: build.query<CompanyDetail, string>({
        query: (id) => call(companiesEndpoints.detail, { params: { id } }),
        providesTags: (_data, _error, id) => [{ type: 'CrmRecord', id }],
        async onCacheEntryAdded(id, lifecycle) {
          await followChanges(id, lifecycle);
        },
      }),
      /**
       * A change of a person's fields, made on the version shown (`expectedUpdatedAt`: a 409
       * EDIT_CONFLICT when someone changed the person since). The page's cached detail takes the
       * answer; the timeline reads again (the change is on it).
       */
      patchPerson: build.mutation<Person, { id: string; patch: PersonPatch }>({
        query: ({ id, patch }) => call(peopleEndpoints.patch, { params: { id }, body: patch }),
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          // A refusal is the caller's to show (`unwrap`): nothing changes here.
          const answer = await queryFulfilled.catch(() => null);
          if (!answer) return;
          const person = answer.data;
          dispatch(
            recordPageApi.util.updateQueryData('personDetail', id, (draft) => {
              draft.person = person;
            }),
          );
        },
        invalidatesTags: (_person, error, { id }) => (error ? [] : [{ type: 'CrmTimeline', id }]),
      }),
      patchCompany: build.mutation<Company, { id: string; patch: CompanyPatch }>({
        query: ({ id, patch }) => call(companiesEndpoints.patch, { params: { id }, body: patch }),
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          // A refusal is the caller's to show (`unwrap`): nothing changes here.
          const answer = await queryFulfilled.catch(() => null);
          if (!answer) return;
          const company = answer.data;
          dispatch(
            recordPageApi.util.updateQueryData('companyDetail', id, (draft) => {
              draft.company = company;
            }),
          );
        },
        invalidatesTags: (_company, error, { id }) => (error ? [] : [{ type: 'CrmTimeline', id }]),
      }),
      recordTimeline: build.infiniteQuery<ActivityPage, RecordRef, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor ?? undefined,
        },
        query: ({ queryArg: { subject, id }, pageParam }) =>
          call(notesOf[subject].activity, {
            params: { id },
            query: { limit: PAGE_SIZE, cursor: pageParam ?? undefined },
          }),
        providesTags: (_data, _error, { id }) => [{ type: 'CrmTimeline', id }],
        // A person's or a company's detail follows the changes for its page; a deal's detail
        // follows only the deals' own messages, so its page's timeline follows the rest.
        async onCacheEntryAdded({ subject, id }, lifecycle) {
          if (subject === 'deal') await followChanges(id, lifecycle);
        },
      }),
      /**
       * The people at a company (its page's table), page by page. Read again when people change
       * elsewhere or the channel comes back after a break (who works where may have changed).
       */
      companyPeople: build.infiniteQuery<PersonPage, string, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor ?? undefined,
        },
        query: ({ queryArg: companyId, pageParam }) =>
          call(peopleEndpoints.list, {
            query: recordQueryParams({
              filters: atCompany(companyId),
              cursor: pageParam,
              limit: PAGE_SIZE,
            }),
          }),
        providesTags: (_data, _error, companyId) => [{ type: 'CrmCompanyPeople', id: companyId }],
        async onCacheEntryAdded(companyId, lifecycle) {
          const readAgain = () =>
            lifecycle.dispatch(
              recordPageApi.util.invalidateTags([{ type: 'CrmCompanyPeople', id: companyId }]),
            );
          await followRealtime(lifecycle, {
            types: [CRM_CHANGED],
            onMessage: (message) => {
              const parsed = crmChangeSchema.safeParse(message.data);
              if (!parsed.success || parsed.data.origin === CLIENT_ID) return;
              if (parsed.data.entity === 'people') readAgain();
            },
            onReconnect: readAgain,
          });
        },
      }),
      removePerson: build.mutation<unknown, string>({
        query: (id) => call(peopleEndpoints.remove, { params: { id } }),
      }),
      removeCompany: build.mutation<unknown, string>({
        query: (id) => call(companiesEndpoints.remove, { params: { id } }),
      }),
      /**
       * Companies whose name or domain matches `q` (the company picker's search, 20 at most); not
       * kept once no picker shows them.
       */
      companyOptions: build.query<CompanyPage, string>({
        query: (q) => call(companiesEndpoints.list, { query: recordQueryParams({ q, limit: 20 }) }),
        keepUnusedDataFor: 0,
      }),
      addNote: build.mutation<Note, RecordRef & { body: string }>({
        query: ({ subject, id, body }) =>
          call(notesOf[subject].addNote, { params: { id }, body: { body } }),
        // A note moves the record's version on: the page reads it too, so that its next field
        // change is made on the version it now has.
        invalidatesTags: (_note, _error, { id }) => [
          { type: 'CrmRecord', id },
          { type: 'CrmTimeline', id },
        ],
      }),
      updateNote: build.mutation<Note, RecordRef & { noteId: string; body: string }>({
        query: ({ noteId, body }) =>
          call(notesEndpoints.update, { params: { id: noteId }, body: { body } }),
        async onQueryStarted({ subject, id }, { dispatch, queryFulfilled }) {
          // A refusal is the caller's to show (`unwrap`): nothing changes here.
          const answer = await queryFulfilled.catch(() => null);
          if (!answer) return;
          const note = answer.data;
          dispatch(
            recordPageApi.util.updateQueryData('recordTimeline', { subject, id }, (draft) => {
              for (const page of draft.pages) {
                for (const activity of page.items) {
                  if (activity.note?.id === note.id) activity.note = note;
                }
              }
            }),
          );
        },
      }),
      deleteNote: build.mutation<unknown, RecordRef & { noteId: string }>({
        query: ({ noteId }) => call(notesEndpoints.remove, { params: { id: noteId } }),
        async onQueryStarted({ subject, id, noteId }, { dispatch, queryFulfilled }) {
          if (
            !(await queryFulfilled.then(
              () => true,
              () => false,
            ))
          )
            return;
          dispatch(
            recordPageApi.util.updateQueryData('recordTimeline', { subject, id }, (draft) => {
              for (const page of draft.pages) {
                page.items = page.items.filter(
                  (activity) => !(activity.kind === 'note_added' && activity.note?.id === noteId),
                );
              }
            }),
          );
          dispatch(recordPageApi.util.invalidateTags([{ type: 'CrmRecord', id }]));
        },
      }),
    }),
  });

/** Reads the record and its timeline again when CRM records change elsewhere (gathered). */
async function followChanges(
  id: string,
  lifecycle: Parameters<typeof followRealtime>[0] & {
    dispatch: (action: unknown) => unknown;
  },
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const readAgain = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      lifecycle.dispatch(
        recordPageApi.util.invalidateTags([
          { type: 'CrmRecord', id },
          { type: 'CrmTimeline', id },
        ]),
      );
    }, LIVE_DELAY_MS);
  };
  try {
    await followRealtime(lifecycle, {
      types: [CRM_CHANGED],
      onMessage: (message) => {
        const parsed = crmChangeSchema.safeParse(message.data);
        // This tab's own writes update its cache already.
        if (!parsed.success || parsed.data.origin === CLIENT_ID) return;
        readAgain();
      },
      // Changes may have been missed while the channel was away.
      onReconnect: readAgain,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The person as a vCard file (method and path from the contract's `vcard` endpoint). A file, not
 * data for the store: read with `sendRaw` and handed to the caller to save.
 */
export async function personVcard(id: string): Promise<DownloadedFile> {
  const endpoint = peopleEndpoints.vcard;
  const response = await sendRaw(endpointPath(endpoint.path, { id }), {
    method: endpoint.method,
    headers: { Accept: 'text/vcard' },
  });
  return { blob: await response.blob(), fileName: fileNameOf(response, 'person.vcf') };
}

export const {
  usePersonDetailQuery,
  useCompanyDetailQuery,
  useRecordTimelineInfiniteQuery,
  useCompanyPeopleInfiniteQuery,
  useAddNoteMutation,
  useUpdateNoteMutation,
  useDeleteNoteMutation,
  usePatchPersonMutation,
  usePatchCompanyMutation,
  useRemovePersonMutation,
  useRemoveCompanyMutation,
  useLazyCompanyOptionsQuery,
} = recordPageApi;
