import { lazy, Suspense, useId, useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons.tsx';
import { BellIcon, InboxIcon } from '../../../components/shell-icons.tsx';
import { useAuth } from '../../../features/auth/index.ts';
import { useUnreadNotifications } from '../../../features/tasks/hooks/use-notifications.ts';

// The list and its calls load when the drawer first opens, not with the dashboard.
const NotificationsList = lazy(async () => ({
  default: (await import('../../../features/tasks/components/notifications-list.tsx'))
    .NotificationsList,
}));
/**
 * The notifications button and panel: the badge counts the member's unread notifications (tasks
 * that became due, live); the panel lists them, and one opens its task.
 */
export function NotificationsDrawer() {
  const { t } = useTranslation('navbar');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { unread } = useUnreadNotifications(userId);

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          aria-label={
            unread > 0 ? t('notifications.openUnread', { count: unread }) : t('notifications.open')
          }
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <Badge badgeContent={unread} color="error">
            <BellIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          backdrop: { invisible: true },
          paper: {
            'aria-labelledby': titleId,
            sx: (theme) => ({
              width: { xs: '100%', sm: 420 },
              maxWidth: '100%',
              boxShadow: theme.customShadows.dialog,
            }),
          },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            py: 2,
            pl: 2.5,
            pr: 1,
            minHeight: 68,
            borderBottom: (theme) => `1px dashed ${theme.palette.divider}`,
          }}
        >
          <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
            {t('notifications.title')}
          </Typography>
          <IconButton aria-label={t('notifications.close')} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        {open && userId && (
          <Suspense fallback={<Skeleton sx={{ m: 2 }} height={56} />}>
            <NotificationsList
              userId={userId}
              onClose={() => setOpen(false)}
              empty={
                <Box
                  role="status"
                  sx={{
                    flex: 1,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    textAlign: 'center',
                    px: 4,
                    py: 8,
                  }}
                >
                  <Box
                    aria-hidden="true"
                    sx={(theme) => ({
                      width: 96,
                      height: 96,
                      mb: 3,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      color: 'text.secondary',
                      bgcolor: alpha(theme.palette.grey[500], 0.08),
                    })}
                  >
                    <InboxIcon sx={{ fontSize: 44 }} />
                  </Box>
                  <Typography variant="h6" component="p" sx={{ mb: 1 }}>
                    {t('notifications.empty')}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 300 }}>
                    {t('notifications.emptyText')}
                  </Typography>
                </Box>
              }
            />
          </Suspense>
        )}
      </Drawer>
    </>
  );
}
