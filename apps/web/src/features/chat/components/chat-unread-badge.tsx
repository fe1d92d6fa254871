import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useChatUnreadQuery } from '../api/chat-api.ts';

/** The unread total on the navigation's chat item, live. */
export function ChatUnreadBadge() {
  const { t } = useTranslation('navbar');
  const { data } = useChatUnreadQuery();
  if (!data) return null;
  return (
    <Box
      component="span"
      data-testid="chat-unread-total"
      aria-label={t('chatUnread', { count: data })}
      sx={{
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        typography: 'caption',
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {data > 99 ? '99+' : data}
    </Box>
  );
}
