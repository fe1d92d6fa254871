import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@beacon/contract';
import { AppError, unauthenticated } from './errors.ts';

export const TOKEN_ISSUER = 'beacon';
export const TOKEN_AUDIENCE = 'beacon';
/** The audience of the second step's token: never accepted where an access token is asked. */
export const MFA_AUDIENCE = 'beacon-mfa';
/** How long the second step of a two-factor sign-in may take. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

/** How many checked tokens a process remembers. */
const VERIFIED_TOKENS = 10_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `sid`: the session the token belongs to (table `sessions`), checked on every request. */
export type TokenClaims = {
  sub: string;
  wid: string;
  sid: string;
  role: Role;
  iat: number;
  exp: number;
};

export type TokenService = {
  sign(user: { id: string; workspaceId: string; role: Role }, sessionId: string): Promise<string>;
  verify(token: string): Promise<TokenClaims>;
  /** The short-lived token of a two-factor sign-in's second step. */
  signMfa(user: { id: string }): Promise<string>;
  /** The user id of a second step's token; 401 when it is not one, or expired. */
  verifyMfa(token: string): Promise<string>;
  /** The access token's lifetime (JWT_TTL). */
  ttlSeconds: number;
};

/** HS256 JWTs with sub, wid, role, iat, exp, iss and aud (docs/decisions/003-tokens-and-sign-in.md). */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // Tokens whose signature and claims were checked: checking is a function of the token's text
  // alone, so only the expiry is looked at again (decision 027). Emptied when full.
  const verified = new Map<string, TokenClaims>();
  return {
    ttlSeconds,
    async sign(user, sessionId) {
      return new SignJWT({ wid: user.workspaceId, role: user.role, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Math.floor(Date.now() / 1000)) return known;
        verified.delete(token); // and jose says why below
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const { sub, wid, sid, role, iat, exp } = payload;
        if (
          typeof sub !== 'string' ||
          !uuidPattern.test(sub) ||
          typeof wid !== 'string' ||
          !uuidPattern.test(wid) ||
          typeof sid !== 'string' ||
          !uuidPattern.test(sid) ||
          (role !== 'admin' && role !== 'contributor' && role !== 'viewer') ||
          typeof iat !== 'number' ||
          typeof exp !== 'number'
        ) {
          throw unauthenticated('Invalid token');
        }
        const claims: TokenClaims = Object.freeze({ sub, wid, sid, role, iat, exp });
        if (verified.size >= VERIFIED_TOKENS) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) {
          throw new AppError('TOKEN_EXPIRED', 'Token expired', undefined, {
            'www-authenticate': 'Bearer error="invalid_token"',
          });
        }
        throw unauthenticated('Invalid token');
      }
    },
    async signMfa(user) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(MFA_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + MFA_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verifyMfa(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: MFA_AUDIENCE,
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.sub !== 'string' || !uuidPattern.test(payload.sub)) throw new Error();
        return payload.sub;
      } catch {
        throw new AppError(
          'INVALID_MFA_CODE',
          'The sign-in step has expired or is not valid: sign in again',
        );
      }
    },
  };
}
