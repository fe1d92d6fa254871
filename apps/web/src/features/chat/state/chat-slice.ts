/**
 * The client state area `chat` (spec: "Client state areas"; docs/decisions/048-chat.md): the
 * spec's rules for the conversation a member has open, each a reducer of this slice.
 *
 * - Fetching a conversation makes it the active one; a missing result clears the active one.
 * - Mark as read sets its `unreadCount` to 0.
 * - Sending a message appends it to that conversation at once (`sending`); the server's answer
 *   replaces it (`sent`), a refusal marks it `failed`, and a retry sends it again.
 * - Reset clears the active conversation.
 *
 * Messages are kept in `seq` order without duplicates, whatever order the fetch, the pages, the
 * live events and the catch-up after a break deliver them in. The lists of conversations and
 * contacts are server data in the RTK Query cache (`api/chat-api.ts`).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChatConversation, ChatMessage, ChatParticipant } from '@beacon/contract';
import { api } from '../../../lib/api.ts';

export type MessageStatus = 'sent' | 'sending' | 'failed';

/** A message as the screen shows it: a pending one has no seq yet (0) and its clientId. */
export interface LocalMessage extends ChatMessage {
  status: MessageStatus;
  /** Why the server refused it (a failed send): the code and status of the answer. */
  failure?: { status?: number; code?: string };
}

export interface ChatThread {
  id: string;
  type: ChatConversation['type'];
  name: string;
  participants: ChatParticipant[];
  messages: LocalMessage[];
  hasOlder: boolean;
  unreadCount: number;
  /** Who is typing, with when it was last heard (ms since the epoch). */
  typing: Record<string, number>;
}

export interface ChatState {
  activeId: string | null;
  threads: Record<string, ChatThread>;
}

export const initialChatState: ChatState = { activeId: null, threads: {} };

/** The newest seq the thread holds without a gap from its first (0 when none). */
export function lastSeq(thread: ChatThread | undefined): number {
  let last = 0;
  for (const message of thread?.messages ?? []) if (message.seq > last) last = message.seq;
  return last;
}

/** Puts messages in a thread: by id, in seq order; a server copy replaces a pending one. */
function merge(thread: ChatThread, incoming: ChatMessage[]): void {
  for (const message of incoming) {
    const byId = thread.messages.findIndex((m) => m.id === message.id);
    const byClient =
      message.clientId === null
        ? -1
        : thread.messages.findIndex((m) => m.status !== 'sent' && m.clientId === message.clientId);
    const at = byId >= 0 ? byId : byClient;
    const local: LocalMessage = { ...message, status: 'sent' };
    if (at >= 0) thread.messages.splice(at, 1);
    // Sent messages in seq order, pending ones after them in the order they were written.
    const firstPending = thread.messages.findIndex((m) => m.status !== 'sent');
    const sentCount = firstPending === -1 ? thread.messages.length : firstPending;
    let place = sentCount;
    while (place > 0 && thread.messages[place - 1]!.seq > message.seq) place -= 1;
    thread.messages.splice(place, 0, local);
  }
}

