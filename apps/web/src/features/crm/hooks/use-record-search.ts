import { useEffect, useState } from 'react';
import type { Company, Person } from '@beacon/contract';
import { useRecordSearchQuery } from '../api/records-api.ts';

/** What the search palette shows of the workspace's records for a query. */
export interface RecordSearch {
  people: Person[];
  companies: Company[];
  /** A search is under way (the results shown are the previous query's). */
  loading: boolean;
  /** The last search failed (offline, signed out): the palette says so. */
  failed: boolean;
}

/** How many of each kind the palette shows. */
export const RECORD_SEARCH_LIMIT = 5;
/** Typing pauses this long before the records are searched. */
const SEARCH_DELAY_MS = 200;

const idle: RecordSearch = { people: [], companies: [], loading: false, failed: false };

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * People and companies whose names, e-mails, titles or domains match `query` (the server's
 * trigram search, as in the tables), read once typing pauses (the `recordSearch` query; a newer
 * query leaves the older one's answer unused). Fewer than two characters search nothing.
 */
export function useRecordSearch(query: string): RecordSearch {
  const q = query.trim();
  const settled = useSettled(q, SEARCH_DELAY_MS);
  const skip = settled.length < 2;
  const result = useRecordSearchQuery({ q: settled, limit: RECORD_SEARCH_LIMIT }, { skip });
  if (q.length < 2) return idle;
  if (result.isError && !result.isFetching && settled === q) return { ...idle, failed: true };
  return {
    // The previous query's results stay while the new one is read.
    people: result.data?.people ?? [],
    companies: result.data?.companies ?? [],
    loading: settled !== q || result.isFetching,
    failed: false,
  };
}
