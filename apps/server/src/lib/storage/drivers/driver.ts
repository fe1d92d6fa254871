import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP's `Range: bytes=start-end` names it. */
export type ByteRange = { start: number; end: number };

/**
 * Where the bytes live (lib/storage/drivers/disk.ts, lib/storage/drivers/s3.ts). Keys are made
 * by lib/storage/storage.ts only (`<workspace>/<xx>/<id>`), never from a name.
 */
export interface StorageDriver {
  readonly kind: 'disk' | 's3';
  /**
   * Stores `body` under `key`, streaming. The bytes show under `key` only once they are all
   * there and durable: a failure or a crash leaves nothing under it. Rejects with the body's
   * error if the body fails.
   */
  write(key: string, body: Readable): Promise<void>;
  /** The bytes under `key` (a range of them), or rejects before any byte when there are none. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Deletes the bytes under `key`; no error when there are none. */
  delete(key: string): Promise<void>;
  /** At start: removes what interrupted writes left (temporary files, unfinished uploads). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

const keyPattern = /^[0-9a-z][0-9a-z-]*(\/[0-9a-z][0-9a-z-]*)*$/;

/** A key as storage.ts makes them; anything else (a `..`, a name) is refused. */
export function checkKey(key: string): string {
  if (!keyPattern.test(key) || key.length > 200) throw new Error(`invalid storage key: ${key}`);
  return key;
}
