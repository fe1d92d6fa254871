import { useEffect, useRef, useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Activity, ActivityKind, Note } from '@beacon/contract';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../../components/snackbar/index.ts';
import { paths } from '../../../../utils/paths.ts';
import { NoteBody } from '../../notes/note-body.tsx';
import { NoteEditor } from '../../notes/note-editor.tsx';
import type { TimelineState } from '../state/record-state.ts';
import { describeActivity, type ActivityContext } from '../utils/activity-text.ts';
import { callErrorText } from '../utils/call-error.ts';
import { formatDateTime } from '../utils/format.ts';
import {
  ListAddIcon,
  ListRemoveIcon,
  MailBounceIcon,
  MailIcon,
  MergeIcon,
  NoteIcon,
  PenIcon,
  SparkIcon,
  UploadIcon,
} from './record-icons.tsx';
import { EditIcon, TrashIcon } from '../../../../components/icons.tsx';
import { RetryAlert } from './record-states.tsx';

const KIND_ICONS: Record<ActivityKind, ReactNode> = {
  created: <SparkIcon fontSize="small" />,
  imported: <UploadIcon fontSize="small" />,
  merged: <MergeIcon fontSize="small" />,
  list_added: <ListAddIcon fontSize="small" />,
  list_removed: <ListRemoveIcon fontSize="small" />,
  note_added: <NoteIcon fontSize="small" />,
  field_changed: <PenIcon fontSize="small" />,
  email_received: <MailIcon fontSize="small" />,
  email_sent: <MailIcon fontSize="small" />,
  email_bounced: <MailBounceIcon fontSize="small" />,
};

const KIND_COLORS: Record<ActivityKind, 'primary' | 'info' | 'warning' | 'secondary' | 'grey'> = {
  created: 'primary',
  imported: 'primary',
  merged: 'secondary',
  list_added: 'info',
  list_removed: 'grey',
  note_added: 'warning',
  field_changed: 'grey',
  email_received: 'info',
  email_sent: 'primary',
  email_bounced: 'warning',
};

export interface NoteActions {
  /** Who is signed in: their own notes can be edited and deleted. */
  currentUserId: string | null;
  canEdit: boolean;
  updateNote: (noteId: string, body: string) => Promise<void>;
  deleteNote: (noteId: string) => Promise<void>;
}

export interface RecordTimelineProps extends NoteActions {
  timeline: TimelineState;
  context: ActivityContext;
  loadMore: () => void;
  retry: () => void;
  /** Only the notes (the Notes tab). */
  notesOnly?: boolean;
}

