import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderPdfFirstPage } from './pdf.ts';
import { samplePdf } from './sample-pdf.ts';
import { SourceTooLargeError, readBounded, readTextHead, renderThumbnails } from './render.ts';

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

describe('renderThumbnails', () => {
  it('fits a large image inside each box as WebP, keeping its proportions', async () => {
    const [small, large] = await renderThumbnails(await image(1600, 900, 'jpeg'), [320, 1280]);
    expect([small!.width, small!.height]).toEqual([320, 180]);
    expect([large!.width, large!.height]).toEqual([1280, 720]);
    const meta = await sharp(small!.content).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([320, 180]);
  });

  it('never enlarges a small image, and reads GIF and PNG', async () => {
    const [fromGif] = await renderThumbnails(await image(40, 60, 'gif'), [320]);
    expect([fromGif!.width, fromGif!.height]).toEqual([40, 60]);
    const [fromPng] = await renderThumbnails(await image(500, 1000, 'png'), [320]);
    expect([fromPng!.width, fromPng!.height]).toEqual([160, 320]);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await sharp(await image(400, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const [thumb] = await renderThumbnails(sideways, [100]);
    expect([thumb!.width, thumb!.height]).toEqual([50, 100]);
  });

  it('fails on bytes that are not an image', async () => {
    await expect(renderThumbnails(Buffer.from('not an image at all'), [100])).rejects.toThrow();
  });
});

describe('readBounded', () => {
  it('reads a stream whole, up to its limit', async () => {
    const content = Buffer.from('0123456789');
    expect(await readBounded(pieces(content, 3), 10)).toEqual(content);
    await expect(readBounded(pieces(content, 3), 9)).rejects.toBeInstanceOf(SourceTooLargeError);
  });

  it('passes on the error of a broken source', async () => {
    const broken = new Readable({
      read() {
        this.destroy(new Error('disk went away'));
      },
    });
    await expect(readBounded(broken, 100)).rejects.toThrow('disk went away');
  });
});

describe('renderPdfFirstPage', () => {
  it('draws the first page of a PDF to fit the box, on white', async () => {
    const png = await renderPdfFirstPage(samplePdf(['Quarterly report', 'Second page']), 320);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    // A Letter page (612 × 792 points) fits 320 high.
    expect([meta.width, meta.height]).toEqual([248, 320]);
    // The blue block the page draws is there, and so is the white page around it.
    const { data, info } = await sharp(png)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(at(80, 200)).toEqual([0, 0, 255]);
    expect(at(5, 5)).toEqual([255, 255, 255]);
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(renderPdfFirstPage(Buffer.from('%PDF-1.4 broken'), 320)).rejects.toThrow();
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
