import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '../../../components/live-status.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { useKanbanBoardQuery } from '../api/kanban-api.ts';
import { emptyBoardData } from '../state/board-reducer.ts';
import { kanbanErrorText } from '../utils/error-text.ts';
import { KanbanBoard } from './kanban-board.tsx';
import { KanbanCardDrawer } from './kanban-card-drawer.tsx';
import { COLUMN_WIDTH } from './kanban-column.tsx';

export interface KanbanPageProps {
  /** Admins and contributors change the board; viewers only read it. */
  canEdit: boolean;
}

const noBoard = emptyBoardData();

/** `/dashboard/kanban`: the workspace's board, live for every member who has it open. */
export function KanbanPage({ canEdit }: KanbanPageProps) {
  const { t } = useTranslation('kanban');
  // The store starts empty for another user signing in (app/store-provider.tsx): a board read
  // for someone else is never shown.
  const query = useKanbanBoardQuery();
  const board = query.data ?? noBoard;
  const loaded = query.data !== undefined;
  const error = query.isError ? query.error : undefined;
  const { refetch } = query;
  const { members } = useWorkspaceMembers();
  const [openCardId, setOpenCardId] = useState<string | null>(null);
  const closeCard = useCallback(() => setOpenCardId(null), []);
  const labels = useMemo(
    () => [...new Set(Object.values(board.cards).flatMap((card) => card.labels))].sort(),
    [board.cards],
  );

  const retry = (
    <Button color="inherit" size="small" onClick={() => void refetch()}>
      {t('actions.retry')}
    </Button>
  );

  return (
    <Stack spacing={3}>
      <PageTitle title={t('title')} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
            {t('title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {canEdit ? t('subtitle') : t('subtitleReadOnly')}
          </Typography>
        </Box>
        <LiveStatus />
      </Box>

      {!loaded && error ? (
        <Alert severity="error" action={retry}>
          {kanbanErrorText(t, error)}
        </Alert>
      ) : !loaded ? (
        <BoardSkeleton label={t('loading')} />
      ) : (
        <>
          {error && (
            <Alert severity="warning" action={retry}>
              {t('errors.refresh')}
            </Alert>
          )}
          {board.columnOrder.length === 0 && (
            <Typography sx={{ color: 'text.secondary' }}>
              {canEdit ? t('empty.editor') : t('empty.viewer')}
            </Typography>
          )}
          <KanbanBoard
            board={board}
            canEdit={canEdit}
            members={members}
            onOpenCard={setOpenCardId}
          />
        </>
      )}

      <KanbanCardDrawer
        cardId={openCardId}
        canEdit={canEdit}
        members={members}
        labels={labels}
        onClose={closeCard}
      />
    </Stack>
  );
}

function BoardSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', gap: 2.5, overflow: 'hidden' }}>
      {[3, 2, 1].map((cards, column) => (
        <Box
          key={column}
          sx={{
            width: COLUMN_WIDTH,
            flexShrink: 0,
            p: 1.5,
            borderRadius: 2,
            bgcolor: 'background.neutral',
          }}
        >
          <Skeleton width="50%" height={32} sx={{ mb: 1 }} />
          {Array.from({ length: cards }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={88} sx={{ mb: 1.5 }} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
