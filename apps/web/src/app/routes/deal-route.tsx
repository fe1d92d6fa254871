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
import {
  RECORD_ID,
  useRecordTimeline,
  type RecordPage,
} from '../../features/crm/record/hooks/use-crm-record-page.ts';
import type { RecordState } from '../../features/crm/record/state/record-state.ts';
import type { CallError } from '../../features/crm/record/utils/call-error.ts';
import { DealHeader } from '../../features/deals/components/deal-header.tsx';
import { DealSide } from '../../features/deals/components/deal-side.tsx';
import {
  dealRecordApi,
  useDealQuery,
  useDealRemoveMutation,
} from '../../features/deals/api/deal-record.ts';
import { usePipelines } from '../../features/deals/hooks/use-pipelines.ts';
import { RecordTasks } from '../../features/tasks/components/record-tasks.tsx';

const noSuchDeal: CallError = { message: 'Not found', status: 404, code: 'NOT_FOUND' };

/**
 * `/dashboard/deals/:id`: composes the record page of the CRM (timeline, notes, the two columns,
 * the not-found and error states) with the deal's own cards (deals).
 */
export function Component() {
  const { user } = useAuth();
  const { id = '' } = useParams();
  const { t } = useTranslation('deals');
  const dispatch = useDispatch<AppDispatch>();
  // `/dashboard/deals/new` and other words are not ids: the page says "not found" at once.
  const valid = RECORD_ID.test(id);
  // The deal through its RTK Query entry (live: a move on a board reads it again); the record
  // page's reads of it (after a note, on another member's change) go through the same entry.
  const read = useDealQuery(valid ? id : skipToken);
  const { timeline, ...timelineCalls } = useRecordTimeline('deal', id);
  const readError = (valid ? read.error : noSuchDeal) as CallError | undefined;
  const gone = readError?.status === 404;
  const state: RecordState<DealDetail> = {
    loading: read.isFetching,
    error: readError ?? null,
    // Gone (deleted elsewhere while the page was open): show that, not the old deal (as
    // `useCrmRecordPage` does for a person or a company).
    data: gone ? null : (read.currentData ?? read.data ?? null),
    timeline,
  };
  const { refetch } = read;
  const refresh = useCallback(() => {
    if (valid) void refetch();
  }, [valid, refetch]);
  const replace = useCallback(
    (next: DealDetail) => dispatch(dealRecordApi.util.updateQueryData('deal', id, () => next)),
    [dispatch, id],
  );
  const page: RecordPage<DealDetail> = { state, refresh, replace, ...timelineCalls };
  const { refreshTimeline } = page;
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
  const data = state.data;
  if (!data) {
    return (
      <RecordPageFallback
        error={state.error}
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
              // The task list pads itself ({ xs: 2, sm: 3 }): this lines its fields up with the
              // other cards' (3 across, 1 under the title, 3 below) at every width.
              <Box sx={{ px: { xs: 1, sm: 0 }, mt: { xs: -1, sm: -2 }, pb: { xs: 1, sm: 0 } }}>
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
