import {
  chatEndpoints,
  type AttachChatFiles,
  type ChatAttachment,
  type ChatContact,
  type ChatConversation,
  type ChatConversationSummary,
  type ChatMessage,
  type ChatMessagePage,
  type ChatParticipant,
  type NewChatConversation,
  type NewChatMessage,
} from '@beacon/contract';
import { endpointPath } from '@beacon/contract/endpoint';
import { api, call, lazyEndpoint } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { sendRaw } from '../../../lib/raw-request.ts';
import type { RealtimeMessage } from '../../../lib/realtime.ts';

const endpoints = chatEndpoints;

/** The events that change a member's list of conversations or their unread total. */
const LIST_EVENTS = ['chat.message.created', 'chat.conversation.changed', 'chat.read'] as const;

/**
 * The chat's server data (docs/adding-an-area.md, "Web data"): contacts, the list of
 * conversations and the unread total, live through the realtime channel. The open conversation's
 * messages live in the `chat` slice (the spec's client rules, `state/chat-slice.ts`); its calls
 * are here.
 */
export const chatApi = api
  .enhanceEndpoints({ addTagTypes: ['ChatContacts', 'ChatConversations', 'ChatUnread'] })
  .injectEndpoints({
    endpoints: (build) => ({
      chatContacts: build.query<ChatContact[], void>({
        query: () => call(endpoints.contacts),
        transformResponse: (answer: { contacts: ChatContact[] }) => answer.contacts,
        providesTags: ['ChatContacts'],
        async onCacheEntryAdded(_arg, lifecycle) {
          await followRealtime(lifecycle, {
            types: ['chat.presence'],
            onMessage: (message) => {
              const data = message.data as { userId: string; status: ChatContact['status'] };
              if (!data) return;
              lifecycle.updateCachedData((contacts) => {
                const contact = contacts.find((c) => c.id === data.userId);
                if (contact) contact.status = data.status;
              });
            },
            onReconnect: () => lifecycle.dispatch(chatApi.util.invalidateTags(['ChatContacts'])),
          });
        },
      }),
      chatConversations: build.query<ChatConversationSummary[], void>({
        query: () => call(endpoints.conversations),
        transformResponse: (answer: { conversations: ChatConversationSummary[] }) =>
          answer.conversations,
        providesTags: ['ChatConversations'],
        async onCacheEntryAdded(_arg, lifecycle) {
          const refetch = () =>
            lifecycle.dispatch(chatApi.util.invalidateTags(['ChatConversations']));
          await followRealtime(lifecycle, {
            types: [...LIST_EVENTS, 'chat.presence'],
            onMessage: (message) => {
              if (message.type === 'chat.presence') {
                const data = message.data as { userId: string; status: ChatContact['status'] };
                if (!data) return;
                lifecycle.updateCachedData((list) => {
                  for (const c of list) {
                    for (const p of c.participants)
                      if (p.id === data.userId) p.status = data.status;
                  }
                });
                return;
              }
              refetch();
            },
            onReconnect: refetch,
          });
        },
      }),
      /** The unread total of the navigation item. */
      chatUnread: build.query<number, void>({
        query: () =>
          call(
            lazyEndpoint('GET', '/api/chat/unread', () =>
              import('@beacon/contract').then((c) => c.chatEndpoints.unread),
            ),
          ),
        transformResponse: (answer: { unread: number }) => answer.unread,
        providesTags: ['ChatUnread'],
        async onCacheEntryAdded(_arg, lifecycle) {
          const refetch = () => lifecycle.dispatch(chatApi.util.invalidateTags(['ChatUnread']));
          await followRealtime(lifecycle, {
            types: LIST_EVENTS,
            onMessage: refetch,
            onReconnect: refetch,
          });
        },
      }),
      chatConversation: build.query<ChatConversation, string>({
        query: (conversationKey) => call(endpoints.conversation, { query: { conversationKey } }),
        transformResponse: (answer: { conversation: ChatConversation }) => answer.conversation,
        keepUnusedDataFor: 0,
      }),
      chatParticipants: build.query<ChatParticipant[], string>({
        query: (conversationKey) => call(endpoints.participants, { query: { conversationKey } }),
        transformResponse: (answer: { participants: ChatParticipant[] }) => answer.participants,
        keepUnusedDataFor: 0,
      }),
      chatMessages: build.query<
        ChatMessagePage,
        { conversationId: string; before?: number; after?: number; limit?: number }
      >({
        query: (query) => call(endpoints.messages, { query }),
        keepUnusedDataFor: 0,
      }),
      chatMarkAsSeen: build.mutation<void, string>({
        query: (conversationId) => call(endpoints.markAsSeen, { query: { conversationId } }),
        invalidatesTags: ['ChatUnread', 'ChatConversations'],
      }),
      chatStart: build.mutation<ChatConversation, NewChatConversation>({
        query: (body) => call(endpoints.newConversation, { body }),
        transformResponse: (answer: { conversation: ChatConversation }) => answer.conversation,
        invalidatesTags: ['ChatConversations'],
      }),
      chatSend: build.mutation<ChatMessage, NewChatMessage>({
        query: (body) => call(endpoints.send, { body }),
        transformResponse: (answer: { message: ChatMessage }) => answer.message,
      }),
      chatEdit: build.mutation<ChatMessage, { messageId: string; body: string }>({
        query: (body) => call(endpoints.edit, { body }),
        transformResponse: (answer: { message: ChatMessage }) => answer.message,
      }),
      chatDelete: build.mutation<ChatMessage, string>({
        query: (messageId) => call(endpoints.remove, { body: { messageId } }),
        transformResponse: (answer: { message: ChatMessage }) => answer.message,
      }),
      chatLeave: build.mutation<void, string>({
        query: (conversationId) => call(endpoints.leave, { body: { conversationId } }),
        invalidatesTags: ['ChatConversations', 'ChatUnread'],
      }),
      chatTyping: build.mutation<void, string>({
        query: (conversationId) => call(endpoints.typing, { body: { conversationId } }),
      }),
      /**
       * Attachments for the message being written, from what the shared file picker gave:
       * finished uploads and files of the files manager (the server copies their bytes).
       */
      chatAttachFiles: build.mutation<ChatAttachment[], AttachChatFiles>({
        query: (body) => call(endpoints.attachFiles, { body }),
        transformResponse: (answer: { attachments: ChatAttachment[] }) => answer.attachments,
      }),
    }),
  });

export const {
  useChatContactsQuery,
  useChatConversationsQuery,
  useChatUnreadQuery,
  useChatStartMutation,
  useChatLeaveMutation,
  useChatEditMutation,
  useChatDeleteMutation,
  useChatAttachFilesMutation,
} = chatApi;

/** An attachment's bytes, with the member's token (an <img> cannot send it). */
export async function fetchAttachment(attachmentId: string): Promise<Blob> {
  const response = await sendRaw(endpointPath(endpoints.attachment.path, { attachmentId }));
  return response.blob();
}

export type { RealtimeMessage };
