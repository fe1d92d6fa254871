import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { AppError } from '../errors.ts';
import { isInlineSafe, isText } from './detect.ts';
import { contentDisposition } from './names.ts';
import type { Storage, StoredFile } from './storage.ts';

/**
 * The policy a stored file is served with: it may load nothing, run nothing, and sits in an
 * opaque origin (`sandbox`), so an uploaded HTML or SVG file opened directly can never act in
 * Beacon's origin. Inline styles stay allowed so an SVG still draws. A PDF drops `sandbox`, which
 * would stop the browser's own viewer; its scripts never run in this origin either way.
 */
const SANDBOXED =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
const PDF_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

export type SendOptions = {
  /**
   * `inline` shows the file in the browser when its type is safe to (images, PDF, audio,
   * video); any other type is a download whatever is asked. Default: `attachment`.
   */
  disposition?: 'inline' | 'attachment';
  /** The name to save under, when not the stored one. */
  name?: string;
  /** Default `private, no-cache`: the browser keeps it and asks again with its ETag. */
  cacheControl?: string;
};

/** `"<sha256>"`: the bytes under a file's id never change. */
export const etagOf = (file: StoredFile) => `"${file.sha256}"`;

function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Whole seconds: HTTP dates carry no more. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function notModified(request: FastifyRequest, file: StoredFile): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, etagOf(file));
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && seconds(file.createdAt) <= Math.floor(since / 1000);
}

/** Whether a `Range` may apply: no `If-Range`, or one naming this very representation. */
function rangeStillValid(request: FastifyRequest, file: StoredFile): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return ifRange === undefined;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === etagOf(file);
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === seconds(file.createdAt);
}

/**
 * Serves a stored file, the one way every area does (docs/decisions/052-storage.md): the detected
 * type (never the uploader's), `Content-Disposition` (attachment unless a safe type is asked
 * inline; RFC 5987 name), `nosniff`, a sandboxing policy, an ETag and Last-Modified with
 * conditional requests (304), and one byte range (206; 416 beyond the end; several ranges get
 * the whole file). HEAD answers the headers alone.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: StoredFile,
  options: SendOptions = {},
): Promise<FastifyReply> {
  reply
    .header('cache-control', options.cacheControl ?? 'private, no-cache')
    .header('etag', etagOf(file))
    .header('last-modified', file.createdAt.toUTCString());
  if (notModified(request, file)) return reply.code(304).send();

  let range: { start: number; end: number } | undefined;
  const rangeHeader = request.headers.range;
  if (rangeHeader !== undefined && request.method === 'GET' && rangeStillValid(request, file)) {
    const ranges = parseRange(file.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      throw new AppError(
        'RANGE_NOT_SATISFIABLE',
        `The range is outside the file (${file.size} bytes)`,
        undefined,
        { 'content-range': `bytes */${file.size}` },
      );
    }
    // -2 (a malformed header) or several ranges: the whole file, as RFC 9110 allows.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0];
  }
  const length = range ? range.end - range.start + 1 : file.size;
  // Opened before any file header is set: missing bytes answer a plain error, not a broken file.
  const body =
    request.method === 'HEAD' || length === 0 ? undefined : await storage.open(file, range);

  const inline = options.disposition === 'inline' && isInlineSafe(file.contentType);
  reply
    .header(
      'content-type',
      isText(file.contentType) ? `${file.contentType}; charset=utf-8` : file.contentType,
    )
    .header(
      'content-disposition',
      contentDisposition(inline ? 'inline' : 'attachment', options.name ?? file.name),
    )
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      file.contentType === 'application/pdf' ? PDF_POLICY : SANDBOXED,
    )
    .header('cross-origin-resource-policy', 'same-origin')
    .header('accept-ranges', 'bytes')
    .header('content-length', String(length));
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  }
  return body ? reply.send(body) : reply.send();
}
