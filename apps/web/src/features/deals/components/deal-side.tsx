import { useCallback, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DealDetail, DealPatch, Member, Pipeline } from '@beacon/contract';
import { useDealUpdateMutation } from '../api/deal-record.ts';
import { DealFields } from './deal-fields.tsx';
import { DealPeople } from './deal-people.tsx';
import { StageHistory } from './stage-history.tsx';

export interface DealSideProps {
  detail: DealDetail;
  pipeline: Pipeline | null;
  members: Member[];
  memberName: (id: string) => string | null;
  canEdit: boolean;
  /** The deal changed here: the page reads it (and its timeline) again. */
  onSaved: () => void;
  /** The deal changed elsewhere meanwhile (409): the page reads the other member's version. */
  onConflict: () => void;
  /** The tasks of the deal (the tasks area's list), when that area is there. */
  tasks?: ReactNode;
}

/** The cards beside a deal's timeline: fields, people and company, tasks, stage history. */
export function DealSide({
  detail,
  pipeline,
  members,
  memberName,
  canEdit,
  onSaved,
  onConflict,
  tasks,
}: DealSideProps) {
  const { t } = useTranslation('deals');
  const { deal } = detail;
  const [update] = useDealUpdateMutation();
  const save = useCallback(
    async (patch: DealPatch) => {
      try {
        await update({
          id: deal.id,
          patch: { ...patch, expectedUpdatedAt: deal.updatedAt },
        }).unwrap();
        onSaved();
      } catch (error) {
        if ((error as { code?: string }).code === 'EDIT_CONFLICT') onConflict();
        throw error;
      }
    },
    [deal.id, deal.updatedAt, onConflict, onSaved, update],
  );
  return (
    <>
      <DealFields deal={deal} pipeline={pipeline} members={members} canEdit={canEdit} save={save} />
      <DealPeople deal={deal} company={detail.company} canEdit={canEdit} save={save} />
      {/* Tasks: the tasks area (issue 9) fills this place with the deal's tasks. */}
      <Card data-testid="deal-tasks">
        <CardHeader
          title={t('page.tasks')}
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        {tasks ?? (
          <Typography sx={{ px: 3, pb: 3, color: 'text.secondary' }}>
            {t('page.tasksSoon')}
          </Typography>
        )}
      </Card>
      <StageHistory
        changes={detail.stages}
        stages={pipeline?.stages ?? []}
        memberName={memberName}
      />
    </>
  );
}
