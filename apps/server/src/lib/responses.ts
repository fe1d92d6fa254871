import { z } from 'zod';
import { errorBodySchema } from '@beacon/contract';

/**
 * The error answers of a route behind sign-in, each `{ detail, code }`: spread into a route's
 * `response` next to its success answer (and any other error it can give, such as a 409).
 */
export const signedInErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** A 204 answer: no body. */
export const noContent = { 204: z.null().describe('Done; no body') };

/**
 * A `content-disposition` that makes a download of `fileName`: the plain `filename` keeps the
 * printable ASCII characters (others and quotes become `_`), `filename*` carries the full name.
 */
export const attachmentDisposition = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

type DownloadReply<T> = {
  type(contentType: string): T;
  header(name: string, value: string): T;
};

/** Answers a file to save, never kept by a shared cache. */
export function download<T extends DownloadReply<T>>(
  reply: T,
  contentType: string,
  disposition: string,
): T {
  return reply
    .type(contentType)
    .header('content-disposition', disposition)
    .header('cache-control', 'private, no-store');
}
