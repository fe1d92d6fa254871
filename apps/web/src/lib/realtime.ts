/**
 * The one real-time client of the web app: a WebSocket to `/api/realtime` that receives the
 * events of the signed-in user's workspace as `{ type, data, refetch? }`.
 *
 * - Opened when the first subscriber arrives, closed a little after the last one leaves (so that
 *   going from one screen to another keeps the socket).
 * - The token travels as the second offered subprotocol (`['beacon', token]`): browsers cannot
 *   set headers on a WebSocket. It is read from the same place as the HTTP client reads it.
 * - Reconnects with exponential backoff. The server closes with 4401 when the token expires: then
 *   it reconnects only once there is another token.
 * - Every `ready` message after a subscriber joined calls its `onReady`: events may have been
 *   missed while the socket was away, so the subscriber refetches.
 */
import { apiBaseUrl, getAccessToken } from './http.ts';

export interface RealtimeMessage {
  type: string;
  data: unknown;
  /** The change was too large (or too broad) to travel: refetch the area. */
  refetch?: boolean;
}

export interface RealtimeSubscriber {
  /** Exact types (`kanban.card.moved`) or prefixes ending in `*` (`kanban.*`). */
  types: readonly string[];
  onMessage: (message: RealtimeMessage) => void;
  /** The socket is (again) live; whatever happened while it was not is unknown. */
  onReady?: () => void;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** The subprotocol the server selects. */
export const REALTIME_PROTOCOL = 'beacon';
/** The server's close code for an expired token. */
export const CLOSE_TOKEN_EXPIRED = 4401;

type SocketLike = Pick<WebSocket, 'close'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export interface RealtimeClientOptions {
  /** The WebSocket address; by default `/api/realtime` on the API's host. */
  url?: () => string;
  token?: () => string | null;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  /** First reconnect delay; it doubles up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long the socket stays open after the last subscriber left. */
  lingerMs?: number;
  random?: () => number;
}

export function realtimeUrl(): string {
  const base = apiBaseUrl() || window.location.origin;
  return `${base.replace(/^http/, 'ws')}/api/realtime`;
}

function matches(types: readonly string[], type: string): boolean {
  return types.some((pattern) =>
    pattern.endsWith('*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type,
  );
}

function parseMessage(raw: unknown): RealtimeMessage | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { type, data, refetch } = value as Record<string, unknown>;
    if (typeof type !== 'string') return undefined;
    return { type, data, ...(refetch === true ? { refetch: true } : {}) };
  } catch {
    return undefined;
  }
}

export function createRealtimeClient(options: RealtimeClientOptions = {}) {
  const url = options.url ?? realtimeUrl;
  const readToken = options.token ?? getAccessToken;
  const createSocket =
    options.createSocket ??
    ((address: string, protocols: string[]) => new WebSocket(address, protocols));
  const baseDelay = options.baseDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const linger = options.lingerMs ?? 5000;
  const random = options.random ?? Math.random;

  const subscribers = new Set<RealtimeSubscriber>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let socket: SocketLike | null = null;
  let socketToken: string | null = null;
  let status: RealtimeStatus = 'idle';
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lingerTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  };

  const clearTimers = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    clearTimeout(lingerTimer);
    lingerTimer = undefined;
  };

  const connect = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (socket || subscribers.size === 0) return;
    const token = readToken();
    if (!token) {
      setStatus('closed');
      return;
    }
    let opened: SocketLike;
    try {
      opened = createSocket(url(), [REALTIME_PROTOCOL, token]);
    } catch {
      scheduleRetry();
      return;
    }
    socket = opened;
    socketToken = token;
    setStatus('connecting');
    opened.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (!message) return;
      if (message.type === 'ready') {
        attempts = 0;
        setStatus('open');
        for (const subscriber of [...subscribers]) subscriber.onReady?.();
        return;
      }
      for (const subscriber of [...subscribers]) {
        if (matches(subscriber.types, message.type)) subscriber.onMessage(message);
      }
    };
    opened.onclose = (event) => {
      if (socket !== opened) return;
      socket = null;
      setStatus('closed');
      if (subscribers.size === 0) return;
      if (event.code === CLOSE_TOKEN_EXPIRED) {
        // The session is over; only a new token (signed in again) is worth a new try.
        const token = readToken();
        if (token && token !== socketToken) connect();
        return;
      }
      scheduleRetry();
    };
    // An error is always followed by a close; the close decides what happens next.
    opened.onerror = () => {};
  };

  function scheduleRetry() {
    if (retryTimer || subscribers.size === 0) return;
    const delay = Math.min(maxDelay, baseDelay * 2 ** attempts);
    attempts += 1;
    // ±20 %, so that many tabs do not all come back in the same instant.
    const jittered = Math.round(delay * (0.8 + 0.4 * random()));
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect();
    }, jittered);
  }

  /** Closes the socket without a reconnect. */
  const drop = (reason: string) => {
    const current = socket;
    socket = null;
    socketToken = null;
    if (current) {
      current.onmessage = null;
      current.onclose = null;
      current.close(1000, reason);
    }
  };

  const disconnect = () => {
    clearTimers();
    attempts = 0;
    drop('No subscribers');
    setStatus('idle');
  };

  const onOnline = () => {
    if (!socket && subscribers.size > 0) {
      attempts = 0;
      connect();
    }
  };

  return {
    subscribe(subscriber: RealtimeSubscriber): () => void {
      subscribers.add(subscriber);
      clearTimeout(lingerTimer);
      lingerTimer = undefined;
      if (subscribers.size === 1 && typeof window !== 'undefined') {
        window.addEventListener('online', onOnline);
      }
      // Another session in this tab (signed out, then in as someone else): its socket would
      // carry another workspace's events, so it goes.
      if (socket && readToken() !== socketToken) drop('Session changed');
      // A socket that is away (no token before, or waiting to retry) gets a fresh try now.
      if (!socket) {
        attempts = 0;
        connect();
      }
      return () => {
        if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
        if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
        clearTimeout(lingerTimer);
        lingerTimer = setTimeout(disconnect, linger);
      };
    },
    onStatus(listener: (status: RealtimeStatus) => void): () => void {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    get status(): RealtimeStatus {
      return status;
    },
    /** Closes the socket at once and forgets every subscriber (tests; signing out). */
    reset(): void {
      subscribers.clear();
      disconnect();
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

/** The app's one client. */
export const realtime: RealtimeClient = createRealtimeClient();
