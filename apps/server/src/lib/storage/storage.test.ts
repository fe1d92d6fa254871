import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFilePurges, storedFiles, workspaces } from '../../db/schema/index.ts';
import {
  addMember,
  authed,
  getJson,
  register,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts';
import { startS3, type S3Peer } from '../../../test/s3.ts';
import { storageFromConfig, type Storage, type StoredFile } from './index.ts';

const FILE_MAX = 4 * 1024 * 1024;
const QUOTA = 6 * 1024 * 1024;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A 1×1 PNG: the signature and an IHDR chunk are what a detector reads. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>\n',
);
const HTML = Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(1)</script></body></html>\n');
const CSV = Buffer.from('name,email,amount\nAda,ada@example.test,12\nLéo,leo@example.test,7\n');

type Account = { token: string; workspaceId: string };

async function account(server: TestServer): Promise<Account> {
  const { token } = await register(server);
  const me = await getJson(`${server.url}/user/me`, token);
  return { token, workspaceId: (me.body.workspace as { id: string }).id };
}

async function upload(
  server: TestServer,
  token: string,
  name: string,
  body: Buffer | string | ReadableStream,
  headers: Record<string, string> = {},
) {
  const response = await fetch(
    `${server.url}/api/uploads/direct?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { ...authed(token), 'content-type': 'application/octet-stream', ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit,
  );
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
  };
}

function content(
  server: TestServer,
  token: string,
  id: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  return fetch(`${server.url}/api/uploads/${id}/content`, {
    method,
    headers: { ...authed(token), ...headers },
  });
}

/** Whether the driver still has bytes under the file's key. */
async function bytesExist(storage: Storage, file: Pick<StoredFile, 'storageKey'>) {
  try {
    const stream = await storage.driver.read(file.storageKey);
    stream.destroy();
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A raw HTTP request: the test decides when the body ends, or cuts it. */
function rawRequest(url: string, method: string, headers: Record<string, string>) {
  const request = http.request(url, { method, headers });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
      });
      request.on('error', reject);
    },
  );
  return { request, answer };
}

const drivers = ['disk', 's3'] as const;

describe.each(drivers)('storage on the %s driver', (driver) => {
  let server: TestServer;
  let s3: S3Peer | undefined;
  let storage: Storage;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3();
    server = await startTestServer({
      env: {
        FILE_MAX_BYTES: String(FILE_MAX),
        WORKSPACE_QUOTA_BYTES: String(QUOTA),
        ...(s3 ? { STORAGE_URL: s3.url } : {}),
      },
      jobs: { pollMs: 100 },
      // The other test servers on PostgreSQL keep their files on disk: their purge jobs must not
      // take this server's keys (test/helpers.ts).
      ownDatabase: driver === 's3',
    });
    storage = await storageFromConfig(server.config, server.database.db);
  });
  afterAll(async () => {
    await storage?.close();
    await server?.close();
    await s3?.close();
  });

  it('stores a streamed upload with its size, detected type and SHA-256, and serves it back', async () => {
    const { token } = await account(server);
    const text = 'Bonjour, Beacon — ça marche.\n'.repeat(100);
    const created = await upload(server, token, 'notes.bin', text, { 'x-file-type': 'image/png' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'notes.bin',
      size: Buffer.byteLength(text),
      contentType: 'text/plain',
      sha256: sha256(text),
    });

    const info = await getJson(`${server.url}/api/uploads/${created.body.id as string}`, token);
    expect(info.status).toBe(200);
    expect(info.body.sha256).toBe(sha256(text));

    const response = await content(server, token, created.body.id as string);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(text);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(`"${sha256(text)}"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('stores an empty file', async () => {
    const { token } = await account(server);
    const created = await upload(server, token, 'empty.txt', '');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ size: 0, sha256: sha256('') });
    const served = await content(server, token, created.body.id as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-length')).toBe('0');
    expect(await served.text()).toBe('');
  });

  it('streams a body sent in chunks of unknown length', async () => {
    const { token } = await account(server);
    const chunks = Array.from({ length: 40 }, () => randomBytes(32 * 1024));
    const whole = Buffer.concat(chunks);
    const body = Readable.toWeb(Readable.from(chunks)) as ReadableStream;
    const created = await upload(server, token, 'random.bin', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      size: whole.length,
      sha256: sha256(whole),
      contentType: 'application/octet-stream',
    });
  });

  it('answers ranges (206, suffix, 416) and conditional requests (304, If-Range)', async () => {
    const { token } = await account(server);
    const bytes = Buffer.from('0123456789abcdefghij');
    const { body } = await upload(server, token, 'digits.txt', bytes);
    const id = body.id as string;

    const part = await content(server, token, id, { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/20');
    expect(part.headers.get('content-length')).toBe('4');
    expect(await part.text()).toBe('2345');

    const suffix = await content(server, token, id, { range: 'bytes=-3' });
    expect(suffix.status).toBe(206);
    expect(await suffix.text()).toBe('hij');

    const open = await content(server, token, id, { range: 'bytes=15-' });
    expect(open.status).toBe(206);
    expect(await open.text()).toBe('fghij');

    const beyond = await content(server, token, id, { range: 'bytes=20-30' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */20');
    expect(await beyond.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' });

    // Several ranges: the whole file, as RFC 9110 allows.
    const several = await content(server, token, id, { range: 'bytes=0-1,5-6' });
    expect(several.status).toBe(200);
    expect(await several.text()).toBe(bytes.toString());

    const etag = part.headers.get('etag')!;
    const cached = await content(server, token, id, { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');
    const lastModified = part.headers.get('last-modified')!;
    const since = await content(server, token, id, { 'if-modified-since': lastModified });
    expect(since.status).toBe(304);

    // If-Range naming another version: the whole file instead of the range.
    const changed = await content(server, token, id, { range: 'bytes=2-5', 'if-range': '"other"' });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(bytes.toString());
    const same = await content(server, token, id, { range: 'bytes=2-5', 'if-range': etag });
    expect(same.status).toBe(206);
    await same.arrayBuffer();

    const head = await content(server, token, id, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('20');
    expect(await head.text()).toBe('');
  });

  it('detects types from the bytes, whatever the name and the claimed type say', async () => {
    const { token } = await account(server);
    const cases: [string, Buffer, string, 'inline' | 'attachment'][] = [
      ['photo.txt', PNG, 'image/png', 'inline'],
      ['report.png', PDF, 'application/pdf', 'inline'],
      ['logo.png', SVG, 'image/svg+xml', 'attachment'],
      ['page.jpg', HTML, 'text/html', 'attachment'],
      ['people.txt', CSV, 'text/csv', 'attachment'],
      ['blob.pdf', randomBytes(2048), 'application/octet-stream', 'attachment'],
    ];
    for (const [name, bytes, type, disposition] of cases) {
      const created = await upload(server, token, name, bytes, { 'x-file-type': 'image/jpeg' });
      expect(created.status, name).toBe(201);
      expect(created.body.contentType, name).toBe(type);
      const served = await content(server, token, created.body.id as string);
      expect(served.headers.get('content-type')!.split(';')[0], name).toBe(type);
      expect(served.headers.get('content-disposition')!.split(';')[0], name).toBe(disposition);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes), name).toBe(true);
    }
  });

  it('serves SVG and HTML so they can never run script in the app origin', async () => {
    const { token } = await account(server);
    for (const [name, bytes] of [
      ['drawing.svg', SVG],
      ['page.html', HTML],
    ] as const) {
      const { body } = await upload(server, token, name, bytes);
      const served = await content(server, token, body.id as string);
      const policy = served.headers.get('content-security-policy')!;
      expect(policy).toMatch(/(^|;\s*)sandbox(;|$)/);
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toContain('script-src');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
      await served.arrayBuffer();
    }
  });

  it('refuses with 415 what `accept` does not take, and writes nothing', async () => {
    const { token, workspaceId } = await account(server);
    await expect(
      storage.put(server.database.db, {
        workspaceId,
        createdBy: null,
        name: 'avatar.png',
        ownerKind: 'avatar',
        body: HTML,
        accept: ['image/png', 'image/jpeg'],
      }),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    expect(await storage.usage(server.database.db, workspaceId)).toMatchObject({ fileCount: 0 });

    // An upload taken by an area that accepts images only.
    const { body } = await upload(server, token, 'x.png', SVG);
    const me = await getJson(`${server.url}/user/me`, token);
    const caller = { workspaceId, userId: me.body.id as string };
    await expect(
      storage.claim(server.database.db, caller, body.id as string, {
        ownerKind: 'avatar',
        ownerId: null,
        accept: (type) => type.startsWith('image/') && type !== 'image/svg+xml',
      }),
    ).rejects.toMatchObject({ status: 415 });
    const claimed = await storage.claim(server.database.db, caller, body.id as string, {
      ownerKind: 'file',
      ownerId: null,
    });
    expect(claimed).toMatchObject({ ownerKind: 'file', contentType: 'image/svg+xml' });
    // Claimed: no longer an upload of the caller's.
    expect((await getJson(`${server.url}/api/uploads/${body.id as string}`, token)).status).toBe(
      404,
    );

    const wrongType = await upload(server, token, 'x.txt', 'text', {
      'content-type': 'text/plain',
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses files past the size limit with 413, announced or streamed, and keeps nothing', async () => {
    const { token, workspaceId } = await account(server);
    const big = randomBytes(FILE_MAX + 1);
    const announced = await upload(server, token, 'big.bin', big);
    expect(announced.status).toBe(413);
    expect(announced.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'The file is larger than the limit of 4 MiB',
    });

    const streamed = await upload(
      server,
      token,
      'big.bin',
      Readable.toWeb(
        Readable.from([big.subarray(0, FILE_MAX), big.subarray(FILE_MAX)]),
      ) as ReadableStream,
    );
    expect(streamed.status).toBe(413);
    expect(streamed.body.code).toBe('PAYLOAD_TOO_LARGE');

    const rows = await server.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.workspaceId, workspaceId));
    expect(rows).toEqual([]);
    const reserved = await server.database.db.select().from(storedFilePurges);
    expect(reserved.filter((p) => p.storageKey.startsWith(workspaceId))).toEqual([]);
    if (driver === 'disk') {
      const folder = path.join(server.config.filesDir, workspaceId);
      const files = existsSync(folder)
        ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        : [];
      expect(files).toEqual([]);
    }
  });

  it('counts every file of the workspace against its quota (413 with a clear message)', async () => {
    const { token, workspaceId } = await account(server);
    const first = await upload(server, token, 'a.bin', randomBytes(3 * 1024 * 1024));
    expect(first.status).toBe(201);
    // Another area's file counts too.
    await storage.put(server.database.db, {
      workspaceId,
      createdBy: null,
      name: 'logo.png',
      ownerKind: 'logo',
      body: Buffer.concat([PNG, randomBytes(1024 * 1024)]),
    });
    const second = await upload(server, token, 'b.bin', randomBytes(2.5 * 1024 * 1024));
    expect(second.status).toBe(413);
    expect(second.body.code).toBe('QUOTA_EXCEEDED');
    expect(second.body.detail).toMatch(
      /^The file does not fit in the workspace's storage: [\d.]+ MiB left of the quota of 6 MiB$/,
    );
    // The files manager's own upload and a tus upload's creation answer the same.
    const plain = await fetch(`${server.url}/api/files/upload?name=big.bin`, {
      method: 'POST',
      headers: { ...authed(token), 'content-type': 'application/octet-stream' },
      body: randomBytes(2.5 * 1024 * 1024),
    });
    expect(plain.status).toBe(413);
    expect(await plain.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    const tus = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...authed(token),
        'tus-resumable': '1.0.0',
        'upload-length': String(2.5 * 1024 * 1024),
      },
    });
    expect(tus.status).toBe(413);
    expect(await tus.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    // The files manager shows what is used of the quota.
    const shown = await getJson(`${server.url}/api/files/usage`, token);
    expect(shown.body).toMatchObject({ quotaBytes: QUOTA });
    const usage = await storage.usage(server.database.db, workspaceId);
    expect(usage).toMatchObject({ fileCount: 2, quotaBytes: QUOTA });
    expect(usage.usedBytes).toBe(3 * 1024 * 1024 + PNG.length + 1024 * 1024);
    const fits = await upload(server, token, 'c.bin', randomBytes(1024));
    expect(fits.status).toBe(201);
  });

  it('keeps names with ../, NUL, 300 characters and a right-to-left override as typed, and serves them safely', async () => {
    const { token } = await account(server);
    const long = `${'é'.repeat(296)}.pdf`;
    const names = [
      '../../etc/passwd',
      'report\u0000.txt',
      long,
      'invoice\u202Efdp.exe',
      'قائمة العملاء.csv',
    ];
    for (const name of names) {
      const { status, body } = await upload(server, token, name, 'content');
      expect(status, name).toBe(201);
      expect(body.name, name).toBe(name.replace('\u0000', '\u2400'));
      const served = await content(server, token, body.id as string);
      const disposition = served.headers.get('content-disposition')!;
      await served.arrayBuffer();
      // The plain `filename` is printable ASCII; `filename*` carries the UTF-8 name.
      const plain = /filename="([^"]*)"/.exec(disposition)![1]!;
      expect(plain, name).toMatch(/^[\x20-\x7e]*$/);
      expect(plain, name).not.toMatch(/[/\\]/);
      const encoded = /filename\*=UTF-8''(.*)$/.exec(disposition)![1]!;
      const decoded = decodeURIComponent(encoded);
      for (const unsafe of ['/', '\\', '\u0000', '\u202e', '\u2400']) {
        expect(decoded.includes(unsafe), `${name}: ${JSON.stringify(unsafe)}`).toBe(false);
      }
      expect(decoded.startsWith('.'), name).toBe(false);
      expect([...decoded].length, name).toBeLessThanOrEqual(200);
    }
    const listed = await getJson(
      `${server.url}/api/uploads/00000000-0000-4000-8000-000000000000`,
      token,
    );
    expect(listed.status).toBe(404);
  });

  it('deletes the bytes after the row goes, and only after the commit', async () => {
    const { token, workspaceId } = await account(server);
    const { body } = await upload(server, token, 'gone.txt', 'bytes to delete');
    const [row] = await server.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, body.id as string));
    expect(await bytesExist(storage, row!)).toBe(true);

    // A rollback keeps both.
    await server.database.db
      .transaction(async (tx) => {
        await storage.remove(tx, workspaceId, row!.id);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await storage.get(server.database.db, workspaceId, row!.id)).not.toBeNull();
    expect(await bytesExist(storage, row!)).toBe(true);

    const removed = await fetch(`${server.url}/api/uploads/${row!.id}`, {
      method: 'DELETE',
      headers: authed(token),
    });
    expect(removed.status).toBe(204);
    await until(async () => !(await bytesExist(storage, row!)), 'the purge');
    expect((await content(server, token, row!.id)).status).toBe(404);
  });

  it("deletes a workspace's bytes with the workspace", async () => {
    const { token, workspaceId } = await account(server);
    const { body } = await upload(server, token, 'kept.txt', 'workspace bytes');
    const [row] = await server.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, body.id as string));
    await server.database.db.delete(workspaces).where(eq(workspaces.id, workspaceId));
    await until(async () => !(await bytesExist(storage, row!)), 'the purge after the cascade');
  });

  it('lets viewers upload nothing and hides uploads from others (404 across workspaces)', async () => {
    const owner = await account(server);
    const viewer = await addMember(server, owner.token, 'viewer');
    const denied = await upload(server, viewer.token, 'x.txt', 'no');
    expect(denied.status).toBe(403);

    const { body } = await upload(server, owner.token, 'mine.txt', 'mine');
    const id = body.id as string;
    const stranger = await account(server);
    expect((await getJson(`${server.url}/api/uploads/${id}`, stranger.token)).status).toBe(404);
    expect((await content(server, stranger.token, id)).status).toBe(404);
    const removal = await fetch(`${server.url}/api/uploads/${id}`, {
      method: 'DELETE',
      headers: authed(stranger.token),
    });
    expect(removal.status).toBe(404);
    expect((await content(server, owner.token, id)).status).toBe(200);
  });

  it('resumes a tus upload after a cut connection, from the offset HEAD gives', async () => {
    const { token } = await account(server);
    const file = randomBytes(3 * 1024 * 1024 + 123);
    const tus = { ...authed(token), 'tus-resumable': '1.0.0' };
    const created = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(file.length),
        'upload-metadata': `filename ${Buffer.from('vidéo brute.bin').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const id = location.split('/').pop()!;

    // The first PATCH announces the whole file, sends 1 MiB, and its connection is cut.
    const cut = rawRequest(`${server.url}${location}`, 'PATCH', {
      ...tus,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(file.length),
    });
    cut.answer.catch(() => {});
    await new Promise<void>((resolve) =>
      cut.request.write(file.subarray(0, 1024 * 1024), () => resolve()),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    cut.request.destroy();

    let offset = -1;
    await until(async () => {
      const head = await fetch(`${server.url}${location}`, { method: 'HEAD', headers: tus });
      if (head.status !== 200) return false;
      const now = Number(head.headers.get('upload-offset'));
      expect(Number(head.headers.get('upload-length'))).toBe(file.length);
      const settled = now === offset;
      offset = now;
      return settled;
    }, 'the offset to settle');
    expect(offset).toBeLessThanOrEqual(1024 * 1024);
    if (driver === 'disk') expect(offset).toBeGreaterThan(0);

    const rest = await fetch(`${server.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: file.subarray(offset),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(file.length));

    const info = await getJson(`${server.url}/api/uploads/${id}`, token);
    expect(info.body).toMatchObject({
      id,
      name: 'vidéo brute.bin',
      size: file.length,
      sha256: sha256(file),
    });
    // Finished: HEAD still tells the client it is whole.
    const head = await fetch(`${server.url}${location}`, { method: 'HEAD', headers: tus });
    expect(head.headers.get('upload-offset')).toBe(String(file.length));
    const served = await content(server, token, id);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(file));
  });

  it('refuses a tus upload past the limits at creation (413) and keeps others out of it', async () => {
    const owner = await account(server);
    const tus = { ...authed(owner.token), 'tus-resumable': '1.0.0' };
    const tooBig = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(FILE_MAX + 1) },
    });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const created = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': '10' },
    });
    const location = created.headers.get('location')!;
    const stranger = await account(server);
    const strangers = { ...authed(stranger.token), 'tus-resumable': '1.0.0' };
    const peek = await fetch(`${server.url}${location}`, { method: 'HEAD', headers: strangers });
    expect(peek.status).toBe(404);
    const write = await fetch(`${server.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...strangers,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: '0123456789',
    });
    expect(write.status).toBe(404);

    const cancel = await fetch(`${server.url}${location}`, { method: 'DELETE', headers: tus });
    expect(cancel.status).toBe(204);
    const after = await fetch(`${server.url}${location}`, { method: 'HEAD', headers: tus });
    expect(after.status).toBe(404);
  });
});
