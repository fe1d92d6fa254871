import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { processAlive } from '../alive.ts';
import { checkKey, type ByteRange, type StorageDriver } from './driver.ts';

/**
 * Files under one folder (FILES_DIR, by default DATA_DIR/files): each written to
 * `.tmp/<pid>/<random>`, flushed to disk, then renamed to its key, so a crash never leaves half
 * a file under a real name; the folder entries are flushed too. `sweep` at start deletes the
 * temporary files of processes that no longer run. Processes of one host may share the folder;
 * processes on several hosts share files through the S3 driver.
 */
export class DiskDriver implements StorageDriver {
  readonly kind = 'disk';
  private readonly temporary: string;

  constructor(private readonly root: string) {
    this.temporary = path.join(root, '.tmp', String(process.pid));
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async write(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.temporary, { recursive: true });
    const temporary = path.join(this.temporary, randomUUID());
    const handle = await open(temporary, 'wx', 0o600);
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        for (let offset = 0; offset < chunk.length;) {
          const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
          offset += bytesWritten;
        }
      }
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
      await syncDirectory(path.dirname(target));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    // Opened first, so a missing file rejects here rather than in the middle of an answer.
    const handle = await open(this.pathOf(key), 'r');
    return createReadStream('', {
      fd: handle,
      start: range?.start,
      end: range?.end,
      highWaterMark: 256 * 1024,
    });
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async sweep(): Promise<void> {
    const folder = path.dirname(this.temporary);
    const names = await readdir(folder).catch(() => [] as string[]);
    const gone = names.filter((name) => !/^\d+$/.test(name) || !processAlive(Number(name)));
    await Promise.all(
      gone.map((name) => rm(path.join(folder, name), { recursive: true, force: true })),
    );
  }

  async close(): Promise<void> {}
}

/** Flushes a folder's entries (the rename) to disk; a no-op where folders cannot be opened. */
async function syncDirectory(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Some platforms refuse to open or sync a folder; the rename stands either way.
  } finally {
    await handle?.close();
  }
}
