/**
 * Files over HTTP (issue 11): upload and download one large file (1 GiB by default) through the
 * real server, on the disk driver and on the S3 driver (s3rver, started here), beside a plain
 * copy of the same file on the same disk in the same run; and the server process's peak RSS
 * growth during each transfer, sampled from /proc every 20 ms.
 *
 *   npm run bench:files                      # 1 GiB, 3 rounds, disk and s3
 *   BENCH_FILE_MIB=256 BENCH_FILE_ROUNDS=5 BENCH_DRIVERS=disk npm run bench:files
 *
 * Targets: upload and download at least 50% of the plain copy's throughput on local disk; RSS
 * growth under 64 MiB whatever the size. The server runs in a child process (so its RSS is its
 * own), on PGlite; s3rver runs in this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadAverage, numberEnv, stats } from './lib.ts';

const here = fileURLToPath(import.meta.url);
const MIB = 1024 * 1024;

/** `--serve <dataDir> [storageUrl]`: the server, in its own process. */
async function serve(dataDir: string, storageUrl?: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'warn',
    FILE_MAX_BYTES: '16G',
    SEED_DEMO: 'false',
    ...(storageUrl ? { STORAGE_URL: storageUrl } : {}),
  });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const app = await buildApp({ config, database, webDir: null, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
}

type Server = { child: ChildProcess; url: string };

function startServer(dataDir: string, storageUrl?: string): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', here, '--serve', dataDir, ...(storageUrl ? [storageUrl] : [])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const { port } = JSON.parse(line) as { port: number };
      resolve({ child, url: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

function stopServer({ child }: Server): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Resident set size of a process, in bytes (Linux /proc). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** Runs `work` while sampling the server's RSS; its duration and the peak growth over the start. */
async function measured(pid: number, work: () => Promise<void>) {
  const before = rss(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 20);
  const started = process.hrtime.bigint();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  peak = Math.max(peak, rss(pid));
  return { seconds, growth: peak - before };
}

async function signUp(base: string): Promise<string> {
  const response = await fetch(`${base}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-files-${Date.now()}@example.test`,
      password: 'benchmark password',
      first_name: 'Bench',
      last_name: 'Files',
    }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

function upload(base: string, token: string, file: string, size: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api/uploads/direct?name=big.bin`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'content-length': String(size),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        if (response.statusCode !== 201)
          reject(new Error(`upload: ${response.statusCode} ${body}`));
        else resolve((JSON.parse(body) as { id: string }).id);
      });
    });
    request.on('error', reject);
    createReadStream(file, { highWaterMark: MIB }).pipe(request);
  });
}

function download(base: string, token: string, id: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `${base}/api/uploads/${id}/content`,
        { headers: { authorization: `Bearer ${token}` } },
        (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => (received += chunk.length));
          response.on('end', () =>
            received === size ? resolve() : reject(new Error(`download: ${received} bytes`)),
          );
          response.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

/** A plain copy on the same disk, as the storage writes: streamed, then flushed to disk. */
async function plainCopy(from: string, to: string): Promise<number> {
  const started = process.hrtime.bigint();
  const handle = await open(to, 'w');
  await pipeline(
    createReadStream(from, { highWaterMark: MIB }),
    handle.createWriteStream({ flush: true }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(to, { force: true });
  return seconds;
}

async function main() {
  const sizeMib = numberEnv('BENCH_FILE_MIB', 1024);
  const rounds = numberEnv('BENCH_FILE_ROUNDS', 3);
  const drivers = (process.env.BENCH_DRIVERS ?? 'disk,s3').split(',');
  const size = sizeMib * MIB;
  const work = mkdtempSync(path.join(tmpdir(), 'beacon-bench-files-'));
  const file = path.join(work, 'source.bin');
  console.log(
    `bench:files: a ${sizeMib} MiB file, ${rounds} rounds; load average ${loadAverage()}`,
  );

  try {
    // Random bytes (one 8 MiB block repeated): nothing compresses, detection sees binary.
    const block = randomBytes(8 * MIB);
    const out = createWriteStream(file);
    for (let written = 0; written < size; written += block.length) {
      const piece = block.subarray(0, Math.min(block.length, size - written));
      if (!out.write(piece))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error) => (error ? reject(error) : resolve())),
    );

    const copyTo = path.join(work, 'copy.bin');
    console.log(
      'each round: a plain copy, then the upload and the download, so each ratio compares figures taken moments apart',
    );
    for (const driver of drivers) {
      let s3: { url: string; close(): Promise<void> } | undefined;
      if (driver === 's3') {
        const { default: S3rver } = await import('s3rver');
        const directory = path.join(work, 's3');
        const server = new S3rver({
          address: '127.0.0.1',
          port: 0,
          directory,
          silent: true,
          configureBuckets: [{ name: 'bench', configs: [] }],
        });
        const address = (await server.run()) as { port: number };
        s3 = {
          url: `s3://S3RVER:S3RVER@127.0.0.1:${address.port}/bench?region=us-east-1&forcePathStyle=true`,
          close: () => server.close(),
        };
      }
      const dataDir = path.join(work, `data-${driver}`);
      const server = await startServer(dataDir, s3?.url);
      const pid = server.child.pid!;
      try {
        const token = await signUp(server.url);
        const ups: { seconds: number; growth: number; ratio: number }[] = [];
        const downs: { seconds: number; growth: number; ratio: number }[] = [];
        const copies: number[] = [];
        for (let round = 0; round < rounds; round++) {
          const copySeconds = await plainCopy(file, copyTo);
          copies.push(sizeMib / copySeconds);
          let id = '';
          const up = await measured(pid, async () => {
            id = await upload(server.url, token, file, size);
          });
          ups.push({ ...up, ratio: copySeconds / up.seconds });
          const down = await measured(pid, () => download(server.url, token, id, size));
          downs.push({ ...down, ratio: copySeconds / down.seconds });
          await fetch(`${server.url}/api/uploads/${id}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${token}` },
          });
        }
        console.log(
          `${driver.padEnd(4)} plain copy: median ${stats(copies).median.toFixed(0)} MiB/s (streamed, flushed, same disk)`,
        );
        for (const [what, figures] of [
          ['upload', ups],
          ['download', downs],
        ] as const) {
          const speed = stats(figures.map((f) => sizeMib / f.seconds));
          const growth = Math.max(...figures.map((f) => f.growth)) / MIB;
          console.log(
            `${driver.padEnd(4)} ${what.padEnd(8)}: median ${speed.median.toFixed(0)} MiB/s ` +
              `(p95 of time ${stats(figures.map((f) => f.seconds)).p95.toFixed(2)} s), ` +
              `median ${(stats(figures.map((f) => f.ratio)).median * 100).toFixed(0)}% of the plain copy of its round; ` +
              `server RSS growth at most ${growth.toFixed(1)} MiB`,
          );
        }
      } finally {
        await stopServer(server);
        await s3?.close();
      }
    }
    console.log(`load average at the end ${loadAverage()}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3]!, process.argv[4]);
} else {
  await main();
}
