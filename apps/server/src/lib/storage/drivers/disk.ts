import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
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

  constructor(readonly root: string) {
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
      // Pieces gathered to about 1 MiB per write (far fewer trips to the thread pool), and the
      // next batch gathered while the last one is being written: awaiting each write before
      // reading on left the thread idle for most of an upload (a CPU profile of a 256 MiB upload:
      // 64% idle), the socket stalled while the disk wrote and the disk idle while it read. One
      // write in flight keeps the order and at most two batches in memory.
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let writing: Promise<void> = Promise.resolve();
      const flush = async () => {
        await writing;
        writing = writeAll(handle, pending, pendingBytes);
        // Awaited at the next flush or at the end; until then a failure must not go unhandled.
        writing.catch(() => {});
        pending = [];
        pendingBytes = 0;
      };
      for await (const chunk of body as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= WRITE_BATCH) await flush();
      }
      if (pendingBytes > 0) await flush();
      await writing;
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

const WRITE_BATCH = 1024 * 1024;

/** Writes every byte of `buffers` (a short write goes on from where it stopped). */
async function writeAll(handle: FileHandle, buffers: Buffer[], total: number): Promise<void> {
  let written = (await handle.writev(buffers)).bytesWritten;
  if (written === total) return;
  const rest = Buffer.concat(buffers).subarray(written);
  for (let offset = 0; offset < rest.length; offset += written) {
    written = (await handle.write(rest, offset, rest.length - offset)).bytesWritten;
  }
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
