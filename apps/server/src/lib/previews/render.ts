import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import sharp from 'sharp';

/** A decoded image larger than this many pixels is refused (a small file can decode huge). */
export const THUMBNAIL_MAX_INPUT_PIXELS = 100_000_000;

/** Images larger than this are not thumbnailed (sharp holds its whole input in memory). */
export const THUMBNAIL_MAX_SOURCE_BYTES = 64 * 1024 * 1024;

export type Thumbnail = { content: Buffer; width: number; height: number };

/** The image is larger than the thumbnailer takes: there will be no thumbnail, by design. */
export class SourceTooLargeError extends Error {
  constructor() {
    super('the image is too large to thumbnail');
    this.name = 'SourceTooLargeError';
  }
}

/** The whole of `input`, or `SourceTooLargeError` once it passes `maxBytes`. */
export async function readBounded(input: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      input.destroy();
      throw new SourceTooLargeError();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * WebP thumbnails of the image `source`, one per box, each fitting inside `box` × `box` pixels,
 * never enlarged, turned upright by its EXIF orientation; the first frame of an animation. The
 * image is decoded once.
 */
export async function renderThumbnails(source: Buffer, boxes: number[]): Promise<Thumbnail[]> {
  const image = sharp(source, { limitInputPixels: THUMBNAIL_MAX_INPUT_PIXELS, failOn: 'error' });
  return Promise.all(
    boxes.map(async (box) => {
      const { data, info } = await image
        .clone()
        .autoOrient()
        .resize(box, box, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      return { content: data, width: info.width, height: info.height };
    }),
  );
}

/**
 * The first `maxBytes` of `input` as UTF-8 text (a character cut at the limit is left out,
 * undecodable bytes become U+FFFD), and whether the file goes on past them. Stops reading (and
 * destroys the stream) once it has them.
 */
export async function readTextHead(
  input: Readable,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  let taken = 0;
  let truncated = false;
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const room = maxBytes - taken;
    if (bytes.length > room) {
      text += decoder.write(bytes.subarray(0, room));
      truncated = true;
      break;
    }
    text += decoder.write(bytes);
    taken += bytes.length;
  }
  // A partial character at the cut is dropped rather than shown as a replacement mark.
  if (!truncated) text += decoder.end();
  input.destroy();
  return { text: text.startsWith('\ufeff') ? text.slice(1) : text, truncated };
}
