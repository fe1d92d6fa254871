import { useCallback, useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Activity, CompanyDetail, PersonDetail, SubjectType } from '@beacon/contract';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../../../../lib/store.ts';
import {
  recordPageApi,
  useAddNoteMutation,
  useCompanyDetailQuery,
  useDeleteNoteMutation,
  usePersonDetailQuery,
  useRecordTimelineInfiniteQuery,
  useUpdateNoteMutation,
  type PageSubject,
} from '../../api/record-page-api.ts';
import { compareActivities, type RecordState, type TimelineState } from '../state/record-state.ts';
import type { CallError } from '../utils/call-error.ts';

/** What a record page has and can do: its record, its timeline and notes (the page's components). */
export interface RecordPage<D> {
  state: RecordState<D>;
  /** Fetches the record again; the page keeps showing what it has meanwhile. */
  refresh: () => void;
  replace: (data: D) => void;
  /** Reads the timeline again (after a write), adding what is new. */
  refreshTimeline: () => void;
  loadMore: () => void;
  addNote: (body: string) => Promise<void>;
  updateNote: (noteId: string, body: string) => Promise<void>;
  deleteNote: (noteId: string) => Promise<void>;
}

/** A record page's timeline and notes: the part of `RecordPage` every subject shares. */
export type RecordTimeline = Pick<
  RecordPage<unknown>,
  'refreshTimeline' | 'loadMore' | 'addNote' | 'updateNote' | 'deleteNote'
> & { timeline: TimelineState };

/** What a record's id looks like; anything else in the address is no record (a 404). */
export const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const noSuchRecord: CallError = { message: 'Not found', status: 404, code: 'NOT_FOUND' };

type DetailOf<S extends PageSubject> = S extends 'person' ? PersonDetail : CompanyDetail;

/** The activities of the timeline's pages, each once, newest first. */
function activitiesOf(pages: readonly { items: Activity[] }[] | undefined): Activity[] {
  const byId = new Map<string, Activity>();
  for (const page of pages ?? []) for (const item of page.items) byId.set(item.id, item);
  return [...byId.values()].sort(compareActivities);
}

/**
 * The timeline and notes of a person, a company or a deal (`recordPageApi`): the timeline's pages
 * as one list (each activity once, newest first), the next page, and the note calls. Adding or
 * deleting a note reads the record again too (its `CrmRecord` tag), since a note moves the
 * record's version on. An id that is no record's reads nothing.
 */
export function useRecordTimeline(subject: SubjectType, id: string): RecordTimeline {
  const valid = RECORD_ID.test(id);
  const timeline = useRecordTimelineInfiniteQuery(valid ? { subject, id } : skipToken);
  const [addNoteCall] = useAddNoteMutation();
  const [updateNoteCall] = useUpdateNoteMutation();
  const [deleteNoteCall] = useDeleteNoteMutation();

  const pages = timeline.data?.pages;
  const timelineState: TimelineState = useMemo(
    () => ({
      items: activitiesOf(pages),
      nextCursor: pages?.at(-1)?.nextCursor ?? null,
      loaded: pages !== undefined,
      loading: timeline.isFetching,
      error: (timeline.error as CallError | undefined) ?? null,
    }),
    [pages, timeline.isFetching, timeline.error],
  );
  const { refetch: refetchTimeline, fetchNextPage, hasNextPage, isFetching } = timeline;
  const refreshTimeline = useCallback(() => {
    if (valid) void refetchTimeline();
  }, [valid, refetchTimeline]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);

  const addNote = useCallback(
    async (body: string) => {
      await addNoteCall({ subject, id, body }).unwrap();
    },
    [addNoteCall, subject, id],
  );
  const updateNote = useCallback(
    async (noteId: string, body: string) => {
      await updateNoteCall({ subject, id, noteId, body }).unwrap();
    },
    [updateNoteCall, subject, id],
  );
  const deleteNote = useCallback(
    async (noteId: string) => {
      await deleteNoteCall({ subject, id, noteId }).unwrap();
    },
    [deleteNoteCall, subject, id],
  );

  return { timeline: timelineState, refreshTimeline, loadMore, addNote, updateNote, deleteNote };
}

/**
 * A person's or a company's page: its data and timeline, with the calls that change them
 * (`recordPageApi`; the deal page composes its deal with `useRecordTimeline`). The page
 * is live: the record's cache entry follows `crm.changed` from elsewhere and reads the record and
 * the timeline again, as it does when the realtime channel comes back after a break.
 */
export function useCrmRecordPage<S extends PageSubject>(
  subject: S,
  id: string,
): RecordPage<DetailOf<S>> {
  const dispatch = useDispatch<AppDispatch>();
  // `/dashboard/people/new` and other words are not ids: the page says "not found" at once.
  const valid = RECORD_ID.test(id);
  const person = usePersonDetailQuery(subject === 'person' && valid ? id : skipToken);
  const company = useCompanyDetailQuery(subject === 'company' && valid ? id : skipToken);
  const detail = subject === 'person' ? person : company;
  const { timeline, ...timelineCalls } = useRecordTimeline(subject, id);

  const detailError = (valid ? detail.error : noSuchRecord) as CallError | undefined;
  const data = (detail.currentData ??
    // Gone (deleted elsewhere while the page was open): show that, not the old record.
    (detailError?.status === 404 ? null : (detail.data ?? null))) as DetailOf<S> | null;
  const state: RecordState<DetailOf<S>> = {
    loading: detail.isFetching,
    error: detailError ?? null,
    data: detailError?.status === 404 ? null : data,
    timeline,
  };

  const { refetch: refetchDetail } = detail;
  const refresh = useCallback(() => {
    if (valid) void refetchDetail();
  }, [valid, refetchDetail]);

  /** The record after a write the page made (a field saved, a list joined). */
  const replace = useCallback(
    (next: DetailOf<S>) => {
      dispatch(
        subject === 'person'
          ? recordPageApi.util.updateQueryData('personDetail', id, () => next as PersonDetail)
          : recordPageApi.util.updateQueryData('companyDetail', id, () => next as CompanyDetail),
      );
    },
    [dispatch, subject, id],
  );

  return { state, refresh, replace, ...timelineCalls };
}
