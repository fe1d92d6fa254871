import WebSocket from 'ws';

export type LiveMessage = { type: string; data: unknown; refetch?: boolean };
type Received = LiveMessage & { receivedAt: number };

/** A realtime client as the web app opens it: subprotocols ['beacon', token]. */
export async function connectRealtime(baseUrl: string, token: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, ['beacon', token]);
  const messages: Received[] = [];
  const waiters: { match: (m: LiveMessage) => boolean; resolve: (m: Received) => void }[] = [];
  socket.on('message', (raw) => {
    const message = { ...(JSON.parse(String(raw)) as LiveMessage), receivedAt: performance.now() };
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
  });
  /** The first message (already received or still to come) that matches. */
  const next = (match: (m: LiveMessage) => boolean, timeoutMs = 10_000) => {
    const seen = messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Received>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('no such realtime message in time')),
        timeoutMs,
      );
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  };
  await next((m) => m.type === 'ready');
  return { socket, messages, next, closed, close: () => socket.close() };
}
