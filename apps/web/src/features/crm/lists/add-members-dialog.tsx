import { useEffect, useId, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ListKind } from '@beacon/contract';
import { CheckIcon, SearchIcon } from '../../../components/icons.tsx';
import { useListCandidatesQuery } from '../api/lists-api.ts';
import { callErrorText, type CallError } from '../record/utils/call-error.ts';
import { fullName } from '../record/utils/format.ts';

export interface AddMembersDialogProps {
  open: boolean;
  listId: string;
  kind: ListKind;
  onAdd: (ids: string[]) => Promise<void>;
  onClose: () => void;
}

/** Finds people (or companies) by search and adds the chosen ones to the list. */
export function AddMembersDialog({ open, listId, kind, onAdd, onClose }: AddMembersDialogProps) {
  const { t } = useTranslation('records');
  const id = useId();
  const [q, setQ] = useState('');
  const [searched, setSearched] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setQ('');
      setChosen(new Set());
      setSearched('');
    }
  }, [open]);

  // The search is read once typing pauses; the last results stay while the next are read.
  useEffect(() => {
    const timer = window.setTimeout(() => setSearched(q.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [q]);
  const read = useListCandidatesQuery(
    open && searched !== '' ? { id: listId, kind, q: searched } : skipToken,
  );
  const found = read.data ?? null;
  const error = read.isError ? (read.error as CallError) : null;
  const already = new Set(found?.onList);

  const toggle = (rowId: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(rowId)) next.delete(rowId);
      else next.add(rowId);
      return next;
    });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={id}>
      <DialogTitle id={id}>
        {kind === 'people' ? t('list.addTitlePeople') : t('list.addTitleCompanies')}
      </DialogTitle>
      <DialogContent dividers>
        <TextField
          fullWidth
          size="small"
          autoFocus
          value={q}
          onChange={(event) => setQ(event.target.value)}
          label={kind === 'people' ? t('list.searchPeople') : t('list.searchCompanies')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { type: 'search' },
          }}
        />
        <Box sx={{ minHeight: 240, mt: 1 }}>
          {error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {callErrorText(t, error)}
            </Alert>
          ) : q.trim() === '' ? (
            <Typography sx={{ color: 'text.secondary', p: 2 }}>{t('list.typeToSearch')}</Typography>
          ) : !found ? (
            <Box role="status" aria-label={t('states.loading')}>
              {[0, 1, 2].map((n) => (
                <Skeleton key={n} height={52} />
              ))}
            </Box>
          ) : found.rows.length === 0 ? (
            <Typography sx={{ color: 'text.secondary', p: 2 }}>{t('list.noResults')}</Typography>
          ) : (
            <List dense>
              {found.rows.map((row) => {
                const isPerson = 'firstName' in row;
                const name = isPerson ? fullName(row) || t('person.unnamed') : row.name;
                const secondary = isPerson
                  ? [row.jobTitle, row.companyName, row.email].filter(Boolean).join(' · ')
                  : [row.domain, row.industry].filter(Boolean).join(' · ');
                const isOn = already.has(row.id);
                return (
                  <ListItem key={row.id} disablePadding>
                    <ListItemButton
                      role="checkbox"
                      aria-checked={isOn || chosen.has(row.id)}
                      disabled={isOn}
                      onClick={() => toggle(row.id)}
                    >
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <CheckMark on={isOn || chosen.has(row.id)} />
                      </ListItemIcon>
                      <ListItemText
                        primary={name}
                        secondary={isOn ? t('list.alreadyOn') : secondary}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        {chosen.size > 0 && (
          <Typography variant="body2" sx={{ flex: 1, px: 1, color: 'text.secondary' }}>
            {t('list.selected', { count: chosen.size })}
          </Typography>
        )}
        <Button color="inherit" variant="outlined" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={chosen.size === 0}
          loading={busy}
          onClick={() => {
            setBusy(true);
            onAdd([...chosen]).finally(() => setBusy(false));
          }}
        >
          {t('list.addSelected')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A drawn checkbox: the row itself is the control (`role="checkbox"`), so nothing is nested. */
function CheckMark({ on }: { on: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 20,
        height: 20,
        borderRadius: 0.5,
        border: 2,
        borderColor: on ? 'primary.main' : 'text.secondary',
        bgcolor: on ? 'primary.main' : 'transparent',
        color: 'primary.contrastText',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {on && <CheckIcon sx={{ fontSize: 16, strokeWidth: 3 }} />}
    </Box>
  );
}
