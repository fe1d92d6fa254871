import { describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@beacon/contract';
import { api } from '../../../lib/api.ts';
import {
  chatReducer,
  conversationFetched,
  initialChatState,
  lastSeq,
  markedRead,
  messageDiscarded,
  messageFailed,
  messageReceived,
  messageSending,
  messageSent,
  messagesLoaded,
  readReceipt,
  reset,
  typing,
  type ChatState,
} from './chat-slice.ts';

// The spec's chat rules, one reducer each, and the order-and-duplicates guarantees.

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${seq}`,
  conversationId: 'c1',
  seq,
  body: `Message ${seq}`,
  contentType: 'text',
  attachments: [],
  mentionIds: [],
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  senderId: 'ann',
  clientId: null,
  ...extra,
});

const conversation = (extra: Partial<ChatConversation> = {}): ChatConversation => ({
  id: 'c1',
  type: 'direct',
  name: '',
  participants: [
    {
      id: 'me',
      name: 'Me',
      email: 'me@example.test',
      avatarUrl: null,
      role: 'admin',
      status: 'online',
      lastActivity: null,
      lastReadSeq: 0,
    },
  ],
  messages: [message(1), message(2)],
  hasOlder: true,
  unreadCount: 2,
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...extra,
});

const opened = (): ChatState => chatReducer(initialChatState, conversationFetched(conversation()));
const seqs = (state: ChatState) => state.threads.c1!.messages.map((m) => m.seq);

describe('chat state', () => {
  it('makes a fetched conversation the active one', () => {
    const state = opened();
    expect(state.activeId).toBe('c1');
    expect(seqs(state)).toEqual([1, 2]);
    expect(state.threads.c1!.unreadCount).toBe(2);
  });

  it('clears the active conversation when the fetch finds none', () => {
    const state = chatReducer(opened(), conversationFetched(null));
    expect(state.activeId).toBeNull();
  });

  it('sets unreadCount to 0 when marked read', () => {
    const state = chatReducer(opened(), markedRead('c1'));
    expect(state.threads.c1!.unreadCount).toBe(0);
  });

  it('appends a message being sent at once, then takes the server copy in its place', () => {
    const pending = message(0, { id: 'local', clientId: 'k1', senderId: 'me', body: 'Hi' });
    let state = chatReducer(opened(), messageSending({ conversationId: 'c1', message: pending }));
    expect(state.threads.c1!.messages.at(-1)).toMatchObject({ body: 'Hi', status: 'sending' });
    state = chatReducer(
      state,
      messageSent({ conversationId: 'c1', message: message(3, { clientId: 'k1', body: 'Hi' }) }),
    );
    expect(seqs(state)).toEqual([1, 2, 3]);
    expect(state.threads.c1!.messages.at(-1)).toMatchObject({ id: 'm3', status: 'sent' });
  });

  it('marks a refused send failed, and a retry sends it again', () => {
    const pending = message(0, { id: 'local', clientId: 'k1', senderId: 'me' });
    let state = chatReducer(opened(), messageSending({ conversationId: 'c1', message: pending }));
    state = chatReducer(
      state,
      messageFailed({ conversationId: 'c1', clientId: 'k1', failure: { status: 413 } }),
    );
    expect(state.threads.c1!.messages.at(-1)).toMatchObject({
      status: 'failed',
      failure: { status: 413 },
    });
    state = chatReducer(state, messageSending({ conversationId: 'c1', message: pending }));
    expect(state.threads.c1!.messages.filter((m) => m.clientId === 'k1')).toHaveLength(1);
    expect(state.threads.c1!.messages.at(-1)!.status).toBe('sending');
    state = chatReducer(state, messageDiscarded({ conversationId: 'c1', clientId: 'k1' }));
    expect(seqs(state)).toEqual([1, 2]);
  });

  it('clears the active conversation on reset, keeping what was read', () => {
    const state = chatReducer(opened(), reset());
    expect(state.activeId).toBeNull();
    expect(state.threads.c1).toBeDefined();
  });

  it('keeps messages in seq order without duplicates, however they arrive', () => {
    let state = opened();
    state = chatReducer(
      state,
      messageReceived({ conversationId: 'c1', message: message(4), mine: false }),
    );
    // The catch-up after a break brings 3 and 4 again.
    state = chatReducer(
      state,
      messagesLoaded({
        conversationId: 'c1',
        messages: [message(3), message(4)],
        direction: 'newer',
        hasMore: false,
      }),
    );
    state = chatReducer(
      state,
      messageReceived({ conversationId: 'c1', message: message(4), mine: false }),
    );
    expect(seqs(state)).toEqual([1, 2, 3, 4]);
    expect(lastSeq(state.threads.c1)).toBe(4);
    // Only the first arrival of 4 counted as unread.
    expect(state.threads.c1!.unreadCount).toBe(3);
    state = chatReducer(
      state,
      messagesLoaded({ conversationId: 'c1', messages: [], direction: 'older', hasMore: false }),
    );
    expect(state.threads.c1!.hasOlder).toBe(false);
  });

  it('does not count one’s own messages as unread, and applies edits in place', () => {
    let state = opened();
    state = chatReducer(
      state,
      messageReceived({
        conversationId: 'c1',
        message: message(3, { senderId: 'me' }),
        mine: true,
      }),
    );
    expect(state.threads.c1!.unreadCount).toBe(2);
    state = chatReducer(
      state,
      messageReceived({
        conversationId: 'c1',
        message: message(2, { body: 'Edited', editedAt: '2026-11-24T11:00:00.000Z' }),
        mine: false,
      }),
    );
    expect(state.threads.c1!.messages.map((m) => m.body)).toEqual([
      'Message 1',
      'Edited',
      'Message 3',
    ]);
  });

  it('follows read receipts and typing', () => {
    let state = chatReducer(
      opened(),
      readReceipt({ conversationId: 'c1', userId: 'me', lastReadSeq: 2 }),
    );
    expect(state.threads.c1!.participants[0]!.lastReadSeq).toBe(2);
    state = chatReducer(state, readReceipt({ conversationId: 'c1', userId: 'me', lastReadSeq: 1 }));
    expect(state.threads.c1!.participants[0]!.lastReadSeq).toBe(2);
    state = chatReducer(state, typing({ conversationId: 'c1', userId: 'ann', at: 1000 }));
    expect(state.threads.c1!.typing).toEqual({ ann: 1000 });
    state = chatReducer(
      state,
      messageReceived({ conversationId: 'c1', message: message(3), mine: false }),
    );
    expect(state.threads.c1!.typing).toEqual({});
  });

  it('starts over when the session changes', () => {
    const state = chatReducer(opened(), api.util.resetApiState());
    expect(state).toEqual(initialChatState);
  });
});
