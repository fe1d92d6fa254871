import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { useChatLive } from '../state/use-chat-live.ts';
import { ChatRoom } from './chat-room.tsx';
import { ConversationList } from './conversation-list.tsx';
import { NewConversation } from './new-conversation.tsx';

export interface ChatPageProps {
  myId: string;
  /** Admins and contributors write; viewers read and mark read. */
  canEdit: boolean;
  /** `/dashboard/chat/{id}`, `/dashboard/chat/new` or the list alone. */
  view: { kind: 'list' } | { kind: 'new' } | { kind: 'room'; id: string };
}

/**
 * `/dashboard/chat`, `/dashboard/chat/new` and `/dashboard/chat/{id}`: the conversations beside
 * the open one (on a phone, one or the other).
 */
export function ChatPage({ myId, canEdit, view }: ChatPageProps) {
  const { t } = useTranslation('chat');
  useChatLive(myId);
  const activeId = view.kind === 'room' ? view.id : null;
  const showsPane = view.kind !== 'list';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PageTitle title={t('title')} />
      <Typography variant="h4" component="h1">
        {t('title')}
      </Typography>
      <Card
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 180px)', md: 'calc(100dvh - 220px)' },
          minHeight: 420,
        }}
      >
        <Box
          component="nav"
          aria-label={t('list.title')}
          sx={{
            width: { xs: '100%', md: 320 },
            flexShrink: 0,
            borderInlineEnd: { md: 1 },
            borderColor: { md: 'divider' },
            display: { xs: showsPane ? 'none' : 'block', md: 'block' },
          }}
        >
          <ConversationList myId={myId} activeId={activeId} canEdit={canEdit} />
        </Box>
        <Box
          component="section"
          sx={{
            flex: 1,
            minWidth: 0,
            display: { xs: showsPane ? 'flex' : 'none', md: 'flex' },
            flexDirection: 'column',
          }}
        >
          {view.kind === 'room' && (
            <ChatRoom key={view.id} conversationId={view.id} myId={myId} canEdit={canEdit} />
          )}
          {view.kind === 'new' && <NewConversation myId={myId} />}
          {view.kind === 'list' && (
            <Box
              sx={{
                flex: 1,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                p: 4,
                textAlign: 'center',
              }}
            >
              <Typography sx={{ color: 'text.secondary' }}>{t('room.pick')}</Typography>
            </Box>
          )}
        </Box>
      </Card>
    </Box>
  );
}
