import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('imageTypeOf', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageTypeOf(ascii('GIF89a....'))).toBe('image/gif');
    expect(imageTypeOf(ascii('GIF87a....'))).toBe('image/gif');
    expect(imageTypeOf(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses everything else, SVG and truncated signatures included', () => {
    expect(imageTypeOf(ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(imageTypeOf(ascii('%PDF-1.7'))).toBeNull();
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(imageTypeOf(ascii('GIF8'))).toBeNull();
    expect(imageTypeOf(ascii('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});
