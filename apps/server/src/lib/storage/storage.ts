import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { PassThrough, Readable, Transform, finished } from 'node:stream';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { storedFilePurges, storedFiles } from '../../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { accepts, detectContentType, HEAD_BYTES, type Accept } from './detect.ts';
import type { ByteRange, StorageDriver } from './drivers/driver.ts';
import { DiskDriver } from './drivers/disk.ts';
import { storedName } from './names.ts';
import { formatBytes } from './sizes.ts';

/** A stored file, as the code uses it (a `stored_files` row). */
export type StoredFile = typeof storedFiles.$inferSelect;

/**
 * The area a file belongs to (`owner_kind`), with the id of the record holding it. Areas may
 * add their own; these are the ones the issue names.
 */
export type OwnerKind =
  | 'kanban_attachment'
  | 'chat_attachment'
  | 'avatar'
  | 'cover'
  | 'logo'
  | 'file'
  | 'upload'
  | 'mail_attachment'
  | 'mail_raw'
  | (string & {});

export type PutInput = {
  workspaceId: string;
  /** Who uploads; null for the system (the seed, a mail received). */
  createdBy: string | null;
  /** As typed; stored as lib/storage/names.ts `storedName` says. */
  name: string;
  ownerKind: OwnerKind;
  ownerId?: string | null;
  /** The bytes: a stream (read once, never held whole) or a buffer. */
  body: Readable | Buffer | Uint8Array;
  /** The detected types this upload takes; others answer 415. Unset: any type. */
  accept?: Accept;
  /** A limit lower than FILE_MAX_BYTES for this upload (an avatar's, say). */
  maxBytes?: number;
  /** The size the sender announced (Content-Length, Upload-Length): beyond a limit, refused at once. */
  declaredSize?: number;
  /** The new file's id (a finished resumable upload keeps its upload's id); a new one otherwise. */
  id?: string;
  /**
   * Neither FILE_MAX_BYTES nor the quota applies: for bytes the workspace already holds, moved
   * from the database at start (lib/files-moved.ts), which must not be refused or lost. They
   * count in the usage from then on.
   */
  unlimited?: boolean;
};

/** What one upload may still store, and the 413 that names the limit it met. */
export type Allowance = { bytes: number; error(): AppError };

export type StorageUsage = {
  usedBytes: number;
  fileCount: number;
  /** WORKSPACE_QUOTA_BYTES, or null when there is no quota. */
  quotaBytes: number | null;
};

export type StorageLimits = { fileMaxBytes: number; workspaceQuotaBytes: number };

/** Bytes written under a reserved key, their row not inserted yet (`Storage.write`). */
export type WrittenFile = {
  values: typeof storedFiles.$inferInsert & { id: string; size: number };
  storageKey: string;
  unlimited: boolean;
  limitError: () => AppError;
};

/** How long a key being written stays reserved before the purge may take its bytes. */
const WRITE_GRACE = '1 day';

export const PURGE_JOB = 'storage.purge';

/** The owner kind of a finished upload no record holds yet (modules/uploads). */
export const UPLOAD_OWNER = 'upload';

/** This process, as a reservation names its writer (lib/storage/purge.ts `startStorage`). */
export const HOLDER = `${hostname()}:${process.pid}`;

/**
 * The one owner of every stored file's bytes (docs/decisions/052-storage.md): metadata in
 * `stored_files`, bytes in a driver (disk under DATA_DIR/files, or S3). Areas store and read
 * their files through it and serve them with `sendStoredFile` (lib/storage/serve.ts).
 *
 * A put writes the bytes under a fresh key (reserved in `stored_file_purges` first, so a crash
 * before the row leaves bytes the purge deletes), then inserts the row; a removal deletes the row
 * and the bytes go after the commit (the trigger of migration 0019 and lib/storage/purge.ts).
 */
export class Storage {
  constructor(
    readonly driver: StorageDriver,
    /** Outside any caller's transaction: the reservation of a key must outlive a rollback. */
    private readonly db: Database,
    readonly limits: StorageLimits,
  ) {}

