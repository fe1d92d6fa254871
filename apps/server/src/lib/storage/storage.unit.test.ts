import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseByteSize } from '../../config.ts';
import { accepts, detectContentType, isInlineSafe } from './detect.ts';
import { DiskDriver } from './drivers/disk.ts';
import { parseStorageUrl } from './drivers/s3.ts';
import { contentDisposition, downloadName, storedName } from './names.ts';
import { formatBytes } from './sizes.ts';

const text = (value: string) => Buffer.from(value, 'utf8');

describe('detectContentType', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'a.png', 'image/svg+xml'],
    ['<?xml version="1.0"?>\n<!-- drawn -->\n<svg></svg>', 'a.txt', 'image/svg+xml'],
    ['<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg/>', 'a', 'image/svg+xml'],
    ['\ufeff<!doctype html><title>x</title>', 'a.jpg', 'text/html'],
    ['  <script>alert(1)</script>', 'a.txt', 'text/html'],
    ['<?xml version="1.0"?><note><to>Ada</to></note>', 'a.xml', 'application/xml'],
    ['a,b,c\n1,2,3\n4,5,6\n', 'a.txt', 'text/csv'],
    ['a;b;c\n1;2;3\n', 'a', 'text/csv'],
    ['Bonjour, le monde.\nÇa va, merci.\n', 'a', 'text/plain'],
    ['name,email\nAda,ada@example.test\n', 'people.csv', 'text/csv'],
    ['# Title\n\nSome text', 'readme.md', 'text/markdown'],
    ['{"a": 1}', 'data.json', 'application/json'],
    ['{"a": 1', 'data.json', 'text/plain'],
    ['', 'empty.bin', 'text/plain'],
  ])('%j named %s is %s', async (value, name, type) => {
    expect(await detectContentType(text(value), name, true)).toBe(type);
  });

  it('finds binary formats whatever the name says', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await detectContentType(png, 'notes.txt', false)).toBe('image/png');
    expect(await detectContentType(text('%PDF-1.7\n'), 'a.png', true)).toBe('application/pdf');
    expect(await detectContentType(Buffer.from([0, 1, 2, 3, 255]), 'a.csv', true)).toBe(
      'application/octet-stream',
    );
  });

  it('keeps a multi-byte character cut by the end of the head as text', async () => {
    const head = Buffer.concat([text('héllo '.repeat(10)), Buffer.from([0xc3])]);
    expect(await detectContentType(head, 'a', false)).toBe('text/plain');
    expect(await detectContentType(head, 'a', true)).toBe('application/octet-stream');
  });
});

describe('accepts and isInlineSafe', () => {
  it('takes families, exact types and predicates', () => {
    expect(accepts(['image/*'], 'image/png')).toBe(true);
    expect(accepts(['image/*'], 'text/html')).toBe(false);
    expect(accepts(['application/pdf'], 'application/pdf')).toBe(true);
    expect(accepts((type) => type !== 'image/svg+xml', 'image/svg+xml')).toBe(false);
    expect(accepts(undefined, 'anything/at-all')).toBe(true);
  });

  it('shows inline only images that run nothing, PDF, audio and video', () => {
    for (const type of ['image/png', 'image/jpeg', 'application/pdf', 'audio/mpeg', 'video/mp4']) {
      expect(isInlineSafe(type), type).toBe(true);
    }
    for (const type of ['image/svg+xml', 'text/html', 'text/plain', 'application/xml']) {
      expect(isInlineSafe(type), type).toBe(false);
    }
  });
});

