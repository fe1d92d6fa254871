import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { AppError, notFound } from './errors.ts';
import { download } from './responses.ts';
import {
  accepts,
  formatBytes,
  sendStoredFile,
  UPLOAD_OWNER,
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

/** What an area's records take files under: its owner kind, and its type and size rules. */
export type TakeRules = {
  ownerKind: OwnerKind;
  /** The detected types it takes (415 otherwise); unset: any. */
  accept?: Accept;
  maxBytes: number;
  /** The area's refusal of an empty file. */
  empty: () => Error;
};

/** A file of another place (the files manager) whose bytes an area takes, with the name to give. */
export type FileToCopy = { file: StoredFile; name: string };

/**
 * Checks files an area is about to copy against its rules (415, 413, empty) from what the storage
 * knows of them, so nothing is copied only to be refused.
 */
export function checkTaken(files: readonly FileToCopy[], rules: TakeRules): void {
  for (const { file } of files) {
    if (!accepts(rules.accept, file.contentType)) throw unsupportedType(file.contentType);
    if (file.size > rules.maxBytes) throw tooLarge(rules.maxBytes);
    if (file.size === 0) throw rules.empty();
  }
}

/**
 * Copies files' bytes into new stored files held by no record, as finished uploads of the
 * caller's (owner kind `upload`), outside any transaction (the storage reserves its keys on its
 * own connection); the area then claims them with the caller's other uploads (`claimTaken`).
 * Never shares a stored file between two owners: deleting either leaves the other whole. Counted
 * against the quota (413). When one copy fails, those made are removed.
 */
export async function copyForTaking(
  storage: Storage,
  db: Executor,
  caller: { workspaceId: string; userId: string },
  files: readonly FileToCopy[],
): Promise<StoredFile[]> {
  const made: StoredFile[] = [];
  try {
    for (const { file, name } of files) {
      made.push(
        await storage.copy(db, file, {
          ownerKind: UPLOAD_OWNER,
          ownerId: null,
          name,
          createdBy: caller.userId,
        }),
      );
    }
    return made;
  } catch (error) {
    await removeAll(storage, db, made);
    throw error;
  }
}

/** Removes stored files (copies an area made and then could not keep). */
export async function removeAll(
  storage: Storage,
  db: Executor,
  files: readonly StoredFile[],
): Promise<void> {
  for (const file of files) {
    await storage.remove(db, file.workspaceId, file.id).catch(() => false);
  }
}

/**
 * Claims the caller's finished uploads for an area's records, in the records' transaction: each
 * id with its record's id (`ownerIds`, in the same order). Another member's upload, another
 * workspace's, one already taken or none at all answers 404; the area's rules 415, 413 and its
 * empty-file refusal. The transaction's rollback gives the uploads back.
 */
export async function claimTaken(
  storage: Storage,
  tx: Executor,
  caller: { workspaceId: string; userId: string },
  uploadIds: readonly string[],
  ownerIds: readonly string[],
  rules: TakeRules,
): Promise<StoredFile[]> {
  const claimed: StoredFile[] = [];
  for (const [index, uploadId] of uploadIds.entries()) {
    const file = await storage.claim(tx, caller, uploadId, {
      ownerKind: rules.ownerKind,
      ownerId: ownerIds[index]!,
      ...(rules.accept ? { accept: rules.accept } : {}),
      maxBytes: rules.maxBytes,
    });
    if (!file) throw notFound('No such upload');
    if (file.size === 0) throw rules.empty();
    claimed.push(file);
  }
  return claimed;
}

const unsupportedType = (contentType: string) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Files of this type (${contentType}) are not accepted here`,
  );
const tooLarge = (maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than the limit of ${formatBytes(maxBytes)}`,
  );

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
