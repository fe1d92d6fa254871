import { memo, useCallback } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Droppable } from '@hello-pangea/dnd';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { intlLocale } from '../../../locales/i18n.ts';
import type { Deal, PipelineStage as Stage } from '@beacon/contract';
import type { BoardColumn } from '../state/board-rules.ts';
import { formatSums } from '../../../utils/money.ts';
import { DealCard } from './deal-card.tsx';
import { stageName } from '../utils/names.ts';

export const STAGE_WIDTH = 280;
/** How near the end of a column (px) the next page is asked for. */
const LOAD_AHEAD_PX = 240;

export interface StageColumnProps {
  stage: Stage;
  column: BoardColumn;
  deals: Deal[];
  canEdit: boolean;
  loadingMore: boolean;
  /** The board is drawn left to right even in a right-to-left language (see DealsBoard). */
  dir?: 'rtl';
  ownerName: (id: string | null) => string | null;
  onOpen: (dealId: string) => void;
  onLoadMore: (stageId: string) => void;
}

/** A stage: its name, count, total and weighted total, its deals, and more as it scrolls. */
export const StageColumn = memo(function StageColumn({
  stage,
  column,
  deals,
  canEdit,
  loadingMore,
  dir,
  ownerName,
  onOpen,
  onLoadMore,
}: StageColumnProps) {
  const { t, i18n } = useTranslation('deals');
  const language = i18n.resolvedLanguage ?? 'en';
  const hasMore = column.nextCursor !== null;
  const total = formatSums(column.sums, language, 'amount') || t('stage.noAmount');
  const weighted = formatSums(column.sums, language, 'weighted') || t('stage.noAmount');

  const onScroll = useCallback(
    (event: React.UIEvent<HTMLElement>) => {
      const element = event.currentTarget;
      if (
        hasMore &&
        !loadingMore &&
        element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_AHEAD_PX
      ) {
        onLoadMore(stage.id);
      }
    },
    [hasMore, loadingMore, onLoadMore, stage.id],
  );

  return (
    <Box
      dir={dir}
      component="section"
      aria-label={stageName(t, stage)}
      data-testid="deal-stage"
      data-stage-kind={stage.kind}
      sx={{
        width: STAGE_WIDTH,
        flexShrink: 0,
        mx: 1,
        borderRadius: 2,
        bgcolor: 'background.neutral',
        display: 'flex',
        flexDirection: 'column',
        maxHeight: { xs: '70vh', md: 'calc(100vh - 280px)' },
        minHeight: 240,
      }}
    >
      <Box sx={{ p: 1.5, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="h2" variant="subtitle1" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {stageName(t, stage)}
          </Typography>
          <Box
            component="span"
            data-testid="stage-count"
            aria-label={t('stage.count', { count: column.count })}
            sx={{
              px: 0.75,
              minWidth: 22,
              height: 22,
              borderRadius: 11,
              display: 'inline-grid',
              placeItems: 'center',
              typography: 'caption',
              fontWeight: 700,
              bgcolor: 'background.paper',
              color: 'text.secondary',
            }}
          >
            {new Intl.NumberFormat(intlLocale(language)).format(column.count)}
          </Box>
        </Box>
        <Typography
          component="p"
          variant="body2"
          sx={{ fontWeight: 600 }}
          data-testid="stage-total"
        >
          <Box component="span" sx={visuallyHidden}>
            {t('stage.total')}{' '}
          </Box>
          {total}
        </Typography>
        <Typography
          component="p"
          variant="caption"
          sx={{ color: 'text.secondary' }}
          data-testid="stage-weighted"
        >
          {t('stage.weighted', { amount: weighted, probability: stage.probability })}
        </Typography>
      </Box>
      <Droppable droppableId={stage.id} type="DEAL" isDropDisabled={!canEdit}>
        {(provided, snapshot) => (
          <Box
            ref={provided.innerRef}
            {...provided.droppableProps}
            onScroll={onScroll}
            data-testid="stage-deals"
            sx={{
              flex: 1,
              minHeight: 80,
              overflowY: 'auto',
              px: 1.5,
              pb: 1,
              borderRadius: 1.5,
              transition: (theme) => theme.transitions.create('background-color'),
              bgcolor: snapshot.isDraggingOver ? 'action.hover' : 'transparent',
            }}
          >
            {deals.map((deal, index) => (
              <DealCard
                key={deal.id}
                deal={deal}
                index={index}
                canEdit={canEdit}
                ownerName={ownerName(deal.ownerId)}
                onOpen={onOpen}
              />
            ))}
            {provided.placeholder}
            {deals.length === 0 && !snapshot.isDraggingOver && (
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', textAlign: 'center', py: 2.5 }}
              >
                {t('stage.empty')}
              </Typography>
            )}
            {hasMore && (
              <Button
                fullWidth
                size="small"
                color="inherit"
                loading={loadingMore}
                onClick={() => onLoadMore(stage.id)}
                sx={{ mt: 0.5 }}
              >
                {t('stage.loadMore', { count: column.count - deals.length })}
              </Button>
            )}
          </Box>
        )}
      </Droppable>
    </Box>
  );
});