  /**
   * Stores a file: reads the first bytes to detect the type (415 when `accept` refuses it),
   * streams the rest to the driver while hashing and counting (413 past the file limit or the
   * workspace's quota), then inserts the row through `executor`. On any failure nothing is
   * visible: no row, no bytes under a real key.
   */
  async put(executor: Executor, input: PutInput): Promise<StoredFile> {
    const written = await this.write(executor, input);
    try {
      return await this.keep(executor, written);
    } catch (error) {
      await this.release(written.storageKey, true);
      throw error;
    }
  }

  /**
   * The first half of a put: the bytes under a key reserved in `stored_file_purges` (so a crash
   * before the row leaves bytes the purge deletes), checked against the limits as `put` does. The
   * second half is `keep`, which may run in a transaction of the caller's (the mail store keeps
   * a message's files in the transaction that stores it: one commit for both); `abandon` undoes
   * a written file that is not kept.
   */
  async write(executor: Executor, input: PutInput): Promise<WrittenFile> {
    const name = storedName(input.name);
    const limit = input.unlimited
      ? { bytes: Infinity, error: () => new AppError('PAYLOAD_TOO_LARGE', 'No limit applies') }
      : await this.allowance(executor, input.workspaceId, input.maxBytes);
    if (input.declaredSize !== undefined && input.declaredSize > limit.bytes) {
      throw limit.error();
    }
    const source = asStream(input.body);
    const reader = detach(source);
    try {
      const { head, done } = await readHead(reader, HEAD_BYTES);
      if (head.length > limit.bytes) throw limit.error();
      const contentType = await detectContentType(head, name, done);
      if (!accepts(input.accept, contentType)) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Files of this type (${contentType}) are not accepted here`,
        );
      }

      const id = input.id ?? randomUUID();
      const key = storageKey(input.workspaceId, id);
      await this.db.insert(storedFilePurges).values({
        storageKey: key,
        dueAt: sql`now() + ${WRITE_GRACE}::interval`,
        holder: HOLDER,
      });

      const hash = createHash('sha256').update(head);
      let size = head.length;
      // Hashes and counts each piece as it passes (the head was hashed above).
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > limit.bytes) return callback(limit.error());
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      if (head.length > 0) counted.push(head);
      if (done) counted.end();
      else {
        reader.once('error', (error) => counted.destroy(error));
        reader.pipe(counted);
      }
      try {
        await this.driver.write(key, counted);
      } catch (error) {
        await this.release(key, false);
        throw error;
      }
      return {
        values: {
          id,
          workspaceId: input.workspaceId,
          storageKey: key,
          name,
          size,
          contentType,
          sha256: hash.digest('hex'),
          createdBy: input.createdBy,
          ownerKind: input.ownerKind,
          ownerId: input.ownerId ?? null,
        },
        storageKey: key,
        unlimited: input.unlimited === true,
        limitError: limit.error,
      };
    } finally {
      reader.destroy();
    }
  }

  /**
   * The second half of a put: inserts the file's row (within the quota unless unlimited; 413
   * otherwise) and ends the key's reservation, through `executor`. When it throws, or the
   * caller's transaction rolls back, call `abandon`.
   */
  async keep(executor: Executor, written: WrittenFile): Promise<StoredFile> {
    const insert = written.unlimited ? this.insertUnlimited : this.insertWithinQuota;
    const row = await insert.call(this, executor, written.values);
    if (!row) throw written.limitError();
    await executor
      .delete(storedFilePurges)
      .where(eq(storedFilePurges.storageKey, written.storageKey));
    return row;
  }

  /**
   * Keeps several written files: without a quota, in one statement (their rows inserted and
   * their reservations ended together); with one, each as `keep` does.
   */
  async keepAll(executor: Executor, written: readonly WrittenFile[]): Promise<void> {
    if (written.length === 0) return;
    if (this.limits.workspaceQuotaBytes > 0 && written.some((w) => !w.unlimited)) {
      for (const file of written) await this.keep(executor, file);
      return;
    }
    await executor.execute(sql`
      with reserved as (
        delete from stored_file_purges where storage_key in (${sql.join(
          written.map((w) => sql`${w.storageKey}`),
          sql`, `,
        )}))
      insert into stored_files (id, workspace_id, storage_key, name, size, content_type, sha256,
        created_by, owner_kind, owner_id)
      values ${sql.join(
        written.map(
          ({ values: v }) =>
            sql`(${v.id}::uuid, ${v.workspaceId}::uuid, ${v.storageKey}, ${v.name}, ${v.size}::bigint,
              ${v.contentType}, ${v.sha256}, ${v.createdBy}::uuid, ${v.ownerKind}, ${v.ownerId}::uuid)`,
        ),
        sql`, `,
      )}`);
  }

  /** Deletes the bytes of a written file that was not kept, and its key's reservation. */
  async abandon(written: WrittenFile): Promise<void> {
    await this.release(written.storageKey, true);
  }

  private async insertUnlimited(
    executor: Executor,
    values: typeof storedFiles.$inferInsert & { id: string; size: number },
  ): Promise<StoredFile | undefined> {
    const [row] = await executor.insert(storedFiles).values(values).returning();
    return row;
  }

  /**
   * Inserts the row unless the workspace's files would then pass the quota (counted in the same
   * statement, so two uploads finishing together cannot both slip past a full quota by much).
   */
  private async insertWithinQuota(
    executor: Executor,
    values: typeof storedFiles.$inferInsert & { id: string; size: number },
  ): Promise<StoredFile | undefined> {
    const quota = this.limits.workspaceQuotaBytes;
    if (quota <= 0) {
      const [row] = await executor.insert(storedFiles).values(values).returning();
      return row;
    }
    const inserted = await executor.execute(sql`
      insert into stored_files (id, workspace_id, storage_key, name, size, content_type, sha256,
        created_by, owner_kind, owner_id)
      select ${values.id}, ${values.workspaceId}, ${values.storageKey}, ${values.name},
        ${values.size}, ${values.contentType}, ${values.sha256}, ${values.createdBy},
        ${values.ownerKind}, ${values.ownerId}
      where (select coalesce(sum(size), 0) from stored_files where workspace_id = ${values.workspaceId})
        + ${values.size} <= ${quota}
      returning id`);
    const rows = (inserted as unknown as { rows: { id: string }[] }).rows;
    if (rows.length === 0) return undefined;
    const [row] = await executor.select().from(storedFiles).where(eq(storedFiles.id, values.id));
    return row;
  }

  /** After a failed put: deletes the bytes (if they were written) and the key's reservation. */
  private async release(key: string, written: boolean): Promise<void> {
    try {
      if (written) await this.driver.delete(key);
      await this.db.delete(storedFilePurges).where(eq(storedFilePurges.storageKey, key));
    } catch {
      // The reservation stays; the purge deletes the bytes when it falls due.
    }
  }

  /**
   * How many bytes one more file of the workspace may have: the lower of FILE_MAX_BYTES (or
   * `maxBytes`) and what the quota leaves. Throws the 413 at once when the quota is used up.
   */
  async allowance(executor: Executor, workspaceId: string, maxBytes?: number): Promise<Allowance> {
    const fileMax = Math.min(maxBytes ?? Infinity, this.limits.fileMaxBytes);
    const quota = this.limits.workspaceQuotaBytes;
    let left = Infinity;
    if (quota > 0) left = quota - (await this.usage(executor, workspaceId)).usedBytes;
    if (left <= 0) {
      throw new AppError(
        'QUOTA_EXCEEDED',
        `The workspace's storage is full (quota ${formatBytes(quota)}): delete files to make room`,
      );
    }
    if (fileMax <= left) {
      return {
        bytes: fileMax,
        error: () =>
          new AppError(
            'PAYLOAD_TOO_LARGE',
            `The file is larger than the limit of ${formatBytes(fileMax)}`,
          ),
      };
    }
    return {
      bytes: left,
      error: () =>
        new AppError(
          'QUOTA_EXCEEDED',
          `The file does not fit in the workspace's storage: ${formatBytes(left)} left of the quota of ${formatBytes(quota)}`,
        ),
    };
  }

  /** Throws the 413 when a file of `size` bytes would pass a limit (checked before any byte). */
  async checkSize(
    executor: Executor,
    workspaceId: string,
    size: number,
    maxBytes?: number,
  ): Promise<void> {
    const limit = await this.allowance(executor, workspaceId, maxBytes);
    if (size > limit.bytes) throw limit.error();
  }

  /**
   * Hands a finished upload (`/api/uploads`, owner kind `upload`) to a record of an area: only
   * the member who uploaded it may, only once, and only when its detected type is one `accept`
   * takes (415) and its size within `maxBytes` (413). Null when there is no such upload.
   */
  async claim(
    executor: Executor,
    caller: { workspaceId: string; userId: string },
    uploadId: string,
    to: { ownerKind: OwnerKind; ownerId: string | null; accept?: Accept; maxBytes?: number },
  ): Promise<StoredFile | null> {
    if (!isUuid(uploadId)) return null;
    const [upload] = await executor
      .select()
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.id, uploadId),
          eq(storedFiles.workspaceId, caller.workspaceId),
          eq(storedFiles.ownerKind, UPLOAD_OWNER),
          eq(storedFiles.createdBy, caller.userId),
        ),
      )
      .for('update');
    if (!upload) return null;
    if (!accepts(to.accept, upload.contentType)) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Files of this type (${upload.contentType}) are not accepted here`,
      );
    }
    if (to.maxBytes !== undefined && upload.size > to.maxBytes) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The file is larger than the limit of ${formatBytes(to.maxBytes)}`,
      );
    }
    const [row] = await executor
      .update(storedFiles)
      .set({ ownerKind: to.ownerKind, ownerId: to.ownerId })
      .where(eq(storedFiles.id, upload.id))
      .returning();
    return row ?? null;
  }

  /** A workspace's file, or null (another workspace's id too). */
  async get(executor: Executor, workspaceId: string, id: string): Promise<StoredFile | null> {
    if (!isUuid(id)) return null;
    const [row] = await executor
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.id, id), eq(storedFiles.workspaceId, workspaceId)));
    return row ?? null;
  }

  /** The files one record holds (`ownerId` null: the kind's files held by no record), oldest first. */
  async list(
    executor: Executor,
    workspaceId: string,
    ownerKind: OwnerKind,
    ownerId: string | null,
  ): Promise<StoredFile[]> {
    return executor
      .select()
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.workspaceId, workspaceId),
          eq(storedFiles.ownerKind, ownerKind),
          ownerId === null ? isNull(storedFiles.ownerId) : eq(storedFiles.ownerId, ownerId),
        ),
      )
      .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id));
  }

  /** Hands a file to another record (an upload attached to a card, say); null when there is none. */
  async setOwner(
    executor: Executor,
    workspaceId: string,
    id: string,
    owner: { ownerKind: OwnerKind; ownerId: string | null },
  ): Promise<StoredFile | null> {
    if (!isUuid(id)) return null;
    const [row] = await executor
      .update(storedFiles)
      .set({ ownerKind: owner.ownerKind, ownerId: owner.ownerId })
      .where(and(eq(storedFiles.id, id), eq(storedFiles.workspaceId, workspaceId)))
      .returning();
    return row ?? null;
  }

  /** Renames a file (the name as typed, stored as `storedName` says); null when there is none. */
  async rename(
    executor: Executor,
    workspaceId: string,
    id: string,
    name: string,
  ): Promise<StoredFile | null> {
    if (!isUuid(id)) return null;
    const [row] = await executor
      .update(storedFiles)
      .set({ name: storedName(name) })
      .where(and(eq(storedFiles.id, id), eq(storedFiles.workspaceId, workspaceId)))
      .returning();
    return row ?? null;
  }

  /**
   * A second file with the same bytes (its own key, so deleting either leaves the other whole),
   * counted against the quota like any upload.
   */
  async copy(
    executor: Executor,
    file: StoredFile,
    to: { ownerKind: OwnerKind; ownerId?: string | null; name?: string; createdBy: string | null },
  ): Promise<StoredFile> {
    return this.put(executor, {
      workspaceId: file.workspaceId,
      createdBy: to.createdBy,
      name: to.name ?? file.name,
      ownerKind: to.ownerKind,
      ownerId: to.ownerId ?? null,
      body: await this.open(file),
      declaredSize: file.size,
    });
  }

  /** The file's bytes, or an inclusive range of them. */
  open(file: StoredFile, range?: ByteRange): Promise<Readable> {
    return this.driver.read(file.storageKey, range);
  }

  /**
   * Deletes the file's row; its bytes are deleted once `executor`'s transaction has committed
   * (never if it rolls back). False when there was no such file.
   */
  async remove(executor: Executor, workspaceId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await executor
      .delete(storedFiles)
      .where(and(eq(storedFiles.id, id), eq(storedFiles.workspaceId, workspaceId)))
      .returning({ id: storedFiles.id });
    return rows.length > 0;
  }

  /** Deletes every file one record holds (when the record goes); the count deleted. */
  async removeOwned(
    executor: Executor,
    workspaceId: string,
    ownerKind: OwnerKind,
    ownerId: string,
  ): Promise<number> {
    const rows = await executor
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.workspaceId, workspaceId),
          eq(storedFiles.ownerKind, ownerKind),
          eq(storedFiles.ownerId, ownerId),
        ),
      )
      .returning({ id: storedFiles.id });
    return rows.length;
  }

  /** What a workspace's files add up to, every area's together, and its quota. */
  async usage(executor: Executor, workspaceId: string): Promise<StorageUsage> {
    const [row] = await executor
      .select({
        usedBytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)`,
        fileCount: sql<number>`count(*)::int`,
      })
      .from(storedFiles)
      .where(eq(storedFiles.workspaceId, workspaceId));
    const quota = this.limits.workspaceQuotaBytes;
    return {
      usedBytes: Number(row?.usedBytes ?? 0),
      fileCount: Number(row?.fileCount ?? 0),
      quotaBytes: quota > 0 ? quota : null,
    };
  }

  async close(): Promise<void> {
    await this.driver.close();
  }
}

/** `<workspace>/<first two characters of the id>/<id>`: a few hundred entries per folder at most. */
export function storageKey(workspaceId: string, id: string): string {
  return `${workspaceId}/${id.slice(0, 2)}/${id}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => uuidPattern.test(value);

function asStream(body: Readable | Buffer | Uint8Array): Readable {
  if (body instanceof Readable) return body;
  return Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)], {
    objectMode: false,
  });
}

