import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { throwIfStopping, type JobHandler, type JobQueue, type RunningJob } from './jobs.ts';
import type { Previews } from './previews/previews.ts';
import type { OwnerKind, Storage, StoredFile } from './storage/index.ts';

/**
 * Moving the bytes every area kept in `bytea` columns (kanban and chat attachments, the workspace
 * logo, members' avatars and covers) into the storage (issue 11;
 * docs/decisions/053-files-moved-and-previews.md). SQL migrations cannot write to a disk or to S3,
 * so migration 0020 only adds `stored_file_id` and lets the old `content` be null; this job moves
 * the rows, batch by batch, after the migrations of every start that finds one left.
 *
 * One job does the work (a job is run by one worker at a time), row by row: the row's bytes are
 * stored as a file owned by the row's record, then a short transaction points the row at it and
 * sets its old bytes null, only if the row is still unmoved. The storing happens outside that
 * transaction (the storage writes its reservations beside the caller's transaction, which the
 * embedded database would wait on). A crash between the two leaves a stored file the next run
 * finds by its owner and hash and uses, so the move is idempotent and resumes where it stopped;
 * a row deleted meanwhile has its file removed. Until a row is moved its area serves it from the
 * old column.
 */
export const FILES_MOVE_JOB = 'storage.move-legacy-files';

/** One table of old bytes, as the move reads and marks it. */
type LegacyTable = {
  table: string;
  /** The next unmoved row: its key, its bytes and what its stored file is made of. */
  next: SQL;
  /** Points the row at its stored file and drops its old bytes, if it is still unmoved. */
  mark: (key: string[], file: StoredFile) => SQL;
  /** Whether its files get previews (they do in the lists that show them). */
  previews: boolean;
};

type LegacyRow = {
  k1: string;
  k2: string;
  workspace_id: string;
  name: string;
  created_by: string | null;
  owner_kind: OwnerKind;
  owner_id: string;
  content: Buffer | Uint8Array;
};

const tables: LegacyTable[] = [
  {
    table: 'kanban_attachments',
    next: sql`select a.id::text as k1, '' as k2, c.workspace_id, a.name, a.created_by,
        'kanban_attachment' as owner_kind, a.id as owner_id, a.content
      from kanban_attachments a join kanban_cards c on c.id = a.card_id
      where a.stored_file_id is null order by a.id limit 1`,
    mark: ([id], file) => sql`update kanban_attachments set stored_file_id = ${file.id},
        content = null, mime_type = ${file.contentType}, size = ${file.size}
      where id = ${id} and stored_file_id is null returning 1 as ok`,
    previews: true,
  },
  {
    table: 'chat_attachments',
    next: sql`select id::text as k1, '' as k2, workspace_id, name, created_by,
        'chat_attachment' as owner_kind, id as owner_id, content
      from chat_attachments where stored_file_id is null order by id limit 1`,
    mark: ([id], file) => sql`update chat_attachments set stored_file_id = ${file.id},
        content = null, mime_type = ${file.contentType}, size = ${file.size}
      where id = ${id} and stored_file_id is null returning 1 as ok`,
    previews: true,
  },
  {
    table: 'workspace_logos',
    next: sql`select workspace_id::text as k1, '' as k2, workspace_id, 'logo' as name,
        null::uuid as created_by, 'logo' as owner_kind, workspace_id as owner_id, content
      from workspace_logos where stored_file_id is null order by workspace_id limit 1`,
    mark: ([workspaceId], file) => sql`update workspace_logos set stored_file_id = ${file.id},
        content = null, mime_type = ${file.contentType}, size = ${file.size}
      where workspace_id = ${workspaceId} and stored_file_id is null returning 1 as ok`,
    previews: false,
  },
  {
    table: 'member_images',
    next: sql`select user_id::text as k1, kind as k2, workspace_id, kind as name,
        user_id as created_by, kind as owner_kind, user_id as owner_id, content
      from member_images where stored_file_id is null order by user_id, kind limit 1`,
    mark: ([userId, kind], file) => sql`update member_images set stored_file_id = ${file.id},
        content = null, mime_type = ${file.contentType}
      where user_id = ${userId} and kind = ${kind} and stored_file_id is null returning 1 as ok`,
    previews: false,
  },
];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many rows still hold their bytes in the old columns, every table together. */
export async function unmovedFiles(db: Executor): Promise<number> {
  const counts = await Promise.all(
    tables.map(async ({ table }) => {
      const result = await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where stored_file_id is null`,
      );
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Moves the next row of `source`; false when none is left. The stored file keeps the row's name,
 * uploader and owner; its type is detected from the bytes (the area's type rules are not applied
 * again: nothing is refused, nothing is lost), and it counts in the workspace's usage from now
 * on, past the file limit and the quota if it must.
 */
async function moveOne(
  db: Database,
  storage: Storage,
  previews: Previews,
  source: LegacyTable,
  job: RunningJob,
): Promise<boolean> {
  const [row] = rowsOf<LegacyRow>(await db.execute(source.next));
  if (!row) return false;
  const bytes = Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content);
  const hash = createHash('sha256').update(bytes).digest('hex');
  // A run that stopped after storing this row's file left it: use it rather than store it again.
  const earlier = (await storage.list(db, row.workspace_id, row.owner_kind, row.owner_id)).find(
    (file) => file.sha256 === hash && file.size === bytes.length,
  );
  const file =
    earlier ??
    (await storage.put(db, {
      workspaceId: row.workspace_id,
      createdBy: row.created_by,
      name: row.name,
      ownerKind: row.owner_kind,
      ownerId: row.owner_id,
      body: bytes,
      unlimited: true,
    }));
  const marked = await db.transaction(async (tx) => {
    await job.holdLease(tx);
    const done = rowsOf(await tx.execute(source.mark([row.k1, row.k2], file))).length > 0;
    if (done && source.previews) await previews.request(tx, file);
    return done;
  });
  // The row went (or was moved by a change) meanwhile: its file is not needed.
  if (!marked) await storage.remove(db, file.workspaceId, file.id);
  return true;
}

/** The job: every unmoved row of every table, one at a time, stopping at a safe point. */
export function filesMoveHandler(
  db: Database,
  storage: Storage,
  previews: Previews,
  log: FastifyBaseLogger,
): JobHandler {
  return {
    async run(job) {
      let moved = 0;
      for (const source of tables) {
        while (await moveOne(db, storage, previews, source, job)) {
          moved += 1;
          throwIfStopping(job);
        }
      }
      if (moved > 0) log.info({ moved }, 'files moved from the database into the storage');
    },
  };
}

/**
 * At start: queues the move when a row still holds its bytes and no move is queued or running.
 * Answers how many rows are left.
 */
export async function scheduleFilesMove(db: Database, jobs: Pick<JobQueue, 'enqueue'>) {
  const left = await unmovedFiles(db);
  if (left === 0) return 0;
  await db.transaction(async (tx) => {
    // One start at a time decides, so two processes starting together queue one job.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FILES_MOVE_JOB}))`);
    const pending = await tx.execute(sql`select 1 from jobs
      where kind = ${FILES_MOVE_JOB} and status in ('queued', 'running') limit 1`);
    if (rowsOf(pending).length === 0) {
      await jobs.enqueue(tx, FILES_MOVE_JOB, {}, { maxAttempts: 20 });
    }
  });
  return left;
}
