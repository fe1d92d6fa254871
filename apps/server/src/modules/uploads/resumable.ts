import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { UPLOADS_PATH } from '@beacon/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { UPLOAD_OWNER, type Storage, type StoredFile } from '../../lib/storage/index.ts';
import { UploadStore } from './upload-store.ts';

/** Who sends each request the routes hand to tus (modules/uploads/uploads.routes.ts). */
const uploaders = new WeakMap<IncomingMessage, { workspaceId: string; userId: string }>();

/** The node request under tus's web request (srvx keeps it as `runtime.node.req`). */
const nodeRequestOf = (request: unknown) =>
  (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUploadId = (value: string) => uuidPattern.test(value);

/** An upload's state as the tus store keeps it, with whose it is. */
export type PendingUpload = {
  offset: number;
  size: number | undefined;
  workspaceId: string;
  userId: string;
};

/**
 * Resumable uploads with the tus protocol (@tus/server), their unfinished bytes kept by
 * modules/uploads/upload-store.ts on the storage driver (disk or S3). When the last byte arrives,
 * the upload goes through `Storage.put` (type detected, SHA-256, limits) and becomes a stored
 * file with the upload's id, held by no record yet (owner kind `upload`).
 */
export class ResumableUploads {
  readonly server: Server;
  private readonly store: UploadStore;

  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
    private readonly log: FastifyBaseLogger,
    options: { trustProxy: boolean },
  ) {
    this.store = new UploadStore(db, storage);
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: this.store,
      relativeLocation: true,
      respectForwardedHeaders: options.trustProxy,
      // Same origin only: no CORS header for anyone.
      allowedOrigins: () => false,
      maxSize: storage.limits.fileMaxBytes,
      disableTerminationForFinishedUploads: true,
      namingFunction: () => randomUUID(),
      getFileIdFromRequest: (_request, last) => (last && isUploadId(last) ? last : undefined),
      onUploadCreate: async (request, upload) => {
        const node = nodeRequestOf(request);
        const uploader = node ? uploaders.get(node) : undefined;
        if (!uploader) throw { status_code: 401, body: 'Sign in to continue' };
        return { metadata: { ...upload.metadata, ...uploader } };
      },
      onUploadFinish: async (_request, upload) => {
        await this.finish(upload);
        return {};
      },
      onResponseError: (_request, error) => {
        // tus answers text; the API answers `{ detail, code }`, as every other error.
        const status =
          'status_code' in error && typeof error.status_code === 'number' ? error.status_code : 500;
        const raw = 'body' in error && typeof error.body === 'string' ? error.body : '';
        if (raw.startsWith('{')) return { status_code: status, body: raw };
        if (status >= 500) this.log.error({ err: error }, 'resumable upload failed');
        const detail = status >= 500 ? 'The upload failed' : raw.trim() || 'Bad upload request';
        return { status_code: status, body: JSON.stringify({ detail, code: codeOf(status) }) };
      },
    });
  }

  /** Answers a request with tus, on behalf of `caller` (who a new upload belongs to). */
  async handle(
    caller: { workspaceId: string; userId: string },
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    uploaders.set(request, { workspaceId: caller.workspaceId, userId: caller.userId });
    try {
      await this.server.handle(request, response);
    } finally {
      uploaders.delete(request);
    }
  }

  /** The upload's state, or null when there is none (or it is not `caller`'s). */
  async pending(
    caller: { workspaceId: string; userId: string },
    uploadId: string,
  ): Promise<PendingUpload | null> {
    if (!isUploadId(uploadId)) return null;
    const row = await this.store.state(uploadId);
    if (!row || row.workspaceId !== caller.workspaceId || row.userId !== caller.userId) return null;
    return { offset: row.offset, size: row.size ?? undefined, ...caller };
  }

  /**
   * The last byte arrived: the bytes go through `Storage.put` (detection, SHA-256, the limits
   * again) and the tus copy is dropped. A refusal (413, 415) drops it too: it can never become a
   * file. The client gets the refusal as the final PATCH's answer.
   */
  private async finish(upload: Upload): Promise<StoredFile> {
    const metadata = upload.metadata ?? {};
    const workspaceId = metadata.workspaceId;
    const userId = metadata.userId;
    if (!workspaceId || !userId) throw { status_code: 400, body: 'Upload without an owner' };
    const id = upload.id;
    const body = await this.store.read(upload.id);
    try {
      const file = await this.storage.put(this.db, {
        id,
        workspaceId,
        createdBy: userId,
        name: metadata.filename ?? metadata.name ?? 'upload',
        ownerKind: UPLOAD_OWNER,
        body,
        declaredSize: upload.size,
      });
      await this.store.remove(upload.id).catch((error: unknown) => {
        this.log.warn({ err: error }, 'resumable upload: could not drop the finished tus copy');
      });
      return file;
    } catch (error) {
      body.destroy();
      if (error instanceof AppError) {
        await this.store.remove(upload.id).catch(() => {});
        throw {
          status_code: error.status,
          body: JSON.stringify({ detail: error.detail, code: error.code }),
        };
      }
      throw error;
    }
  }

  /** Deletes unfinished uploads older than UPLOAD_EXPIRY_MS; the count deleted. */
  async deleteExpired(): Promise<number> {
    return this.server.cleanUpExpiredUploads();
  }
}

function codeOf(status: number): string {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
    case 410:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}
