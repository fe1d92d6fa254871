import { useCallback, useEffect, useState } from 'react';
import type { ListKind, RecordList } from '@beacon/contract';
import { listsApi } from '../api/crm-api.ts';

/** The lists of one kind, for the list filter, "add to list" and the import. */
export function useLists(kind: ListKind) {
  const [lists, setLists] = useState<RecordList[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    listsApi.list(kind, controller.signal).then(setLists, () => {
      // The list filter and "add to list" then offer only a new list.
    });
    return () => controller.abort();
  }, [kind, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const added = useCallback((list: RecordList) => setLists((all) => [...all, list]), []);
  return { lists, reload, added };
}
