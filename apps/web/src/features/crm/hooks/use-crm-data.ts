import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { ListKind, RecordList } from '@beacon/contract';
import type { AppDispatch } from '../../../lib/store.ts';
import { crmDataApi, useRecordListsOfKindQuery } from '../api/crm-data-api.ts';

const NO_LISTS: RecordList[] = [];

/**
 * The lists of one kind, for the list filter, "add to list" and the import. Without them (a failed
 * read) the list filter and "add to list" offer only a new list.
 */
export function useLists(kind: ListKind) {
  const { data, refetch } = useRecordListsOfKindQuery(kind);
  const dispatch = useDispatch<AppDispatch>();
  const reload = useCallback(() => void refetch(), [refetch]);
  const added = useCallback(
    (list: RecordList) =>
      dispatch(
        crmDataApi.util.updateQueryData('recordListsOfKind', kind, (all) => {
          if (!all.some((one) => one.id === list.id)) all.push(list);
        }),
      ),
    [dispatch, kind],
  );
  return { lists: data ?? NO_LISTS, reload, added };
}
