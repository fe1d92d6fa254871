import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Previews of stored files (issue 11): a WebP thumbnail of an image or of a PDF's first page,
 * made by a background job after the file is stored, and the head of a text file. They are read
 * at the stored file's id, by whoever may read the record that holds the file.
 */
export const previewSizes = ['small', 'large'] as const;
export type PreviewSize = (typeof previewSizes)[number];

/** The box, in pixels, a thumbnail of each size fits inside (never enlarged). */
export const previewBoxes: Record<PreviewSize, number> = { small: 480, large: 1600 };

/** How much of a text file its preview shows. */
export const PREVIEW_TEXT_MAX_BYTES = 64 * 1024;

const fileParamsSchema = z.object({ fileId: z.uuid({ message: 'Not a file id' }) });

export const previewQuerySchema = z.object({
  size: z.enum(previewSizes).default('small'),
});

export const textPreviewSchema = z
  .object({
    /** The first `PREVIEW_TEXT_MAX_BYTES` of the file, decoded as UTF-8. */
    text: z.string(),
    /** True when the file goes on past the text given. */
    truncated: z.boolean(),
    /** The file's detected type (`text/csv`, `application/json`, …). */
    contentType: z.string(),
  })
  .meta({ id: 'TextPreview' });
export type TextPreview = z.infer<typeof textPreviewSchema>;

export const previewsEndpoints = {
  thumbnail: endpoint({
    method: 'GET',
    path: '/api/storage/files/:fileId/preview',
    summary:
      'A thumbnail (WebP) of a stored image or of a PDF’s first page; 404 until it has been made',
    params: fileParamsSchema,
    query: previewQuerySchema,
    response: null,
  }),
  text: endpoint({
    method: 'GET',
    path: '/api/storage/files/:fileId/text',
    summary: 'The head of a stored text file (plain text, CSV, JSON, source code), as text',
    params: fileParamsSchema,
    response: textPreviewSchema,
    /** 415: the file is not text. */
    errors: [415],
  }),
};

/**
 * The raster image types a thumbnail is made of (by the stored file's detected type). SVG is left
 * out on purpose: it is shown as its source text, never rasterised on the server.
 */
export const thumbnailImageTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
] as const;

/** True when a stored file of this detected type gets a thumbnail (images, and PDFs' first page). */
export function hasThumbnail(contentType: string): boolean {
  return (
    (thumbnailImageTypes as readonly string[]).includes(contentType) ||
    contentType === 'application/pdf'
  );
}

/**
 * The thumbnail address of a stored file, or null when its type gets none. Areas put it in their
 * answers next to their own download address.
 */
export function thumbnailUrl(
  fileId: string,
  contentType: string,
  size: PreviewSize = 'small',
): string | null {
  return hasThumbnail(contentType) ? `/api/storage/files/${fileId}/preview?size=${size}` : null;
}
