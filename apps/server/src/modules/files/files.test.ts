import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileItem, FilePage } from '@beacon/contract';
import {
  addMember,
  authed,
  getJson,
  register,
  relaxedLimits,
  startTestServer,
  until,
  type TestServer,
} from '../../../test/helpers.ts';
import { startS3, type S3Peer } from '../../../test/s3.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { FILES_TRASH_JOB } from './files.job.ts';

// The files manager's API (issue 11; docs/decisions/054-files-manager.md), through real HTTP on a
// real database, on the storage's disk driver and on its S3 driver (s3rver).

// Set by each driver's `beforeAll` below; the helpers read it.
let server: TestServer;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type Who = { token: string };

async function send(method: string, path: string, who: Who | null, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(who ? authed(who.token) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> & {
      item: FileItem;
      items: FileItem[];
    },
  };
}

async function folder(
  who: Who,
  name: string,
  parentId: string | null = null,
  visibility = 'workspace',
) {
  const response = await send('POST', '/api/files/folders', who, { name, parentId, visibility });
  expect(response.status).toBe(201);
  return response.body.item;
}

async function upload(
  who: Who,
  name: string,
  content: Buffer | string,
  folderId?: string,
  visibility = 'workspace',
) {
  const query = new URLSearchParams({ name, visibility, ...(folderId ? { folderId } : {}) });
  const response = await fetch(`${server.url}/api/files/upload?${query}`, {
    method: 'POST',
    headers: { ...authed(who.token), 'content-type': 'application/octet-stream' },
    body: content,
  });
  const body = (await response.json()) as { item: FileItem };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.item;
}

