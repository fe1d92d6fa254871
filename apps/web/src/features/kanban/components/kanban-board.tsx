import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  DragDropContext,
  Droppable,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { useTranslation } from 'react-i18next';
import {
  kanbanColumnInputSchema,
  type KanbanBoard as Board,
  type KanbanCard,
  type KanbanColumn as Column,
  type Member,
} from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { readCspNonce } from '../../../theme/emotion-cache.ts';
import {
  useKanbanClearColumnMutation,
  useKanbanCreateCardMutation,
  useKanbanCreateColumnMutation,
  useKanbanDeleteColumnMutation,
  useKanbanMoveCardMutation,
  useKanbanMoveColumnMutation,
  useKanbanRenameColumnMutation,
} from '../api/kanban-api.ts';
import { kanbanErrorText } from '../utils/error-text.ts';
import { InlineAddForm } from './inline-add-form.tsx';
import { COLUMN_WIDTH, KanbanColumn } from './kanban-column.tsx';

export interface KanbanBoardProps {
  board: Board;
  canEdit: boolean;
  members: Member[];
  onOpenCard: (cardId: string) => void;
}

type Confirming = { kind: 'clear' | 'delete'; column: Column } | null;

/**
 * The board: columns in a row, each a list of cards. Cards drag within and between columns,
 * columns drag to reorder; every drop shows at once and is saved at once (and put back with a
 * message if the server refuses).
 *
 * @hello-pangea/dnd measures horizontal lists left to right only. In a right-to-left language the
 * row is therefore laid out left to right with the columns in reverse, which looks the same, and
 * indexes are mapped back before saving.
 */
