import { memo, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Draggable } from '@hello-pangea/dnd';
import { useTranslation } from 'react-i18next';
import type { KanbanCard, Member } from '@beacon/contract';
import { ClockIcon, PaperclipIcon } from '../../../components/icons.tsx';
import { findLanguage } from '../../../locales/languages.ts';
import { memberInitials, memberName } from '../../../utils/members.ts';
import { dueState, formatDueDate } from '../utils/dates.ts';
import { ChecklistIcon, CommentIcon } from './kanban-icons.tsx';

export const PRIORITY_COLORS = { low: 'info', medium: 'warning', high: 'error' } as const;

/** A card shows at most this many avatars, then "+n". */
export const AVATAR_GROUP_MAX = 4;

export interface KanbanCardItemProps {
  card: KanbanCard;
  index: number;
  canEdit: boolean;
  members: Member[];
  onOpen: (cardId: string) => void;
}

/** A card on the board: drag it (contributors and admins), or open it. */
export const KanbanCardItem = memo(function KanbanCardItem({
  card,
  index,
  canEdit,
  members,
  onOpen,
}: KanbanCardItemProps) {
  const { t, i18n } = useTranslation('kanban');
  const locale = findLanguage(i18n.resolvedLanguage).htmlLang;
  const assignees = card.assigneeIds
    .map((id) => members.find((m) => m.id === id))
    .filter((m): m is Member => Boolean(m));
  const done = card.checklist.filter((item) => item.done).length;
  const due = card.dueAt ? dueState(card.dueAt) : null;

  return (
    <Draggable draggableId={card.id} index={index} isDragDisabled={!canEdit}>
      {(provided, snapshot) => (
        <Box
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...(provided.dragHandleProps ?? { role: 'button', tabIndex: 0 })}
          aria-label={card.name}
          data-testid="kanban-card"
          onClick={() => onOpen(card.id)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !snapshot.isDragging) {
              event.preventDefault();
              onOpen(card.id);
            }
          }}
          sx={{
            mb: 1.5,
            borderRadius: 1.5,
            outline: 'none',
            '&:focus-visible > *': {
              outline: 2,
              outlineColor: 'primary.main',
              outlineOffset: 2,
            },
          }}
        >
          <Paper
            elevation={snapshot.isDragging ? 8 : 0}
            sx={{
              p: 2,
              borderRadius: 1.5,
              cursor: canEdit ? 'grab' : 'pointer',
              border: 1,
              borderColor: 'divider',
              transition: (theme) => theme.transitions.create(['box-shadow', 'transform']),
              ...(snapshot.isDragging && { transform: 'rotate(2deg)' }),
              '&:hover': { boxShadow: (theme) => theme.shadows[4] },
            }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1 }}>
              <Chip
                size="small"
                label={t(`priority.${card.priority}`)}
                sx={(theme) => {
                  const shades = theme.palette[PRIORITY_COLORS[card.priority]];
                  return {
                    height: 22,
                    fontWeight: 600,
                    bgcolor: alpha(shades.main, 0.16),
                    // The darkest shade reads on the tint (WCAG AA); the lightest in dark mode.
                    color: theme.palette.mode === 'light' ? shades.darker : shades.light,
                  };
                }}
              />
              {card.labels.map((label) => (
                <Chip
                  key={label}
                  size="small"
                  label={label}
                  variant="outlined"
                  sx={{ height: 22, maxWidth: '100%' }}
                />
              ))}
            </Box>
            <Typography component="p" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
              {card.name}
            </Typography>

            <Box
              sx={{
                mt: 1.5,
                display: 'flex',
                alignItems: 'center',
                flexWrap: 'wrap',
                gap: 1.5,
                color: 'text.secondary',
                typography: 'caption',
              }}
            >
              {card.dueAt && (
                <Box
                  component="span"
                  title={t(`card.dueState.${due ?? 'upcoming'}`)}
                  sx={(theme) => {
                    const light = theme.palette.mode === 'light';
                    return {
                      display: 'inline-flex',
                      alignItems: 'center',
                      gap: 0.5,
                      fontWeight: due === 'upcoming' ? 400 : 600,
                      color:
                        due === 'overdue'
                          ? theme.palette.error[light ? 'dark' : 'light']
                          : due === 'today'
                            ? theme.palette.warning[light ? 'darker' : 'light']
                            : 'inherit',
                    };
                  }}
                >
                  <ClockIcon sx={{ fontSize: 16 }} aria-hidden />
                  <span>{formatDueDate(card.dueAt, locale)}</span>
                </Box>
              )}
              {card.checklist.length > 0 && (
                <Meta
                  icon={<ChecklistIcon sx={{ fontSize: 16 }} aria-hidden />}
                  label={t('card.checklistCount', { done, total: card.checklist.length })}
                  text={`${done}/${card.checklist.length}`}
                />
              )}
              {card.commentCount > 0 && (
                <Meta
                  icon={<CommentIcon sx={{ fontSize: 16 }} aria-hidden />}
                  label={t('card.commentCount', { count: card.commentCount })}
                  text={String(card.commentCount)}
                />
              )}
              {card.attachments.length > 0 && (
                <Meta
                  icon={<PaperclipIcon sx={{ fontSize: 16 }} aria-hidden />}
                  label={t('card.attachmentCount', { count: card.attachments.length })}
                  text={String(card.attachments.length)}
                />
              )}
              {assignees.length > 0 && (
                <AvatarGroup
                  max={AVATAR_GROUP_MAX}
                  sx={{
                    ms: 'auto',
                    '& .MuiAvatar-root': { width: 24, height: 24, fontSize: '0.625rem' },
                  }}
                >
                  {assignees.map((member) => (
                    <Avatar
                      key={member.id}
                      alt={memberName(member)}
                      title={memberName(member)}
                      sx={{ bgcolor: 'primary.lighter', color: 'primary.darker', fontWeight: 700 }}
                    >
                      {memberInitials(member)}
                    </Avatar>
                  ))}
                </AvatarGroup>
              )}
            </Box>
          </Paper>
        </Box>
      )}
    </Draggable>
  );
});

function Meta({ icon, label, text }: { icon: ReactNode; label: string; text: string }) {
  return (
    <Box
      component="span"
      title={label}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {icon}
      <span>{text}</span>
    </Box>
  );
}
