import { endpoint } from './endpoint.ts';
import { id } from './fields.ts';
import { z } from './z.ts';

/**
 * A stored file as the API shows it (apps/server/src/lib/storage): the name as typed, the type
 * detected from its bytes, never the one the uploader claimed, and the hex SHA-256 of the bytes.
 */
export const storedFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    size: z.number().int(),
    contentType: z.string(),
    sha256: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'StoredFile' });
export type StoredFileInfo = z.infer<typeof storedFileSchema>;

export const uploadParamsSchema = z.object({ uploadId: z.string().min(1).max(100) });

export const directUploadQuerySchema = z.object({
  /** The file's name as typed (any Unicode; stored safely, never used as a path). */
  name: z.string().min(1, { message: 'Required' }).max(4096),
});

/**
 * What an area that takes files (a card's attachments, a chat message's) is given by the shared
 * file picker (docs/decisions/065-files-where-used.md): finished uploads of the caller's
 * (`/api/uploads`), each claimed by the area, and files of the files manager the caller sees,
 * whose bytes the server copies into a file of the area's own. At least one, at most `max` in
 * all; the area's own type and size rules apply to each (415, 413).
 */
export function takenFilesShape(max: number) {
  return {
    uploadIds: z
      .array(z.string().min(1).max(100))
      .max(max, { message: `At most ${max} files at once` })
      .default([]),
    fileIds: z
      .array(id('file'))
      .max(max, { message: `At most ${max} files at once` })
      .default([]),
  };
}

/** The refinement of a `takenFilesShape` body: one file at least, `max` at most. */
export function checkTakenFiles(max: number) {
  return (value: { uploadIds: string[]; fileIds: string[] }, context: z.RefinementCtx) => {
    const count = value.uploadIds.length + value.fileIds.length;
    if (count === 0) {
      context.addIssue({ code: 'custom', path: ['uploadIds'], message: 'Give a file' });
    } else if (count > max) {
      context.addIssue({
        code: 'custom',
        path: ['uploadIds'],
        message: `At most ${max} files at once`,
      });
    }
  };
}

/** The tus protocol version the resumable uploads speak (`Tus-Resumable`). */
export const TUS_VERSION = '1.0.0';
/** Where resumable uploads are created (tus POST) and each lives (`/api/uploads/<id>`). */
export const UPLOADS_PATH = '/api/uploads';

/**
 * Uploads (issue 11): a file sent here becomes a stored file of the uploader's that no record
 * holds yet; an area takes it by its id (the files manager, a card's attachments, an avatar).
 * Large files go through tus (`POST /api/uploads`, then `HEAD`/`PATCH /api/uploads/:uploadId`);
 * small ones in one streamed request. An upload no record takes within a day is deleted.
 */
export const uploadsEndpoints = {
  direct: endpoint({
    method: 'POST',
    path: '/api/uploads/direct',
    summary:
      'Upload a file in one request (body: the bytes, application/octet-stream; query: name)',
    query: directUploadQuerySchema,
    status: 201,
    response: storedFileSchema,
    errors: [413, 415],
  }),
  upload: endpoint({
    method: 'GET',
    path: '/api/uploads/:uploadId',
    summary: 'A finished upload of yours that no record holds yet',
    params: uploadParamsSchema,
    response: storedFileSchema,
  }),
  content: endpoint({
    method: 'GET',
    path: '/api/uploads/:uploadId/content',
    summary: 'The bytes of a finished upload of yours (Range and ETag supported)',
    params: uploadParamsSchema,
    response: null,
  }),
} as const;
