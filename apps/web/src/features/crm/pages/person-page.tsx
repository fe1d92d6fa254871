import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { PersonDetail, PersonPatch } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ArrowBackIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import { recordApi } from '../api/record-api.ts';
import { AddToListDialog } from '../record/components/add-to-list-dialog.tsx';
import { CompanyCard } from '../record/components/company-card.tsx';
import { PersonFields } from '../record/components/person-fields.tsx';
import { PersonHeader } from '../record/components/person-header.tsx';
import { RecordActivity } from '../record/components/record-activity.tsx';
import { RecordListsCard } from '../record/components/record-lists-card.tsx';
import {
  LoadError,
  RecordNotFound,
  RecordPageSkeleton,
} from '../record/components/record-states.tsx';
import type { RecordTab } from '../record/components/record-tabs.tsx';
import { useMembers } from '../record/hooks/use-members.ts';
import { useRecordLists } from '../record/hooks/use-record-lists.ts';
import { useRecordPage } from '../record/hooks/use-record-page.ts';
import { callErrorText } from '../record/utils/call-error.ts';
import { fullName } from '../record/utils/format.ts';

export interface PersonPageProps {
  /** Admins and contributors change the person; viewers read. */
  canEdit: boolean;
  /** Who is signed in: their own notes can be edited and deleted. */
  currentUserId: string | null;
  /** Sections of later areas (decision 013). */
  extraTabs?: RecordTab[];
}

/** `/dashboard/people/:id`: a person's facts, fields, company, lists and timeline with notes. */
export function PersonPage({ canEdit, currentUserId, extraTabs }: PersonPageProps) {
  const { id = '' } = useParams();
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const page = useRecordPage<PersonDetail>('person', id, recordApi.person);
  const { state, refresh, replace, refreshTimeline } = page;
  const { members, nameOf } = useMembers();
  const [addingToList, setAddingToList] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const data = state.data;
  const company = data?.company ?? null;
  const context = useMemo(
    () => ({
      memberName: nameOf,
      companyName: (companyId: string) => (companyId === company?.id ? company.name : null),
    }),
    [nameOf, company],
  );

  const afterListChange = useCallback(() => {
    refresh();
    refreshTimeline();
  }, [refresh, refreshTimeline]);
  const lists = useRecordLists(id, afterListChange);

  const save = useCallback(
    async (patch: PersonPatch) => {
      if (!data) return;
      const person = await recordApi.patchPerson(id, patch);
      replace({ ...data, person });
      // A new company: read the card that shows it.
      if ('companyId' in patch) refresh();
      refreshTimeline();
    },
    [data, id, replace, refresh, refreshTimeline],
  );

  if (!data) {
    if (state.error?.status === 404) {
      return (
        <>
          <PageTitle title={t('person.notFoundTitle')} />
          <RecordNotFound
            title={t('person.notFoundTitle')}
            text={t('person.notFoundText')}
            backTo={paths.dashboard.people}
            backLabel={t('actions.backToPeople')}
          />
        </>
      );
    }
    if (state.error) return <LoadError error={state.error} onRetry={refresh} />;
    return <RecordPageSkeleton />;
  }

  const { person } = data;
  const name = fullName(person) || t('person.unnamed');

  return (
    <Stack spacing={3}>
      <PageTitle title={name} />
      <Box>
        <Button
          component={RouterLink}
          to={paths.dashboard.people}
          color="inherit"
          size="small"
          startIcon={
            <ArrowBackIcon
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          }
        >
          {t('actions.backToPeople')}
        </Button>
      </Box>
      <PersonHeader
        person={person}
        company={company}
        ownerName={person.ownerId ? nameOf(person.ownerId) : null}
        canEdit={canEdit}
        onStage={(stage) => {
          save({ stage }).then(
            () => enqueueSnackbar(t('hints.saved')),
            (error: unknown) => enqueueSnackbar(callErrorText(t, error), { variant: 'error' }),
          );
        }}
        onAddToList={() => setAddingToList(true)}
        onVcard={() => {
          recordApi.vcard(id).then(
            ({ blob, fileName }) => saveFile(blob, fileName),
            () => enqueueSnackbar(t('errors.vcard'), { variant: 'error' }),
          );
        }}
        onDelete={() => setDeleting(true)}
      />
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
          <CompanyCard company={company} />
          <RecordListsCard
            lists={data.lists}
            canEdit={canEdit}
            onAdd={() => setAddingToList(true)}
            onRemove={(list) => void lists.remove(list)}
          />
          <PersonFields
            person={person}
            company={company}
            members={members}
            canEdit={canEdit}
            save={save}
          />
        </Stack>
        <Box sx={{ order: { xs: 1, md: 2 } }}>
          <RecordActivity
            subject={{ type: 'person', id }}
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
        kind="people"
        current={data.lists}
        onClose={() => setAddingToList(false)}
        onAdd={async (list) => {
          await lists.add(list);
          setAddingToList(false);
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={t('person.deleteTitle')}
        text={t('person.deleteText', { name })}
        confirmLabel={t('actions.delete')}
        busy={busy}
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          setBusy(true);
          recordApi.deletePerson(id).then(
            () => {
              enqueueSnackbar(t('person.deleted'));
              void navigate(paths.dashboard.people, { replace: true });
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

/** Hands a downloaded file to the browser to save. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
