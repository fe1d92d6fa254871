import type { Activity, ActivityPage, Note } from '@beacon/contract';
import type { CallError } from '../utils/call-error.ts';

/**
 * The state of one record page (a person or a company): loading, error and the data of the
 * spec's data areas, plus the timeline read page by page. It lives with the page (`useReducer`),
 * not in the app's store: nothing else reads it, and leaving the page forgets it.
 */
export interface TimelineState {
  items: Activity[];
  nextCursor: string | null;
  /** The first page has arrived. */
  loaded: boolean;
  loading: boolean;
  error: CallError | null;
  /** The latest request: an older one that answers late is ignored. */
  requestId: string | null;
}

export interface RecordState<D> {
  /** Set when a call for the record starts, cleared when it ends. */
  loading: boolean;
  /** The last failed fetch; cleared when the next one starts. */
  error: CallError | null;
  data: D | null;
  requestId: string | null;
  timeline: TimelineState;
}

export type RecordAction<D> =
  /** Another record: start from nothing. */
  | { type: 'reset' }
  | { type: 'fetch/start'; requestId: string }
  | { type: 'fetch/success'; requestId: string; data: D }
  | { type: 'fetch/failure'; requestId: string; error: CallError }
  /** The record after a write the page made (a field saved, a list joined). */
  | { type: 'data/replace'; data: D }
  /** `cursor` null: the first page (again); else the page after the one shown. */
  | { type: 'timeline/start'; requestId: string; cursor: string | null }
  | { type: 'timeline/success'; requestId: string; cursor: string | null; page: ActivityPage }
  | { type: 'timeline/failure'; requestId: string; error: CallError }
  | { type: 'note/saved'; note: Note }
  | { type: 'note/removed'; noteId: string };

export const initialTimeline: TimelineState = {
  items: [],
  nextCursor: null,
  loaded: false,
  loading: false,
  error: null,
  requestId: null,
};

export function initialRecordState<D>(): RecordState<D> {
  return { loading: false, error: null, data: null, requestId: null, timeline: initialTimeline };
}

/** Newest first; ties by id, as the server orders them. */
export function compareActivities(a: Activity, b: Activity): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function mergeActivities(current: Activity[], incoming: Activity[]): Activity[] {
  const byId = new Map(current.map((activity) => [activity.id, activity]));
  for (const activity of incoming) byId.set(activity.id, activity);
  return [...byId.values()].sort(compareActivities);
}

function timelineReducer(state: TimelineState, action: RecordAction<unknown>): TimelineState {
  switch (action.type) {
    case 'timeline/start':
      return { ...state, loading: true, error: null, requestId: action.requestId };
    case 'timeline/success': {
      if (action.requestId !== state.requestId) return state;
      const { cursor, page } = action;
      if (cursor === null && !state.loaded) {
        return {
          ...state,
          items: [...page.items].sort(compareActivities),
          nextCursor: page.nextCursor,
          loaded: true,
          loading: false,
        };
      }
      // The first page again (after a write): add what is new, keep where the tail was.
      // A later page: add it, and go on from its cursor.
      return {
        ...state,
        items: mergeActivities(state.items, page.items),
        nextCursor: cursor === null ? state.nextCursor : page.nextCursor,
        loaded: true,
        loading: false,
      };
    }
    case 'timeline/failure':
      if (action.requestId !== state.requestId) return state;
      return { ...state, loading: false, error: action.error };
    case 'note/saved':
      return {
        ...state,
        items: state.items.map((activity) =>
          activity.note?.id === action.note.id ? { ...activity, note: action.note } : activity,
        ),
      };
    case 'note/removed':
      return {
        ...state,
        items: state.items.filter(
          (activity) => !(activity.kind === 'note_added' && activity.note?.id === action.noteId),
        ),
      };
    default:
      return state;
  }
}

export function recordReducer<D>(state: RecordState<D>, action: RecordAction<D>): RecordState<D> {
  switch (action.type) {
    case 'reset':
      return initialRecordState<D>();
    case 'fetch/start':
      return { ...state, loading: true, error: null, requestId: action.requestId };
    case 'fetch/success':
      if (action.requestId !== state.requestId) return state;
      return { ...state, loading: false, data: action.data };
    case 'fetch/failure':
      if (action.requestId !== state.requestId) return state;
      // Gone (deleted elsewhere while the page was open): show that, not the old record.
      if (action.error.status === 404) {
        return { ...state, loading: false, error: action.error, data: null };
      }
      return { ...state, loading: false, error: action.error };
    case 'data/replace':
      // The page's own write is newer than any read under way: that read's answer is dropped.
      return { ...state, data: action.data, loading: false, requestId: null };
    default: {
      const timeline = timelineReducer(state.timeline, action as RecordAction<unknown>);
      return timeline === state.timeline ? state : { ...state, timeline };
    }
  }
}

/** The notes of the loaded timeline, newest first. */
export function notesOf(items: Activity[]): Note[] {
  return items.flatMap((activity) =>
    activity.kind === 'note_added' && activity.note ? [activity.note] : [],
  );
}