/** The activity of a record, newest first; more is read as the end comes into view. */
export function RecordTimeline({
  timeline,
  context,
  loadMore,
  retry,
  notesOnly,
  ...noteActions
}: RecordTimelineProps) {
  const { t } = useTranslation('records');
  const items = notesOnly
    ? timeline.items.filter((item) => item.kind === 'note_added' && item.note)
    : timeline.items;
  const sentinel = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !timeline.nextCursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [timeline.nextCursor, loadMore]);

  if (!timeline.loaded && timeline.error) {
    return (
      <RetryAlert onRetry={retry}>
        {t('timeline.failed')} {callErrorText(t, timeline.error)}
      </RetryAlert>
    );
  }
  if (!timeline.loaded) {
    return (
      <Stack spacing={2} role="status" aria-label={t('timeline.loading')}>
        {Array.from({ length: 4 }, (_, i) => (
          <Stack key={i} direction="row" spacing={2}>
            <Skeleton variant="circular" width={32} height={32} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="60%" />
              <Skeleton width="30%" />
            </Box>
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Box>
      {items.length === 0 && !timeline.nextCursor ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>
          {notesOnly ? t('notes.empty') : t('timeline.nothing')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((activity, index) => (
            <TimelineEntry
              key={activity.id}
              activity={activity}
              context={context}
              last={index === items.length - 1}
              {...noteActions}
            />
          ))}
        </Box>
      )}
      <div ref={sentinel} />
      {timeline.error && timeline.loaded && (
        <RetryAlert severity="warning" sx={{ mt: 2 }} onRetry={loadMore}>
          {callErrorText(t, timeline.error)}
        </RetryAlert>
      )}
      {timeline.nextCursor ? (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={loadMore} loading={timeline.loading} variant="outlined" color="inherit">
            {t('actions.loadMore')}
          </Button>
        </Box>
      ) : (
        items.length > 0 &&
        !notesOnly && (
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
            {t('timeline.end')}
          </Typography>
        )
      )}
    </Box>
  );
}

function TimelineEntry({
  activity,
  context,
  last,
  ...noteActions
}: { activity: Activity; context: ActivityContext; last: boolean } & NoteActions) {
  const { t, i18n } = useTranslation('records');
  const text = describeActivity(t, activity, context);
  const color = KIND_COLORS[activity.kind];
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Avatar
          sx={(theme) => {
            const dark = theme.palette.mode === 'dark';
            const tint =
              color === 'grey'
                ? { bgcolor: theme.palette.action.selected, color: theme.palette.text.secondary }
                : {
                    bgcolor: alpha(theme.palette[color].main, dark ? 0.2 : 0.14),
                    color: dark ? theme.palette[color].light : theme.palette[color].darker,
                  };
            return { width: 32, height: 32, ...tint };
          }}
        >
          {KIND_ICONS[activity.kind]}
        </Avatar>
        {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, pb: last ? 0 : 2.5 }}>
        <Typography variant="subtitle2" component="p">
          {activity.mailMessageId ? (
            // A message's entry opens it on the e-mails page.
            <Link
              component={RouterLink}
              to={`${paths.dashboard.emails}?open=${activity.mailMessageId}`}
              color="inherit"
            >
              {text.title}
            </Link>
          ) : (
            text.title
          )}
        </Typography>
        {text.change && (
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
            aria-label={t('timeline.changeLabel', text.change)}
          >
            <Box component="del" sx={{ color: 'text.secondary' }}>
              {text.change.from}
            </Box>
            <Box component="span" aria-hidden sx={{ mx: 0.75 }}>
              {/* An arrow that follows the reading direction. */}
              {i18n.dir() === 'rtl' ? '←' : '→'}
            </Box>
            <Box component="span" sx={{ color: 'text.primary' }}>
              {text.change.to}
            </Box>
          </Typography>
        )}
        <Typography
          variant="caption"
          component="time"
          dateTime={activity.createdAt}
          sx={{ color: 'text.secondary' }}
        >
          {formatDateTime(activity.createdAt, i18n.language)}
        </Typography>
        {activity.kind === 'note_added' && activity.note && (
          <NoteCard note={activity.note} {...noteActions} />
        )}
      </Box>
    </Box>
  );
}

function NoteCard({
  note,
  currentUserId,
  canEdit,
  updateNote,
  deleteNote,
}: { note: Note } & NoteActions) {
  const { t, i18n } = useTranslation('records');
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const own = canEdit && currentUserId !== null && note.authorId === currentUserId;

  return (
    <Box
      sx={{
        mt: 1,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'background.neutral',
        position: 'relative',
      }}
    >
      {editing ? (
        <NoteEditor
          initialBody={note.body}
          label={t('notes.editLabel')}
          submitLabel={t('actions.save')}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await updateNote(note.id, body);
            setEditing(false);
            enqueueSnackbar(t('notes.updated'));
          }}
        />
      ) : (
        <>
          <NoteBody body={note.body} />
          <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5, minHeight: 28 }}>
            {note.updatedAt !== note.createdAt && (
              <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1 }}>
                {t('notes.edited')} · {formatDateTime(note.updatedAt, i18n.language)}
              </Typography>
            )}
            {own && (
              <Stack direction="row" sx={{ marginInlineStart: 'auto' }}>
                <Tooltip title={t('actions.edit')}>
                  <IconButton
                    size="small"
                    aria-label={t('actions.edit')}
                    onClick={() => setEditing(true)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.delete')}>
                  <IconButton
                    size="small"
                    aria-label={t('actions.delete')}
                    onClick={() => setConfirming(true)}
                  >
                    <TrashIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            )}
          </Stack>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('notes.deleteTitle')}
        text={t('notes.deleteText')}
        confirmLabel={t('actions.delete')}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setBusy(true);
          deleteNote(note.id).then(
            () => {
              setBusy(false);
              setConfirming(false);
              enqueueSnackbar(t('notes.deleted'));
            },
            (error: unknown) => {
              setBusy(false);
              setConfirming(false);
              enqueueSnackbar(callErrorText(t, error), { variant: 'error' });
            },
          );
        }}
      />
    </Box>
  );
}
