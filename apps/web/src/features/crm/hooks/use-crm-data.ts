import { useCallback, useEffect, useState } from 'react';
import type { ListKind, Member, RecordList } from '@beacon/contract';
import { listsApi, membersApi } from '../api/crm-api.ts';

/** The workspace's members, for owner names and pickers (empty until they arrive). */
export function useMembers(): Member[] {
  const [members, setMembers] = useState<Member[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    membersApi.list(controller.signal).then(setMembers, () => {
      // Without members, owners show as empty; the table still works.
    });
    return () => controller.abort();
  }, []);
  return members;
}

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
