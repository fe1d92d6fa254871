import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CompanyPatch } from '@beacon/contract';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../utils/paths.ts';
import { MembersTable } from '../lists/members-table.tsx';
import { BackLink } from '../record/components/back-link.tsx';
import { CompanyFields } from '../record/components/company-fields.tsx';
import { CompanyHeader } from '../record/components/company-header.tsx';
import { DeleteRecordDialog } from '../record/components/delete-record-dialog.tsx';
import { RecordColumns } from '../record/components/record-columns.tsx';
import { RecordListsSection } from '../record/components/record-lists-section.tsx';
import { EmptyState, RecordPageFallback, RetryAlert } from '../record/components/record-states.tsx';
import type { RecordTab } from '../record/components/record-tabs.tsx';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useCompanyPeopleInfiniteQuery,
  usePatchCompanyMutation,
  useRemoveCompanyMutation,
} from '../api/record-page-api.ts';
import { RECORD_ID, useCrmRecordPage } from '../record/hooks/use-crm-record-page.ts';
import { type CallError, callErrorText, readAgainOnConflict } from '../record/utils/call-error.ts';

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
  const page = useCrmRecordPage('company', id);
  const [patchCompany] = usePatchCompanyMutation();
  const [removeCompany] = useRemoveCompanyMutation();
  const { state, refresh, replace } = page;
  const { members, nameOf } = useWorkspaceMembers();
  const [addingToList, setAddingToList] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const context = useMemo(() => ({ memberName: nameOf }), [nameOf]);
  const data = state.data;

  // The record and its timeline follow changes made elsewhere (useCrmRecordPage); so do its people.
  const peopleQuery = useCompanyPeopleInfiniteQuery(RECORD_ID.test(id) ? id : skipToken);
  const peoplePages = peopleQuery.data?.pages;
  const peopleRows = useMemo(() => {
    const seen = new Set<string>();
    return (peoplePages ?? []).flatMap((page) =>
      page.items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id))),
    );
  }, [peoplePages]);
  const people = {
    items: peopleRows,
    loaded: peoplePages !== undefined,
    loading: peopleQuery.isFetching,
    error: (peopleQuery.error as CallError | undefined) ?? null,
    hasMore: peopleQuery.hasNextPage,
  };
  const { refetch: reloadPeople, fetchNextPage, hasNextPage, isFetching } = peopleQuery;
  const loadMorePeople = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);

  const save = useCallback(
    async (patch: CompanyPatch) => {
      if (!data) return;
      // Made on the version shown; a conflict reads the other member's version (person page).
      const company = await patchCompany({
        id,
        patch: { ...patch, expectedUpdatedAt: data.company.updatedAt },
      })
        .unwrap()
        .catch(readAgainOnConflict(refresh));
      replace({ ...data, company });
      // The timeline reads again by itself (the mutation's tags).
    },
    [data, id, patchCompany, replace, refresh],
  );

  if (!data) {
    return (
      <RecordPageFallback
        error={state.error}
        onRetry={refresh}
        notFoundTitle={t('company.notFoundTitle')}
        notFoundText={t('company.notFoundText')}
        backTo={paths.dashboard.companies}
        backLabel={t('actions.backToCompanies')}
      />
    );
  }

  const { company } = data;

  return (
    <Stack spacing={3}>
      <PageTitle title={company.name} />
      <BackLink to={paths.dashboard.companies} label={t('actions.backToCompanies')} />
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
          {people.error && !people.loaded ? (
            <RetryAlert sx={{ m: 2 }} onRetry={() => void reloadPeople()}>
              {callErrorText(t, people.error)}
            </RetryAlert>
          ) : people.loaded && people.items.length === 0 ? (
            <Box sx={{ p: 2 }}>
              <EmptyState>{t('company.peopleEmpty')}</EmptyState>
            </Box>
          ) : (
            <MembersTable
              kind="people"
              hideCompany
              label={t('company.people')}
              rows={people.items}
              loading={people.loading}
              hasMore={people.hasMore}
              onLoadMore={loadMorePeople}
            />
          )}
        </Box>
      </Card>
      <RecordColumns
        subject={{ type: 'company', id }}
        page={page}
        context={context}
        canEdit={canEdit}
        currentUserId={currentUserId}
        extraTabs={extraTabs}
        side={
          <>
            <RecordListsSection
              recordId={id}
              kind="companies"
              lists={data.lists}
              canEdit={canEdit}
              adding={addingToList}
              onAddingChange={setAddingToList}
              page={page}
            />
            <CompanyFields company={company} members={members} canEdit={canEdit} save={save} />
          </>
        }
      />
      <DeleteRecordDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('company.deleteTitle')}
        text={t('company.deleteText', { name: company.name })}
        remove={() => removeCompany(id).unwrap()}
        deletedText={t('company.deleted')}
        backTo={paths.dashboard.companies}
      />
    </Stack>
  );
}
