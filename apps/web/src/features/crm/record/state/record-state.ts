import type { Activity } from '@beacon/contract';
import type { CallError } from '../utils/call-error.ts';

/**
 * What one record page (a person, a company, a deal) shows: loading, error and the data of the
 * spec's data areas, plus the timeline read page by page. The data is RTK Query's
 * (`api/record-page-api.ts`); `hooks/use-crm-record-page.ts` gives it this shape.
 */
export interface TimelineState {
  items: Activity[];
  nextCursor: string | null;
  /** The first page has arrived. */
  loaded: boolean;
  loading: boolean;
  error: CallError | null;
}

export interface RecordState<D> {
  /** Set when a call for the record starts, cleared when it ends. */
  loading: boolean;
  /** The last failed fetch; cleared when the next one starts. */
  error: CallError | null;
  data: D | null;
  timeline: TimelineState;
}

/** Newest first; ties by id, as the server orders them. */
export function compareActivities(a: Activity, b: Activity): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
