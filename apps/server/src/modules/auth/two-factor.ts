import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { CryptoBox } from '../../lib/crypto-box.ts';

/**
 * Two-factor sign-in with an authenticator app (RFC 6238 TOTP: SHA-1, six digits, 30 seconds, as
 * every app reads them) and one-time recovery codes (docs/decisions/046-account-and-security.md).
 */

const ISSUER = 'Beacon';
/** A code of the step before or after the server's is taken too (clocks drift). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes use letters and digits that cannot be mistaken for one another. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new random secret (160 bits), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'Beacon'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The TOTP secret is kept sealed (lib/crypto-box.ts), bound to its member: a sealed secret copied
 * to another member's row does not open there.
 */
export function sealTotpSecret(box: CryptoBox, userId: string, secret: string): string {
  return box.seal(secret, `totp:${userId}`);
}

/** The secret as stored: sealed, or plain when kept before sealing began (resealed at start). */
export function openTotpSecret(box: CryptoBox, userId: string, stored: string): string {
  return box.openOrPlain(stored, `totp:${userId}`);
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/**
 * The time step of `code` when it is right for `secret` now (within the window), else null. The
 * caller refuses a step not newer than the last one accepted, so a code cannot be used twice.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const otp = totp(secret);
  const delta = otp.validate({ token: code.trim(), timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return otp.counter({ timestamp: now }) + delta;
}

/** The code of `secret` at `now` (tests and the demo). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}

/** Ten codes such as `k7m2p-x9qrt`, shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i += 1) {
      code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
      if (i === 4) code += '-';
    }
    return code;
  });
}

/** The stored form of a recovery code: spaces, dashes and case do not matter when typed. */
export function hashRecoveryCode(userId: string, code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`${userId}:recovery:${normal}`).digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