describe('names', () => {
  it('stores names as typed, a NUL as U+2400, and cuts past 1,024 characters keeping the extension', () => {
    expect(storedName('../a\0b.txt')).toBe('../a\u2400b.txt');
    expect(storedName('   ')).toBe('file');
    const long = storedName(`${'x'.repeat(2000)}.pdf`);
    expect([...long]).toHaveLength(1024);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('saves downloads under names with no path, control, override or leading dot', () => {
    expect(downloadName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(downloadName('invoice\u202efdp.exe')).toBe('invoice_fdp.exe');
    expect(downloadName('a\u0000b\u2066c')).toBe('a_b_c');
    expect(downloadName('...')).toBe('download');
    expect([...downloadName(`${'é'.repeat(300)}.pdf`)]).toHaveLength(200);
  });

  it('writes an ASCII filename and an RFC 5987 filename*', () => {
    expect(contentDisposition('attachment', 'Rapport été "final".pdf')).toBe(
      `attachment; filename="Rapport _t_ _final_.pdf"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9%20_final_.pdf`,
    );
    expect(contentDisposition('inline', "it's (1).png")).toBe(
      `inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});

describe('sizes', () => {
  it('reads sizes with binary units', () => {
    expect(parseByteSize('1024')).toBe(1024);
    expect(parseByteSize('512M')).toBe(512 * 1024 ** 2);
    expect(parseByteSize('2 GiB')).toBe(2 * 1024 ** 3);
    expect(parseByteSize('1.5g')).toBe(1.5 * 1024 ** 3);
    expect(parseByteSize('10 KB')).toBe(10 * 1024);
    expect(parseByteSize('ten')).toBeUndefined();
    expect(parseByteSize('-1')).toBeUndefined();
  });

  it('words sizes for messages', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(4 * 1024 ** 2)).toBe('4 MiB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GiB');
  });
});

describe('parseStorageUrl', () => {
  it('reads the key, secret, endpoint, bucket, prefix and options', () => {
    const location = parseStorageUrl(
      's3://AKIA%2FX:se%2Bcret@minio.local:9000/files/beacon/prod?region=eu-west-1&forcePathStyle=true',
    );
    expect(location.bucket).toBe('files');
    expect(location.prefix).toBe('beacon/prod/');
    expect(location.client).toMatchObject({
      region: 'eu-west-1',
      forcePathStyle: true,
      endpoint: 'http://minio.local:9000',
      credentials: { accessKeyId: 'AKIA/X', secretAccessKey: 'se+cret' },
    });
    expect(location.display).toBe('s3://minio.local:9000/files/beacon/prod');
    expect(location.display).not.toContain('cret');
  });

  it('uses TLS on 443 or no port, the AWS endpoint for amazonaws.com, the SDK chain without keys', () => {
    expect(parseStorageUrl('s3://k:s@storage.example.test/b').client.endpoint).toBe(
      'https://storage.example.test',
    );
    expect(parseStorageUrl('s3://k:s@host:9000/b?tls=true').client.endpoint).toBe(
      'https://host:9000',
    );
    const aws = parseStorageUrl('s3://s3.eu-west-1.amazonaws.com/b?region=eu-west-1');
    expect(aws.client.endpoint).toBeUndefined();
    expect(aws.client.credentials).toBeUndefined();
    expect(() => parseStorageUrl('s3://k:s@host:9000/')).toThrow(/bucket/);
  });
});

describe('DiskDriver.write', () => {
  it('keeps the bytes in order while one batch is written and the next gathered', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'beacon-disk-'));
    try {
      const driver = new DiskDriver(root);
      // Irregular pieces, several 1 MiB batches and a short last one.
      const pieces = Array.from({ length: 97 }, (_, i) => randomBytes(1 + ((i * 7919) % 65_536)));
      await driver.write('w/ab/one', Readable.from(pieces));
      const stored = readFileSync(path.join(root, 'w', 'ab', 'one'));
      expect(stored.equals(Buffer.concat(pieces))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('leaves nothing under the key when the body fails after batches were written', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'beacon-disk-'));
    try {
      const driver = new DiskDriver(root);
      async function* failing() {
        for (let i = 0; i < 40; i += 1) yield randomBytes(64 * 1024);
        throw new Error('connection cut');
      }
      await expect(driver.write('w/ab/two', Readable.from(failing()))).rejects.toThrow(
        'connection cut',
      );
      expect(existsSync(path.join(root, 'w', 'ab', 'two'))).toBe(false);
      expect(readdirSync(path.join(root, '.tmp', String(process.pid)))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
