import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_TOKEN_EXPIRED, createRealtimeClient, type RealtimeMessage } from './realtime.ts';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  closed: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }

  close(code?: number, reason?: string) {
    this.closed = { code, reason };
  }

  receive(message: RealtimeMessage | { type: 'ready'; data: unknown }) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }

  drop(code = 1006) {
    this.onclose?.({ code } as CloseEvent);
  }
}

const latest = () => FakeSocket.all.at(-1)!;

function makeClient(token: () => string | null = () => 'token-1') {
  return createRealtimeClient({
    url: () => 'ws://app.test/api/realtime',
    token,
    createSocket: (url, protocols) => new FakeSocket(url, protocols),
    baseDelayMs: 1000,
    maxDelayMs: 8000,
    lingerMs: 5000,
    random: () => 0.5,
  });
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('opens one socket with the token as the second subprotocol, on the first subscriber', () => {
    const client = makeClient();
    expect(FakeSocket.all).toHaveLength(0);
    client.subscribe({ types: ['kanban.*'], onMessage: () => {} });
    client.subscribe({ types: ['calendar.*'], onMessage: () => {} });
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe('ws://app.test/api/realtime');
    expect(latest().protocols).toEqual(['beacon', 'token-1']);
    expect(client.status).toBe('connecting');
  });

  it('hands each message to the subscribers of its type, exact or by prefix', () => {
    const client = makeClient();
    const kanban = vi.fn();
    const moved = vi.fn();
    const calendar = vi.fn();
    client.subscribe({ types: ['kanban.*'], onMessage: kanban });
    client.subscribe({ types: ['kanban.card.moved'], onMessage: moved });
    client.subscribe({ types: ['calendar.event.created'], onMessage: calendar });
    latest().receive({ type: 'ready', data: null });
    latest().receive({ type: 'kanban.card.moved', data: { id: 'c1' } });
    latest().receive({ type: 'kanban.board.changed', data: null, refetch: true });
    expect(kanban).toHaveBeenCalledTimes(2);
    expect(kanban).toHaveBeenLastCalledWith({
      type: 'kanban.board.changed',
      data: null,
      refetch: true,
    });
    expect(moved).toHaveBeenCalledExactlyOnceWith({
      type: 'kanban.card.moved',
      data: { id: 'c1' },
    });
    expect(calendar).not.toHaveBeenCalled();
  });

  it('ignores what is not a message', () => {
    const client = makeClient();
    const onMessage = vi.fn();
    client.subscribe({ types: ['*'], onMessage });
    latest().onmessage?.({ data: 'not json' } as MessageEvent);
    latest().onmessage?.({ data: JSON.stringify({ data: 1 }) } as MessageEvent);
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('calls onReady on every ready message, so that subscribers refetch what they missed', () => {
    const client = makeClient();
    const onReady = vi.fn();
    client.subscribe({ types: ['kanban.*'], onMessage: () => {}, onReady });
    latest().receive({ type: 'ready', data: null });
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(client.status).toBe('open');

    latest().drop();
    expect(client.status).toBe('closed');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    latest().receive({ type: 'ready', data: null });
    expect(onReady).toHaveBeenCalledTimes(2);
  });

  it('reconnects with a doubling delay, and starts over after a ready', () => {
    const client = makeClient();
    client.subscribe({ types: ['kanban.*'], onMessage: () => {} });
    latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    latest().drop();
    latest().drop();
    vi.advanceTimersByTime(4000);
    expect(FakeSocket.all).toHaveLength(4);
    latest().receive({ type: 'ready', data: null });
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(5);
  });

  it('caps the delay', () => {
    const client = makeClient();
    client.subscribe({ types: ['kanban.*'], onMessage: () => {} });
    for (let i = 0; i < 6; i += 1) {
      latest().drop();
      vi.advanceTimersByTime(8000);
    }
    expect(FakeSocket.all).toHaveLength(7);
  });

  it('does not come back after 4401 (token expired) until there is another token', () => {
    let token = 'token-1';
    const client = makeClient(() => token);
    client.subscribe({ types: ['kanban.*'], onMessage: () => {} });
    latest().drop(CLOSE_TOKEN_EXPIRED);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    // Signed in again: the next subscriber brings the socket back with the new token.
    token = 'token-2';
    client.subscribe({ types: ['calendar.*'], onMessage: () => {} });
    expect(FakeSocket.all).toHaveLength(2);
    expect(latest().protocols).toEqual(['beacon', 'token-2']);
  });

  it('does not connect without a token', () => {
    const client = makeClient(() => null);
    client.subscribe({ types: ['kanban.*'], onMessage: () => {} });
    expect(FakeSocket.all).toHaveLength(0);
    expect(client.status).toBe('closed');
  });

  it('closes a while after the last subscriber left, unless another one comes', () => {
    const client = makeClient();
    const first = client.subscribe({ types: ['kanban.*'], onMessage: () => {} });
    latest().receive({ type: 'ready', data: null });
    first();
    vi.advanceTimersByTime(4000);
    const second = client.subscribe({ types: ['calendar.*'], onMessage: () => {} });
    vi.advanceTimersByTime(10_000);
    expect(latest().closed).toBeNull();
    expect(FakeSocket.all).toHaveLength(1);

    second();
    vi.advanceTimersByTime(5000);
    expect(latest().closed).toEqual({ code: 1000, reason: 'No subscribers' });
    expect(client.status).toBe('idle');
    // No reconnect after a close we asked for.
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('stops delivering to a subscriber that left', () => {
    const client = makeClient();
    const onMessage = vi.fn();
    const leave = client.subscribe({ types: ['kanban.*'], onMessage });
    client.subscribe({ types: ['calendar.*'], onMessage: () => {} });
    leave();
    latest().receive({ type: 'kanban.card.created', data: {} });
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('replaces the socket of another session when a subscriber comes with a new token', () => {
    let token = 'token-1';
    const client = makeClient(() => token);
    const first = client.subscribe({ types: ['kanban.*'], onMessage: () => {} });
    latest().receive({ type: 'ready', data: null });
    first();
    // Signed out and in as someone else before the socket closed.
    token = 'token-2';
    const onMessage = vi.fn();
    client.subscribe({ types: ['kanban.*'], onMessage });
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[0]!.closed).toEqual({ code: 1000, reason: 'Session changed' });
    expect(latest().protocols).toEqual(['beacon', 'token-2']);
    // The old socket is forgotten: nothing it says reaches anyone, and it brings no retry.
    FakeSocket.all[0]!.receive({ type: 'kanban.card.created', data: {} });
    FakeSocket.all[0]!.drop();
    vi.advanceTimersByTime(60_000);
    expect(onMessage).not.toHaveBeenCalled();
    expect(FakeSocket.all).toHaveLength(2);
  });
});
