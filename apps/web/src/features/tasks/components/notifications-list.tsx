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
import { tasksApi } from '../api/tasks-api.ts';
import { useNotificationList } from '../hooks/use-notifications.ts';
import { formatDue } from '../utils/format.ts';

/**
 * The notifications drawer's content (loaded when the drawer first opens): the member's
 * notifications, newest first, unread marked; one opens its task and is marked read.
 */
export function NotificationsList({
  userId,
  onClose,
  onUnread,
  empty,
}: {
  userId: string | null;
  onClose: () => void;
  /** Tells the bell the new unread count. */
  onUnread: (count: number) => void;
  /** What an empty drawer shows. */
  empty: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('tasks');
  const navigate = useNavigate();
  const { items, error, reload, setItems } = useNotificationList(userId, true);

  if (error && !items) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={reload}>
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
        <Button
          size="small"
          disabled={unread === 0}
          onClick={() => {
            void tasksApi.markAllRead().then(() => {
              const now = new Date().toISOString();
              setItems(items.map((n) => ({ ...n, readAt: n.readAt ?? now })));
              onUnread(0);
            });
          }}
        >
          {t('notifications.markAll')}
        </Button>
      </Box>
      <List aria-label={t('notifications.list')}>
        {items.map((n) => (
          <ListItemButton
            key={n.id}
            onClick={() => {
              if (!n.readAt) {
                void tasksApi.markRead(n.id).then(() => onUnread(Math.max(0, unread - 1)));
              }
              onClose();
              void navigate(`${paths.dashboard.tasks}?task=${n.taskId ?? ''}`);
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
                  {t('notifications.taskDue', { title: n.title })}
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
