import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import {
  kanbanCardInputSchema,
  type KanbanCard,
  type KanbanCardPatch,
  type KanbanColumn,
  type KanbanPriority,
  type Member,
} from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CloseIcon } from '../../../components/icons.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { fieldErrorMessage } from '../../../utils/form-errors.ts';
import { memberInitials, memberName } from '../../../utils/members.ts';
import { useDraft } from '../hooks/use-draft.ts';
import {
  useKanbanBoardQuery,
  useKanbanDeleteCardMutation,
  useKanbanMoveCardMutation,
  useKanbanUpdateCardMutation,
} from '../api/kanban-api.ts';
import { dueAtFromValue, dueDateValue } from '../utils/dates.ts';
import { kanbanErrorText } from '../utils/error-text.ts';
import { CardAttachments } from './card-attachments.tsx';
import { CardChecklist } from './card-checklist.tsx';
import { CardComments } from './card-comments.tsx';
import { MoveIcon, TrashIcon } from './kanban-icons.tsx';
import { PRIORITY_COLORS } from './kanban-card-item.tsx';

// The contract's limits of a card's fields.
const cardFields = kanbanCardInputSchema.shape;
const NAME_MAX = cardFields.name.maxLength ?? undefined;
const DESCRIPTION_MAX = cardFields.description.unwrap().maxLength ?? undefined;
const LABEL_MAX = cardFields.labels.unwrap().element.maxLength ?? 40;
/** The contract's `labels.max(20)`: a zod array does not tell its limit. */
const LABELS_MAX = 20;
const PRIORITIES: KanbanPriority[] = ['low', 'medium', 'high'];
const noColumns: Record<string, KanbanColumn> = {};
const noOrder: string[] = [];

export interface KanbanCardDrawerProps {
  cardId: string | null;
  canEdit: boolean;
  members: Member[];
  /** Every label used on the board, offered when labelling this card. */
  labels: string[];
  onClose: () => void;
}

/** The card drawer: every field of a card, saved as it changes; live while open. */
export function KanbanCardDrawer({
  cardId,
  canEdit,
  members,
  labels,
  onClose,
}: KanbanCardDrawerProps) {
  const { t } = useTranslation('kanban');
  const { card } = useKanbanBoardQuery(undefined, {
    selectFromResult: ({ data }) => ({ card: cardId ? data?.cards[cardId] : undefined }),
  });
  // Keep showing the last card while the drawer slides out.
  const last = useRef<KanbanCard | undefined>(undefined);
  if (card) last.current = card;
  const shown = card ?? last.current;
  const deletedByMe = useRef(false);
  // The card went while its drawer was open. Deleted by someone else (or with its column), the
  // drawer stays, read-only, with a notice, so that nothing typed in it is lost unseen; deleted
  // from this drawer, it closes.
  const vanished = Boolean(cardId && !card && last.current?.id === cardId);
  const gone = vanished && !deletedByMe.current;

  useEffect(() => {
    if (vanished && deletedByMe.current) {
      deletedByMe.current = false;
      onClose();
    }
  }, [vanished, onClose]);

  return (
    <Drawer
      anchor="right"
      open={Boolean(cardId && (card || gone))}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 520 } },
          role: 'dialog',
          'aria-modal': true,
          'aria-label': t('card.details'),
        },
      }}
    >
      {shown && (
        <CardDetails
          key={shown.id}
          card={shown}
          canEdit={canEdit && !gone}
          gone={gone}
          members={members}
          labels={labels}
          onClose={onClose}
          deletedByMe={deletedByMe}
        />
      )}
    </Drawer>
  );
}

