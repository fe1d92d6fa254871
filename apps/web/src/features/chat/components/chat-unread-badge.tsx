import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { useChatUnreadQuery } from '../api/chat-api.ts';

/** The unread total on the navigation's chat item, live. */
export function ChatUnreadBadge() {
  const { t } = useTranslation('navbar');
  const { data } = useChatUnreadQuery();
  if (!data) return null;
  return (
    <Box
      component="span"
      sx={{
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: 'error.dark',
        color: 'common.white',
        typography: 'caption',
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <span aria-hidden="true" data-testid="chat-unread-total">
        {data > 99 ? '99+' : data}
      </span>
      <Box component="span" sx={visuallyHidden}>
        {t('chatUnread', { count: data })}
      </Box>
    </Box>
  );
}
