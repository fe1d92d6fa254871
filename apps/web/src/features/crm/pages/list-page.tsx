import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { RecordList } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SearchIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import { onList, recordApi } from '../api/record-api.ts';
import { useCrmChanges } from '../hooks/use-crm-changes.ts';
import { AddMembersDialog } from '../lists/add-members-dialog.tsx';
import { MembersTable, type MemberRow } from '../lists/members-table.tsx';
import { BackLink } from '../record/components/back-link.tsx';
import { PlusIcon, TrashIcon } from '../../../components/icons.tsx';
import { EmptyState, RecordPageFallback, RetryAlert } from '../record/components/record-states.tsx';
import { usePagedRecords } from '../record/hooks/use-paged-records.ts';
import { callErrorText, toCallError, type CallError } from '../record/utils/call-error.ts';

export interface ListPageProps {
  canEdit: boolean;
}

/** `/dashboard/lists/:id`: a list's members, searched, added and removed. */
export function ListPage({ canEdit }: ListPageProps) {
  const { id = '' } = useParams();
  const { t } = useTranslation('records');
  const { enqueueSnackbar } = useSnackbar();
  const [list, setList] = useState<RecordList | null>(null);
  const [listError, setListError] = useState<CallError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setListError(null);
    recordApi.list(id, controller.signal).then(setList, (error: unknown) => {
      if (controller.signal.aborted) return;
      const failure = toCallError(error);
      // Deleted elsewhere while the page was open: show that, not the old list.
      if (failure.status === 404) setList(null);
      setListError(failure);
    });
    return () => controller.abort();
  }, [id, attempt]);

  // Search as the reader types, a moment after the last key.
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [search]);

  const kind = list?.kind;
  const fetchPage = useCallback(
    async (cursor: string | null, signal: AbortSignal) => {
      if (!kind) return { items: [] as MemberRow[], nextCursor: null };
      const read = kind === 'people' ? recordApi.people : recordApi.companies;
      return read(onList(id), { q, cursor, signal });
    },
    [id, kind, q],
  );
  const members = usePagedRecords<MemberRow>(fetchPage);
  // The list, or the records on it, changed elsewhere (record 019): read both again.
  useCrmChanges((change) => {
    if (change === null || change.entity === kind || change.entity === 'lists') {
      setAttempt((n) => n + 1);
      members.reload();
    }
  });

  useEffect(() => setSelected(new Set()), [q, id]);

  if (!list) {
    return (
      <RecordPageFallback
        error={listError}
        onRetry={() => setAttempt((n) => n + 1)}
        notFoundTitle={t('list.notFoundTitle')}
        notFoundText={t('list.notFoundText')}
        backTo={paths.dashboard.lists}
        backLabel={t('actions.backToLists')}
        loading={
          <Stack spacing={3} role="status" aria-label={t('states.loading')}>
            <Skeleton width="30%" height={48} />
            <Skeleton variant="rounded" height={320} />
          </Stack>
        }
      />
    );
  }

  const changeCount = (delta: number) =>
    setList((previous) => (previous ? { ...previous, count: previous.count + delta } : previous));

  return (
    <Stack spacing={3}>
      <PageTitle title={list.name} />
      <BackLink
        to={
          list.kind === 'people' ? paths.dashboard.lists : `${paths.dashboard.lists}?kind=companies`
        }
        label={t('actions.backToLists')}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {list.name}
            </Typography>
            <Chip size="small" label={t(`lists.kinds.${list.kind}`)} />
          </Stack>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('lists.countOf', { count: list.count })}
          </Typography>
          {list.description && (
            <Typography dir="auto" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {list.description}
            </Typography>
          )}
        </Box>
        {canEdit && (
          <Button variant="contained" startIcon={<PlusIcon />} onClick={() => setAdding(true)}>
            {list.kind === 'people' ? t('list.addPeople') : t('list.addCompanies')}
          </Button>
        )}
      </Stack>

      <Card>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ p: 2, alignItems: { sm: 'center' } }}
        >
          <TextField
            size="small"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            label={t('list.search')}
            sx={{ flex: 1, maxWidth: { sm: 360 } }}
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
          {canEdit && selected.size > 0 && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
                {t('list.selected', { count: selected.size })}
              </Typography>
              <Button
                color="error"
                variant="outlined"
                startIcon={<TrashIcon />}
                onClick={() => setRemoving(true)}
              >
                {t('list.removeSelected')}
              </Button>
            </Stack>
          )}
        </Stack>
        {members.state.error && !members.state.loaded ? (
          <RetryAlert sx={{ m: 2 }} onRetry={members.reload}>
            {callErrorText(t, members.state.error)}
          </RetryAlert>
        ) : members.state.loaded && members.state.items.length === 0 ? (
          <Box sx={{ p: 2, pt: 0 }}>
            <EmptyState>{q ? t('list.noMatch', { q }) : t('list.empty')}</EmptyState>
          </Box>
        ) : (
          <MembersTable
            kind={list.kind}
            label={list.name}
            rows={members.state.items}
            loading={members.state.loading}
            hasMore={Boolean(members.state.nextCursor)}
            onLoadMore={members.loadMore}
            selected={canEdit ? selected : undefined}
            onSelect={
              canEdit
                ? (ids, on) =>
                    setSelected((previous) => {
                      const next = new Set(previous);
                      for (const rowId of ids) {
                        if (on) next.add(rowId);
                        else next.delete(rowId);
                      }
                      return next;
                    })
                : undefined
            }
          />
        )}
      </Card>

      <AddMembersDialog
        open={adding}
        listId={list.id}
        kind={list.kind}
        onClose={() => setAdding(false)}
        onAdd={async (ids) => {
          try {
            const { affected } = await recordApi.addToList(list.id, ids);
            enqueueSnackbar(t('list.added', { count: affected }));
            changeCount(affected);
            setAdding(false);
            members.reload();
          } catch (error) {
            enqueueSnackbar(callErrorText(t, error), { variant: 'error' });
          }
        }}
      />
      <ConfirmDialog
        open={removing}
        title={t('list.removeSelected')}
        text={t('list.removeText', { count: selected.size, list: list.name })}
        confirmLabel={t('actions.remove')}
        busy={busy}
        onClose={() => setRemoving(false)}
        onConfirm={() => {
          const ids = [...selected];
          setBusy(true);
          recordApi.removeFromList(list.id, ids).then(
            ({ affected }) => {
              setBusy(false);
              setRemoving(false);
              setSelected(new Set());
              members.remove(ids);
              changeCount(-affected);
              enqueueSnackbar(t('list.removed', { count: affected }));
            },
            (error: unknown) => {
              setBusy(false);
              setRemoving(false);
              enqueueSnackbar(callErrorText(t, error), { variant: 'error' });
            },
          );
        }}
      />
    </Stack>
  );
}
