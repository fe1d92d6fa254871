import { useCallback, useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PersonPatch } from '@beacon/contract';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import { saveFile } from '../../../utils/save-file.ts';
import { BackLink } from '../record/components/back-link.tsx';
import { CompanyCard } from '../record/components/company-card.tsx';
import { DeleteRecordDialog } from '../record/components/delete-record-dialog.tsx';
import { PersonFields } from '../record/components/person-fields.tsx';
import { PersonHeader } from '../record/components/person-header.tsx';
import { RecordColumns } from '../record/components/record-columns.tsx';
import { RecordListsSection } from '../record/components/record-lists-section.tsx';
import { RecordPageFallback } from '../record/components/record-states.tsx';
import type { RecordTab } from '../record/components/record-tabs.tsx';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import {
  personVcard,
  usePatchPersonMutation,
  useRemovePersonMutation,
} from '../api/record-page-api.ts';
import { useCrmRecordPage } from '../record/hooks/use-crm-record-page.ts';
import { callErrorText, readAgainOnConflict } from '../record/utils/call-error.ts';
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
  const { enqueueSnackbar } = useSnackbar();
  const page = useCrmRecordPage('person', id);
  const [patchPerson] = usePatchPersonMutation();
  const [removePerson] = useRemovePersonMutation();
  const { state, refresh, replace } = page;
  const { members, nameOf } = useWorkspaceMembers();
  const [addingToList, setAddingToList] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const data = state.data;
  const company = data?.company ?? null;
  const context = useMemo(
    () => ({
      memberName: nameOf,
      companyName: (companyId: string) => (companyId === company?.id ? company.name : null),
    }),
    [nameOf, company],
  );

  const save = useCallback(
    async (patch: PersonPatch) => {
      if (!data) return;
      // Made on the version shown: if someone changed the person since, the server refuses
      // it (EDIT_CONFLICT) and the page reads their version, which the field then shows.
      const person = await patchPerson({
        id,
        patch: { ...patch, expectedUpdatedAt: data.person.updatedAt },
      })
        .unwrap()
        .catch(readAgainOnConflict(refresh));
      replace({ ...data, person });
      // A new company: read the card that shows it.
      if ('companyId' in patch) refresh();
      // The timeline reads again by itself (the mutation's tags).
    },
    [data, id, patchPerson, replace, refresh],
  );

  if (!data) {
    return (
      <RecordPageFallback
        error={state.error}
        onRetry={refresh}
        notFoundTitle={t('person.notFoundTitle')}
        notFoundText={t('person.notFoundText')}
        backTo={paths.dashboard.people}
        backLabel={t('actions.backToPeople')}
      />
    );
  }

  const { person } = data;
  const name = fullName(person) || t('person.unnamed');

  return (
    <Stack spacing={3}>
      <PageTitle title={name} />
      <BackLink to={paths.dashboard.people} label={t('actions.backToPeople')} />
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
          personVcard(id).then(
            ({ blob, fileName }) => saveFile(blob, fileName),
            () => enqueueSnackbar(t('errors.vcard'), { variant: 'error' }),
          );
        }}
        onDelete={() => setDeleting(true)}
      />
      <RecordColumns
        subject={{ type: 'person', id }}
        page={page}
        context={context}
        canEdit={canEdit}
        currentUserId={currentUserId}
        extraTabs={extraTabs}
        side={
          <>
            <CompanyCard company={company} />
            <RecordListsSection
              recordId={id}
              kind="people"
              lists={data.lists}
              canEdit={canEdit}
              adding={addingToList}
              onAddingChange={setAddingToList}
              page={page}
            />
            <PersonFields
              person={person}
              company={company}
              members={members}
              canEdit={canEdit}
              save={save}
            />
          </>
        }
      />
      <DeleteRecordDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('person.deleteTitle')}
        text={t('person.deleteText', { name })}
        remove={() => removePerson(id).unwrap()}
        deletedText={t('person.deleted')}
        backTo={paths.dashboard.people}
      />
    </Stack>
  );
}
