import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useDispatch } from 'react-redux';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DealDetail } from '@beacon/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { useWorkspaceMembers } from '../../hooks/use-workspace-members.ts';
import type { AppDispatch } from '../../lib/store.ts';
import { paths } from '../../utils/paths.ts';
import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { BackLink } from '../../features/crm/record/components/back-link.tsx';
import { DeleteRecordDialog } from '../../features/crm/record/components/delete-record-dialog.tsx';
import { RecordColumns } from '../../features/crm/record/components/record-columns.tsx';
import { RecordPageFallback } from '../../features/crm/record/components/record-states.tsx';
import { useRecordPage } from '../../features/crm/record/hooks/use-record-page.ts';
import { DealHeader } from '../../features/deals/components/deal-header.tsx';
import { DealSide } from '../../features/deals/components/deal-side.tsx';
import {
  dealRecordApi,
  useDealQuery,
  useDealRemoveMutation,
} from '../../features/deals/api/deal-record.ts';
import { usePipelines } from '../../features/deals/hooks/use-pipelines.ts';
import { RecordTasks } from '../../features/tasks/components/record-tasks.tsx';

/** What a record's id looks like (as the record page checks it): anything else is no deal. */
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/dashboard/deals/:id`: composes the record page of the CRM (timeline, notes, the two columns,
 * the not-found and error states) with the deal's own cards (deals).
 */
export function Component() {
  const { user } = useAuth();
  const { id = '' } = useParams();
  const { t } = useTranslation('deals');
  const dispatch = useDispatch<AppDispatch>();
  // The deal through its RTK Query entry (live: a move on a board reads it again); the record
  // page's reads of it (after a note, on another member's change) go through the same entry.
  const read = useDealQuery(RECORD_ID.test(id) ? id : skipToken);
  const fetchDetail = useCallback(
    (dealId: string) =>
      dispatch(
        dealRecordApi.endpoints.deal.initiate(dealId, { forceRefetch: true, subscribe: false }),
      ).unwrap(),
    [dispatch],
  );
  const page = useRecordPage<DealDetail>('deal', id, fetchDetail);
  const { state, refresh, refreshTimeline } = page;
  const [removeDeal] = useDealRemoveMutation();
  const { members, nameOf } = useWorkspaceMembers();
  const { pipelines } = usePipelines();
  const [deleting, setDeleting] = useState(false);
  const context = useMemo(() => ({ memberName: nameOf }), [nameOf]);

  // A new version of the deal (saved here, moved on a board by another member: no
  // `crm.changed`) has a new line on the timeline.
  const version = read.data?.deal.updatedAt;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (seen.current !== undefined && version !== undefined && version !== seen.current) {
      refreshTimeline();
    }
    if (version !== undefined) seen.current = version;
  }, [version, refreshTimeline]);
  // The save invalidated the deal's entry: it reads itself again, and the timeline follows.
  const onSaved = useCallback(() => undefined, []);

  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  const data = read.data ?? state.data;
  if (!data) {
    return (
      <RecordPageFallback
        error={(read.error as typeof state.error | undefined) ?? state.error}
        onRetry={refresh}
        notFoundTitle={t('page.notFoundTitle')}
        notFoundText={t('page.notFoundText')}
        backTo={paths.dashboard.deals}
        backLabel={t('page.back')}
      />
    );
  }
  const { deal } = data;
  const pipeline = pipelines?.find((p) => p.id === deal.pipelineId) ?? null;

  return (
    <Stack spacing={3}>
      <PageTitle title={deal.name} />
      <BackLink to={paths.dashboard.deals} label={t('page.back')} />
      <DealHeader
        deal={deal}
        pipeline={pipeline}
        ownerName={deal.ownerId ? nameOf(deal.ownerId) : null}
        canEdit={canEdit}
        onDelete={() => setDeleting(true)}
      />
      <RecordColumns
        subject={{ type: 'deal', id }}
        page={page}
        context={context}
        canEdit={canEdit}
        currentUserId={user.id ?? null}
        side={
          <DealSide
            detail={data}
            pipeline={pipeline}
            members={members}
            memberName={nameOf}
            canEdit={canEdit}
            onSaved={onSaved}
            onConflict={refresh}
            tasks={
              <Box sx={{ px: 3, pb: 2 }}>
                <RecordTasks
                  subject="deal"
                  id={id}
                  canEdit={canEdit}
                  currentUserId={user.id ?? null}
                />
              </Box>
            }
          />
        }
      />
      <DeleteRecordDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('page.deleteTitle')}
        text={t('page.deleteText', { name: deal.name })}
        remove={() => removeDeal(id).unwrap()}
        deletedText={t('page.deleted')}
        backTo={paths.dashboard.deals}
      />
    </Stack>
  );
}
