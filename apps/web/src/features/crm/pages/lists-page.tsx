import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { ListKind, RecordList } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import {
  useCreateListMutation,
  useDeleteListMutation,
  usePatchListMutation,
  useRecordListsQuery,
} from '../api/lists-api.ts';
import { ListFormDialog } from '../lists/list-form-dialog.tsx';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons.tsx';
import { EmptyState, RetryAlert } from '../record/components/record-states.tsx';
import { TABS_SX } from '../record/components/record-tabs.tsx';
import { callErrorText, type CallError } from '../record/utils/call-error.ts';
import { formatDate, localeOf } from '../record/utils/format.ts';

export interface ListsPageProps {
  canEdit: boolean;
}

/** `/dashboard/lists`: the lists of people and of companies, with their counts. */
export function ListsPage({ canEdit }: ListsPageProps) {
  const { t, i18n } = useTranslation('records');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const kind: ListKind = params.get('kind') === 'companies' ? 'companies' : 'people';
  // Kept live (lists made, renamed, filled or emptied elsewhere, record 019): lists-api.ts.
  const lists = useRecordListsQuery();
  const [createList] = useCreateListMutation();
  const [patchList] = usePatchListMutation();
  const [deleteList] = useDeleteListMutation();
  const state = {
    data: lists.data ?? null,
    error: (lists.error as CallError | undefined) ?? null,
  };
  const reload = () => void lists.refetch();
  const [form, setForm] = useState<{ open: boolean; list: RecordList | null }>({
    open: false,
    list: null,
  });
  const [deleting, setDeleting] = useState<RecordList | null>(null);
  const [busy, setBusy] = useState(false);

  const all = state.data ?? [];
  const shown = all.filter((list) => list.kind === kind);
  const countOf = (k: ListKind) => all.filter((list) => list.kind === k).length;

  return (
    <Stack spacing={3}>
      <PageTitle title={t('lists.title')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
            {t('lists.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('lists.subtitle')}</Typography>
        </Box>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<PlusIcon />}
            onClick={() => setForm({ open: true, list: null })}
          >
            {t('lists.new')}
          </Button>
        )}
      </Stack>

      <Card>
        <Tabs
          value={kind}
          onChange={(_, value: ListKind) =>
            setParams(value === 'people' ? {} : { kind: value }, { replace: true })
          }
          sx={TABS_SX}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {(['people', 'companies'] as const).map((value) => (
            <Tab
              key={value}
              value={value}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{value === 'people' ? t('lists.peopleTab') : t('lists.companiesTab')}</span>
                  {state.data && (
                    <Box
                      component="span"
                      sx={{
                        px: 0.75,
                        borderRadius: 1,
                        bgcolor: 'action.selected',
                        typography: 'caption',
                        fontWeight: 700,
                      }}
                    >
                      {countOf(value)}
                    </Box>
                  )}
                </Stack>
              }
            />
          ))}
        </Tabs>

        {state.error && !state.data ? (
          <RetryAlert sx={{ m: 2 }} onRetry={reload}>
            {callErrorText(t, state.error)}
          </RetryAlert>
        ) : !state.data ? (
          <Box role="status" aria-label={t('lists.loading')} sx={{ p: 2 }}>
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} height={52} />
            ))}
          </Box>
        ) : shown.length === 0 ? (
          <Box sx={{ p: 3 }}>
            <EmptyState>
              {kind === 'people' ? t('lists.emptyPeople') : t('lists.emptyCompanies')}
            </EmptyState>
          </Box>
        ) : (
          <TableContainer>
            <Table aria-label={kind === 'people' ? t('lists.peopleTab') : t('lists.companiesTab')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.name')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {t('fields.description')}
                  </TableCell>
                  <TableCell align="right">{t('lists.count')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('lists.updated')}
                  </TableCell>
                  {canEdit && <TableCell padding="checkbox" />}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((list) => (
                  <TableRow key={list.id} hover>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`${paths.dashboard.lists}/${list.id}`}
                        dir="auto"
                        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                      >
                        {list.name}
                      </Link>
                    </TableCell>
                    <TableCell
                      dir="auto"
                      sx={{ display: { xs: 'none', md: 'table-cell' }, color: 'text.secondary' }}
                    >
                      {list.description}
                    </TableCell>
                    <TableCell align="right">
                      {list.count.toLocaleString(localeOf(i18n.language))}
                    </TableCell>
                    <TableCell
                      sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}
                    >
                      {formatDate(list.updatedAt, i18n.language)}
                    </TableCell>
                    {canEdit && (
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={t('actions.rename')}>
                          <IconButton
                            size="small"
                            aria-label={t('lists.renameOne', { name: list.name })}
                            onClick={() => setForm({ open: true, list })}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('actions.delete')}>
                          <IconButton
                            size="small"
                            aria-label={t('lists.deleteOne', { name: list.name })}
                            onClick={() => setDeleting(list)}
                          >
                            <TrashIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>

      <ListFormDialog
        open={form.open}
        list={form.list}
        defaultKind={kind}
        onClose={() => setForm({ open: false, list: form.list })}
        onSubmit={async (values) => {
          if (form.list) {
            await patchList({
              id: form.list.id,
              patch: { name: values.name, description: values.description },
            }).unwrap();
            enqueueSnackbar(t('lists.renamed'));
            setForm({ open: false, list: form.list });
          } else {
            const created = await createList(values).unwrap();
            enqueueSnackbar(t('lists.created'));
            setForm({ open: false, list: null });
            void navigate(`${paths.dashboard.lists}/${created.id}`);
          }
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('lists.deleteTitle')}
        text={t('lists.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const gone = deleting;
          setBusy(true);
          deleteList(gone.id)
            .unwrap()
            .then(
              () => {
                setBusy(false);
                setDeleting(null);
                enqueueSnackbar(t('lists.deleted'));
              },
              (error: unknown) => {
                setBusy(false);
                setDeleting(null);
                enqueueSnackbar(callErrorText(t, error), { variant: 'error' });
              },
            );
        }}
      />
    </Stack>
  );
}
