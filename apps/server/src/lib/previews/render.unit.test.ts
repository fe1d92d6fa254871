import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SourceTooLargeError, isTextType, readTextHead, renderThumbnail } from './render.ts';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();

/** A stream that gives `content` in pieces of `size` bytes, as a file read gives chunks. */
const pieces = (content: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(content.length / size) }, (_, i) =>
      content.subarray(i * size, (i + 1) * size),
    ),
  );

describe('renderThumbnail', () => {
  it('fits a large image inside the box as WebP, keeping its proportions', async () => {
    const thumb = await renderThumbnail(pieces(await image(1600, 900, 'jpeg'), 4096), 320);
    expect([thumb.width, thumb.height]).toEqual([320, 180]);
    const meta = await sharp(thumb.content).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([320, 180]);
  });

  it('never enlarges a small image, and reads GIF and PNG', async () => {
    const fromGif = await renderThumbnail(Readable.from([await image(40, 60, 'gif')]), 320);
    expect([fromGif.width, fromGif.height]).toEqual([40, 60]);
    const fromPng = await renderThumbnail(Readable.from([await image(500, 1000, 'png')]), 320);
    expect([fromPng.width, fromPng.height]).toEqual([160, 320]);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await sharp(await image(400, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const thumb = await renderThumbnail(Readable.from([sideways]), 100);
    expect([thumb.width, thumb.height]).toEqual([50, 100]);
  });

  it('fails on bytes that are not an image, and on a broken source stream', async () => {
    await expect(
      renderThumbnail(Readable.from([Buffer.from('not an image at all')]), 100),
    ).rejects.toThrow();
    const broken = new Readable({
      read() {
        this.destroy(new Error('disk went away'));
      },
    });
    await expect(renderThumbnail(broken, 100)).rejects.toThrow('disk went away');
  });

  it('leaves an image larger than its source limit alone', async () => {
    const png = await image(300, 300, 'png');
    await expect(renderThumbnail(pieces(png, 64), 100, png.length - 1)).rejects.toBeInstanceOf(
      SourceTooLargeError,
    );
  });
});

describe('readTextHead', () => {
  it('reads a short file whole, without its byte order mark', async () => {
    const head = await readTextHead(pieces(Buffer.from('\ufeffname,city\nAnn,Lyon\n'), 5), 1000);
    expect(head).toEqual({ text: 'name,city\nAnn,Lyon\n', truncated: false });
  });

  it('stops at the limit without splitting a character, and says there is more', async () => {
    // "é" is two bytes: a limit of 3 bytes keeps "aé" (3 bytes); 4 would cut the second "é".
    const content = Buffer.from('aéé and more');
    expect(await readTextHead(pieces(content, 2), 4)).toEqual({ text: 'aé', truncated: true });
    expect(await readTextHead(pieces(content, 64), 3)).toEqual({ text: 'aé', truncated: true });
  });

  it('a file of exactly the limit is whole; undecodable bytes become replacement marks', async () => {
    expect(await readTextHead(pieces(Buffer.from('abcd'), 2), 4)).toEqual({
      text: 'abcd',
      truncated: false,
    });
    const head = await readTextHead(Readable.from([Buffer.from([0x61, 0xff, 0x62])]), 100);
    expect(head.text).toBe('a\ufffdb');
  });
});

describe('isTextType', () => {
  it('takes text, JSON, XML and SVG source, not binaries', () => {
    for (const type of [
      'text/plain',
      'text/csv; charset=utf-8',
      'application/json',
      'image/svg+xml',
    ])
      expect(isTextType(type)).toBe(true);
    for (const type of ['image/png', 'application/pdf', 'application/octet-stream'])
      expect(isTextType(type)).toBe(false);
  });
});
