import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { CLIENT_ID } from '../../../lib/http.ts';
import type { RealtimeClient, RealtimeStatus, RealtimeSubscriber } from '../../../lib/realtime.ts';
import { useCrmChanges } from './use-crm-changes.ts';

/** A realtime client that hands its one subscriber to the test. */
function fakeClient(status: RealtimeStatus) {
  const subscribers: RealtimeSubscriber[] = [];
  const client = {
    status,
    subscribe: (subscriber: RealtimeSubscriber) => {
      subscribers.push(subscriber);
      return () => subscribers.splice(subscribers.indexOf(subscriber), 1);
    },
  } as unknown as RealtimeClient;
  return { client, subscribers };
}

const change = (origin: string | null) => ({
  type: 'crm.changed',
  data: { entity: 'people', id: null, by: 'user-2', origin },
});

describe('useCrmChanges', () => {
  it("passes on changes from elsewhere, not this tab's own nor malformed ones", () => {
    const { client, subscribers } = fakeClient('open');
    const listener = vi.fn();
    renderHook(() => useCrmChanges(listener, client));
    expect(subscribers[0]?.types).toEqual(['crm.changed']);
    subscribers[0]?.onMessage(change(CLIENT_ID));
    subscribers[0]?.onMessage({ type: 'crm.changed', data: { entity: 'deals' } });
    expect(listener).not.toHaveBeenCalled();
    subscribers[0]?.onMessage(change('another-tab'));
    subscribers[0]?.onMessage(change(null));
    expect(listener.mock.calls).toEqual([
      [{ entity: 'people', id: null, by: 'user-2', origin: 'another-tab' }],
      [{ entity: 'people', id: null, by: 'user-2', origin: null }],
    ]);
  });

  it('says nothing when the channel opens with the screen, and null after each break', () => {
    const { client, subscribers } = fakeClient('connecting');
    const listener = vi.fn();
    renderHook(() => useCrmChanges(listener, client));
    subscribers[0]?.onReady?.();
    expect(listener).not.toHaveBeenCalled();
    subscribers[0]?.onReady?.();
    expect(listener).toHaveBeenCalledWith(null);
  });

  it('takes the first ready on a socket that was already open as a break', () => {
    const { client, subscribers } = fakeClient('open');
    const listener = vi.fn();
    const { unmount } = renderHook(() => useCrmChanges(listener, client));
    subscribers[0]?.onReady?.();
    expect(listener).toHaveBeenCalledWith(null);
    unmount();
    expect(subscribers).toHaveLength(0);
  });
});
