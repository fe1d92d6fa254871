import { useEffect, useState } from 'react';
import type { Company, Person } from '@beacon/contract';

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

/**
 * People and companies whose names, e-mails, titles or domains match `query` (the server's
 * trigram search, as in the tables), read once typing pauses; a newer query cancels the
 * older one's requests. Fewer than two characters search nothing.
 */
export function useRecordSearch(query: string): RecordSearch {
  const [state, setState] = useState<RecordSearch>(idle);
  const q = query.trim();

  useEffect(() => {
    if (q.length < 2) {
      setState(idle);
      return;
    }
    setState((current) => ({ ...current, loading: true }));
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const page = { q, limit: RECORD_SEARCH_LIMIT };
      // The CRM's client loads with the first search, not with the shell that holds the palette.
      import('../api/crm-api.ts')
        .then(({ peopleApi, companiesApi }) =>
          Promise.all([
            peopleApi.list(page, controller.signal),
            companiesApi.list(page, controller.signal),
          ]),
        )
        .then(
          ([people, companies]) =>
            setState({
              people: people.items,
              companies: companies.items,
              loading: false,
              failed: false,
            }),
          () => {
            if (!controller.signal.aborted) setState({ ...idle, failed: true });
          },
        );
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  return state;
}
