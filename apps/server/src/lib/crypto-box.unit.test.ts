import { describe, expect, it } from 'vitest';
import { createCryptoBox, CryptoBoxError, deriveKey } from './crypto-box.ts';

const KEY = 'a-key-for-the-box-that-is-long-enough-0001';
const OLD = 'an-older-key-for-the-box-long-enough-00002';

describe('createCryptoBox', () => {
  it('seals to text that hides the value and opens back, differently each time', () => {
    const box = createCryptoBox(KEY);
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const first = box.seal(plain, 'totp:u1');
    const second = box.seal(plain, 'totp:u1');
    expect(first).toMatch(/^cb1\.[\w-]{8}\.[\w-]{16}\.[\w-]+$/);
    expect(first).not.toContain(plain);
    expect(first).not.toBe(second);
    expect(box.open(first, 'totp:u1')).toBe(plain);
    expect(box.open(second, 'totp:u1')).toBe(plain);
    expect(box.open(box.seal('', 'c'), 'c')).toBe('');
    expect(box.open(box.seal('mot de passe é 密码', 'c'), 'c')).toBe('mot de passe é 密码');
  });

  it('does not open in another context, altered, or under a key it lacks', () => {
    const box = createCryptoBox(KEY);
    const sealed = box.seal('secret', 'totp:u1');
    expect(() => box.open(sealed, 'totp:u2')).toThrow(CryptoBoxError);
    const [prefix, id, iv, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.open([prefix, id, iv, flipped.toString('base64url')].join('.'), 'totp:u1'),
    ).toThrow(CryptoBoxError);
    expect(() => createCryptoBox(OLD).open(sealed, 'totp:u1')).toThrow(/does not have/);
    for (const bad of ['secret', 'cb1.x.y', 'cb1...', `cb1.${id}.${iv}.`]) {
      expect(() => box.open(bad, 'totp:u1'), bad).toThrow(CryptoBoxError);
    }
  });

  it('opens what earlier keys sealed, and says which values to seal again', () => {
    const old = createCryptoBox(OLD);
    const box = createCryptoBox(KEY, [OLD]);
    const before = old.seal('secret', 'c');
    expect(box.open(before, 'c')).toBe('secret');
    expect(box.needsReseal(before)).toBe(true);
    expect(box.needsReseal('JBSWY3DPEHPK3PXP')).toBe(true);
    expect(box.needsReseal(box.seal('secret', 'c'))).toBe(false);
    expect(box.isSealed(before)).toBe(true);
    expect(box.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(box.openOrPlain('JBSWY3DPEHPK3PXP', 'c')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.openOrPlain(before, 'c')).toBe('secret');
  });

  it('gives a LIKE pattern of the current key, its underscores escaped', () => {
    const box = createCryptoBox(KEY, [OLD]);
    const pattern = box.currentPattern;
    expect(pattern.endsWith('.%')).toBe(true);
    expect(pattern.replaceAll('\\_', '')).not.toContain('_');
    const prefix = pattern.slice(0, -1).replaceAll('\\_', '_');
    expect(box.seal('x', 'c').startsWith(prefix)).toBe(true);
    expect(createCryptoBox(OLD).seal('x', 'c').startsWith(prefix)).toBe(false);
  });

  it('refuses key secrets shorter than 32 characters, and derives the same key each time', () => {
    expect(() => createCryptoBox('short')).toThrow(CryptoBoxError);
    expect(deriveKey(KEY).equals(deriveKey(KEY))).toBe(true);
    expect(deriveKey(KEY).equals(deriveKey(OLD))).toBe(false);
    expect(deriveKey(KEY)).toHaveLength(32);
  });
});
