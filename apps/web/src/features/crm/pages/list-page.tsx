import { useEffect, useState } from 'react';
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
import { skipToken } from '@reduxjs/toolkit/query/react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SearchIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import {
  useAddToListMutation,
  useListMembersInfiniteQuery,
  useRecordListQuery,
  useRemoveFromListMutation,
} from '../api/lists-api.ts';
import { AddMembersDialog } from '../lists/add-members-dialog.tsx';
import { MembersTable, type MemberRow } from '../lists/members-table.tsx';
import { BackLink } from '../record/components/back-link.tsx';
import { PlusIcon, TrashIcon } from '../../../components/icons.tsx';
import { EmptyState, RecordPageFallback, RetryAlert } from '../record/components/record-states.tsx';
import { callErrorText, type CallError } from '../record/utils/call-error.ts';

export interface ListPageProps {
  canEdit: boolean;
}

/** `/dashboard/lists/:id`: a list's members, searched, added and removed. */
export function ListPage({ canEdit }: ListPageProps) {
  const { id = '' } = useParams();
  const { t } = useTranslation('records');
  const { enqueueSnackbar } = useSnackbar();
  // The list and its members are kept live (record 019): lists-api.ts.
  const listQuery = useRecordListQuery(id);
  // Deleted elsewhere while the page was open: show that, not the old list.
  const listError = (listQuery.error as CallError | undefined) ?? null;
  const list = listError?.status === 404 ? null : (listQuery.data ?? null);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);

  // Search as the reader types, a moment after the last key.
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [search]);

  const kind = list?.kind;
  const membersQuery = useListMembersInfiniteQuery(kind ? { id, kind, q } : skipToken);
  const [addToList] = useAddToListMutation();
  const [removeFromList] = useRemoveFromListMutation();
  const members = {
    state: {
      items: (membersQuery.currentData?.pages.flatMap((page): MemberRow[] => page.items) ??
        []) as MemberRow[],
      loaded: membersQuery.currentData !== undefined,
      loading: membersQuery.isFetching,
      error: (membersQuery.error as CallError | undefined) ?? null,
      nextCursor: membersQuery.hasNextPage ? 'more' : null,
    },
    reload: () => void membersQuery.refetch(),
    loadMore: () => {
      if (membersQuery.hasNextPage && !membersQuery.isFetching) void membersQuery.fetchNextPage();
    },
  };

  useEffect(() => setSelected(new Set()), [q, id]);

  if (!list) {
    return (
      <RecordPageFallback
        error={listError}
        onRetry={() => void listQuery.refetch()}
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
            const { affected } = await addToList({ id: list.id, selection: { ids } }).unwrap();
            enqueueSnackbar(t('list.added', { count: affected }));
            setAdding(false);
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
          removeFromList({ id: list.id, ids })
            .unwrap()
            .then(
              ({ affected }) => {
                setBusy(false);
                setRemoving(false);
                setSelected(new Set());
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
