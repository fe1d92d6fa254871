import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../utils/paths.ts';
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
} from '../api/notifications-api.ts';
import { formatDue } from '../utils/format.ts';

/**
 * The notifications drawer's content (loaded when the drawer first opens): the member's
 * notifications, newest first, unread marked; one opens its task and is marked read.
 */
export function NotificationsList({
  userId,
  onClose,
  empty,
}: {
  userId: string;
  onClose: () => void;
  /** What an empty drawer shows. */
  empty: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('tasks');
  const navigate = useNavigate();
  // Read each time the drawer opens, then live while it is open.
  const list = useNotificationsQuery(userId, { refetchOnMountOrArgChange: true });
  const items = list.data?.items ?? null;
  const error = list.isError;
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead] = useMarkAllNotificationsReadMutation();

  if (error && !items) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      >
        {t('notifications.error')}
      </Alert>
    );
  }
  if (!items) {
    return (
      <Box sx={{ p: 2 }} aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={56} />
        ))}
      </Box>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  const unread = items.filter((n) => !n.readAt).length;

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 1 }}>
        <Button size="small" disabled={unread === 0} onClick={() => void markAllRead(userId)}>
          {t('notifications.markAll')}
        </Button>
      </Box>
      <List aria-label={t('notifications.list')}>
        {items.map((n) => (
          <ListItemButton
            key={n.id}
            onClick={() => {
              if (!n.readAt) void markRead({ id: n.id, userId });
              onClose();
              void navigate(
                n.kind === 'chat_mention'
                  ? `${paths.dashboard.chat}/${n.conversationId ?? ''}`
                  : `${paths.dashboard.tasks}?task=${n.taskId ?? ''}`,
              );
            }}
            sx={{
              alignItems: 'flex-start',
              gap: 1.5,
              bgcolor: n.readAt ? 'transparent' : 'action.hover',
            }}
          >
            <Box
              aria-hidden="true"
              sx={{
                mt: 1,
                width: 8,
                height: 8,
                borderRadius: '50%',
                flexShrink: 0,
                bgcolor: n.readAt ? 'transparent' : 'info.main',
              }}
            />
            <ListItemText
              primary={
                <>
                  {!n.readAt && (
                    <Box
                      component="span"
                      sx={{
                        position: 'absolute',
                        width: 1,
                        height: 1,
                        overflow: 'hidden',
                        clip: 'rect(0 0 0 0)',
                      }}
                    >
                      {t('notifications.unread')}{' '}
                    </Box>
                  )}
                  {n.kind === 'chat_mention'
                    ? t('notifications.chatMention', { title: n.title })
                    : t('notifications.taskDue', { title: n.title })}
                </>
              }
              secondary={
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                  {formatDue(n.at ?? n.createdAt, i18n.language)}
                </Typography>
              }
            />
          </ListItemButton>
        ))}
      </List>
    </>
  );
}