function CardDetails({
  card,
  canEdit,
  members,
  labels,
  onClose,
  deletedByMe,
  gone,
}: {
  card: KanbanCard;
  canEdit: boolean;
  /** Deleted by someone else while open: shown read-only, with a notice. */
  gone: boolean;
  members: Member[];
  labels: string[];
  onClose: () => void;
  /** Set while this drawer deletes the card, so that its going is not news. */
  deletedByMe: { current: boolean };
}) {
  const { t } = useTranslation('kanban');
  const [updateCard] = useKanbanUpdateCardMutation();
  const [moveCard] = useKanbanMoveCardMutation();
  const [deleteCard] = useKanbanDeleteCardMutation();
  const { enqueueSnackbar } = useSnackbar();
  const { columns, columnOrder } = useKanbanBoardQuery(undefined, {
    selectFromResult: ({ data }) => ({
      columns: data?.columns ?? noColumns,
      columnOrder: data?.columnOrder ?? noOrder,
    }),
  });
  const columnName = columns[card.columnId]?.name ?? '';
  const [moveAnchor, setMoveAnchor] = useState<HTMLElement | null>(null);
  const moveButtonId = useId();
  const moveMenuId = useId();
  const name = useDraft(card.name);
  const description = useDraft(card.description);
  const [nameError, setNameError] = useState<FieldError | undefined>(undefined);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const headingId = useId();

  /** Saves a change; answers whether the server took it (a refusal is shown as a message). */
  const save = (patch: KanbanCardPatch): Promise<boolean> =>
    updateCard({ cardId: card.id, patch })
      .unwrap()
      .then(
        () => true,
        (error: unknown) => {
          enqueueSnackbar(kanbanErrorText(t, error), { variant: 'error' });
          return false;
        },
      );

  /** Moves the card to the end of another column: the way to move it without dragging. */
  const moveTo = (columnId: string) => {
    setMoveAnchor(null);
    if (columnId === card.columnId) return;
    const target = columns[columnId];
    if (!target) return;
    moveCard({ cardId: card.id, columnId, index: target.cardIds.length })
      .unwrap()
      .then(() => enqueueSnackbar(t('card.moved', { column: target.name })))
      .catch((error: unknown) => enqueueSnackbar(kanbanErrorText(t, error), { variant: 'error' }));
  };

  const saveName = () => {
    if (!name.editing || !canEdit) {
      name.stop();
      return;
    }
    name.stop();
    // Checked with the contract's rule for a card's name, worded as every form words it.
    const parsed = cardFields.name.safeParse(name.draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setNameError({ type: issue?.code ?? 'custom', message: issue?.message ?? '' });
      name.reset();
      return;
    }
    setNameError(undefined);
    if (parsed.data !== card.name) void save({ name: parsed.data });
  };

  const saveDescription = () => {
    description.stop();
    if (canEdit && description.draft !== card.description)
      void save({ description: description.draft });
  };

  const assignees = members.filter((m) => card.assigneeIds.includes(m.id));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2.5,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={headingId} component="h2" variant="subtitle2" sx={{ flex: 1 }}>
          {t('card.inColumn', { column: columnName })}
        </Typography>
        {canEdit && (
          <>
            <Button
              id={moveButtonId}
              size="small"
              color="inherit"
              startIcon={<MoveIcon />}
              aria-haspopup="menu"
              aria-controls={moveAnchor ? moveMenuId : undefined}
              aria-expanded={moveAnchor ? 'true' : undefined}
              disabled={columnOrder.length < 2}
              onClick={(event) => setMoveAnchor(event.currentTarget)}
            >
              {t('card.move')}
            </Button>
            <Menu
              id={moveMenuId}
              anchorEl={moveAnchor}
              open={Boolean(moveAnchor)}
              onClose={() => setMoveAnchor(null)}
              slotProps={{ list: { 'aria-labelledby': moveButtonId } }}
            >
              {columnOrder.map((id) => (
                <MenuItem
                  key={id}
                  selected={id === card.columnId}
                  disabled={id === card.columnId}
                  onClick={() => moveTo(id)}
                >
                  <ListItemText>{columns[id]?.name ?? ''}</ListItemText>
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
        {canEdit && (
          <Tooltip title={t('card.delete')}>
            <IconButton aria-label={t('card.delete')} onClick={() => setConfirmDelete(true)}>
              <TrashIcon />
            </IconButton>
          </Tooltip>
        )}
        <IconButton aria-label={t('card.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>

      <Stack spacing={3} sx={{ p: 2.5, overflowY: 'auto', flex: 1 }}>
        {gone && (
          <Alert severity="warning" role="alert">
            {t('card.deletedElsewhere')}
          </Alert>
        )}
        <TextField
          fullWidth
          multiline
          variant="standard"
          label={t('card.name')}
          value={name.draft}
          error={Boolean(nameError)}
          helperText={fieldErrorMessage(t, nameError)}
          slotProps={{
            htmlInput: { maxLength: NAME_MAX, readOnly: !canEdit },
            input: { sx: { typography: 'h5' } },
          }}
          onFocus={name.start}
          onChange={(event) => {
            if (!name.editing) name.start();
            name.setDraft(event.target.value.replace(/\n/g, ''));
          }}
          onBlur={saveName}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              (event.target as HTMLElement).blur();
            } else if (event.key === 'Escape') {
              // Escape cancels the edit of the name (the drawer stays open); a second Escape,
              // with nothing being edited, closes the drawer as usual.
              if (!name.editing) return;
              event.stopPropagation();
              event.preventDefault();
              name.reset();
              setNameError(undefined);
            }
          }}
        />

        <Autocomplete
          multiple
          size="small"
          options={members}
          value={assignees}
          readOnly={!canEdit}
          disabled={members.length === 0}
          getOptionLabel={memberName}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, value) => void save({ assigneeIds: value.map((m) => m.id) })}
          renderOption={(props, member) => {
            const { key, ...rest } = props;
            return (
              <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1.5 }}>
                <Avatar
                  aria-hidden="true"
                  sx={{ width: 28, height: 28, fontSize: '0.75rem', fontWeight: 700 }}
                >
                  {memberInitials(member)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2">{memberName(member)}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {member.email}
                  </Typography>
                </Box>
              </Box>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('card.assignees')}
              placeholder={assignees.length ? undefined : t('card.assign')}
            />
          )}
        />

        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            type="date"
            size="small"
            label={t('card.due')}
            value={dueDateValue(card.dueAt)}
            onChange={(event) => void save({ dueAt: dueAtFromValue(event.target.value) })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: !canEdit } }}
          />
          <Box>
            <Typography
              id={`${headingId}-priority`}
              variant="caption"
              component="p"
              sx={{ color: 'text.secondary', mb: 0.5 }}
            >
              {t('card.priority')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={card.priority}
              disabled={!canEdit}
              aria-labelledby={`${headingId}-priority`}
              onChange={(_event, value: KanbanPriority | null) => {
                if (value && value !== card.priority) void save({ priority: value });
              }}
            >
              {PRIORITIES.map((priority) => (
                <ToggleButton
                  key={priority}
                  value={priority}
                  color={PRIORITY_COLORS[priority]}
                  sx={(theme) => ({
                    px: 1.5,
                    '&.Mui-selected': {
                      color:
                        theme.palette.mode === 'light'
                          ? theme.palette[PRIORITY_COLORS[priority]].darker
                          : theme.palette[PRIORITY_COLORS[priority]].light,
                    },
                  })}
                >
                  {t(`priority.${priority}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
        </Box>

        <Autocomplete
          multiple
          freeSolo
          size="small"
          options={labels.filter((label) => !card.labels.includes(label))}
          value={card.labels}
          readOnly={!canEdit}
          onChange={(_event, value) => {
            const next = [
              ...new Set(value.map((label) => label.trim().slice(0, LABEL_MAX)).filter(Boolean)),
            ].slice(0, LABELS_MAX);
            void save({ labels: next });
          }}
          renderValue={(value, getItemProps) =>
            value.map((label, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={label} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('card.labels')}
              placeholder={canEdit ? t('card.addLabel') : undefined}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, maxLength: LABEL_MAX },
              }}
            />
          )}
        />

        <TextField
          fullWidth
          multiline
          minRows={3}
          label={t('card.description')}
          placeholder={canEdit ? t('card.descriptionPlaceholder') : undefined}
          value={description.draft}
          onFocus={description.start}
          onChange={(event) => description.setDraft(event.target.value)}
          onBlur={saveDescription}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX, readOnly: !canEdit } }}
        />

        <Divider />
        <Section title={t('checklist.title')}>
          <CardChecklist
            items={card.checklist}
            canEdit={canEdit}
            onChange={(checklist) => save({ checklist })}
          />
        </Section>

        <Divider />
        <Section title={t('attachments.title')}>
          <CardAttachments cardId={card.id} attachments={card.attachments} canEdit={canEdit} />
        </Section>

        <Divider />
        <Section title={t('comments.title', { count: card.commentCount })}>
          <CardComments cardId={card.id} canEdit={canEdit || gone} gone={gone} members={members} />
        </Section>
      </Stack>

      <ConfirmDialog
        open={confirmDelete}
        title={t('card.deleteTitle')}
        text={t('card.deleteText', { name: card.name })}
        confirmLabel={t('card.delete')}
        onConfirm={() => {
          deletedByMe.current = true;
          deleteCard(card.id)
            .unwrap()
            .then(() => enqueueSnackbar(t('card.deleted')))
            .catch((error: unknown) => {
              deletedByMe.current = false;
              enqueueSnackbar(kanbanErrorText(t, error), { variant: 'error' });
            });
          setConfirmDelete(false);
        }}
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
