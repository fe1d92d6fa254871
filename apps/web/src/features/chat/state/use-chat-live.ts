import { useEffect } from 'react';
import { realtime } from '../../../lib/realtime.ts';
import { catchUp, chatEventReceived, useChatDispatch, useChatState } from './chat-actions.ts';

/**
 * Keeps the open conversation live while the chat screen is shown: each chat event goes through
 * the slice's rules; when the socket comes back after a break, what was missed is read by seq
 * (no gap, no duplicate).
 */
export function useChatLive(myId: string) {
  const dispatch = useChatDispatch();
  const activeId = useChatState((chat) => chat.activeId);
  useEffect(() => {
    let opened = realtime.status === 'open';
    return realtime.subscribe({
      types: ['chat.*'],
      onMessage: (message) => void dispatch(chatEventReceived(message, myId)),
      onReady: () => {
        if (opened && activeId) void dispatch(catchUp(activeId));
        opened = true;
      },
    });
  }, [dispatch, myId, activeId]);
}