export function KanbanBoard({ board, canEdit, members, onOpenCard }: KanbanBoardProps) {
  const { t } = useTranslation('kanban');
  const [moveColumn] = useKanbanMoveColumnMutation();
  const [moveCard] = useKanbanMoveCardMutation();
  const [createCard] = useKanbanCreateCardMutation();
  const [renameColumn] = useKanbanRenameColumnMutation();
  const [createColumn] = useKanbanCreateColumnMutation();
  const [clearColumn] = useKanbanClearColumnMutation();
  const [deleteColumn] = useKanbanDeleteColumnMutation();
  const { enqueueSnackbar } = useSnackbar();
  const rtl = useTheme().direction === 'rtl';
  const scroller = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // Kept apart from `confirming`, so that the dialog keeps its text while it fades out.
  const [confirmOpen, setConfirmOpen] = useState(false);
  const nonce = useMemo(() => readCspNonce(), []);

  const order = board.columnOrder;
  const shown = useMemo(() => (rtl ? [...order].reverse() : order), [order, rtl]);
  const toOrderIndex = useCallback(
    (index: number) => (rtl ? order.length - 1 - index : index),
    [order.length, rtl],
  );

  // In right-to-left, the first column is at the right end of the row: start there.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (rtl && element) element.scrollLeft = element.scrollWidth;
  }, [rtl]);

  const fail = useCallback(
    (error: unknown) => enqueueSnackbar(kanbanErrorText(t, error), { variant: 'error' }),
    [enqueueSnackbar, t],
  );

  const columnName = useCallback((id: string) => board.columns[id]?.name ?? '', [board.columns]);
  const cardName = useCallback((id: string) => board.cards[id]?.name ?? '', [board.cards]);

  // What a screen reader hears while dragging, in the user's language.
  const describe = useCallback(
    (type: string, draggableId: string, droppableId: string, index: number) =>
      type === 'COLUMN'
        ? t('dnd.columnPosition', {
            name: columnName(draggableId),
            position: toOrderIndex(index) + 1,
            total: order.length,
          })
        : t('dnd.cardPosition', {
            name: cardName(draggableId),
            column: columnName(droppableId),
            position: index + 1,
          }),
    [cardName, columnName, order.length, t, toOrderIndex],
  );

  const onDragStart = (start: DragStart, provided: ResponderProvided) => {
    provided.announce(
      `${t('dnd.lifted')} ${describe(start.type, start.draggableId, start.source.droppableId, start.source.index)}`,
    );
  };
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) => {
    if (update.destination) {
      provided.announce(
        describe(
          update.type,
          update.draggableId,
          update.destination.droppableId,
          update.destination.index,
        ),
      );
    }
  };

  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const { destination, source, draggableId, type } = result;
    if (!destination) {
      provided.announce(t('dnd.cancelled'));
      return;
    }
    provided.announce(
      `${t('dnd.dropped')} ${describe(type, draggableId, destination.droppableId, destination.index)}`,
    );
    if (type === 'COLUMN') {
      const from = toOrderIndex(source.index);
      const to = toOrderIndex(destination.index);
      if (from !== to) moveColumn({ columnId: draggableId, index: to }).unwrap().catch(fail);
      return;
    }
    if (destination.droppableId === source.droppableId && destination.index === source.index) {
      return;
    }
    moveCard({ cardId: draggableId, columnId: destination.droppableId, index: destination.index })
      .unwrap()
      .catch(fail);
  };

  const addCard = useCallback(
    (columnId: string, name: string) =>
      createCard({ columnId, card: { name } })
        .unwrap()
        .catch((error: unknown) => {
          fail(error);
          throw error;
        }),
    [createCard, fail],
  );
  const rename = useCallback(
    (columnId: string, name: string) =>
      renameColumn({ columnId, name })
        .unwrap()
        .catch((error: unknown) => {
          fail(error);
          throw error;
        }),
    [renameColumn, fail],
  );
  const addColumn = (name: string) =>
    createColumn(name)
      .unwrap()
      .catch((error: unknown) => {
        fail(error);
        throw error;
      });
  const askClear = useCallback((column: Column) => {
    setConfirming({ kind: 'clear', column });
    setConfirmOpen(true);
  }, []);
  const askDelete = useCallback((column: Column) => {
    setConfirming({ kind: 'delete', column });
    setConfirmOpen(true);
  }, []);

  const confirm = () => {
    if (!confirming) return;
    const { kind, column } = confirming;
    const done = () =>
      enqueueSnackbar(
        t(kind === 'clear' ? 'column.cleared' : 'column.deleted', { name: column.name }),
      );
    if (kind === 'clear') clearColumn(column.id).unwrap().then(done).catch(fail);
    else deleteColumn(column.id).unwrap().then(done).catch(fail);
  };

  const cardsOf = (column: Column): KanbanCard[] =>
    column.cardIds.map((id) => board.cards[id]).filter((card): card is KanbanCard => !!card);

  const addColumnForm = canEdit ? (
    <Box dir={rtl ? 'rtl' : undefined} sx={{ width: COLUMN_WIDTH, flexShrink: 0, mx: 1.25 }}>
      <InlineAddForm
        label={t('column.add')}
        fieldLabel={t('column.name')}
        schema={kanbanColumnInputSchema}
        maxLength={kanbanColumnInputSchema.shape.name.maxLength ?? undefined}
        onAdd={addColumn}
      />
    </Box>
  ) : null;

  return (
    <>
      <DragDropContext
        nonce={nonce}
        dragHandleUsageInstructions={t('dnd.instructions')}
        onDragStart={onDragStart}
        onDragUpdate={onDragUpdate}
        onDragEnd={onDragEnd}
      >
        {/* A wrapper of its own: a Stack around the board would reset the negative margin. */}
        <Box>
          <Box
            ref={scroller}
            dir={rtl ? 'ltr' : undefined}
            data-testid="kanban-board"
            // Positioned, so that what is positioned inside (screen-reader texts) scrolls with it
            // instead of widening the page.
            sx={{ position: 'relative', overflowX: 'auto', pb: 2, mx: -1.25 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', width: 'max-content' }}>
              {rtl && addColumnForm}
              <Droppable
                droppableId="board"
                type="COLUMN"
                direction="horizontal"
                isDropDisabled={!canEdit}
              >
                {(provided) => (
                  <Box
                    ref={provided.innerRef}
                    {...provided.droppableProps}
                    sx={{ display: 'flex', alignItems: 'flex-start' }}
                  >
                    {shown.map((id, index) => {
                      const column = board.columns[id];
                      if (!column) return null;
                      return (
                        <KanbanColumn
                          key={id}
                          column={column}
                          cards={cardsOf(column)}
                          index={index}
                          canEdit={canEdit}
                          members={members}
                          {...(rtl ? { dir: 'rtl' as const } : {})}
                          onOpenCard={onOpenCard}
                          onAddCard={addCard}
                          onRename={rename}
                          onClear={askClear}
                          onDelete={askDelete}
                        />
                      );
                    })}
                    {provided.placeholder}
                  </Box>
                )}
              </Droppable>
              {!rtl && addColumnForm}
            </Box>
          </Box>
        </Box>
      </DragDropContext>

      <ConfirmDialog
        open={confirmOpen}
        title={
          confirming?.kind === 'clear'
            ? t('column.clearTitle', { name: confirming.column.name })
            : t('column.deleteTitle', { name: confirming?.column.name ?? '' })
        }
        text={
          confirming?.kind === 'clear'
            ? t('column.clearText', { count: confirming.column.cardIds.length })
            : t('column.deleteText', { count: confirming?.column.cardIds.length ?? 0 })
        }
        confirmLabel={confirming?.kind === 'clear' ? t('column.clear') : t('column.delete')}
        onConfirm={() => {
          confirm();
          setConfirmOpen(false);
        }}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
