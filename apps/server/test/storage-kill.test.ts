import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { resumableUploads, storedFiles } from '../src/db/schema/index.ts';
import {
  killChildren,
  sleep,
  startServer,
  stopServer,
  withTimeout,
  type ServerProcess,
} from './processes.ts';

/**
 * The storage through kill -9 (issue 11): a real server process (processes.ts) is killed while
 * several uploads stream into it; after a restart no half file is visible (no row without its
 * whole bytes, no bytes under a real name without a row, no temporary file left) and every
 * upload that was answered is whole (its SHA-256 matches).
 */

const dirs: string[] = [];
afterEach(() => killChildren());
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-storage-kill-'));
  dirs.push(dataDir);
  // Created and migrated here once: a first start of PGlite is slow on a busy machine.
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.close();
}, 300_000);

/** A body that arrives slowly, in 64 KiB pieces, so the upload is under way for a while. */
function slowBody(bytes: Buffer, pauseMs: number): ReadableStream {
  return Readable.toWeb(
    Readable.from(
      (async function* () {
        for (let at = 0; at < bytes.length; at += 64 * 1024) {
          yield bytes.subarray(at, at + 64 * 1024);
          await sleep(pauseMs);
        }
      })(),
    ),
  ) as ReadableStream;
}

/** Every file under a real key of the disk driver (not the temporary folder). */
function filesUnderRealNames(filesDir: string): { id: string; key: string; path: string }[] {
  if (!existsSync(filesDir)) return [];
  const found: { id: string; key: string; path: string }[] = [];
  for (const entry of readdirSync(filesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(filesDir, full).split(path.sep).join('/');
    if (key.startsWith('.tmp/')) continue;
    found.push({ id: entry.name, key, path: full });
  }
  return found;
}

describe('storage through kill -9', () => {
  it('shows no half file after a restart, and keeps every answered upload whole', async () => {
    const first = await startServer(dataDir);
    const registered = await fetch(`${first.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'kill-uploads@example.test',
        password: 'correct horse battery',
        first_name: 'Kill',
        last_name: 'Test',
      }),
    });
    const token = ((await registered.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };

    const answered = new Map<string, string>();
    let killed = false;
    let failedBeforeKill = 0;
    const worker = async (n: number) => {
      for (let round = 0; !killed; round += 1) {
        const bytes = randomBytes(256 * 1024 + Math.floor(Math.random() * 3 * 1024 * 1024));
        try {
          const response = await fetch(
            `${first.url}/api/uploads/direct?name=kill-${n}-${round}.bin`,
            {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/octet-stream' },
              body: slowBody(bytes, n % 2 === 0 ? 1 : 5),
              duplex: 'half',
            } as RequestInit,
          );
          const body = (await response.json()) as { id: string; sha256: string };
          if (response.status === 201) {
            expect(body.sha256).toBe(sha256(bytes));
            answered.set(body.id, sha256(bytes));
          } else if (!killed) failedBeforeKill += 1;
        } catch {
          // The connection died with the process: no answer, so no promise was made.
        }
      }
    };
    const workers = Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    const started = Date.now();
    while (Date.now() - started < 3_000 || (answered.size < 6 && Date.now() - started < 60_000)) {
      await sleep(50);
    }
    killed = true;
    first.child.kill('SIGKILL');
    const exit = await withTimeout(first.exited, 10_000, 'the killed server did not exit');
    await workers;
    expect(exit.signal).toBe('SIGKILL');
    expect(failedBeforeKill).toBe(0);
    expect(answered.size).toBeGreaterThan(0);

    const filesDir = path.join(dataDir, 'files');
    const tmpOfKilled = path.join(filesDir, '.tmp', String(first.child.pid));
    const interrupted = existsSync(tmpOfKilled) ? readdirSync(tmpOfKilled).length : 0;

    const second: ServerProcess = await startServer(dataDir);
    // The temporary files of the killed process are gone at start.
    expect(existsSync(tmpOfKilled)).toBe(false);

    // Every file under a real name is a stored file with those very bytes; a file written just
    // before the kill whose row never came is deleted by the purge the restart queues.
    let orphans: string[];
    const deadline = Date.now() + 30_000;
    for (;;) {
      orphans = [];
      for (const file of filesUnderRealNames(filesDir)) {
        if (file.key.includes('/tus/')) continue;
        const info = await fetch(`${second.url}/api/uploads/${file.id}`, { headers: auth });
        if (info.status === 404) {
          await info.arrayBuffer();
          orphans.push(file.key);
          continue;
        }
        const { sha256: stored } = (await info.json()) as { sha256: string };
        expect(sha256(readFileSync(file.path)), file.key).toBe(stored);
      }
      if (orphans.length === 0 || Date.now() > deadline) break;
      await sleep(200);
    }
    expect(orphans).toEqual([]);

    // Every answered upload is whole.
    for (const [id, hash] of answered) {
      const response = await fetch(`${second.url}/api/uploads/${id}/content`, { headers: auth });
      expect(response.status, id).toBe(200);
      expect(sha256(Buffer.from(await response.arrayBuffer())), id).toBe(hash);
    }

    const stopped = await stopServer(second, 'SIGTERM');
    expect(stopped.code, second.output()).toBe(0);

    // And every row has its whole bytes.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await database.db.select().from(storedFiles);
      for (const row of rows) {
        const file = path.join(filesDir, ...row.storageKey.split('/'));
        expect(existsSync(file), row.storageKey).toBe(true);
        expect(sha256(readFileSync(file)), row.storageKey).toBe(row.sha256);
      }
      expect(rows.length).toBeGreaterThanOrEqual(answered.size);
      for (const upload of await database.db.select().from(resumableUploads)) {
        for (const chunk of upload.chunks) {
          expect(existsSync(path.join(filesDir, ...chunk.key.split('/'))), chunk.key).toBe(true);
        }
      }
      console.log(
        `storage kill -9 test: ${answered.size} uploads answered before the kill, ` +
          `${interrupted} temporary files of interrupted uploads swept at the restart, ` +
          `${rows.length} stored files afterwards, all whole`,
      );
    } finally {
      await database.close();
    }
  }, 300_000);
});
