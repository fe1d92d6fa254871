import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  DragDropContext,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { useTranslation } from 'react-i18next';
import { readCspNonce } from '../../../theme/emotion-cache.ts';
import type { Deal, PipelineStage as Stage } from '@beacon/contract';
import { dealsOf, type Board } from '../state/board-rules.ts';
import { LostReasonDialog } from './lost-reason-dialog.tsx';
import { StageColumn } from './stage-column.tsx';

export interface DealsBoardProps {
  stages: Stage[];
  board: Board<Deal>;
  canEdit: boolean;
  loadingMore: Record<string, boolean>;
  ownerName: (id: string | null) => string | null;
  onOpen: (dealId: string) => void;
  onLoadMore: (stageId: string) => void;
  /** Saves a move (shown at once by the caller); rejects when the server refuses it. */
  onMove: (dealId: string, stageId: string, index: number, lostReason?: string) => Promise<unknown>;
}

interface PendingLoss {
  dealId: string;
  stageId: string;
  index: number;
}

/**
 * The pipeline as a board: a column per stage. Deals drag between stages with the mouse, touch or
 * keyboard (space to lift, arrows to move, space to drop: @hello-pangea/dnd, as the kanban);
 * a drop on a lost stage first asks for the reason.
 *
 * As in the kanban, the library measures horizontal lists left to right only, so in a
 * right-to-left language the row is laid out left to right with the stages in reverse.
 */
export function DealsBoard({
  stages,
  board,
  canEdit,
  loadingMore,
  ownerName,
  onOpen,
  onLoadMore,
  onMove,
}: DealsBoardProps) {
  const { t } = useTranslation('deals');
  const rtl = useTheme().direction === 'rtl';
  const scroller = useRef<HTMLDivElement>(null);
  const nonce = useMemo(() => readCspNonce(), []);
  const [pendingLoss, setPendingLoss] = useState<PendingLoss | null>(null);
  const [lossOpen, setLossOpen] = useState(false);
  const shown = useMemo(() => (rtl ? [...stages].reverse() : stages), [stages, rtl]);
  const stageById = useMemo(() => new Map(stages.map((s) => [s.id, s])), [stages]);

  // In right-to-left, the first stage is at the right end of the row: start there, and stay
  // there while the row's size settles (a page scrollbar appearing narrows it), until the person
  // scrolls it.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!rtl || !element) return;
    let pinned = true;
    const pin = () => {
      if (pinned) element.scrollLeft = element.scrollWidth;
    };
    const unpin = () => {
      pinned = false;
    };
    pin();
    const events = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;
    for (const type of events) element.addEventListener(type, unpin, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(pin);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      for (const type of events) element.removeEventListener(type, unpin);
    };
  }, [rtl]);

  const stageName = useCallback((id: string) => stageById.get(id)?.name ?? '', [stageById]);
  const dealName = useCallback((id: string) => board.deals[id]?.name ?? '', [board.deals]);
  const describe = useCallback(
    (dealId: string, stageId: string, index: number) =>
      t('dnd.position', { name: dealName(dealId), stage: stageName(stageId), position: index + 1 }),
    [dealName, stageName, t],
  );

  const onDragStart = (start: DragStart, provided: ResponderProvided) => {
    provided.announce(
      `${t('dnd.lifted')} ${describe(start.draggableId, start.source.droppableId, start.source.index)}`,
    );
  };
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) => {
    if (update.destination) {
      provided.announce(
        describe(update.draggableId, update.destination.droppableId, update.destination.index),
      );
    }
  };
  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const { destination, source, draggableId } = result;
    if (!destination) {
      provided.announce(t('dnd.cancelled'));
      return;
    }
    provided.announce(
      `${t('dnd.dropped')} ${describe(draggableId, destination.droppableId, destination.index)}`,
    );
    if (destination.droppableId === source.droppableId && destination.index === source.index) {
      return;
    }
    const target = stageById.get(destination.droppableId);
    if (target?.kind === 'lost' && destination.droppableId !== source.droppableId) {
      setPendingLoss({
        dealId: draggableId,
        stageId: destination.droppableId,
        index: destination.index,
      });
      setLossOpen(true);
      return;
    }
    void onMove(draggableId, destination.droppableId, destination.index).catch(() => undefined);
  };

  return (
    <>
      <DragDropContext
        nonce={nonce}
        dragHandleUsageInstructions={t('dnd.instructions')}
        onDragStart={onDragStart}
        onDragUpdate={onDragUpdate}
        onDragEnd={onDragEnd}
      >
        <Box>
          <Box
            ref={scroller}
            dir={rtl ? 'ltr' : undefined}
            data-testid="deals-board"
            sx={{ position: 'relative', overflowX: 'auto', pb: 2, mx: -1 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'stretch', width: 'max-content' }}>
              {shown.map((stage) => {
                const column = board.columns[stage.id];
                if (!column) return null;
                return (
                  <StageColumn
                    key={stage.id}
                    stage={stage}
                    column={column}
                    deals={dealsOf(board, stage.id)}
                    canEdit={canEdit}
                    loadingMore={Boolean(loadingMore[stage.id])}
                    {...(rtl ? { dir: 'rtl' as const } : {})}
                    ownerName={ownerName}
                    onOpen={onOpen}
                    onLoadMore={onLoadMore}
                  />
                );
              })}
            </Box>
          </Box>
        </Box>
      </DragDropContext>
      <LostReasonDialog
        open={lossOpen}
        dealName={pendingLoss ? dealName(pendingLoss.dealId) : ''}
        stageName={pendingLoss ? stageName(pendingLoss.stageId) : ''}
        onClose={() => setLossOpen(false)}
        onConfirm={async (reason) => {
          if (!pendingLoss) return;
          await onMove(pendingLoss.dealId, pendingLoss.stageId, pendingLoss.index, reason);
          setLossOpen(false);
        }}
      />
    </>
  );
}
