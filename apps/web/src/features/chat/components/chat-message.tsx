import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CheckIcon, MoreIcon } from '../../../components/icons.tsx';
import type { LocalMessage } from '../state/chat-slice.ts';
import { ChatAttachmentView } from './chat-attachment.tsx';
import { CheckAllIcon } from './chat-icons.tsx';
import { MessageText } from './message-text.tsx';
import { ChatAvatar } from './presence.tsx';

export interface ChatMessageProps {
  message: LocalMessage;
  mine: boolean;
  senderName: string;
  /** The sender's picture (the team's `avatarUrl`), else their initials show. */
  senderAvatarUrl?: string | null;
  /** Show the sender's name and avatar (the first of a run of their messages). */
  showSender: boolean;
  /** Every other participant has read it. */
  readByAll: boolean;
  /** Names of who read it, for the last message of mine. */
  seenBy: string[] | null;
  members: { id: string; name: string }[];
  canEdit: boolean;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  onEdit: (messageId: string, body: string) => Promise<boolean>;
  onDelete: (messageId: string) => void;
}

/** One message: its text (escaped), attachments, time, state of a send and read receipts. */
export const ChatMessageItem = memo(function ChatMessageItem(props: ChatMessageProps) {
  const { message, mine, senderName, showSender, readByAll, seenBy, canEdit } = props;
  const { t, i18n } = useTranslation('chat');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const time = new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(message.createdAt));
  const deleted = message.deletedAt !== null;

  const saveEdit = async () => {
    if (editing === null) return;
    if (editing.trim() === '' || editing === message.body) {
      setEditing(null);
      return;
    }
    if (await props.onEdit(message.id, editing)) setEditing(null);
  };

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: mine ? 'row-reverse' : 'row',
        gap: 1,
        mt: showSender ? 2 : 0.5,
        px: 2,
        listStyle: 'none',
      }}
      data-seq={message.seq || undefined}
      aria-label={t('message.from', { name: senderName, time })}
    >
      {!mine && (
        <ChatAvatar
          person={{ name: senderName, avatarUrl: props.senderAvatarUrl ?? null }}
          size={32}
          hidden={!showSender}
        />
      )}
      <Box
        sx={{
          maxWidth: { xs: '85%', md: '70%' },
          display: 'flex',
          flexDirection: 'column',
          alignItems: mine ? 'flex-end' : 'flex-start',
        }}
      >
        {showSender && !mine && (
          <Typography variant="caption" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {senderName}
          </Typography>
        )}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            flexDirection: mine ? 'row-reverse' : 'row',
          }}
        >
          <Box
            sx={(theme) => ({
              px: 1.5,
              py: 1,
              borderRadius: 1.5,
              typography: 'body2',
              bgcolor: deleted
                ? 'transparent'
                : mine
                  ? 'primary.lighter'
                  : theme.palette.mode === 'dark'
                    ? 'grey.800'
                    : 'grey.100',
              color: deleted ? 'text.disabled' : mine ? 'primary.darker' : 'text.primary',
              border: deleted ? 1 : 0,
              borderColor: 'divider',
              fontStyle: deleted ? 'italic' : 'normal',
              opacity: message.status === 'sending' ? 0.7 : 1,
              ...(theme.palette.mode === 'dark' && mine && !deleted
                ? { bgcolor: 'primary.dark', color: 'common.white' }
                : {}),
            })}
          >
            {deleted ? (
              t('message.deleted')
            ) : editing !== null ? (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 200 }}>
                <InputBase
                  value={editing}
                  onChange={(e) => setEditing(e.target.value)}
                  multiline
                  autoFocus
                  inputProps={{ 'aria-label': t('message.editLabel'), dir: 'auto' }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && !e.shiftKey) {
                      e.preventDefault();
                      void saveEdit();
                    }
                    if (e.key === 'Escape') setEditing(null);
                  }}
                  sx={{ color: 'inherit', typography: 'body2' }}
                />
                <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
                  <Button size="small" color="inherit" onClick={() => setEditing(null)}>
                    {t('actions.cancel')}
                  </Button>
                  <Button size="small" variant="contained" onClick={() => void saveEdit()}>
                    {t('actions.save')}
                  </Button>
                </Box>
              </Box>
            ) : (
              <>
                {message.body && <MessageText body={message.body} mentions={props.members} />}
                {message.attachments.length > 0 && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: message.body ? 1 : 0 }}>
                    {message.attachments.map((a) => (
                      <ChatAttachmentView key={a.id} attachment={a} />
                    ))}
                  </Box>
                )}
              </>
            )}
          </Box>
          {mine && canEdit && message.status === 'sent' && !deleted && editing === null && (
            <IconButton
              size="small"
              aria-label={t('message.actions')}
              onClick={(e) => setMenu(e.currentTarget)}
            >
              <MoreIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
        <Typography
          variant="caption"
          sx={{
            color: 'text.secondary',
            mt: 0.25,
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
          }}
        >
          {time}
          {message.editedAt && !deleted && ` · ${t('message.edited')}`}
          {mine && message.status === 'sent' && (
            <Box
              component="span"
              role="img"
              aria-label={readByAll ? t('message.read') : t('message.sent')}
              sx={{ display: 'inline-flex', color: readByAll ? 'primary.main' : 'text.secondary' }}
            >
              {readByAll ? (
                <CheckAllIcon sx={{ fontSize: 16 }} />
              ) : (
                <CheckIcon sx={{ fontSize: 16 }} />
              )}
            </Box>
          )}
          {message.status === 'sending' && t('message.sending')}
        </Typography>
        {seenBy && seenBy.length > 0 && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="seen-by">
            {t('message.seenBy', { names: seenBy.join(', ') })}
          </Typography>
        )}
        {message.status === 'failed' && message.clientId && (
          <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="caption" sx={{ color: 'error.main' }}>
              {message.failure?.status === 413
                ? t('message.failedTooLarge')
                : message.failure?.status === 0 || message.failure?.status === undefined
                  ? t('message.failedOffline')
                  : t('message.failed')}
            </Typography>
            <Button size="small" onClick={() => props.onRetry(message.clientId!)}>
              {t('actions.retry')}
            </Button>
            <Button size="small" color="inherit" onClick={() => props.onDiscard(message.clientId!)}>
              {t('actions.discard')}
            </Button>
          </Box>
        )}
      </Box>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            setEditing(message.body);
          }}
        >
          {t('actions.edit')}
        </MenuItem>
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            setMenu(null);
            props.onDelete(message.id);
          }}
        >
          {t('actions.delete')}
        </MenuItem>
      </Menu>
    </Box>
  );
});
