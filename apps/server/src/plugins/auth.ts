import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RecordVisibility, Role } from '@beacon/contract';
import type { Database } from '../db/client.ts';
import { activeUserLookup, touchActivity, type UserRow } from '../modules/auth/auth.repository.ts';
import { AppError, forbidden, unauthenticated } from '../lib/errors.ts';
import type { TokenService } from '../lib/tokens.ts';

export type AuthContext = {
  userId: string;
  workspaceId: string;
  /** The role now in the database, which wins over the one in the token. */
  role: Role;
  /** The member's record visibility now in the database (issue 10). */
  visibility: RecordVisibility;
  user: UserRow;
  workspace: { id: string; name: string };
  /** The session of the token (`sid`): signing it out ends the token at once. */
  sessionId: string;
  /** When the token expires, in seconds since the epoch. */
  expiresAt: number;
};

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid bearer token for an active user, or 401. */
    authenticate: Hook;
    /**
     * The member's record visibility now when a request's session is still signed in and its
     * member still active, else null (the realtime socket asks again while it stays open).
     */
    stillSignedIn: (auth: AuthContext) => Promise<RecordVisibility | null>;
    /** onRequest hook: authenticate, then 403 unless the role is one of these. */
    requireRole: (...roles: Role[]) => Hook;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Database; tokens: TokenService }) => {
    app.decorateRequest('auth', null);
    const findActiveUser = activeUserLookup(opts.db);

    const authenticate: Hook = async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthenticated();
      const claims = await opts.tokens.verify(token);
      const row = await findActiveUser(claims.sub, claims.wid, claims.sid);
      // No row: the member left or was disabled, or the session was signed out (from another
      // device, by a password change or reset), on whichever process it happened.
      if (!row) {
        throw new AppError('UNAUTHENTICATED', 'Token revoked: sign in again', undefined, {
          'www-authenticate': 'Bearer error="invalid_token"',
        });
      }
      request.auth = {
        userId: row.user.id,
        workspaceId: row.user.workspaceId,
        role: row.user.role,
        visibility: row.user.recordVisibility,
        user: row.user,
        workspace: row.workspace,
        sessionId: claims.sid,
        expiresAt: claims.exp,
      };
      // The session's last use and the member's last activity move at most once a minute, in
      // one write off the request's path.
      const now = Date.now();
      const seen = row.user.lastActiveAt?.getTime() ?? 0;
      if (now - row.session.lastUsedAt.getTime() > 60_000 || now - seen > 60_000) {
        touchActivity(opts.db, claims.sid, row.user.id).catch((error: unknown) =>
          request.log.warn({ err: error }, 'could not record the session use'),
        );
      }
    };

    app.decorate('authenticate', authenticate);
    app.decorate(
      'stillSignedIn',
      async (auth: AuthContext) =>
        (await findActiveUser(auth.userId, auth.workspaceId, auth.sessionId))?.user
          .recordVisibility ?? null,
    );
    app.decorate('requireRole', (...roles: Role[]): Hook => {
      return async (request, reply) => {
        await authenticate(request, reply);
        if (!request.auth || !roles.includes(request.auth.role)) throw forbidden();
      };
    });
  },
  { name: 'beacon-auth' },
);

/** The signed-in caller; for handlers behind `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
