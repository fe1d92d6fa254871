import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ChatConversationSummary } from '@beacon/contract';
import { PlusIcon, SearchIcon } from '../../../components/icons.tsx';
import { paths } from '../../../utils/paths.ts';
import { useChatConversationsQuery } from '../api/chat-api.ts';
import { useChatState } from '../state/chat-actions.ts';
import { ChatAvatar, PresenceDot, avatarSx, conversationTitle } from './presence.tsx';
import { CountBadge } from '../../../components/count-badge.tsx';

/** The member's conversations, latest first, with unread counts; a search by name or text. */
export function ConversationList({
  myId,
  activeId,
  canEdit,
}: {
  myId: string;
  activeId: string | null;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation('chat');
  const query = useChatConversationsQuery();
  const [search, setSearch] = useState('');
  // The open conversation is read: its count shows 0 at once (spec: mark as read).
  const activeUnread = useChatState((chat) =>
    activeId ? chat.threads[activeId]?.unreadCount : undefined,
  );
  const conversations = query.data;
  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    if (!conversations || !q) return conversations;
    return conversations.filter((c) => {
      const title = conversationTitle(c, myId, t).toLocaleLowerCase();
      return title.includes(q) || (c.lastMessage?.body.toLocaleLowerCase().includes(q) ?? false);
    });
  }, [conversations, search, myId, t]);
  const when = new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
    month: 'short',
    day: 'numeric',
  });

  const unreadOf = (c: ChatConversationSummary) =>
    c.id === activeId && activeUnread !== undefined ? activeUnread : c.unreadCount;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          // A short placeholder fits the 320-pixel list beside the New button in every language;
          // the field's name says what it searches.
          placeholder={t('list.searchShort')}
          slotProps={{
            htmlInput: { 'aria-label': t('list.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {canEdit && (
          <Button
            component={RouterLink}
            to={`${paths.dashboard.chat}/new`}
            variant="contained"
            startIcon={<PlusIcon />}
            sx={{ flexShrink: 0 }}
          >
            {t('list.new')}
          </Button>
        )}
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {query.isError && (
          <Alert
            severity="error"
            sx={{ mx: 2 }}
            action={
              <Button color="inherit" onClick={() => void query.refetch()}>
                {t('actions.retry')}
              </Button>
            }
          >
            {t('errors.loadList')}
          </Alert>
        )}
        {!conversations && !query.isError && (
          <Box sx={{ px: 2 }} aria-busy="true" aria-label={t('loading')}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Box key={i} sx={{ display: 'flex', gap: 2, py: 1.5 }}>
                <Skeleton variant="circular" width={40} height={40} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="90%" />
                </Box>
              </Box>
            ))}
          </Box>
        )}
        {conversations && conversations.length === 0 && (
          <Typography sx={{ color: 'text.secondary', px: 2, py: 4, textAlign: 'center' }}>
            {t('list.empty')}
          </Typography>
        )}
        {shown && conversations && conversations.length > 0 && shown.length === 0 && (
          <Typography sx={{ color: 'text.secondary', px: 2, py: 4, textAlign: 'center' }}>
            {t('list.noMatch')}
          </Typography>
        )}
        {shown && shown.length > 0 && (
          <List disablePadding aria-label={t('list.title')}>
            {shown.map((c) => {
              const unread = unreadOf(c);
              const title = conversationTitle(c, myId, t);
              const other = c.type === 'direct' ? c.participants.find((p) => p.id !== myId) : null;
              const last = c.lastMessage;
              const preview = last
                ? last.deletedAt
                  ? t('message.deleted')
                  : last.body || t('list.attachment')
                : t('list.noMessages');
              return (
                <Box component="li" key={c.id} sx={{ listStyle: 'none' }}>
                  <ListItemButton
                    component={RouterLink}
                    to={`${paths.dashboard.chat}/${c.id}`}
                    selected={c.id === activeId}
                    aria-current={c.id === activeId ? 'page' : undefined}
                    sx={{
                      px: 2,
                      py: 1.25,
                      gap: 0,
                      borderInlineStart: '3px solid transparent',
                      // The open one is marked by a bar, keeping its texts' contrast.
                      '&.Mui-selected, &.Mui-selected:hover': {
                        bgcolor: 'transparent',
                        borderInlineStartColor: (theme) => theme.palette.primary.main,
                      },
                    }}
                  >
                    <ListItemAvatar>
                      <Badge
                        overlap="circular"
                        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                        invisible={!other}
                        badgeContent={
                          other ? (
                            <PresenceDot
                              status={other.status}
                              label={t(`presence.${other.status}`)}
                            />
                          ) : null
                        }
                      >
                        {other ? (
                          <ChatAvatar person={other} />
                        ) : (
                          <Avatar sx={avatarSx}>{title.slice(0, 1).toUpperCase()}</Avatar>
                        )}
                      </Badge>
                    </ListItemAvatar>
                    <ListItemText
                      primary={title}
                      secondary={preview}
                      slotProps={{
                        primary: { noWrap: true, sx: { fontWeight: unread > 0 ? 700 : 500 } },
                        secondary: {
                          noWrap: true,
                          dir: 'auto',
                          sx: unread > 0 ? { color: 'text.primary', fontWeight: 600 } : undefined,
                        },
                      }}
                    />
                    <Box
                      sx={{
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'flex-end',
                        gap: 0.5,
                        marginInlineStart: 1,
                        flexShrink: 0,
                      }}
                    >
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {when.format(new Date(last?.createdAt ?? c.updatedAt))}
                      </Typography>
                      {unread > 0 && (
                        <CountBadge
                          count={unread}
                          label={t('list.unread', { count: unread })}
                          testId="unread-count"
                        />
                      )}
                    </Box>
                  </ListItemButton>
                </Box>
              );
            })}
          </List>
        )}
      </Box>
    </Box>
  );
}
