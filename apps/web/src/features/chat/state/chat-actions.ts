/**
 * The chat's steps that call the server and apply the spec's rules (`chat-slice.ts`) to what
 * comes back: open a conversation, page older messages, catch up after a break, send and retry,
 * and the live events.
 */
import { useDispatch, useSelector } from 'react-redux';
import type { ChatMessage } from '@beacon/contract';
import { isApiFailure } from '../../../lib/api.ts';
import type { RealtimeMessage } from '../../../lib/realtime.ts';
import { rootReducer, type AppDispatch } from '../../../lib/store.ts';
import { chatApi } from '../api/chat-api.ts';
import {
  chatSlice,
  conversationFetched,
  lastSeq,
  markedRead,
  messageFailed,
  messageReceived,
  messageSending,
  messageSent,
  messagesLoaded,
  participantsChanged,
  readReceipt,
  typing,
  type ChatState,
} from './chat-slice.ts';

/** The store with the chat's slice (joined when the chat's code loads). */
const withChat = rootReducer.inject(chatSlice);
export const selectChat = withChat.selector((state) => state.chat);
type RootWithChat = ReturnType<typeof withChat>;
type GetState = () => unknown;

export const useChatDispatch = () => useDispatch<AppDispatch>();
export function useChatState<T>(select: (chat: ChatState) => T): T {
  return useSelector((state: RootWithChat) => select(selectChat(state)));
}

const chatOf = (getState: GetState) => selectChat(getState() as RootWithChat);

/** A client id for a message (retries send it again; the server keeps it once). */
export function newClientId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Marks the conversation read on the server, and so at once here. */
export const markAsSeen =
  (conversationId: string) => async (dispatch: AppDispatch, getState: GetState) => {
    const thread = chatOf(getState).threads[conversationId];
    if (!thread) return;
    dispatch(markedRead(conversationId));
    await dispatch(chatApi.endpoints.chatMarkAsSeen.initiate(conversationId));
  };

