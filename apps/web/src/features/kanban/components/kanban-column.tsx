import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { useTranslation } from 'react-i18next';
import { useController, useForm } from 'react-hook-form';
import {
  kanbanCardInputSchema,
  kanbanColumnInputSchema,
  type KanbanCard,
  type KanbanColumn as Column,
  type Member,
} from '@beacon/contract';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { KanbanCardItem } from './kanban-card-item.tsx';
import { InlineAddForm } from './inline-add-form.tsx';
import { MoreIcon } from '../../../components/icons.tsx';
import { EditIcon, EraserIcon, GripIcon, TrashIcon } from './kanban-icons.tsx';
import { COLUMN_WIDTH } from './kanban-sizes.ts';

export { COLUMN_WIDTH };
const COLUMN_NAME_MAX = kanbanColumnInputSchema.shape.name.maxLength ?? undefined;
/** A card added from its column gives only its name. */
const quickCardSchema = kanbanCardInputSchema.pick({ name: true });
const CARD_NAME_MAX = kanbanCardInputSchema.shape.name.maxLength ?? undefined;

export interface KanbanColumnProps {
  column: Column;
  cards: KanbanCard[];
  index: number;
  canEdit: boolean;
  members: Member[];
  /** The board is drawn left to right even in a right-to-left language (see KanbanBoard). */
  dir?: 'rtl';
  onOpenCard: (cardId: string) => void;
  onAddCard: (columnId: string, name: string) => Promise<unknown>;
  onRename: (columnId: string, name: string) => Promise<unknown>;
  onClear: (column: Column) => void;
  onDelete: (column: Column) => void;
}

