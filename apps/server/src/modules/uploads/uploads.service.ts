import type { Readable } from 'node:stream';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { StoredFileInfo } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import { UPLOAD_OWNER, type Storage, type StoredFile } from '../../lib/storage/index.ts';

/** A finished upload no record took within this long is deleted. */
export const UNCLAIMED_UPLOAD_TTL = '1 day';

/**
 * Uploads (docs/decisions/052-storage.md): a finished upload is a stored file of its uploader's,
 * held by no record (owner kind `upload`) until an area takes it (`Storage.claim`).
 */
export class UploadsService {
  constructor(
    private readonly db: Database,
    readonly storage: Storage,
  ) {}

  /** The whole file in one streamed request. */
  async direct(
    caller: Caller,
    input: { name: string; body: Readable; declaredSize?: number },
  ): Promise<StoredFileInfo> {
    const file = await this.storage.put(this.db, {
      workspaceId: caller.workspaceId,
      createdBy: caller.userId,
      name: input.name,
      ownerKind: UPLOAD_OWNER,
      body: input.body,
      declaredSize: input.declaredSize,
    });
    return this.info(file);
  }

  /** 413 when a file of `size` bytes would pass the file limit or the workspace's quota. */
  checkSize(caller: Caller, size: number): Promise<void> {
    return this.storage.checkSize(this.db, caller.workspaceId, size);
  }

  /** The caller's finished upload that no record holds yet; 404 otherwise. */
  async upload(caller: Caller, uploadId: string): Promise<StoredFile> {
    const file = await this.storage.get(this.db, caller.workspaceId, uploadId);
    if (!file || file.ownerKind !== UPLOAD_OWNER || file.createdBy !== caller.userId) {
      throw notFound('No such upload');
    }
    return file;
  }

  /** Deletes the caller's finished, unclaimed upload; false when there is none. */
  async discard(caller: Caller, uploadId: string): Promise<boolean> {
    const file = await this.upload(caller, uploadId).catch(() => null);
    if (!file) return false;
    return this.storage.remove(this.db, caller.workspaceId, file.id);
  }

  info(file: StoredFile): StoredFileInfo {
    return {
      id: file.id,
      name: file.name,
      size: file.size,
      contentType: file.contentType,
      sha256: file.sha256,
      createdBy: file.createdBy,
      createdAt: file.createdAt.toISOString(),
    };
  }

  /** Deletes finished uploads no record took within UNCLAIMED_UPLOAD_TTL; the count deleted. */
  async deleteUnclaimed(): Promise<number> {
    const rows = await this.db
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.ownerKind, UPLOAD_OWNER),
          lt(storedFiles.createdAt, sql`now() - ${UNCLAIMED_UPLOAD_TTL}::interval`),
        ),
      )
      .returning({ id: storedFiles.id });
    return rows.length;
  }
}
