import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AvatarGroup from '@mui/material/AvatarGroup';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ChatParticipant } from '@beacon/contract';
import { ArrowBackIcon, LogoutIcon } from '../../../components/icons.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { paths } from '../../../utils/paths.ts';
import {
  chatApi,
  useChatDeleteMutation,
  useChatEditMutation,
  useChatLeaveMutation,
} from '../api/chat-api.ts';
import {
  loadOlder,
  markAsSeen,
  openConversation,
  retryMessage,
  sendMessage,
  useChatDispatch,
  useChatState,
} from '../state/chat-actions.ts';
import { messageDiscarded, messageSent, reset } from '../state/chat-slice.ts';
import { ChatComposer, type ComposerMessage } from './chat-composer.tsx';
import { ChatMessageItem } from './chat-message.tsx';
import { ChatAvatar, PresenceDot, conversationTitle } from './presence.tsx';

/** How long a "typing" lasts without another. */
const TYPING_SHOWN_MS = 5000;

/** `/dashboard/chat/{id}`: one conversation, live. */
export function ChatRoom({
  conversationId,
  myId,
  canEdit,
}: {
  conversationId: string;
  myId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation('chat');
  const dispatch = useChatDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const showError = (error: unknown) =>
    enqueueSnackbar(areaErrorText(t, 'chat', error), { variant: 'error' });
  const [status, setStatus] = useState<'loading' | 'ok' | 'missing' | 'failed'>('loading');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const thread = useChatState((chat) =>
    chat.activeId === conversationId ? chat.threads[conversationId] : undefined,
  );
  const [edit] = useChatEditMutation();
  const [remove] = useChatDeleteMutation();
  const [leave] = useChatLeaveMutation();
  const scroller = useRef<HTMLDivElement | null>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const nearBottom = useRef(true);
  const [now, setNow] = useState(() => Date.now());

  const open = useCallback(async () => {
    setStatus('loading');
    setStatus(await dispatch(openConversation(conversationId)));
  }, [dispatch, conversationId]);

  useEffect(() => {
    void open();
    return () => {
      dispatch(reset());
    };
  }, [open, dispatch]);

  // Messages that came while the tab was hidden are read when it shows again.
  const unread = thread?.unreadCount ?? 0;
  useEffect(() => {
    if (unread === 0) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void dispatch(markAsSeen(conversationId));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unread, dispatch, conversationId]);

  // Typing indicators fade.
  const typingIds = Object.entries(thread?.typing ?? {})
    .filter(([id, at]) => id !== myId && now - at < TYPING_SHOWN_MS)
    .map(([id]) => id);
  const anyTyping = Object.keys(thread?.typing ?? {}).length > 0;
  useEffect(() => {
    if (!anyTyping) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [anyTyping]);

  const messages = thread?.messages ?? [];
  const participants = useMemo(() => thread?.participants ?? [], [thread?.participants]);
  const byId = useMemo(() => new Map(participants.map((p) => [p.id, p])), [participants]);
  const others = participants.filter((p) => p.id !== myId);
  const mentionable = useMemo(
    () => participants.map((p) => ({ id: p.id, name: p.name })),
    [participants],
  );

  // Scrolling: to the newest at first and as messages come while at the bottom; in place when
  // older ones are put above.
  const newest = messages.at(-1)?.id;
  const oldest = messages[0]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (nearBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [newest, oldest, status]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 120 && thread?.hasOlder && !loadingOlder) {
      setLoadingOlder(true);
      anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      void dispatch(loadOlder(conversationId)).finally(() => setLoadingOlder(false));
    }
  };

  const send = (message: ComposerMessage) => {
    nearBottom.current = true;
    void dispatch(
      sendMessage({
        conversationId,
        body: message.body,
        attachmentIds: message.attachments.map((a) => a.id),
        attachments: message.attachments,
        mentionIds: message.mentionIds,
        senderId: myId,
      }),
    );
  };

  const typing = () => {
    void dispatch(chatApi.endpoints.chatTyping.initiate(conversationId));
  };

  const onEdit = async (messageId: string, body: string) => {
    const result = await edit({ messageId, body });
    if ('data' in result && result.data) {
      dispatch(messageSent({ conversationId, message: result.data }));
      return true;
    }
    showError('error' in result ? result.error : undefined);
    return false;
  };

  const onDelete = async (messageId: string) => {
    const result = await remove(messageId);
    if ('data' in result && result.data)
      dispatch(messageSent({ conversationId, message: result.data }));
    else showError('error' in result ? result.error : undefined);
  };

  const onLeave = async () => {
    const result = await leave(conversationId);
    setLeaving(false);
    if ('error' in result) showError(result.error);
    else void navigate(paths.dashboard.chat);
  };

  if (status === 'missing') {
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h6" component="h2">
          {t('room.missing')}
        </Typography>
        <Button sx={{ mt: 2 }} onClick={() => void navigate(paths.dashboard.chat)}>
          {t('room.backToList')}
        </Button>
      </Box>
    );
  }
  if (status === 'failed') {
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void open()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('errors.load')}
        </Alert>
      </Box>
    );
  }

  // Read receipts: a message of mine is read when every other participant has read up to it.
  const minOthersRead = others.length ? Math.min(...others.map((p) => p.lastReadSeq)) : 0;
  const lastMine = [...messages].reverse().find((m) => m.senderId === myId && m.status === 'sent');
  const seenBy = lastMine
    ? others.filter((p) => p.lastReadSeq >= lastMine.seq).map((p) => p.name)
    : [];
  const title = thread ? conversationTitle(thread, myId, t) : '';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          minHeight: 64,
        }}
      >
        <IconButton
          aria-label={t('room.backToList')}
          onClick={() => void navigate(paths.dashboard.chat)}
          sx={{ display: { md: 'none' } }}
        >
          <ArrowBackIcon
            sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
          />
        </IconButton>
        {thread ? (
          <>
            <RoomAvatars others={others} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="subtitle1" component="h2" noWrap>
                {title}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="p">
                {thread.type === 'direct' && others[0]
                  ? t(`presence.${others[0].status}`)
                  : t('room.members', { count: participants.length })}
              </Typography>
            </Box>
            {thread.type === 'group' && canEdit && (
              <Tooltip describeChild title={t('room.leave')}>
                <IconButton aria-label={t('room.leave')} onClick={() => setLeaving(true)}>
                  <LogoutIcon />
                </IconButton>
              </Tooltip>
            )}
          </>
        ) : (
          <Skeleton width={200} height={32} />
        )}
      </Box>
      <Box
        ref={scroller}
        onScroll={onScroll}
        sx={{ flex: 1, overflowY: 'auto', minHeight: 0, py: 1 }}
        role="log"
        aria-live="polite"
        aria-label={t('room.messages')}
        tabIndex={0}
      >
        {!thread ? (
          <Box sx={{ px: 2 }} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton
                key={i}
                variant="rounded"
                height={44}
                width={i % 2 ? '40%' : '55%'}
                sx={{ mt: 2, marginInlineStart: i % 2 ? 'auto' : 0 }}
              />
            ))}
          </Box>
        ) : (
          <>
            {thread.hasOlder && (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
                {loadingOlder ? (
                  <CircularProgress size={20} aria-label={t('room.loadingOlder')} />
                ) : (
                  <Button size="small" onClick={() => onScroll()}>
                    {t('room.loadOlder')}
                  </Button>
                )}
              </Box>
            )}
            {messages.length === 0 && (
              <Typography sx={{ color: 'text.secondary', textAlign: 'center', mt: 6, px: 2 }}>
                {t('room.empty')}
              </Typography>
            )}
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              {messages.map((message, i) => {
                const previous = messages[i - 1];
                const mine = message.senderId === myId;
                const sender = byId.get(message.senderId ?? '');
                return (
                  <ChatMessageItem
                    key={
                      message.clientId && message.status !== 'sent' ? message.clientId : message.id
                    }
                    message={message}
                    mine={mine}
                    senderName={sender?.name ?? t('room.formerMember')}
                    senderAvatarUrl={sender?.avatarUrl ?? null}
                    showSender={previous?.senderId !== message.senderId}
                    readByAll={mine && message.seq > 0 && minOthersRead >= message.seq}
                    seenBy={message === lastMine && thread.type === 'group' ? seenBy : null}
                    members={mentionable}
                    canEdit={canEdit}
                    onRetry={(clientId) => void dispatch(retryMessage(conversationId, clientId))}
                    onDiscard={(clientId) =>
                      dispatch(messageDiscarded({ conversationId, clientId }))
                    }
                    onEdit={onEdit}
                    onDelete={(id) => void onDelete(id)}
                  />
                );
              })}
            </Box>
          </>
        )}
      </Box>
      <Box sx={{ minHeight: 24, px: 2 }} aria-live="polite">
        {typingIds.length > 0 && (
          <Typography variant="caption" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            {t('room.typing', {
              names: typingIds.map((id) => byId.get(id)?.name ?? '').join(', '),
              count: typingIds.length,
            })}
          </Typography>
        )}
      </Box>
      {canEdit ? (
        <ChatComposer
          conversationId={conversationId}
          members={others}
          onSend={send}
          onTyping={typing}
          disabled={!thread}
        />
      ) : (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', p: 2, borderTop: 1, borderColor: 'divider' }}
        >
          {t('room.readOnly')}
        </Typography>
      )}
      <ConfirmDialog
        open={leaving}
        title={t('room.leaveTitle')}
        text={t('room.leaveText')}
        confirmLabel={t('room.leave')}
        onConfirm={() => void onLeave()}
        onClose={() => setLeaving(false)}
      />
    </Box>
  );
}

function RoomAvatars({ others }: { others: ChatParticipant[] }) {
  if (others.length === 1) {
    const other = others[0]!;
    return (
      <Badge
        overlap="circular"
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        badgeContent={<PresenceDot status={other.status} />}
      >
        <ChatAvatar person={other} />
      </Badge>
    );
  }
  return (
    <AvatarGroup max={3} sx={{ '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 13 } }}>
      {others.map((p) => (
        <ChatAvatar key={p.id} person={p} size={32} />
      ))}
    </AvatarGroup>
  );
}
