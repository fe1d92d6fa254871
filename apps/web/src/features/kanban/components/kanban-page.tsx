import { lazy } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '../../../components/live-status.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { AfterPaint } from '../../../lib/after-paint.tsx';
import { BoardSkeleton } from './board-skeleton.tsx';

/*
 * The board, its drag and drop, its drawer and the contract's schemas (about 110 KiB of gzip
 * JavaScript) load once the heading and the board's skeleton have painted
 * (docs/decisions/049-first-paint-of-signed-in-pages.md).
 */
const KanbanContent = lazy(async () => ({
  default: (await import('./kanban-content.tsx')).KanbanContent,
}));

export interface KanbanPageProps {
  /** Admins and contributors change the board; viewers only read it. */
  canEdit: boolean;
}

/** `/dashboard/kanban`: the workspace's board, live for every member who has it open. */
export function KanbanPage({ canEdit }: KanbanPageProps) {
  const { t } = useTranslation('kanban');
  return (
    <Stack spacing={3}>
      <PageTitle title={t('title')} />
      {/*
       * The description spans the row under the title and the live status, so that the status
       * changing its words ("Connecting…", "Live") never rewraps it and moves the board.
       */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          columnGap: 2,
          alignItems: 'start',
        }}
      >
        <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
          {t('title')}
        </Typography>
        <LiveStatus />
        <Typography sx={{ color: 'text.secondary', gridColumn: '1 / -1' }}>
          {canEdit ? t('subtitle') : t('subtitleReadOnly')}
        </Typography>
      </Box>
      <AfterPaint fallback={<BoardSkeleton label={t('loading')} />}>
        <KanbanContent canEdit={canEdit} />
      </AfterPaint>
    </Stack>
  );
}
