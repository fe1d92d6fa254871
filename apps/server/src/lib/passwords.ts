import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Argon2id, memory 19 MiB, 2 passes, parallelism 1 (docs/decisions/003-tokens-and-sign-in.md). */
const options = {
  // Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash of nothing anyone knows, verified when the e-mail is unknown so that an unknown e-mail
 * and a wrong password take the same time.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'));
  return dummyHash;
}
