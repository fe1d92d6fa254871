import type { workspaceLogoTypes } from '@beacon/contract';

type ImageType = (typeof workspaceLogoTypes)[number];

const startsWith = (content: Uint8Array, bytes: readonly number[], at = 0) =>
  content.length >= at + bytes.length && bytes.every((byte, i) => content[at + i] === byte);

/**
 * The image type of `content`, read from its first bytes (the formats' signatures), never from
 * what the sender says: PNG, JPEG, GIF or WebP; null for anything else (SVG included, which may
 * carry script).
 */
export function imageTypeOf(content: Uint8Array): ImageType | null {
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(content, [0x47, 0x49, 0x46, 0x38]) && [0x37, 0x39].includes(content[4]!)) {
    if (content[5] === 0x61) return 'image/gif';
  }
  if (
    startsWith(content, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(content, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'image/webp';
  }
  return null;
}
