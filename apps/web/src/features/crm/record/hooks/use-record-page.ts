import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { SubjectType } from '@beacon/contract';
import { recordApi } from '../../api/record-api.ts';
import { useCrmChanges } from '../../hooks/use-crm-changes.ts';
import { initialRecordState, recordReducer, type RecordState } from '../state/record-state.ts';
import { toCallError } from '../utils/call-error.ts';

/** What a record's id looks like; anything else in the address is no record (a 404). */
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const noSuchRecord = { message: 'Not found', status: 404, code: 'NOT_FOUND' };

let requests = 0;
const nextRequestId = () => `r${(requests += 1)}`;

export interface RecordPage<D> {
  state: RecordState<D>;
  /** Fetches the record again; the page keeps showing what it has meanwhile. */
  refresh: () => void;
  replace: (data: D) => void;
  /** Reads the first page of the timeline again (after a write), adding what is new. */
  refreshTimeline: () => void;
  loadMore: () => void;
  addNote: (body: string) => Promise<void>;
  updateNote: (noteId: string, body: string) => Promise<void>;
  deleteNote: (noteId: string) => Promise<void>;
}

/** How long changes by others are gathered before the page reads itself again. */
const LIVE_DELAY_MS = 400;

/**
 * A record page's data and timeline, with the calls that change them. The page is live: when CRM
 * records change elsewhere (another member, another tab), it reads the record and the first page
 * of the timeline again, at most once per `LIVE_DELAY_MS`, as it does when the realtime channel
 * comes back after a break.
 */
export function useRecordPage<D>(
  subject: SubjectType,
  id: string,
  fetchDetail: (id: string, signal?: AbortSignal) => Promise<D>,
): RecordPage<D> {
  const [state, dispatch] = useReducer(recordReducer<D>, undefined, initialRecordState<D>);

  const refresh = useCallback(() => {
    const requestId = nextRequestId();
    dispatch({ type: 'fetch/start', requestId });
    // `/dashboard/people/new` and other words are not ids: the page says "not found" at once.
    if (!RECORD_ID.test(id)) {
      dispatch({ type: 'fetch/failure', requestId, error: noSuchRecord });
      return;
    }
    fetchDetail(id).then(
      (data) => dispatch({ type: 'fetch/success', requestId, data }),
      (error: unknown) => dispatch({ type: 'fetch/failure', requestId, error: toCallError(error) }),
    );
  }, [fetchDetail, id]);

  const readTimeline = useCallback(
    (cursor: string | null) => {
      if (!RECORD_ID.test(id)) return;
      const requestId = nextRequestId();
      dispatch({ type: 'timeline/start', requestId, cursor });
      recordApi.activity(subject, id, cursor).then(
        (page) => dispatch({ type: 'timeline/success', requestId, cursor, page }),
        (error: unknown) =>
          dispatch({ type: 'timeline/failure', requestId, error: toCallError(error) }),
      );
    },
    [subject, id],
  );

  useEffect(() => {
    dispatch({ type: 'reset' });
    refresh();
    readTimeline(null);
  }, [refresh, readTimeline]);

  const refreshTimeline = useCallback(() => readTimeline(null), [readTimeline]);

  const liveTimer = useRef<number | undefined>(undefined);
  // Another record (or leaving): a refresh planned for the previous one is dropped.
  useEffect(
    () => () => {
      window.clearTimeout(liveTimer.current);
      liveTimer.current = undefined;
    },
    [refresh, readTimeline],
  );
  useCrmChanges(() => {
    if (liveTimer.current !== undefined) return;
    liveTimer.current = window.setTimeout(() => {
      liveTimer.current = undefined;
      refresh();
      readTimeline(null);
    }, LIVE_DELAY_MS);
  });
  const { nextCursor, loading: timelineLoading } = state.timeline;
  const loadMore = useCallback(() => {
    if (nextCursor && !timelineLoading) readTimeline(nextCursor);
  }, [readTimeline, nextCursor, timelineLoading]);

  // Adding or deleting a note moves the record's version (`updatedAt`) on: the page reads the
  // record too, so that its next field change is made on the version it now has.
  const addNote = useCallback(
    async (body: string) => {
      await recordApi.addNote(subject, id, body);
      refresh();
      readTimeline(null);
    },
    [subject, id, refresh, readTimeline],
  );
  const updateNote = useCallback(async (noteId: string, body: string) => {
    const note = await recordApi.updateNote(noteId, body);
    dispatch({ type: 'note/saved', note });
  }, []);
  const deleteNote = useCallback(
    async (noteId: string) => {
      await recordApi.deleteNote(noteId);
      dispatch({ type: 'note/removed', noteId });
      refresh();
    },
    [refresh],
  );
  const replace = useCallback((data: D) => dispatch({ type: 'data/replace', data }), []);

  return { state, refresh, replace, refreshTimeline, loadMore, addNote, updateNote, deleteNote };
}
