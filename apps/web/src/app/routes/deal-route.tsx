import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DealDetail } from '@beacon/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { useWorkspaceMembers } from '../../hooks/use-workspace-members.ts';
import { dealsApi } from '../../lib/deals-api.ts';
import { paths } from '../../utils/paths.ts';
import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { BackLink } from '../../features/crm/record/components/back-link.tsx';
import { DeleteRecordDialog } from '../../features/crm/record/components/delete-record-dialog.tsx';
import { RecordColumns } from '../../features/crm/record/components/record-columns.tsx';
import { RecordPageFallback } from '../../features/crm/record/components/record-states.tsx';
import { useRecordPage } from '../../features/crm/record/hooks/use-record-page.ts';
import { DealHeader } from '../../features/deals/components/deal-header.tsx';
import { DealSide } from '../../features/deals/components/deal-side.tsx';
import { useDealsLive } from '../../features/deals/hooks/use-deals-live.ts';
import { usePipelines } from '../../features/deals/hooks/use-pipelines.ts';
import { RecordTasks } from '../../features/tasks/components/record-tasks.tsx';

/**
 * `/dashboard/deals/:id`: composes the record page of the CRM (timeline, notes, the two columns,
 * the not-found and error states) with the deal's own cards (deals).
 */
export function Component() {
  const { user } = useAuth();
  const { id = '' } = useParams();
  const { t } = useTranslation('deals');
  const page = useRecordPage<DealDetail>('deal', id, dealsApi.get);
  const { state, refresh, refreshTimeline } = page;
  const { members, nameOf } = useWorkspaceMembers();
  const { pipelines } = usePipelines();
  const [deleting, setDeleting] = useState(false);
  const context = useMemo(() => ({ memberName: nameOf }), [nameOf]);

  // A move on a board (another member's) is no `crm.changed`: the page follows it too.
  useDealsLive((event) => {
    // (The pipelines follow `pipelines.changed` by themselves.)
    if (event.kind === 'moved' && event.move.dealId === id) {
      refresh();
      refreshTimeline();
    }
  });
  const onSaved = useCallback(() => {
    refresh();
    refreshTimeline();
  }, [refresh, refreshTimeline]);

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
        remove={() => dealsApi.remove(id)}
        deletedText={t('page.deleted')}
        backTo={paths.dashboard.deals}
      />
    </Stack>
  );
}
