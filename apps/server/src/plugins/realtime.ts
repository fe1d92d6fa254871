import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withoutRecordIds, type Realtime } from '../lib/realtime.ts';
import { requireAuth } from './auth.ts';

/** The subprotocol the server selects; the client offers `['beacon', <token>]`. */
export const REALTIME_PROTOCOL = 'beacon';
const HEARTBEAT_MS = 25_000;
/** Close codes in the 4000 range are the application's own. */
export const CLOSE_TOKEN_EXPIRED = 4401;

/**
 * GET /api/realtime upgrades to a WebSocket that receives the events of the caller's workspace as
 * JSON `{ type, data, refetch? }`. Browsers cannot set headers on a WebSocket, so the token may
 * come as the second offered subprotocol; either way it is checked before the upgrade, like any
 * route, and the socket closes when the token expires, or soon after its session is signed out
 * or its member deactivated (checked every `sessionCheckMs`, by default each heartbeat).
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: { realtime: Realtime; sessionCheckMs?: number }) => {
    await app.register(websocket, {
      options: {
        maxPayload: 4096,
        handleProtocols: (protocols) =>
          protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false,
      },
    });

    const sockets = new Set<{ close: (code?: number, reason?: string) => void }>();
    app.addHook('preClose', async () => {
      for (const socket of sockets) socket.close(1001, 'Server shutting down');
    });

    app.get(
      '/api/realtime',
      {
        websocket: true,
        onRequest: async (request, reply) => {
          if (!request.headers.authorization) {
            const offered = (request.headers['sec-websocket-protocol'] ?? '')
              .split(',')
              .map((p) => p.trim())
              .filter(Boolean);
            const token = offered.find((p) => p !== REALTIME_PROTOCOL);
            if (token) request.headers.authorization = `Bearer ${token}`;
          }
          await app.authenticate(request, reply);
        },
        schema: {
          tags: ['realtime'],
          summary:
            "WebSocket: the workspace's live events. Offer subprotocols ['beacon', <access token>].",
          security: [{ bearer: [] }],
        },
      },
      (socket, request) => {
        const auth = requireAuth(request);
        sockets.add(socket);
        let alive = true;
        // A member who sees only their own records gets messages without record ids
        // (lib/realtime.ts withoutRecordIds); the visibility is read again with the session.
        let visibility = auth.visibility;
        const unsubscribe = opts.realtime.subscribe(
          auth.workspaceId,
          (message) => {
            if (socket.readyState !== socket.OPEN) return;
            const out = visibility === 'own' ? withoutRecordIds(message) : message;
            socket.send(JSON.stringify(out));
          },
          auth.userId,
        );
        const connection = { workspaceId: auth.workspaceId, userId: auth.userId };
        opts.realtime.connectionChanged(connection, true);
        const heartbeat = setInterval(() => {
          if (!alive) {
            socket.terminate();
            return;
          }
          alive = false;
          socket.ping();
        }, HEARTBEAT_MS);
        const expiry = setTimeout(
          () => socket.close(CLOSE_TOKEN_EXPIRED, 'Token expired'),
          Math.max(0, auth.expiresAt * 1000 - Date.now()),
        );
        // A session signed out elsewhere (a device revoked, a password changed, the member
        // deactivated, on any process) ends the socket too, not only new requests.
        const sessionCheck = setInterval(() => {
          app
            .stillSignedIn(auth)
            .then((now) => {
              if (now !== null) visibility = now;
              else if (socket.readyState === socket.OPEN) {
                socket.close(CLOSE_TOKEN_EXPIRED, 'Session ended');
              }
            })
            .catch((error: unknown) => request.log.warn({ err: error }, 'session check failed'));
        }, opts.sessionCheckMs ?? HEARTBEAT_MS);
        socket.on('pong', () => {
          alive = true;
        });
        // The client only listens; anything it sends is ignored.
        socket.on('message', () => {});
        socket.on('close', () => {
          sockets.delete(socket);
          unsubscribe();
          opts.realtime.connectionChanged(connection, false);
          clearInterval(heartbeat);
          clearInterval(sessionCheck);
          clearTimeout(expiry);
        });
        socket.send(JSON.stringify({ type: 'ready', data: { workspaceId: auth.workspaceId } }));
      },
    );
  },
  { name: 'beacon-realtime', dependencies: ['beacon-auth'] },
);