/** Fetches a conversation: it becomes the active one, or (not found) none is. */
export const openConversation =
  (conversationId: string) =>
  async (dispatch: AppDispatch): Promise<'ok' | 'missing' | 'failed'> => {
    const request = dispatch(
      chatApi.endpoints.chatConversation.initiate(conversationId, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    const result = await request;
    if (result.data) {
      dispatch(conversationFetched(result.data));
      if (result.data.unreadCount > 0) await dispatch(markAsSeen(conversationId));
      return 'ok';
    }
    const status = isApiFailure(result.error) ? result.error.status : undefined;
    if (status === 404 || status === 400) {
      dispatch(conversationFetched(null));
      return 'missing';
    }
    return 'failed';
  };

/** The page before the first message held (scrolling up). */
export const loadOlder =
  (conversationId: string) => async (dispatch: AppDispatch, getState: GetState) => {
    const thread = chatOf(getState).threads[conversationId];
    const first = thread?.messages.find((m) => m.status === 'sent');
    if (!thread || !thread.hasOlder || !first) return;
    const result = await dispatch(
      chatApi.endpoints.chatMessages.initiate(
        { conversationId, before: first.seq },
        { subscribe: false, forceRefetch: true },
      ),
    );
    if (result.data) {
      dispatch(
        messagesLoaded({
          conversationId,
          messages: result.data.messages,
          direction: 'older',
          hasMore: result.data.hasMore,
        }),
      );
    }
  };

/** Everything after the newest message held, page by page: no gap, and no message twice. */
export const catchUp =
  (conversationId: string) => async (dispatch: AppDispatch, getState: GetState) => {
    for (let pages = 0; pages < 50; pages++) {
      const thread = chatOf(getState).threads[conversationId];
      if (!thread) return;
      const result = await dispatch(
        chatApi.endpoints.chatMessages.initiate(
          { conversationId, after: lastSeq(thread), limit: 100 },
          { subscribe: false, forceRefetch: true },
        ),
      );
      if (!result.data) return;
      dispatch(
        messagesLoaded({
          conversationId,
          messages: result.data.messages,
          direction: 'newer',
          hasMore: result.data.hasMore,
        }),
      );
      if (!result.data.hasMore) return;
    }
  };

export interface Draft {
  conversationId: string;
  body: string;
  attachmentIds: string[];
  attachments: ChatMessage['attachments'];
  mentionIds: string[];
  senderId: string;
  clientId?: string;
}

/** Sends a message: it shows at once; the server's copy replaces it, or it is marked failed. */
export const sendMessage = (draft: Draft) => async (dispatch: AppDispatch) => {
  const clientId = draft.clientId ?? newClientId();
  const pending: ChatMessage = {
    id: `local-${clientId}`,
    conversationId: draft.conversationId,
    seq: 0,
    body: draft.body,
    contentType: draft.attachments.length === 0 ? 'text' : 'file',
    attachments: draft.attachments,
    mentionIds: draft.mentionIds,
    createdAt: new Date().toISOString(),
    editedAt: null,
    deletedAt: null,
    senderId: draft.senderId,
    clientId,
  };
  dispatch(messageSending({ conversationId: draft.conversationId, message: pending }));
  const result = await dispatch(
    chatApi.endpoints.chatSend.initiate({
      conversationId: draft.conversationId,
      body: draft.body,
      attachmentIds: draft.attachmentIds,
      mentionIds: draft.mentionIds,
      clientId,
    }),
  );
  if ('data' in result && result.data) {
    dispatch(messageSent({ conversationId: draft.conversationId, message: result.data }));
  } else {
    const error = 'error' in result ? result.error : undefined;
    const failure = isApiFailure(error) ? { status: error.status, code: error.code } : {};
    dispatch(messageFailed({ conversationId: draft.conversationId, clientId, failure }));
  }
};

/** Sends a failed message again, with its client id (the server keeps it once). */
export const retryMessage =
  (conversationId: string, clientId: string) =>
  async (dispatch: AppDispatch, getState: GetState) => {
    const message = chatOf(getState).threads[conversationId]?.messages.find(
      (m) => m.clientId === clientId && m.status === 'failed',
    );
    if (!message) return;
    await dispatch(
      sendMessage({
        conversationId,
        body: message.body,
        attachmentIds: message.attachments.map((a) => a.id),
        attachments: message.attachments,
        mentionIds: message.mentionIds,
        senderId: message.senderId ?? '',
        clientId,
      }),
    );
  };

/**
 * A live chat event. A message whose seq leaves a gap after the newest held (one missed, or one
 * too large to travel) sends for the missing ones first.
 */
export const chatEventReceived =
  (event: RealtimeMessage, myId: string) => async (dispatch: AppDispatch, getState: GetState) => {
    const state = chatOf(getState);
    if (event.refetch || event.data === null) {
      if (state.activeId) await dispatch(catchUp(state.activeId));
      return;
    }
    const data = event.data as { conversationId: string } & Record<string, unknown>;
    const thread = state.threads[data.conversationId];
    if (!thread) return;
    switch (event.type) {
      case 'chat.message.created': {
        const message = data.message as ChatMessage;
        if (message.seq > lastSeq(thread) + 1) await dispatch(catchUp(data.conversationId));
        else {
          dispatch(
            messageReceived({
              conversationId: data.conversationId,
              message,
              mine: message.senderId === myId,
            }),
          );
        }
        const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
        if (state.activeId === data.conversationId && message.senderId !== myId && visible) {
          await dispatch(markAsSeen(data.conversationId));
        }
        return;
      }
      case 'chat.message.updated':
        dispatch(
          messageReceived({
            conversationId: data.conversationId,
            message: data.message as ChatMessage,
            mine: true,
          }),
        );
        return;
      case 'chat.read':
        dispatch(
          readReceipt({
            conversationId: data.conversationId,
            userId: data.userId as string,
            lastReadSeq: data.lastReadSeq as number,
          }),
        );
        return;
      case 'chat.typing':
        dispatch(
          typing({
            conversationId: data.conversationId,
            userId: data.userId as string,
            at: Date.now(),
          }),
        );
        return;
      case 'chat.conversation.changed': {
        const result = await dispatch(
          chatApi.endpoints.chatParticipants.initiate(data.conversationId, {
            subscribe: false,
            forceRefetch: true,
          }),
        );
        if (result.data) {
          dispatch(
            participantsChanged({ conversationId: data.conversationId, participants: result.data }),
          );
        }
        return;
      }
      default:
    }
  };
