import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { hasThumbnail, previewBoxes, previewSizes, type PreviewSize } from '@beacon/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { Caller } from '../caller.ts';
import { AppError, notFound } from '../errors.ts';
import type { JobHandler, JobQueue, RunningJob } from '../jobs.ts';
import type { OwnerKind, Storage, StoredFile } from '../storage/index.ts';
import { renderPdfFirstPage } from './pdf.ts';
import {
  readBounded,
  renderThumbnails,
  SourceTooLargeError,
  THUMBNAIL_MAX_SOURCE_BYTES as MAX_SOURCE_BYTES,
} from './render.ts';

/** The job that makes a stored file's thumbnails (payload: `{ workspaceId, fileId }`). */
export const THUMBNAIL_JOB = 'previews.thumbnail';

/** The owner kind of a thumbnail; its owner id is the file it shows. */
export const THUMBNAIL_OWNER: OwnerKind = 'thumbnail';

/**
 * May `caller` read the record of `file.ownerKind` whose id is `file.ownerId`? The file is of the
 * caller's workspace already. Each area that asks for previews says who may read its files.
 */
export type FileReadCheck = (
  executor: Executor,
  caller: Caller,
  file: StoredFile,
) => Promise<boolean>;

const nameOf = (size: PreviewSize) => `${size}.webp`;

/**
 * Previews of stored files (docs/decisions/053-files-moved-and-previews.md): thumbnails made by
 * a background job after an area stores an image or a PDF, kept as stored files of their own
 * (`ownerKind` `thumbnail`, owned by the file they show, deleted with it by the trigger of
 * migration 0020), and the head of text files. A preview is read by whoever may read the record
 * holding the file, as its area says (`allowReaders`); a file of an area that said nothing has
 * no preview for anyone.
 */
export class Previews {
  private readonly readers = new Map<string, FileReadCheck>();

  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
    private readonly jobs: Pick<JobQueue, 'enqueue'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Who may read the previews of the files of these owner kinds (an area's, at its start). */
  allowReaders(ownerKinds: OwnerKind[], check: FileReadCheck): void {
    for (const kind of ownerKinds) this.readers.set(kind, check);
  }

  /**
   * Asks for the file's thumbnails when its type gets some (images, PDFs). Give the transaction
   * that stores the file: the job exists only if it commits.
   */
  async request(executor: Executor, file: StoredFile): Promise<void> {
    if (!hasThumbnail(file.contentType)) return;
    await this.jobs.enqueue(executor, THUMBNAIL_JOB, {
      workspaceId: file.workspaceId,
      fileId: file.id,
    });
  }

  /** A stored file of the caller's workspace that the caller may read, or 404. */
  async readable(caller: Caller, fileId: string): Promise<StoredFile> {
    const file = await this.storage.get(this.db, caller.workspaceId, fileId);
    const check = file ? this.readers.get(file.ownerKind) : undefined;
    if (!file || !check || !(await check(this.db, caller, file))) {
      throw notFound('No such file');
    }
    return file;
  }

  /** The thumbnail of `file` at `size`, or null while it is not made (or never will be). */
  async thumbnail(file: StoredFile, size: PreviewSize): Promise<StoredFile | null> {
    const made = await this.storage.list(this.db, file.workspaceId, THUMBNAIL_OWNER, file.id);
    return made.find((thumbnail) => thumbnail.name === nameOf(size)) ?? null;
  }

  /**
   * The job: draws the thumbnails the file lacks (a PDF's first page first) and stores them, then
   * keeps them only if the file is still there (a file deleted meanwhile gets none). Bytes that cannot be drawn (a broken image, a PDF pdf.js refuses, an image past the
   * size the thumbnailer reads) and a full quota end the job without thumbnails: trying again
   * would not help. A storage that fails is tried again, as any job.
   */
  handler(): JobHandler {
    return { run: (job) => this.make(job) };
  }

  private async make(job: RunningJob): Promise<void> {
    const { workspaceId, fileId } = job.payload as { workspaceId: string; fileId: string };
    const file = await this.storage.get(this.db, workspaceId, fileId);
    if (!file || !hasThumbnail(file.contentType)) return;
    const made = await this.storage.list(this.db, workspaceId, THUMBNAIL_OWNER, file.id);
    const missing = previewSizes.filter((size) => !made.some((t) => t.name === nameOf(size)));
    if (missing.length === 0) return;

    let source: Buffer;
    try {
      source = await readBounded(await this.storage.open(file), MAX_SOURCE_BYTES);
    } catch (error) {
      if (!(error instanceof SourceTooLargeError)) throw error;
      this.log.info({ fileId }, 'no thumbnail: the file is larger than the thumbnailer reads');
      return;
    }
    // Drawing works on the bytes in memory alone: a failure here is the bytes', for good.
    const boxes = missing.map((size) => previewBoxes[size]);
    let drawn: Buffer[];
    try {
      const image =
        file.contentType === 'application/pdf'
          ? await renderPdfFirstPage(source, Math.max(...boxes))
          : source;
      drawn = (await renderThumbnails(image, boxes)).map((thumbnail) => thumbnail.content);
    } catch (error) {
      this.log.info({ fileId, err: error }, 'no thumbnail: the file could not be drawn');
      return;
    }

    // Stored outside any transaction (the storage writes its reservations beside the caller's
    // transaction, which the embedded database would wait on), then kept only if the file is
    // still there: locked, so a delete after this sees the thumbnails and its trigger takes them.
    const stored: StoredFile[] = [];
    try {
      for (const [i, size] of missing.entries()) {
        stored.push(
          await this.storage.put(this.db, {
            workspaceId,
            createdBy: null,
            name: nameOf(size),
            ownerKind: THUMBNAIL_OWNER,
            ownerId: file.id,
            body: drawn[i]!,
            accept: ['image/webp'],
          }),
        );
      }
      const kept = await this.db.transaction(async (tx) => {
        await job.holdLease(tx);
        const still = await tx.execute(
          sql`select id from stored_files where id = ${file.id} for update`,
        );
        return (still as unknown as { rows: unknown[] }).rows.length > 0;
      });
      if (!kept) await this.drop(workspaceId, stored);
    } catch (error) {
      await this.drop(workspaceId, stored);
      if (
        error instanceof AppError &&
        (error.code === 'QUOTA_EXCEEDED' || error.code === 'PAYLOAD_TOO_LARGE')
      ) {
        this.log.info({ fileId }, 'no thumbnail: the workspace storage is full');
        return;
      }
      throw error;
    }
  }

  private async drop(workspaceId: string, files: StoredFile[]): Promise<void> {
    for (const file of files) {
      await this.storage.remove(this.db, workspaceId, file.id).catch(() => false);
    }
  }
}
