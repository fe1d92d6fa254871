/**
 * Realtime messages as cache updates (docs/adding-an-area.md, "Web data"). An endpoint whose data
 * other members change calls `followRealtime` from its `onCacheEntryAdded`: the subscription lives
 * as long as the cache entry (as long as some screen shows it), and each message either patches
 * the entry (`updateCachedData`) or invalidates tags so the affected calls read again.
 */
import { realtime, type RealtimeClient, type RealtimeMessage } from './realtime.ts';

interface CacheLifecycle {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

export interface LiveOptions {
  /** Exact types or prefixes ending in `*`, as `RealtimeSubscriber.types`. */
  types: readonly string[];
  onMessage: (message: RealtimeMessage) => void;
  /**
   * The socket came back after a break: messages may have been missed, so read again (invalidate
   * the area's tags). Not called when the socket opens along with the screen.
   */
  onReconnect?: () => void;
  client?: RealtimeClient;
}

export async function followRealtime(lifecycle: CacheLifecycle, options: LiveOptions) {
  const client = options.client ?? realtime;
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    // The entry went away before its first answer: nothing to keep live.
    return;
  }
  // Joining a socket that is already open: the next `ready` can only follow a break.
  let opened = client.status === 'open';
  const unsubscribe = client.subscribe({
    types: options.types,
    onMessage: options.onMessage,
    onReady: () => {
      if (opened) options.onReconnect?.();
      opened = true;
    },
  });
  await lifecycle.cacheEntryRemoved;
  unsubscribe();
}
