import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { useKanbanBoardQuery } from '../api/kanban-api.ts';
import { emptyBoardData } from '../state/board-reducer.ts';
import { kanbanErrorText } from '../utils/error-text.ts';
import { BoardSkeleton } from './board-skeleton.tsx';
import { KanbanBoard } from './kanban-board.tsx';
import { KanbanCardDrawer } from './kanban-card-drawer.tsx';

const noBoard = emptyBoardData();

/**
 * The board below the page's heading: its data, the columns with their drag and drop, and the
 * card drawer. It is loaded once the heading has painted (kanban-page.tsx), with the contract's
 * schemas and zod that its calls and forms use.
 */
export function KanbanContent({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('kanban');
  // The store starts empty for another user signing in (app/store-provider.tsx): a board read
  // for someone else is never shown.
  const query = useKanbanBoardQuery();
  const board = query.data ?? noBoard;
  const loaded = query.data !== undefined;
  const error = query.isError ? query.error : undefined;
  const { refetch } = query;
  const team = useWorkspaceMembers();
  const { members } = team;
  // The cards show their assignees' avatars, which make a card taller: the board waits for the
  // members (asked for alongside it) so that its cards never grow under the reader (layout
  // shift). If they cannot be read, the board shows without avatars.
  const membersSettled = team.loaded !== null || team.error !== null;
  // `?card=<id>` opens a card's drawer (a link from elsewhere: a file's "where used").
  const [params, setParams] = useSearchParams();
  const [openCardId, setOpenCardId] = useState<string | null>(() => params.get('card'));
  const linked = params.has('card');
  const closeCard = useCallback(() => {
    setOpenCardId(null);
    if (linked) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('card');
          return next;
        },
        { replace: true },
      );
    }
  }, [linked, setParams]);
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
    <>
      {!loaded && error ? (
        <Alert severity="error" action={retry}>
          {kanbanErrorText(t, error)}
        </Alert>
      ) : !loaded || !membersSettled ? (
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
    </>
  );
}
