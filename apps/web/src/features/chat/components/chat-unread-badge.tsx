import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge.tsx';
import { useChatUnreadQuery } from '../api/chat-api.ts';

/** The unread total on the navigation's chat item, live. */
export function ChatUnreadBadge() {
  const { t } = useTranslation('navbar');
  const { data } = useChatUnreadQuery();
  if (!data) return null;
  return (
    <CountBadge count={data} label={t('chatUnread', { count: data })} testId="chat-unread-total" />
  );
}
