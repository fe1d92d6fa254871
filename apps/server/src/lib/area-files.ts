import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { AppError, notFound } from './errors.ts';
import { download } from './responses.ts';
import {
  sendStoredFile,
  type Accept,
  type OwnerKind,
  type SendOptions,
  type Storage,
  type StoredFile,
} from './storage/index.ts';

/**
 * What the areas that hold files share (kanban and chat attachments, the workspace logo,
 * members' avatars and covers; docs/decisions/053-files-moved-and-previews.md): the upload body
 * as a stream, storing it as an upload first, and serving a row's file whether it has moved into
 * the storage or still holds its bytes in its old column.
 */

/**
 * In this plugin's scope, an `application/octet-stream` body reaches the handler as the request
 * stream itself, never gathered in memory: the storage reads it once, counting it against the
 * area's limit (a larger `Content-Length` is refused before a byte is read).
 */
export function streamOctetBodies(app: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
    done(null, payload),
  );
}

/** The upload of a request whose body is the file: its stream and the size it announces. */
export function uploadOf(request: FastifyRequest): { body: Readable; declaredSize?: number } {
  const body = request.body as Readable | undefined;
  const length = Number(request.headers['content-length']);
  // An empty body runs no parser: it is an empty file, which the area refuses in its own words.
  if (!body && length === 0) return { body: Readable.from([]), declaredSize: 0 };
  if (!body || typeof body.pipe !== 'function') {
    throw new AppError('VALIDATION_FAILED', 'Send the file as the body');
  }
  return { body, ...(Number.isFinite(length) ? { declaredSize: length } : {}) };
}

/**
 * Stores an upload for an area, as a file held by no record yet (owner kind `upload`), outside
 * any transaction: the bytes stream for as long as the client sends them, and a transaction open
 * that long would hold up the embedded database. The area then hands it to its record with
 * `claimUpload` in its own transaction, and `dropUpload`s it when that fails. An empty file is
 * refused.
 */
export async function storeUpload(
  storage: Storage,
  db: Executor,
  input: {
    workspaceId: string;
    createdBy: string;
    name: string;
    body: Readable;
    declaredSize?: number;
    accept?: Accept;
    maxBytes: number;
    empty: () => Error;
  },
): Promise<StoredFile> {
  const { empty, ...put } = input;
  // Said empty: refused as empty before its (missing) type is judged.
  if (input.declaredSize === 0) throw empty();
  const file = await storage.put(db, { ...put, ownerKind: 'upload', ownerId: null });
  if (file.size === 0) {
    await storage.remove(db, file.workspaceId, file.id);
    throw empty();
  }
  return file;
}

/** Hands an upload to the record that holds it, in the record's transaction. */
export async function claimUpload(
  storage: Storage,
  tx: Executor,
  file: StoredFile,
  owner: { ownerKind: OwnerKind; ownerId: string },
): Promise<StoredFile> {
  const claimed = await storage.setOwner(tx, file.workspaceId, file.id, owner);
  if (!claimed) throw new Error('the upload went away before its record was written');
  return claimed;
}

/**
 * Runs `work` (the area's transaction that claims `file`); when it fails, the upload is removed
 * (its bytes with it) and the failure passes on.
 */
export async function withUpload<T>(
  storage: Storage,
  db: Executor,
  file: StoredFile,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await storage.remove(db, file.workspaceId, file.id).catch(() => false);
    throw error;
  }
}

/** A row of an area that holds a file: moved into the storage, or still in its old column. */
export type AreaFileRow = {
  storedFileId: string | null;
  legacyContent: Buffer | null;
  mimeType: string;
  name: string;
};

/**
 * Serves the file of an area's row: from the storage with `sendStoredFile` once it has moved
 * there, else (until the start-up move reaches it, lib/files-moved.ts) from its old column with
 * the same safety headers as before the move.
 */
export async function sendAreaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  db: Executor,
  workspaceId: string,
  row: AreaFileRow,
  options: SendOptions & { disposition: 'inline' | 'attachment'; legacyDisposition: string },
): Promise<FastifyReply> {
  if (row.storedFileId) {
    const file = await storage.get(db, workspaceId, row.storedFileId);
    if (!file) throw notFound('No such file');
    const { legacyDisposition: _legacy, ...send } = options;
    return sendStoredFile(request, reply, storage, file, send);
  }
  if (!row.legacyContent) throw notFound('No such file');
  return download(reply, row.mimeType, options.legacyDisposition)
    .header('x-content-type-options', 'nosniff')
    .send(row.legacyContent);
}