async function list(who: Who, query: Record<string, string> = {}) {
  const response = await getJson(
    `${server.url}/api/files?${new URLSearchParams(query)}`,
    who.token,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as FilePage;
}

/** Every page of a list, following `nextCursor`. */
async function all(who: Who, query: Record<string, string>) {
  const items: FileItem[] = [];
  let cursor: string | null = null;
  do {
    const page: FilePage = await list(who, { ...query, ...(cursor ? { cursor } : {}) });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

async function download(who: Who | null, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    headers: { ...(who ? authed(who.token) : {}), ...headers },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          entries.set(entry.fileName, Buffer.alloc(0));
          return file.readEntry();
        }
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

const drivers = ['disk', 's3'] as const;

// Every case runs on both storage drivers: the disk, and S3 against s3rver started here.
describe.each(drivers)('files on the %s driver', (driver) => {
  let s3: S3Peer | undefined;
  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3();
    server = await startTestServer({
      rateLimits: { ...relaxedLimits, fileLinkPasswords: { max: 3, windowSeconds: 600 } },
      ...(s3 ? { env: { STORAGE_URL: s3.url } } : {}),
      // Its thumbnail and purge jobs run here, not on another test server of a shared PostgreSQL
      // database (whose purge would take this server's keys, test/helpers.ts).
      jobs: { pollMs: 200 },
      ownDatabase: true,
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  describe('folders and uploads', () => {
    it('makes nested folders, uploads into them, lists with the path and detects types', async () => {
      const owner = await register(server);
      const top = await folder(owner, 'Clients');
      const inner = await folder(owner, 'Acme', top.id);
      expect(inner.folderId).toBe(top.id);
      const png = await upload(owner, 'logo.png', PNG, inner.id);
      expect(png).toMatchObject({
        kind: 'image',
        mimeType: 'image/png',
        size: PNG.length,
        isFolder: false,
      });
      // The type comes from the bytes, not the name.
      const pdf = await upload(owner, 'looks-like.txt', PDF, inner.id);
      expect(pdf.kind).toBe('pdf');

      const page = await list(owner, { folderId: inner.id });
      expect(page.items.map((i) => i.name)).toEqual(['logo.png', 'looks-like.txt']);
      expect(page.path.map((c) => c.name)).toEqual(['Clients', 'Acme']);
      expect(page.folder?.id).toBe(inner.id);

      // A folder's size is its files' at any depth.
      const root = await list(owner);
      expect(root.items.find((i) => i.id === top.id)?.size).toBe(PNG.length + PDF.length);
    });

    it("keeps names as typed: '../', NUL, 300 characters, right-to-left override", async () => {
      const owner = await register(server);
      const names = ['../../etc/passwd', 'a\u0000b.txt', 'x'.repeat(300), 'invoice\u202Efdp.exe'];
      for (const name of names) await upload(owner, name, 'hello');
      const page = await list(owner);
      expect(page.items.map((i) => i.name).sort()).toEqual(
        ['../../etc/passwd', 'a\u2400b.txt', 'x'.repeat(300), 'invoice\u202Efdp.exe'].sort(),
      );
      // Downloads are saved under a safe name, the content untouched.
      const evil = page.items.find((i) => i.name.startsWith('../'))!;
      const file = await download(owner, `/api/files/${evil.id}/content`);
      expect(file.bytes.toString()).toBe('hello');
      expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(file.headers.get('content-disposition')).not.toContain('../');
    });

    it('refuses bad names and bad queries with 400, and unknown folders with 404', async () => {
      const owner = await register(server);
      expect((await send('POST', '/api/files/folders', owner, { name: '' })).status).toBe(400);
      expect((await send('POST', '/api/files/folders', owner, { name: '   ' })).status).toBe(400);
      const long = await send('POST', '/api/files/folders', owner, { name: 'y'.repeat(501) });
      expect(long.status).toBe(400);
      expect(long.body.code).toBe('VALIDATION_FAILED');
      const missing = await send('POST', '/api/files/folders', owner, {
        name: 'x',
        parentId: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing.status).toBe(404);
      const cursor = await getJson(`${server.url}/api/files?cursor=nonsense`, owner.token);
      expect(cursor.status).toBe(400);
      expect(cursor.body.code).toBe('VALIDATION_FAILED');
      const sorted = await getJson(`${server.url}/api/files?sort=colour`, owner.token);
      expect(sorted.status).toBe(400);
      const { count } = await countItems(owner);
      expect(count).toBe(0);
    });

    it('serves a file with ranges, an ETag, nosniff, and inline only for safe types', async () => {
      const owner = await register(server);
      const png = await upload(owner, 'dot.png', PNG);
      const whole = await download(owner, `/api/files/${png.id}/content?disposition=inline`);
      expect(whole.status).toBe(200);
      expect(whole.bytes.equals(PNG)).toBe(true);
      expect(whole.headers.get('content-type')).toBe('image/png');
      expect(whole.headers.get('content-disposition')).toMatch(/^inline;/);
      expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
      const etag = whole.headers.get('etag')!;
      expect(etag).toBe(`"${createHash('sha256').update(PNG).digest('hex')}"`);
      const part = await download(owner, `/api/files/${png.id}/content`, { range: 'bytes=1-3' });
      expect(part.status).toBe(206);
      expect(part.bytes.equals(PNG.subarray(1, 4))).toBe(true);
      const same = await download(owner, `/api/files/${png.id}/content`, { 'if-none-match': etag });
      expect(same.status).toBe(304);

      const html = await upload(owner, 'page.html', '<html><script>alert(1)</script></html>');
      const served = await download(owner, `/api/files/${html.id}/content?disposition=inline`);
      expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
    });
  });

  /** A WAV file of `seconds` of silence at 8 kHz, 8-bit mono: an `audio/wav` to stream. */
  function wav(seconds: number): Buffer {
    const data = Buffer.alloc(8000 * seconds, 128);
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + data.length, 4);
    header.write('WAVEfmt ', 8);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(8000, 24);
    header.writeUInt32LE(8000, 28);
    header.writeUInt16LE(1, 32);
    header.writeUInt16LE(8, 34);
    header.write('data', 36);
    header.writeUInt32LE(data.length, 40);
    return Buffer.concat([header, data]);
  }

  describe('ranges and stream addresses for media players', () => {
    it('serves ranges (206, Content-Range, If-Range, 416) through a signed address with no header', async () => {
      const owner = await register(server);
      const sound = wav(4);
      const item = await upload(owner, 'call.wav', sound);
      expect(item.kind).toBe('audio');
      const answer = await send('GET', `/api/files/${item.id}/stream-url`, owner);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const { url, expiresAt } = answer.body as unknown as { url: string; expiresAt: string };
      expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/stream\?token=[\w.-]+$/);
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 60 * 60 * 1000);

      // No header: the token is the credential.
      const whole = await download(null, url);
      expect(whole.status).toBe(200);
      expect(whole.bytes.equals(sound)).toBe(true);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('content-type')).toMatch(/^audio\//);
      expect(whole.headers.get('content-disposition')).toMatch(/^inline;/);
      expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
      const etag = whole.headers.get('etag')!;

      const part = await download(null, url, { range: 'bytes=1000-1999' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${sound.length}`);
      expect(part.headers.get('content-length')).toBe('1000');
      expect(part.bytes.equals(sound.subarray(1000, 2000))).toBe(true);
      const tail = await download(null, url, { range: 'bytes=-100' });
      expect(tail.status).toBe(206);
      expect(tail.bytes.equals(sound.subarray(sound.length - 100))).toBe(true);
      const open = await download(null, url, { range: `bytes=${sound.length - 10}-` });
      expect(open.status).toBe(206);
      expect(open.bytes.equals(sound.subarray(sound.length - 10))).toBe(true);
      // If-Range: the range while the file is the same, the whole file once it is not.
      const same = await download(null, url, { range: 'bytes=0-9', 'if-range': etag });
      expect(same.status).toBe(206);
      const changed = await download(null, url, { range: 'bytes=0-9', 'if-range': '"other"' });
      expect(changed.status).toBe(200);
      expect(changed.bytes.length).toBe(sound.length);
      const beyond = await download(null, url, { range: `bytes=${sound.length + 5}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${sound.length}`);

      // The signed-in download answers the same ranges.
      const signedIn = await download(owner, `/api/files/${item.id}/content`, {
        range: 'bytes=44-99',
      });
      expect(signedIn.status).toBe(206);
      expect(signedIn.bytes.equals(sound.subarray(44, 100))).toBe(true);

      // A changed signature, or another file's id under it: 404.
      const tampered = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await download(null, tampered)).status).toBe(404);
      const other = await upload(owner, 'other.wav', wav(1));
      expect((await download(null, url.replace(item.id, other.id))).status).toBe(404);
      expect((await download(null, `/api/files/${item.id}/stream?token=not-a-token`)).status).toBe(
        404,
      );
      expect((await download(null, `/api/files/${item.id}/stream`)).status).toBe(400);
      // A folder has no stream address.
      const box = await folder(owner, 'Box');
      expect((await send('GET', `/api/files/${box.id}/stream-url`, owner)).status).toBe(404);
      // Once trashed, the address opens nothing.
      expect((await send('POST', `/api/files/${item.id}/trash`, owner)).status).toBe(200);
      expect((await download(null, url)).status).toBe(404);
    });

    it("checks the member's access at each request, and hides other workspaces' files", async () => {
      const owner = await register(server);
      const colleague = await addMember(server, owner.token, 'viewer');
      const mine = await folder(owner, 'Recordings', null, 'private');
      const item = await upload(owner, 'memo.wav', wav(1), mine.id);
      expect((await send('GET', `/api/files/${item.id}/stream-url`, colleague)).status).toBe(404);
      await send('POST', `/api/files/${mine.id}/shares`, owner, {
        userId: colleague.id,
        access: 'view',
      });
      const answer = await send('GET', `/api/files/${item.id}/stream-url`, colleague);
      expect(answer.status).toBe(200);
      const { url } = answer.body as unknown as { url: string };
      expect((await download(null, url)).status).toBe(200);
      // Unshared: the colleague's address stops working at once.
      await send('DELETE', `/api/files/${mine.id}/shares/${colleague.id}`, owner);
      expect((await download(null, url)).status).toBe(404);

      const stranger = await register(server);
      expect((await send('GET', `/api/files/${item.id}/stream-url`, stranger)).status).toBe(404);
    });
  });

  async function countItems(who: Who) {
    const page = await list(who, { limit: '200' });
    return { count: page.items.length };
  }

  describe('finished uploads of /api/uploads', () => {
    async function direct(who: Who, name: string, content: Buffer | string) {
      const response = await fetch(
        `${server.url}/api/uploads/direct?name=${encodeURIComponent(name)}`,
        {
          method: 'POST',
          headers: { ...authed(who.token), 'content-type': 'application/octet-stream' },
          body: content,
        },
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }

    it('puts a direct upload into a folder once, for its uploader only', async () => {
      const owner = await register(server);
      const colleague = await addMember(server, owner.token, 'contributor');
      const target = await folder(owner, 'Inbox');
      const uploadId = await direct(owner, 'scan.pdf', PDF);
      const theirs = await send('POST', '/api/files/from-upload', colleague, {
        uploadId,
        folderId: target.id,
      });
      expect(theirs.status).toBe(404);
      const made = await send('POST', '/api/files/from-upload', owner, {
        uploadId,
        folderId: target.id,
        name: 'Scan 2026.pdf',
      });
      expect(made.status).toBe(201);
      expect(made.body.item).toMatchObject({
        name: 'Scan 2026.pdf',
        kind: 'pdf',
        size: PDF.length,
        folderId: target.id,
      });
      const again = await send('POST', '/api/files/from-upload', owner, {
        uploadId,
        folderId: null,
      });
      expect(again.status).toBe(404);
      expect(
        (await download(owner, `/api/files/${made.body.item.id}/content`)).bytes.equals(PDF),
      ).toBe(true);
    });

    it('resumes a tus upload cut in the middle, then files it', async () => {
      const owner = await register(server);
      const content = Buffer.alloc(300_000, 7);
      content.write('%PDF-1.4\n', 0);
      const created = await fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: {
          ...authed(owner.token),
          'tus-resumable': '1.0.0',
          'upload-length': String(content.length),
          'upload-metadata': `filename ${Buffer.from('big.pdf').toString('base64')}`,
        },
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      const url = location.startsWith('http') ? location : `${server.url}${location}`;
      const patch = (offset: number, bytes: Buffer) =>
        fetch(url, {
          method: 'PATCH',
          headers: {
            ...authed(owner.token),
            'tus-resumable': '1.0.0',
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: bytes,
        });
      expect((await patch(0, content.subarray(0, 100_000))).status).toBe(204);
      const head = await fetch(url, {
        method: 'HEAD',
        headers: { ...authed(owner.token), 'tus-resumable': '1.0.0' },
      });
      expect(head.headers.get('upload-offset')).toBe('100000');
      expect((await patch(100_000, content.subarray(100_000))).status).toBe(204);
      const uploadId = url.split('/').at(-1)!;
      const made = await send('POST', '/api/files/from-upload', owner, {
        uploadId,
        folderId: null,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.item).toMatchObject({ name: 'big.pdf', size: content.length });
      const back = await download(owner, `/api/files/${made.body.item.id}/content`);
      expect(createHash('sha256').update(back.bytes).digest('hex')).toBe(
        createHash('sha256').update(content).digest('hex'),
      );
    });
  });

  describe('pages, sorts, search and filters', () => {
    it('pages every sort both ways with folders first, each item once', async () => {
      const owner = await register(server);
      const parent = await folder(owner, 'Many');
      await folder(owner, 'b-sub', parent.id);
      await folder(owner, 'A-sub', parent.id);
      const sizes = [5, 1, 9, 3, 7, 2, 8];
      for (const [n, size] of sizes.entries()) {
        await upload(
          owner,
          `file-${String.fromCharCode(103 - n)}.txt`,
          'z'.repeat(size),
          parent.id,
        );
      }
      await upload(owner, 'picture.png', PNG, parent.id);
      for (const sort of ['name', 'size', 'type', 'date'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const paged = await all(owner, { folderId: parent.id, sort, order, limit: '3' });
          const whole = (await list(owner, { folderId: parent.id, sort, order, limit: '200' }))
            .items;
          expect(paged.map((i) => i.id)).toEqual(whole.map((i) => i.id));
          expect(new Set(paged.map((i) => i.id)).size).toBe(10);
          expect(paged.slice(0, 2).every((i) => i.isFolder)).toBe(true);
          const files = paged.filter((i) => !i.isFolder);
          const key = (i: FileItem) =>
            sort === 'name'
              ? i.name.toLowerCase()
              : sort === 'size'
                ? i.size
                : sort === 'type'
                  ? `${i.kind}`
                  : i.updatedAt;
          const keys = files.map(key);
          const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(keys).toEqual(order === 'asc' ? sorted : sorted.reverse());
        }
      }
      const byName = await all(owner, { folderId: parent.id, limit: '4' });
      expect(byName.map((i) => i.name).slice(0, 3)).toEqual(['A-sub', 'b-sub', 'file-a.txt']);
    });

    it('searches names across folders and filters by type', async () => {
      const owner = await register(server);
      const a = await folder(owner, 'Quarter');
      const b = await folder(owner, 'Deep', a.id);
      await upload(owner, 'Report Q1.pdf', PDF, a.id);
      await upload(owner, 'report-q2.png', PNG, b.id);
      await upload(owner, 'notes.txt', 'notes');
      const found = await list(owner, { q: 'REPORT' });
      expect(found.items.map((i) => i.name).sort()).toEqual(['Report Q1.pdf', 'report-q2.png']);
      const images = await list(owner, { q: 'report', kind: 'image' });
      expect(images.items.map((i) => i.name)).toEqual(['report-q2.png']);
      const inside = await list(owner, { q: 'report', folderId: b.id });
      expect(inside.items.map((i) => i.name)).toEqual(['report-q2.png']);
      const folders = await list(owner, { kind: 'folder' });
      expect(folders.items.map((i) => i.name)).toEqual(['Quarter']);
      const recent = await list(owner, { view: 'recent', sort: 'date', order: 'desc' });
      expect(recent.items.every((i) => !i.isFolder)).toBe(true);
    });
  });

  describe('organising', () => {
    it('renames, moves (never into itself), copies with new bytes and stars', async () => {
      const owner = await register(server);
      const a = await folder(owner, 'A');
      const b = await folder(owner, 'B', a.id);
      const file = await upload(owner, 'plan.pdf', PDF, a.id);

      const renamed = await send('PATCH', `/api/files/${file.id}`, owner, { name: 'Plan v2.pdf' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.item.name).toBe('Plan v2.pdf');

      const moved = await send('POST', `/api/files/${file.id}/move`, owner, { folderId: b.id });
      expect(moved.body.item.folderId).toBe(b.id);
      const cycle = await send('POST', `/api/files/${a.id}/move`, owner, { folderId: b.id });
      expect(cycle.status).toBe(409);
      const self = await send('POST', `/api/files/${a.id}/move`, owner, { folderId: a.id });
      expect(self.status).toBe(409);

      // Moving a folder carries its subtree: search under the new place finds the file.
      const c = await folder(owner, 'C');
      await send('POST', `/api/files/${b.id}/move`, owner, { folderId: c.id });
      expect((await list(owner, { q: 'plan', folderId: c.id })).items.map((i) => i.id)).toEqual([
        file.id,
      ]);
      expect((await list(owner, { q: 'plan', folderId: a.id })).items).toEqual([]);

      const copied = await send('POST', `/api/files/${c.id}/copy`, owner, { folderId: a.id });
      expect(copied.status).toBe(201);
      const copyOfC = copied.body.item;
      const inCopy = await list(owner, { folderId: copyOfC.id });
      expect(inCopy.items.map((i) => i.name)).toEqual(['B']);
      const copiedFile = (await list(owner, { folderId: inCopy.items[0]!.id })).items[0]!;
      expect(copiedFile.id).not.toBe(file.id);
      const bytes = await download(owner, `/api/files/${copiedFile.id}/content`);
      expect(bytes.bytes.equals(PDF)).toBe(true);
      const details = await send('GET', `/api/files/${copiedFile.id}`, owner);
      expect((details.body.copies as { id: string }[]).map((c) => c.id)).toContain(file.id);
      expect(details.body.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));

      const starred = await send('POST', `/api/files/${file.id}/star`, owner, { starred: true });
      expect(starred.body.item.starred).toBe(true);
      expect((await list(owner, { view: 'starred' })).items.map((i) => i.id)).toEqual([file.id]);
      await send('POST', `/api/files/${file.id}/star`, owner, { starred: false });
      expect((await list(owner, { view: 'starred' })).items).toEqual([]);
    });

    it('trashes a folder with its content, restores it, removes for good, empties the trash', async () => {
      const owner = await register(server);
      const a = await folder(owner, 'Old');
      const inner = await upload(owner, 'old.txt', 'old', a.id);
      const loose = await upload(owner, 'loose.txt', 'loose');

      expect(
        (await send('POST', `/api/files/${a.id}/trash`, owner)).body.item.trashedAt,
      ).not.toBeNull();
      expect((await list(owner)).items.map((i) => i.id)).toEqual([loose.id]);
      expect((await list(owner, { q: 'old' })).items).toEqual([]);
      expect((await list(owner, { view: 'trash' })).items.map((i) => i.id)).toEqual([a.id]);
      // What went with its folder comes back with it.
      expect((await send('POST', `/api/files/${inner.id}/restore`, owner)).status).toBe(409);
      expect(
        (await send('POST', `/api/files/${a.id}/restore`, owner)).body.item.trashedAt,
      ).toBeNull();
      expect((await list(owner, { folderId: a.id })).items.map((i) => i.id)).toEqual([inner.id]);

      // A file whose folder is in the trash comes back at the root.
      await send('POST', `/api/files/${inner.id}/trash`, owner);
      await send('POST', `/api/files/${a.id}/trash`, owner);
      const back = await send('POST', `/api/files/${inner.id}/restore`, owner);
      expect(back.body.item.folderId).toBeNull();

      // Removing for good only from the trash; the bytes go too.
      expect((await send('DELETE', `/api/files/${loose.id}`, owner)).status).toBe(409);
      await send('POST', `/api/files/${loose.id}/trash`, owner);
      expect((await send('DELETE', `/api/files/${loose.id}`, owner)).status).toBe(204);
      expect((await send('GET', `/api/files/${loose.id}`, owner)).status).toBe(404);

      const emptied = await send('POST', '/api/files/trash/empty', owner);
      expect(emptied.body.removed).toBe(1);
      expect((await list(owner, { view: 'trash' })).items).toEqual([]);
      const left = await server.database.db.execute(
        sql`select count(*)::int as n from stored_files f join users u on u.id = f.created_by
          where u.email = ${owner.email}`,
      );
      expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    });

    it('empties items trashed more than 30 days ago with the job', async () => {
      const owner = await register(server);
      const old = await upload(owner, 'ancient.txt', 'x');
      const fresh = await upload(owner, 'fresh.txt', 'y');
      await send('POST', `/api/files/${old.id}/trash`, owner);
      await send('POST', `/api/files/${fresh.id}/trash`, owner);
      await server.database.db.execute(
        sql`update file_items set trashed_at = now() - interval '31 days' where id = ${old.id}`,
      );
      await enqueueJob(server.database.db, FILES_TRASH_JOB, {});
      for (let i = 0; i < 100; i++) {
        if ((await send('GET', `/api/files/${old.id}`, owner)).status === 404) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await send('GET', `/api/files/${old.id}`, owner)).status).toBe(404);
      expect((await list(owner, { view: 'trash' })).items.map((i) => i.id)).toEqual([fresh.id]);
    });
  });

  describe('roles, private items and shares', () => {
    it('lets viewers read, download and star, never organise', async () => {
      const owner = await register(server);
      const viewer = await addMember(server, owner.token, 'viewer');
      const a = await folder(owner, 'Shared space');
      const file = await upload(owner, 'brief.pdf', PDF, a.id);
      expect((await list(viewer, { folderId: a.id })).items.map((i) => i.id)).toEqual([file.id]);
      expect((await list(viewer, { folderId: a.id })).items[0]!.canEdit).toBe(false);
      expect((await download(viewer, `/api/files/${file.id}/content`)).bytes.equals(PDF)).toBe(
        true,
      );
      expect(
        (await send('POST', `/api/files/${file.id}/star`, viewer, { starred: true })).status,
      ).toBe(200);
      const writes: [string, string, unknown][] = [
        ['POST', '/api/files/folders', { name: 'x' }],
        ['PATCH', `/api/files/${file.id}`, { name: 'x' }],
        ['POST', `/api/files/${file.id}/move`, { folderId: null }],
        ['POST', `/api/files/${file.id}/copy`, { folderId: null }],
        ['POST', `/api/files/${file.id}/trash`, undefined],
        ['POST', `/api/files/${file.id}/links`, {}],
      ];
      for (const [method, path, body] of writes) {
        expect((await send(method, path, viewer, body)).status, path).toBe(403);
      }
      const query = new URLSearchParams({ name: 'x.txt' });
      const uploaded = await fetch(`${server.url}/api/files/upload?${query}`, {
        method: 'POST',
        headers: { ...authed(viewer.token), 'content-type': 'application/octet-stream' },
        body: 'x',
      });
      expect(uploaded.status).toBe(403);
    });

    it('shows a private item only to its owner and those it is shared with', async () => {
      const owner = await register(server);
      const colleague = await addMember(server, owner.token, 'contributor');
      const admin = await addMember(server, owner.token, 'admin');
      const mine = await folder(owner, 'Private', null, 'private');
      const file = await upload(owner, 'salary.pdf', PDF, mine.id, 'workspace');
      // Inside a private folder everything is private to its owner.
      expect(file.visibility).toBe('private');
      for (const other of [colleague, admin]) {
        expect((await list(other)).items.map((i) => i.id)).not.toContain(mine.id);
        expect((await send('GET', `/api/files/${file.id}`, other)).status).toBe(404);
        expect((await download(other, `/api/files/${file.id}/content`)).status).toBe(404);
        expect((await list(other, { q: 'salary' })).items).toEqual([]);
      }

      const shared = await send('POST', `/api/files/${mine.id}/shares`, owner, {
        userId: colleague.id,
        access: 'view',
      });
      expect(shared.status).toBe(200);
      expect((await list(colleague, { view: 'shared' })).items.map((i) => i.id)).toEqual([mine.id]);
      expect((await list(colleague, { folderId: mine.id })).items.map((i) => i.id)).toEqual([
        file.id,
      ]);
      expect((await download(colleague, `/api/files/${file.id}/content`)).status).toBe(200);
      expect((await send('PATCH', `/api/files/${file.id}`, colleague, { name: 'x' })).status).toBe(
        403,
      );
      expect(
        (await send('POST', `/api/files/${mine.id}/shares`, colleague, { userId: admin.id }))
          .status,
      ).toBe(403);

      await send('POST', `/api/files/${mine.id}/shares`, owner, {
        userId: colleague.id,
        access: 'edit',
      });
      expect(
        (await send('PATCH', `/api/files/${file.id}`, colleague, { name: 'pay.pdf' })).status,
      ).toBe(200);
      const added = await upload(colleague, 'added.txt', 'added', mine.id);
      expect(added.visibility).toBe('private');
      expect(added.ownerId).not.toBe(colleague.id);

      expect(
        (await send('DELETE', `/api/files/${mine.id}/shares/${colleague.id}`, owner)).status,
      ).toBe(204);
      expect((await send('GET', `/api/files/${file.id}`, colleague)).status).toBe(404);
      expect(
        (await send('DELETE', `/api/files/${mine.id}/shares/${colleague.id}`, owner)).status,
      ).toBe(404);
    });

    it("never hands over another member's private items by a move or a visibility change", async () => {
      const owner = await register(server);
      const ownerId = (await getJson(`${server.url}/user/me`, owner.token)).body.id as string;
      const member = await addMember(server, owner.token, 'contributor');
      const taker = await addMember(server, owner.token, 'contributor');
      const admin = await addMember(server, owner.token, 'admin');
      const team = await folder(owner, 'Team');
      const theirs = await upload(member, 'appraisal.pdf', PDF, team.id, 'private');
      expect(theirs).toMatchObject({ visibility: 'private', ownerId: member.id });

      // Someone else's workspace folder into one's own private folder: only its owner (or an admin).
      const takerBox = await folder(taker, 'Mine', null, 'private');
      const taken = await send('POST', `/api/files/${team.id}/move`, taker, {
        folderId: takerBox.id,
      });
      expect(taken.status).toBe(403);
      // Its owner, or an admin, neither: the folder holds a member's private file.
      const ownerBox = await folder(owner, 'Owner box', null, 'private');
      const moved = await send('POST', `/api/files/${team.id}/move`, owner, {
        folderId: ownerBox.id,
      });
      expect(moved.status).toBe(409);
      const adminBox = await folder(admin, 'Admin box', null, 'private');
      const byAdmin = await send('POST', `/api/files/${team.id}/move`, admin, {
        folderId: adminBox.id,
      });
      expect(byAdmin.status).toBe(409);
      const hidden = await send('PATCH', `/api/files/${team.id}`, owner, { visibility: 'private' });
      expect(hidden.status).toBe(409);

      const still = await send('GET', `/api/files/${theirs.id}`, member);
      expect(still.status).toBe(200);
      expect(still.body.item).toMatchObject({ visibility: 'private', ownerId: member.id });
      expect((await send('GET', `/api/files/${theirs.id}`, owner)).status).toBe(404);
      expect((await send('GET', `/api/files/${team.id}`, taker)).status).toBe(200);
      expect((await list(owner, { folderId: team.id })).items).toEqual([]);

      // Without anyone else's private items, the owner's folder goes private, workspace items too.
      const open = await folder(owner, 'Open');
      const shared = await upload(member, 'notes.txt', 'notes', open.id);
      const ok = await send('POST', `/api/files/${open.id}/move`, owner, { folderId: ownerBox.id });
      expect(ok.status).toBe(200);
      expect(ok.body.item).toMatchObject({ visibility: 'private', ownerId });
      const now = await send('GET', `/api/files/${shared.id}`, owner);
      expect(now.body.item).toMatchObject({ visibility: 'private', ownerId });
      // A member editing the private folder moves its owner's items inside it.
      await send('POST', `/api/files/${ownerBox.id}/shares`, owner, {
        userId: taker.id,
        access: 'edit',
      });
      const inside = await send('POST', `/api/files/${shared.id}/move`, taker, {
        folderId: ownerBox.id,
      });
      expect(inside.status).toBe(200);
      expect(inside.body.item).toMatchObject({ visibility: 'private', ownerId });
    });

    it("answers 404 for another workspace's items and members", async () => {
      const owner = await register(server);
      const intruder = await register(server);
      const file = await upload(owner, 'secret.txt', 'secret');
      const a = await folder(owner, 'A');
      for (const [method, path, body] of [
        ['GET', `/api/files/${file.id}`, undefined],
        ['GET', `/api/files?folderId=${a.id}`, undefined],
        ['PATCH', `/api/files/${file.id}`, { name: 'x' }],
        ['POST', `/api/files/${file.id}/move`, { folderId: null }],
        ['POST', '/api/files/folders', { name: 'x', parentId: a.id }],
      ] as const) {
        expect((await send(method, path, intruder, body)).status, path).toBe(404);
      }
      const intruderId = (await getJson(`${server.url}/user/me`, intruder.token)).body.id as string;
      const share = await send('POST', `/api/files/${file.id}/shares`, owner, {
        userId: intruderId,
      });
      expect(share.status).toBe(404);
    });
  });

  describe('public links', () => {
    it('opens a file signed out, until revoked or expired', async () => {
      const owner = await register(server);
      const file = await upload(owner, 'offer.pdf', PDF);
      const made = await send('POST', `/api/files/${file.id}/links`, owner, {});
      expect(made.status).toBe(201);
      const url = (made.body.link as { url: string }).url;
      const token = url.split('/').at(-1)!;
      const info = await send('GET', `/api/public/files/${token}`, null);
      expect(info.body).toMatchObject({ passwordRequired: false, name: 'offer.pdf', kind: 'pdf' });
      const bytes = await download(null, `/api/public/files/${token}/content`);
      expect(bytes.status).toBe(200);
      expect(bytes.bytes.equals(PDF)).toBe(true);
      // The list never shows the token again.
      const links = await send('GET', `/api/files/${file.id}/links`, owner);
      const [link] = links.body.links as { id: string; url: string | null }[];
      expect(link!.url).toBeNull();

      await server.database.db.execute(
        sql`update file_links set expires_at = now() - interval '1 second' where id = ${link!.id}`,
      );
      expect((await send('GET', `/api/public/files/${token}`, null)).status).toBe(404);
      await server.database.db.execute(
        sql`update file_links set expires_at = null where id = ${link!.id}`,
      );
      expect((await send('GET', `/api/public/files/${token}`, null)).status).toBe(200);
      await send('POST', `/api/files/${file.id}/trash`, owner);
      expect((await send('GET', `/api/public/files/${token}`, null)).status).toBe(404);
      await send('POST', `/api/files/${file.id}/restore`, owner);
      expect((await send('DELETE', `/api/files/links/${link!.id}`, owner)).status).toBe(204);
      expect((await download(null, `/api/public/files/${token}/content`)).status).toBe(404);
      expect((await send('GET', '/api/public/files/not-a-real-token-at-all', null)).status).toBe(
        404,
      );
    });

    it('asks for the password, and limits wrong guesses', async () => {
      const owner = await register(server);
      const file = await upload(owner, 'contract.pdf', PDF);
      const past = await send('POST', `/api/files/${file.id}/links`, owner, {
        expiresAt: '2020-01-01T00:00:00Z',
      });
      expect(past.status).toBe(400);
      const made = await send('POST', `/api/files/${file.id}/links`, owner, {
        password: 'open sesame',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      const token = (made.body.link as { url: string }).url.split('/').at(-1)!;
      const stored = await server.database.db.execute(
        sql`select password_hash from file_links where item_id = ${file.id}`,
      );
      expect(
        (stored as unknown as { rows: { password_hash: string }[] }).rows[0]!.password_hash,
      ).toMatch(/^\$argon2id\$/);

      const info = await send('GET', `/api/public/files/${token}`, null);
      expect(info.body).toMatchObject({ passwordRequired: true, name: null });
      const locked = await send('GET', `/api/public/files/${token}/content`, null);
      expect(locked.status).toBe(403);
      expect(locked.body.code).toBe('LINK_PASSWORD_REQUIRED');

      const wrong = await send('POST', `/api/public/files/${token}/unlock`, null, {
        password: 'nope',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('LINK_PASSWORD_WRONG');
      const right = await send('POST', `/api/public/files/${token}/unlock`, null, {
        password: 'open sesame',
      });
      expect(right.status).toBe(200);
      const grant = right.body.grant as string;
      expect((await send('GET', `/api/public/files/${token}?grant=${grant}`, null)).body.name).toBe(
        'contract.pdf',
      );
      const opened = await download(null, `/api/public/files/${token}/content?grant=${grant}`);
      expect(opened.bytes.equals(PDF)).toBe(true);
      const forged = await download(
        null,
        `/api/public/files/${token}/content?grant=${grant.slice(0, -2)}xx`,
      );
      expect(forged.status).toBe(403);

      // The limit (3 in this server) counts wrong guesses; then even the right one waits.
      await send('POST', `/api/public/files/${token}/unlock`, null, { password: 'nope' });
      await send('POST', `/api/public/files/${token}/unlock`, null, { password: 'nope' });
      const limited = await send('POST', `/api/public/files/${token}/unlock`, null, {
        password: 'open sesame',
      });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(limited.headers.get('retry-after')).toBeTruthy();
    });
  });

  describe('public links, what they expose', () => {
    it("shows a folder's link only what its creator sees", async () => {
      const owner = await register(server);
      const member = await addMember(server, owner.token, 'contributor');
      const top = await folder(owner, 'Handout');
      await upload(owner, 'agenda.txt', 'agenda', top.id);
      await upload(member, 'secret.txt', 'private of the member', top.id, 'private');
      const made = await send('POST', `/api/files/${top.id}/links`, owner, {});
      expect(made.status).toBe(201);
      const token = (made.body.link as { url: string }).url.split('/').at(-1)!;

      const info = await send('GET', `/api/public/files/${token}`, null);
      expect(info.status).toBe(200);
      expect(info.body.entries).toEqual([{ path: 'agenda.txt', size: 6 }]);
      expect(info.body.size).toBe(6);
      const zip = await download(null, `/api/public/files/${token}/content`);
      expect(zip.status).toBe(200);
      const entries = await unzip(zip.bytes);
      expect([...entries.keys()]).toEqual(['agenda.txt']);
    });

    it('counts every password attempt before checking it, so parallel guesses stay in the limit', async () => {
      const owner = await register(server);
      const file = await upload(owner, 'vault.pdf', PDF);
      const made = await send('POST', `/api/files/${file.id}/links`, owner, {
        password: 'right one',
      });
      const token = (made.body.link as { url: string }).url.split('/').at(-1)!;
      // Every request of this file comes from one address: start its count afresh.
      await server.database.db.execute(
        sql`delete from rate_limits where key like 'file-link-ip:%'`,
      );
      // 30 at once, the right password first; the limit is 3 in this server, the right one counted.
      const guesses = Array.from({ length: 30 }, (_, n) => (n === 0 ? 'right one' : `wrong ${n}`));
      const answers = await Promise.all(
        guesses.map((password) =>
          send('POST', `/api/public/files/${token}/unlock`, null, { password }),
        ),
      );
      const checked = answers.filter(
        (a) => a.status === 200 || a.body?.code === 'LINK_PASSWORD_WRONG',
      );
      expect(checked.length).toBeLessThanOrEqual(3);
      expect(answers.filter((a) => a.status === 429).length).toBe(30 - checked.length);
    });
  });

  describe('zip of a folder', () => {
    it('streams the folder with its subfolders, names made safe, only what the caller sees', async () => {
      const owner = await register(server);
      const colleague = await addMember(server, owner.token, 'contributor');
      const top = await folder(owner, 'Project');
      const sub = await folder(owner, 'Designs', top.id);
      await folder(owner, 'Empty', top.id);
      await upload(owner, 'readme.txt', 'read me', top.id);
      await upload(owner, 'readme.txt', 'second', top.id);
      await upload(owner, '../escape.txt', 'nope', sub.id);
      await upload(owner, 'logo.png', PNG, sub.id);
      await upload(owner, 'mine.txt', 'private', top.id, 'private');

      const zip = await download(owner, `/api/files/${top.id}/content`);
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      const entries = await unzip(zip.bytes);
      expect([...entries.keys()].sort()).toEqual(
        [
          'Designs/',
          'Designs/_escape.txt',
          'Designs/logo.png',
          'Empty/',
          'mine.txt',
          'readme (2).txt',
          'readme.txt',
        ].sort(),
      );
      expect(entries.get('Designs/logo.png')!.equals(PNG)).toBe(true);
      expect(entries.get('readme.txt')!.toString()).toBe('read me');
      for (const name of entries.keys()) expect(name.split('/')).not.toContain('..');

      const theirs = await unzip((await download(colleague, `/api/files/${top.id}/content`)).bytes);
      expect([...theirs.keys()]).not.toContain('mine.txt');
    });
  });

  describe('thumbnails in the files manager', () => {
    const photo = () =>
      sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 90, b: 200 } },
      })
        .png()
        .toBuffer();

    it("makes an image's thumbnail in the background, read under the item's own rules", async () => {
      const owner = await register(server);
      const colleague = await addMember(server, owner.token, 'contributor');
      const mine = await folder(owner, 'Photos', null, 'private');
      const image = await upload(owner, 'beach.png', await photo(), mine.id);
      expect(image.previewUrl).toMatch(
        /^\/api\/storage\/files\/[0-9a-f-]{36}\/preview\?size=small$/,
      );
      const text = await upload(owner, 'notes.txt', 'just text', mine.id);
      expect(text.previewUrl).toBeNull();
      expect(mine.previewUrl).toBeNull();
      // The list answers it too.
      const page = await list(owner, { folderId: mine.id });
      expect(page.items.find((i) => i.id === image.id)?.previewUrl).toBe(image.previewUrl);

      const thumbnail = await until('the thumbnail', async () => {
        const answer = await download(owner, image.previewUrl!);
        return answer.status === 404 ? undefined : answer;
      });
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get('content-type')).toBe('image/webp');
      const size = await sharp(thumbnail.bytes).metadata();
      expect(Math.max(size.width!, size.height!)).toBeLessThanOrEqual(480);

      // A private file's thumbnail: 404 to a member it is not shared with, 200 once it is.
      expect((await download(colleague, image.previewUrl!)).status).toBe(404);
      await send('POST', `/api/files/${mine.id}/shares`, owner, {
        userId: colleague.id,
        access: 'view',
      });
      expect((await download(colleague, image.previewUrl!)).status).toBe(200);
      // Another workspace: 404.
      const stranger = await register(server);
      expect((await download(stranger, image.previewUrl!)).status).toBe(404);

      // A copy is a file of its own, with a thumbnail of its own.
      const copy = await send('POST', `/api/files/${image.id}/copy`, owner, { folderId: null });
      expect(copy.status, JSON.stringify(copy.body)).toBe(201);
      expect(copy.body.item.previewUrl).not.toBe(image.previewUrl);
      await until("the copy's thumbnail", async () => {
        const answer = await download(owner, copy.body.item.previewUrl!);
        return answer.status === 200;
      });
    });
  });

  describe('the storage dashboard', () => {
    it('adds up usage by type and by member, with recent files and folders', async () => {
      const owner = await register(server);
      const colleague = await addMember(server, owner.token, 'contributor');
      await folder(owner, 'Reports');
      await upload(owner, 'a.png', PNG);
      await upload(owner, 'b.pdf', PDF);
      await upload(colleague, 'c.pdf', PDF);
      // The image's thumbnails count in the quota (used), not in the breakdowns: wait for them.
      await until('the thumbnail jobs', async () => {
        const result = (await server.database.db.execute(
          sql`select count(*)::int as n from jobs where kind = 'previews.thumbnail'
            and status in ('queued', 'running')`,
        )) as unknown as { rows: { n: number }[] };
        return result.rows[0]!.n === 0;
      });
      const thumbnails = (await server.database.db.execute(
        sql`select coalesce(sum(size), 0)::int as bytes from stored_files
          where owner_kind = 'thumbnail'
            and workspace_id = (select workspace_id from users where id = ${colleague.id})`,
      )) as unknown as { rows: { bytes: number }[] };
      const usage = await send('GET', '/api/files/usage', owner);
      expect(usage.status).toBe(200);
      expect(usage.body.usedBytes).toBe(PNG.length + 2 * PDF.length + thumbnails.rows[0]!.bytes);
      const byKind = usage.body.byKind as { kind: string; bytes: number; files: number }[];
      expect(byKind.find((k) => k.kind === 'pdf')).toMatchObject({
        bytes: 2 * PDF.length,
        files: 2,
      });
      expect(byKind.find((k) => k.kind === 'image')).toMatchObject({ bytes: PNG.length, files: 1 });
      const byMember = usage.body.byMember as { userId: string; bytes: number }[];
      expect(byMember.find((m) => m.userId === colleague.id)?.bytes).toBe(PDF.length);
      expect((usage.body.recent as FileItem[]).map((i) => i.name)).toEqual([
        'c.pdf',
        'b.pdf',
        'a.png',
      ]);
      expect((usage.body.folders as FileItem[]).map((i) => i.name)).toEqual(['Reports']);
      expect(usage.body.fileCount).toBe(3);
      expect(usage.body.folderCount).toBe(1);
    });
  });
});
