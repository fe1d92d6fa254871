import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordList } from '@beacon/contract';
import { useSnackbar } from '../../../../components/snackbar/index.ts';
import { useAddToListMutation, useRemoveFromListMutation } from '../../api/lists-api.ts';
import { callErrorText } from '../utils/call-error.ts';

/**
 * Adding the record to a list and taking it off one; then the page reads the record (its lists)
 * and the first page of its timeline again.
 */
export function useRecordLists(recordId: string, after: () => void) {
  const { t } = useTranslation('records');
  const { enqueueSnackbar } = useSnackbar();
  const [addToList] = useAddToListMutation();
  const [removeFromList] = useRemoveFromListMutation();
  const add = useCallback(
    async (list: RecordList) => {
      try {
        await addToList({ id: list.id, selection: { ids: [recordId] } }).unwrap();
        enqueueSnackbar(t('lists.addedTo', { list: list.name }));
        after();
      } catch (error) {
        enqueueSnackbar(callErrorText(t, error), { variant: 'error' });
        throw error;
      }
    },
    [addToList, recordId, after, enqueueSnackbar, t],
  );
  const remove = useCallback(
    async (list: RecordList) => {
      try {
        await removeFromList({ id: list.id, ids: [recordId] }).unwrap();
        enqueueSnackbar(t('lists.removedFrom', { list: list.name }));
        after();
      } catch (error) {
        enqueueSnackbar(callErrorText(t, error), { variant: 'error' });
      }
    },
    [removeFromList, recordId, after, enqueueSnackbar, t],
  );
  return { add, remove };
}
