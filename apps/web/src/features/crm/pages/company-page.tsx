import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { CompanyDetail, CompanyPatch, Person } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ArrowBackIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import { atCompany, recordApi } from '../api/record-api.ts';
import { MembersTable } from '../lists/members-table.tsx';
import { AddToListDialog } from '../record/components/add-to-list-dialog.tsx';
import { CompanyFields } from '../record/components/company-fields.tsx';
import { CompanyHeader } from '../record/components/company-header.tsx';
import { RecordActivity } from '../record/components/record-activity.tsx';
import { RecordListsCard } from '../record/components/record-lists-card.tsx';
import {
  EmptyState,
  LoadError,
  RecordNotFound,
  RecordPageSkeleton,
} from '../record/components/record-states.tsx';
import type { RecordTab } from '../record/components/record-tabs.tsx';
import { useMembers } from '../record/hooks/use-members.ts';
import { usePagedRecords } from '../record/hooks/use-paged-records.ts';
import { useRecordLists } from '../record/hooks/use-record-lists.ts';
import { useRecordPage } from '../record/hooks/use-record-page.ts';
import { callErrorText } from '../record/utils/call-error.ts';

export interface CompanyPageProps {
  canEdit: boolean;
  currentUserId: string | null;
  /** Sections of later areas (decision 013). */
  extraTabs?: RecordTab[];
}

/** `/dashboard/companies/:id`: a company's facts, fields, people, lists and timeline. */
export function CompanyPage({ canEdit, currentUserId, extraTabs }: CompanyPageProps) {
  const { id = '' } = useParams();
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const page = useRecordPage<CompanyDetail>('company', id, recordApi.company);
  const { state, refresh, replace, refreshTimeline } = page;
  const { members, nameOf } = useMembers();
  const [addingToList, setAddingToList] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const context = useMemo(() => ({ memberName: nameOf }), [nameOf]);
  const data = state.data;

  const fetchPeople = useCallback(
    (cursor: string | null, signal: AbortSignal) =>
      recordApi.people(atCompany(id), { cursor, signal }),
    [id],
  );
  const people = usePagedRecords<Person>(fetchPeople);

  const afterListChange = useCallback(() => {
    refresh();
    refreshTimeline();
  }, [refresh, refreshTimeline]);
  const lists = useRecordLists(id, afterListChange);

  const save = useCallback(
    async (patch: CompanyPatch) => {
      if (!data) return;
      const company = await recordApi.patchCompany(id, patch);
      replace({ ...data, company });
      refreshTimeline();
    },
    [data, id, replace, refreshTimeline],
  );

  if (!data) {
    if (state.error?.status === 404) {
      return (
        <>
          <PageTitle title={t('company.notFoundTitle')} />
          <RecordNotFound
            title={t('company.notFoundTitle')}
            text={t('company.notFoundText')}
            backTo={paths.dashboard.companies}
            backLabel={t('actions.backToCompanies')}
          />
        </>
      );
    }
    if (state.error) return <LoadError error={state.error} onRetry={refresh} />;
    return <RecordPageSkeleton />;
  }

  const { company } = data;

  return (
    <Stack spacing={3}>
      <PageTitle title={company.name} />
      <Box>
        <Button
          component={RouterLink}
          to={paths.dashboard.companies}
          color="inherit"
          size="small"
          startIcon={
            <ArrowBackIcon
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          }
        >
          {t('actions.backToCompanies')}
        </Button>
      </Box>
      <CompanyHeader
        company={company}
        ownerName={company.ownerId ? nameOf(company.ownerId) : null}
        canEdit={canEdit}
        onAddToList={() => setAddingToList(true)}
        onDelete={() => setDeleting(true)}
      />
      <Card>
        <CardHeader
          title={t('company.peopleCount', { count: company.peopleCount })}
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        <Box sx={{ px: { xs: 0, sm: 1 }, pb: 1 }}>
          {people.state.error && !people.state.loaded ? (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button color="inherit" size="small" onClick={people.reload}>
                  {t('actions.retry')}
                </Button>
              }
            >
              {callErrorText(t, people.state.error)}
            </Alert>
          ) : people.state.loaded && people.state.items.length === 0 ? (
            <Box sx={{ p: 2 }}>
              <EmptyState>{t('company.peopleEmpty')}</EmptyState>
            </Box>
          ) : (
            <MembersTable
              kind="people"
              hideCompany
              label={t('company.people')}
              rows={people.state.items}
              loading={people.state.loading}
              hasMore={Boolean(people.state.nextCursor)}
              onLoadMore={people.loadMore}
            />
          )}
        </Box>
      </Card>
      {!canEdit && <Alert severity="info">{t('hints.readOnly')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ order: { xs: 2, md: 1 } }}>
          <RecordListsCard
            lists={data.lists}
            canEdit={canEdit}
            onAdd={() => setAddingToList(true)}
            onRemove={(list) => void lists.remove(list)}
          />
          <CompanyFields company={company} members={members} canEdit={canEdit} save={save} />
        </Stack>
        <Box sx={{ order: { xs: 1, md: 2 } }}>
          <RecordActivity
            subject={{ type: 'company', id }}
            page={page}
            context={context}
            canEdit={canEdit}
            currentUserId={currentUserId}
            extraTabs={extraTabs}
          />
        </Box>
      </Box>

      <AddToListDialog
        open={addingToList}
        kind="companies"
        current={data.lists}
        onClose={() => setAddingToList(false)}
        onAdd={async (list) => {
          await lists.add(list);
          setAddingToList(false);
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={t('company.deleteTitle')}
        text={t('company.deleteText', { name: company.name })}
        confirmLabel={t('actions.delete')}
        busy={busy}
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          setBusy(true);
          recordApi.deleteCompany(id).then(
            () => {
              enqueueSnackbar(t('company.deleted'));
              void navigate(paths.dashboard.companies, { replace: true });
            },
            (error: unknown) => {
              setBusy(false);
              setDeleting(false);
              enqueueSnackbar(callErrorText(t, error), { variant: 'error' });
            },
          );
        }}
      />
    </Stack>
  );
}