/**
 * A stream of `source`'s bytes that can be abandoned without destroying `source`: an HTTP
 * request refused half-way (413, 415) keeps its socket so the answer reaches the client. Errors
 * of `source` (a cut connection) reach the reader.
 */
function detach(source: Readable): PassThrough {
  const reader = new PassThrough({ highWaterMark: 256 * 1024 });
  source.pipe(reader);
  finished(source, { writable: false }, (error) => {
    if (error && !reader.destroyed) reader.destroy(error);
  });
  return reader;
}

/** Reads at least `size` bytes (or to the end) from `stream`. */
async function readHead(stream: Readable, size: number): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for (;;) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= size) return { head: Buffer.concat(chunks), done: false };
      continue;
    }
    if (stream.readableEnded) return { head: Buffer.concat(chunks), done: true };
    const ended = await new Promise<boolean>((resolve, reject) => {
      const cleanup = () => {
        stream.off('readable', onReadable);
        stream.off('end', onEnd);
        stream.off('error', onError);
        stream.off('close', onClose);
      };
      const onReadable = () => {
        cleanup();
        resolve(false);
      };
      const onEnd = () => {
        cleanup();
        resolve(true);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onClose = () => {
        cleanup();
        reject(stream.errored ?? new Error('the upload stopped before its end'));
      };
      stream.on('readable', onReadable);
      stream.on('end', onEnd);
      stream.on('error', onError);
      stream.on('close', onClose);
    });
    if (ended) return { head: Buffer.concat(chunks), done: true };
  }
}

/**
 * The storage the configuration describes: S3 when STORAGE_URL is set, otherwise FILES_DIR
 * (by default DATA_DIR/files).
 */
export async function storageFromConfig(config: Config, db: Database): Promise<Storage> {
  const limits = {
    fileMaxBytes: config.fileMaxBytes,
    workspaceQuotaBytes: config.workspaceQuotaBytes,
  };
  if (config.storageUrl) {
    const { S3Driver } = await import('./drivers/s3.ts');
    return new Storage(await S3Driver.fromUrl(config.storageUrl), db, limits);
  }
  return new Storage(new DiskDriver(config.filesDir), db, limits);
}
