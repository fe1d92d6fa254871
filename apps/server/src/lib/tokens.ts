import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@beacon/contract';
import { AppError, unauthenticated } from './errors.ts';

export const TOKEN_ISSUER = 'beacon';
export const TOKEN_AUDIENCE = 'beacon';

/** How many checked tokens a process remembers. */
const VERIFIED_TOKENS = 10_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenClaims = { sub: string; wid: string; role: Role; iat: number; exp: number };

export type TokenService = {
  sign(user: { id: string; workspaceId: string; role: Role }): Promise<string>;
  verify(token: string): Promise<TokenClaims>;
};

/** HS256 JWTs with sub, wid, role, iat, exp, iss and aud (docs/decisions/003-tokens-and-sign-in.md). */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // Tokens whose signature and claims were checked: checking is a function of the token's text
  // alone, so only the expiry is looked at again (decision 027). Emptied when full.
  const verified = new Map<string, TokenClaims>();
  return {
    async sign(user) {
      return new SignJWT({ wid: user.workspaceId, role: user.role })
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
        const { sub, wid, role, iat, exp } = payload;
        if (
          typeof sub !== 'string' ||
          !uuidPattern.test(sub) ||
          typeof wid !== 'string' ||
          !uuidPattern.test(wid) ||
          (role !== 'admin' && role !== 'contributor' && role !== 'viewer') ||
          typeof iat !== 'number' ||
          typeof exp !== 'number'
        ) {
          throw unauthenticated('Invalid token');
        }
        const claims: TokenClaims = Object.freeze({ sub, wid, role, iat, exp });
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
  };
}
