import { PassThrough, Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { resumableUploads, storedFilePurges, type UploadChunk } from '../../db/schema/index.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { PURGE_JOB, type Storage } from '../../lib/storage/index.ts';

/** An unfinished upload is deleted this long after it started (tus "expiration"). */
export const UPLOAD_EXPIRY_MS = 24 * 3600 * 1000;

/**
 * The tus store of Beacon (docs/decisions/052-storage.md), on top of the storage driver, so it
 * works alike on disk and on S3 and any process can take the next request: where each upload
 * stands is a `resumable_uploads` row; each PATCH's bytes are one piece stored through the
 * driver (written whole or not at all) under `<workspace>/tus/<upload>/<offset>`. A connection
 * cut mid-PATCH keeps what arrived: the piece ends there and the offset moves on, so the client
 * resumes from it. Every piece's key is reserved in `stored_file_purges` until after the upload
 * expires, so pieces of uploads that finish, are cancelled, expire or lose their workspace are
 * all deleted by the purge job.
 */
export class UploadStore extends DataStore {
  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
  ) {
    super();
    this.extensions = [
      'creation',
      'creation-with-upload',
      'creation-defer-length',
      'termination',
      'expiration',
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    const { workspaceId, userId, ...metadata } = upload.metadata ?? {};
    if (!workspaceId || !userId) throw ERRORS.UNKNOWN_ERROR;
    const [row] = await this.db
      .insert(resumableUploads)
      .values({ id: upload.id, workspaceId, userId, size: upload.size ?? null, metadata })
      .returning();
    upload.creation_date = row!.createdAt.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id: row.id,
      size: row.size ?? undefined,
      offset: row.offset,
      metadata: { ...row.metadata, workspaceId: row.workspaceId, userId: row.userId },
      creation_date: row.createdAt.toISOString(),
    });
  }

  /** Whose upload it is, and where it stands; null when there is none. */
  async state(id: string) {
    const [row] = await this.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
    return row ?? null;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const [row] = await this.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    if (row.offset !== offset) throw ERRORS.INVALID_OFFSET;
    const key = `${row.workspaceId}/tus/${id}/${offset}`;
    const expires = new Date(row.createdAt.getTime() + UPLOAD_EXPIRY_MS + 3600_000);
    await this.db
      .insert(storedFilePurges)
      .values({ storageKey: key, dueAt: expires })
      .onConflictDoUpdate({ target: storedFilePurges.storageKey, set: { dueAt: expires } });

    let length = 0;
    const counted = untilCut(stream, (chunk) => (length += chunk.length));
    await this.storage.driver.write(key, counted);
    if (length === 0) {
      await this.dropPieces([key]);
      return offset;
    }
    const chunk: UploadChunk = { key, start: offset, length };
    // Only from the offset read: a PATCH of another process that got there first wins.
    const updated = await this.db
      .update(resumableUploads)
      .set({
        offset: offset + length,
        chunks: sql`${resumableUploads.chunks} || ${JSON.stringify([chunk])}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(resumableUploads.id, id), eq(resumableUploads.offset, offset)))
      .returning({ id: resumableUploads.id });
    if (updated.length === 0) {
      await this.dropPieces([key]);
      throw ERRORS.INVALID_OFFSET;
    }
    return offset + length;
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.db.update(resumableUploads).set({ size: length }).where(eq(resumableUploads.id, id));
  }

  /** The upload's bytes, its pieces one after the other. */
  async read(id: string): Promise<Readable> {
    const row = await this.state(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    const driver = this.storage.driver;
    const chunks = [...row.chunks].sort((a, b) => a.start - b.start);
    return Readable.from(
      (async function* () {
        for (const chunk of chunks) {
          for await (const bytes of await driver.read(chunk.key)) yield bytes as Buffer;
        }
      })(),
      { objectMode: false },
    );
  }

  override async remove(id: string): Promise<void> {
    const [row] = await this.db
      .delete(resumableUploads)
      .where(eq(resumableUploads.id, id))
      .returning();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await this.dropPieces(row.chunks.map((chunk) => chunk.key));
  }

  override async deleteExpired(): Promise<number> {
    const rows = await this.db
      .delete(resumableUploads)
      .where(lt(resumableUploads.createdAt, new Date(Date.now() - UPLOAD_EXPIRY_MS)))
      .returning();
    await this.dropPieces(rows.flatMap((row) => row.chunks.map((chunk) => chunk.key)));
    return rows.length;
  }

  override getExpiration(): number {
    return UPLOAD_EXPIRY_MS;
  }

  /** Makes the pieces' reservations due now and wakes the purge job, which deletes them. */
  private async dropPieces(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .update(storedFilePurges)
      .set({ dueAt: sql`now()` })
      .where(inArray(storedFilePurges.storageKey, keys));
    await enqueueJob(this.db, PURGE_JOB, {});
  }
}

/**
 * The bytes of `source` until it ends or fails: a cut connection ends the piece cleanly with
 * what arrived (tus keeps it and the client resumes after it) instead of failing the write.
 */
function untilCut(source: Readable, onChunk: (chunk: Buffer) => void): Readable {
  const out = new PassThrough();
  source.on('data', (chunk: Buffer) => {
    onChunk(chunk);
    if (!out.write(chunk)) source.pause();
  });
  out.on('drain', () => source.resume());
  const end = () => {
    if (!out.writableEnded) out.end();
  };
  source.on('end', end);
  source.on('error', end);
  source.on('close', end);
  return out;
}