function threadOf(conversation: ChatConversation, previous?: ChatThread): ChatThread {
  const thread: ChatThread = {
    id: conversation.id,
    type: conversation.type,
    name: conversation.name,
    participants: conversation.participants,
    // Pending sends stay; what the server answered is the truth for the rest.
    messages: previous?.messages.filter((m) => m.status !== 'sent') ?? [],
    hasOlder: conversation.hasOlder,
    unreadCount: conversation.unreadCount,
    typing: previous?.typing ?? {},
  };
  merge(thread, conversation.messages);
  return thread;
}

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    /** A fetch of a conversation answered: it becomes the active one; null (missing) clears it. */
    conversationFetched(state, action: PayloadAction<ChatConversation | null>) {
      const conversation = action.payload;
      if (!conversation) {
        state.activeId = null;
        return;
      }
      state.threads[conversation.id] = threadOf(conversation, state.threads[conversation.id]);
      state.activeId = conversation.id;
    },
    /** Older messages (scrolling up) or newer ones (catching up after a break). */
    messagesLoaded(
      state,
      action: PayloadAction<{
        conversationId: string;
        messages: ChatMessage[];
        direction: 'older' | 'newer';
        hasMore: boolean;
      }>,
    ) {
      const thread = state.threads[action.payload.conversationId];
      if (!thread) return;
      merge(thread, action.payload.messages);
      if (action.payload.direction === 'older') thread.hasOlder = action.payload.hasMore;
    },
    /** A message arrived live (or its change did). */
    messageReceived(
      state,
      action: PayloadAction<{ conversationId: string; message: ChatMessage; mine: boolean }>,
    ) {
      const { conversationId, message, mine } = action.payload;
      const thread = state.threads[conversationId];
      if (!thread) return;
      const known = thread.messages.some((m) => m.id === message.id);
      merge(thread, [message]);
      if (!known && !mine && !message.deletedAt) thread.unreadCount += 1;
      delete thread.typing[message.senderId ?? ''];
    },
    /** Mark as read: nothing left unread there. */
    markedRead(state, action: PayloadAction<string>) {
      const thread = state.threads[action.payload];
      if (thread) thread.unreadCount = 0;
    },
    /** Sending: the message shows at once, pending (again, for a retry). */
    messageSending(state, action: PayloadAction<{ conversationId: string; message: ChatMessage }>) {
      const thread = state.threads[action.payload.conversationId];
      if (!thread) return;
      const { message } = action.payload;
      const pending = thread.messages.find(
        (m) => m.status !== 'sent' && m.clientId === message.clientId,
      );
      if (pending) {
        pending.status = 'sending';
        delete pending.failure;
      } else {
        thread.messages.push({ ...message, status: 'sending' });
      }
    },
    /** The server kept it: its copy replaces the pending one. */
    messageSent(state, action: PayloadAction<{ conversationId: string; message: ChatMessage }>) {
      const thread = state.threads[action.payload.conversationId];
      if (thread) merge(thread, [action.payload.message]);
    },
    /** The server refused it: it stays, marked failed, for a retry. */
    messageFailed(
      state,
      action: PayloadAction<{
        conversationId: string;
        clientId: string;
        failure: { status?: number; code?: string };
      }>,
    ) {
      const thread = state.threads[action.payload.conversationId];
      const pending = thread?.messages.find(
        (m) => m.status === 'sending' && m.clientId === action.payload.clientId,
      );
      if (!pending) return;
      pending.status = 'failed';
      pending.failure = action.payload.failure;
    },
    /** A failed message given up. */
    messageDiscarded(state, action: PayloadAction<{ conversationId: string; clientId: string }>) {
      const thread = state.threads[action.payload.conversationId];
      if (!thread) return;
      thread.messages = thread.messages.filter(
        (m) => m.status === 'sent' || m.clientId !== action.payload.clientId,
      );
    },
    /** A participant read up to `lastReadSeq` (read receipts). */
    readReceipt(
      state,
      action: PayloadAction<{ conversationId: string; userId: string; lastReadSeq: number }>,
    ) {
      const thread = state.threads[action.payload.conversationId];
      const participant = thread?.participants.find((p) => p.id === action.payload.userId);
      if (participant && participant.lastReadSeq < action.payload.lastReadSeq) {
        participant.lastReadSeq = action.payload.lastReadSeq;
      }
    },
    participantsChanged(
      state,
      action: PayloadAction<{ conversationId: string; participants: ChatParticipant[] }>,
    ) {
      const thread = state.threads[action.payload.conversationId];
      if (thread) thread.participants = action.payload.participants;
    },
    /** Someone is typing (heard at `at`); `at` null: they stopped. */
    typing(
      state,
      action: PayloadAction<{ conversationId: string; userId: string; at: number | null }>,
    ) {
      const thread = state.threads[action.payload.conversationId];
      if (!thread) return;
      if (action.payload.at === null) delete thread.typing[action.payload.userId];
      else thread.typing[action.payload.userId] = action.payload.at;
    },
    /** Reset: no active conversation. */
    reset(state) {
      state.activeId = null;
    },
  },
  extraReducers: (builder) => {
    // Another member signing in in this tab starts from nothing (app/store-provider.tsx).
    builder.addMatcher(api.util.resetApiState.match, () => initialChatState);
  },
});

export const {
  conversationFetched,
  messagesLoaded,
  messageReceived,
  markedRead,
  messageSending,
  messageSent,
  messageFailed,
  messageDiscarded,
  readReceipt,
  participantsChanged,
  typing,
  reset,
} = chatSlice.actions;

export const chatReducer = chatSlice.reducer;
