import { useSyncExternalStore } from 'react';
import { realtime, type RealtimeStatus } from '../../../lib/realtime.ts';

const subscribe = (onChange: () => void) => realtime.onStatus(onChange);
const read = () => realtime.status;

/** Whether the realtime channel is live, for the "Live" badge. */
export function useLiveStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribe, read, read);
}
