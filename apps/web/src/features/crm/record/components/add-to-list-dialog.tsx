import { useId, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import type { ListKind, RecordList } from '@beacon/contract';
import { useRecordListsOfKindQuery } from '../../api/crm-data-api.ts';
import { callErrorText, type CallError } from '../utils/call-error.ts';
import { RetryAlert } from './record-states.tsx';

export interface AddToListDialogProps {
  open: boolean;
  kind: ListKind;
  /** The lists the record is already on (not offered). */
  current: RecordList[];
  onAdd: (list: RecordList) => Promise<void>;
  onClose: () => void;
}

/** Picks a list of the record's kind to add it to. */
export function AddToListDialog({ open, kind, current, onAdd, onClose }: AddToListDialogProps) {
  const { t } = useTranslation('records');
  const id = useId();
  const read = useRecordListsOfKindQuery(open ? kind : skipToken);
  const lists = read.currentData ?? null;
  const error = read.isError ? (read.error as CallError) : null;
  const [busy, setBusy] = useState<string | null>(null);

  const on = new Set(current.map((list) => list.id));
  const offered = lists?.filter((list) => !on.has(list.id)) ?? [];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={id}>
      <DialogTitle id={id}>{t('lists.chooseList')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {error ? (
          <RetryAlert sx={{ m: 2 }} onRetry={() => void read.refetch()}>
            {callErrorText(t, error)}
          </RetryAlert>
        ) : lists === null ? (
          <List role="status" aria-label={t('lists.loading')}>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} height={48} sx={{ mx: 2 }} />
            ))}
          </List>
        ) : offered.length === 0 ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('lists.noListToAdd')}
          </Alert>
        ) : (
          <List>
            {offered.map((list) => (
              <ListItemButton
                key={list.id}
                disabled={busy !== null}
                onClick={() => {
                  setBusy(list.id);
                  onAdd(list).finally(() => setBusy(null));
                }}
              >
                <ListItemText
                  primary={list.name}
                  secondary={t('lists.countOf', { count: list.count })}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