/** A column: its header (drag handle, name, count, menu), its cards, and a way to add one. */
export const KanbanColumn = memo(function KanbanColumn({
  column,
  cards,
  index,
  canEdit,
  members,
  dir,
  onOpenCard,
  onAddCard,
  onRename,
  onClear,
  onDelete,
}: KanbanColumnProps) {
  const { t } = useTranslation('kanban');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [renaming, setRenaming] = useState(false);
  // The new name, held by react-hook-form and checked with the contract's schema.
  const { control, getValues, reset } = useForm<{ name: string }>({
    defaultValues: { name: column.name },
  });
  const { field: nameField } = useController({ name: 'name', control });
  const setDraft = (name: string) => reset({ name });
  const menuId = `column-menu-${column.id}`;

  const finishRename = async () => {
    const parsed = kanbanColumnInputSchema.safeParse(getValues());
    setRenaming(false);
    // An empty name (or the same one) leaves the column as it was.
    const name = parsed.success ? parsed.data.name : '';
    if (!name || name === column.name) {
      setDraft(column.name);
      return;
    }
    try {
      await onRename(column.id, name);
    } catch {
      setDraft(column.name);
    }
  };

  return (
    <Draggable draggableId={column.id} index={index} isDragDisabled={!canEdit}>
      {(provided, snapshot) => (
        <Box
          ref={provided.innerRef}
          {...provided.draggableProps}
          dir={dir}
          component="section"
          aria-label={column.name}
          data-testid="kanban-column"
          sx={{
            width: COLUMN_WIDTH,
            flexShrink: 0,
            mx: 1.25,
            p: 1.5,
            borderRadius: 2,
            bgcolor: 'background.neutral',
            display: 'flex',
            flexDirection: 'column',
            boxShadow: snapshot.isDragging ? (theme) => theme.shadows[12] : 'none',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5, minHeight: 40 }}>
            {renaming ? (
              <TextField
                autoFocus
                size="small"
                fullWidth
                label={t('column.name')}
                name={nameField.name}
                value={nameField.value}
                inputRef={nameField.ref}
                onChange={nameField.onChange}
                onBlur={() => void finishRename()}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void finishRename();
                  } else if (event.key === 'Escape') {
                    event.stopPropagation();
                    setDraft(column.name);
                    setRenaming(false);
                  }
                }}
                slotProps={{ htmlInput: { maxLength: COLUMN_NAME_MAX } }}
                sx={{ bgcolor: 'background.paper' }}
              />
            ) : (
              <Box
                {...provided.dragHandleProps}
                aria-label={canEdit ? t('column.dragHandle', { name: column.name }) : undefined}
                sx={{
                  flex: 1,
                  minWidth: 0,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 0.5,
                  py: 0.5,
                  borderRadius: 1,
                  cursor: canEdit ? 'grab' : 'default',
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                }}
              >
                {canEdit && (
                  <GripIcon
                    aria-hidden
                    sx={{ fontSize: 18, color: 'text.disabled', flexShrink: 0 }}
                  />
                )}
                <Typography component="span" variant="subtitle1" noWrap sx={{ minWidth: 0 }}>
                  {column.name}
                </Typography>
                <Box component="span" sx={visuallyHidden}>
                  {t('column.cardCount', { count: cards.length })}
                </Box>
                <Box
                  component="span"
                  aria-hidden="true"
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
                    flexShrink: 0,
                  }}
                >
                  {cards.length}
                </Box>
              </Box>
            )}
            {canEdit && !renaming && (
              <>
                <IconButton
                  size="small"
                  aria-label={t('column.actions', { name: column.name })}
                  aria-haspopup="menu"
                  aria-controls={menuAnchor ? menuId : undefined}
                  aria-expanded={menuAnchor ? true : undefined}
                  onClick={(event) => setMenuAnchor(event.currentTarget)}
                >
                  <MoreIcon fontSize="small" />
                </IconButton>
                <Menu
                  id={menuId}
                  anchorEl={menuAnchor}
                  open={Boolean(menuAnchor)}
                  onClose={() => setMenuAnchor(null)}
                >
                  <MenuItem
                    onClick={() => {
                      setMenuAnchor(null);
                      setDraft(column.name);
                      setRenaming(true);
                    }}
                  >
                    <ListItemIcon>
                      <EditIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText>{t('column.rename')}</ListItemText>
                  </MenuItem>
                  <MenuItem
                    disabled={cards.length === 0}
                    onClick={() => {
                      setMenuAnchor(null);
                      onClear(column);
                    }}
                  >
                    <ListItemIcon>
                      <EraserIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText>{t('column.clear')}</ListItemText>
                  </MenuItem>
                  <MenuItem
                    onClick={() => {
                      setMenuAnchor(null);
                      onDelete(column);
                    }}
                    sx={{ color: 'error.main' }}
                  >
                    <ListItemIcon sx={{ color: 'inherit' }}>
                      <TrashIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText>{t('column.delete')}</ListItemText>
                  </MenuItem>
                </Menu>
              </>
            )}
          </Box>

          <Droppable droppableId={column.id} type="CARD" isDropDisabled={!canEdit}>
            {(dropProvided, dropSnapshot) => (
              <Box
                ref={dropProvided.innerRef}
                {...dropProvided.droppableProps}
                sx={{
                  minHeight: 72,
                  borderRadius: 1.5,
                  transition: (theme) => theme.transitions.create('background-color'),
                  bgcolor: dropSnapshot.isDraggingOver ? 'action.hover' : 'transparent',
                }}
              >
                {cards.map((card, cardIndex) => (
                  <KanbanCardItem
                    key={card.id}
                    card={card}
                    index={cardIndex}
                    canEdit={canEdit}
                    members={members}
                    onOpen={onOpenCard}
                  />
                ))}
                {dropProvided.placeholder}
                {cards.length === 0 && !dropSnapshot.isDraggingOver && (
                  <Typography
                    variant="body2"
                    sx={{ color: 'text.secondary', textAlign: 'center', py: 2.5 }}
                  >
                    {t('column.empty')}
                  </Typography>
                )}
              </Box>
            )}
          </Droppable>

          {canEdit && (
            <InlineAddForm
              label={t('card.add')}
              fieldLabel={t('card.name')}
              schema={quickCardSchema}
              maxLength={CARD_NAME_MAX}
              onAdd={(name) => onAddCard(column.id, name)}
            />
          )}
        </Box>
      )}
    </Draggable>
  );
});
