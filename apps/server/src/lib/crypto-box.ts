import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (TOTP secrets, mailbox credentials) are kept sealed with
 * AES-256-GCM under a key of the server's configuration (`ENCRYPTION_KEY`, else derived from the
 * JWT secret: config.ts, docs/decisions/055-the-rest-of-the-team.md).
 *
 * A sealed value is text: `cb1.<key id>.<iv>.<ciphertext and tag>`, each part base64url. The key
 * id (the first 6 bytes of the key's SHA-256) says which key sealed it, so a box given the keys
 * that were current before (`ENCRYPTION_KEY_PREVIOUS`) still opens old values, and a start-up
 * pass can reseal them under the current key. A context (say `totp:<user id>`) is bound in as
 * associated data: a value copied to another row or column does not open there.
 */
export type CryptoBox = {
  /** Seals `plain` for `context`. Every call gives a different text (random IV). */
  seal(plain: string, context: string): string;
  /** Opens a sealed value of `context`; throws CryptoBoxError when it does not open. */
  open(sealed: string, context: string): string;
  /** Whether `value` has the sealed form (a plain value from before sealing does not). */
  isSealed(value: string): boolean;
  /** Whether `value` should be sealed again under the current key: plain, or an older key's. */
  needsReseal(value: string): boolean;
  /** Opens a sealed value, or takes a plain one as is (values kept before sealing began). */
  openOrPlain(value: string, context: string): string;
  /** The SQL `LIKE` pattern of values sealed under the current key (find those that are not). */
  readonly currentPattern: string;
};

export class CryptoBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CryptoBoxError';
  }
}

const PREFIX = 'cb1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 256-bit key from a secret text (at least 32 characters): HKDF-SHA256 with a fixed label. */
export function deriveKey(secret: string): Buffer {
  if (secret.length < 32) throw new CryptoBoxError('A key secret needs at least 32 characters');
  return Buffer.from(hkdfSync('sha256', secret, 'beacon', 'beacon crypto-box v1', 32));
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, 6).toString('base64url');
}

/**
 * A box sealing with the key of `current` and opening with it or any of `previous` (secret texts,
 * each turned into a key by `deriveKey`).
 */
export function createCryptoBox(current: string, previous: readonly string[] = []): CryptoBox {
  const sealKey = deriveKey(current);
  const sealId = keyId(sealKey);
  const keys = new Map<string, Buffer>();
  for (const secret of [current, ...previous]) {
    const key = deriveKey(secret);
    const id = keyId(key);
    if (!keys.has(id)) keys.set(id, key);
  }

  function parts(value: string): [string, Buffer, Buffer] | null {
    const fields = value.split('.');
    if (fields.length !== 4 || fields[0] !== PREFIX) return null;
    const [, id, ivText, bodyText] = fields as [string, string, string, string];
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return null;
    return [id, iv, body];
  }

  const box: CryptoBox = {
    // `_` is a LIKE wildcard and a base64url character.
    currentPattern: `${PREFIX}.${sealId.replaceAll('_', '\\_')}.%`,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `${PREFIX}.${sealId}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const found = parts(sealed);
      if (!found) throw new CryptoBoxError('Not a sealed value');
      const [id, iv, body] = found;
      const key = keys.get(id);
      if (!key) {
        throw new CryptoBoxError(
          'Sealed under a key this server does not have (set ENCRYPTION_KEY_PREVIOUS)',
        );
      }
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new CryptoBoxError('The sealed value does not open: altered, or another context');
      }
    },
    isSealed(value) {
      return parts(value) !== null;
    },
    needsReseal(value) {
      const found = parts(value);
      return found === null || found[0] !== sealId;
    },
    openOrPlain(value, context) {
      return box.isSealed(value) ? box.open(value, context) : value;
    },
  };
  return box;
}
