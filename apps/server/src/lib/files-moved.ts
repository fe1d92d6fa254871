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
 * Each row moves in its own transaction: the file is stored (`storage.put` through the
 * transaction), then the row is pointed at it and its old bytes are set null. A crash before the
 * commit leaves the row as it was (and bytes the storage's purge deletes), so the job is
 * idempotent and resumes where it stopped; rows are claimed with `skip locked`, so several
 * processes share the work. Until a row is moved its area serves it from the old column.
 */
export const FILES_MOVE_JOB = 'storage.move-legacy-files';

/** One table of old bytes, as the move reads and marks it. */
type LegacyTable = {
  table: string;
  /** The next unmoved row's key, locked (`skip locked`), or none. */
  claim: (tx: Executor) => SQL;
  /** The row's bytes and what the stored file is made of. */
  read: (tx: Executor, key: string[]) => SQL;
  /** Points the row at its stored file and drops its old bytes. */
  mark: (key: string[], file: StoredFile) => SQL;
  /** Whether its files get previews (they do in the lists that show them). */
  previews: boolean;
};

type LegacyRow = {
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
    claim: () => sql`select id::text as k1, '' as k2 from kanban_attachments
      where stored_file_id is null limit 1 for update skip locked`,
    read: (_tx, [id]) => sql`select c.workspace_id, a.name, a.created_by,
        'kanban_attachment' as owner_kind, a.id as owner_id, a.content
      from kanban_attachments a join kanban_cards c on c.id = a.card_id where a.id = ${id}`,
    mark: ([id], file) => sql`update kanban_attachments set stored_file_id = ${file.id},
        content = null, mime_type = ${file.contentType}, size = ${file.size} where id = ${id}`,
    previews: true,
  },
  {
    table: 'chat_attachments',
    claim: () => sql`select id::text as k1, '' as k2 from chat_attachments
      where stored_file_id is null limit 1 for update skip locked`,
    read: (_tx, [id]) => sql`select workspace_id, name, created_by,
        'chat_attachment' as owner_kind, id as owner_id, content
      from chat_attachments where id = ${id}`,
    mark: ([id], file) => sql`update chat_attachments set stored_file_id = ${file.id},
        content = null, mime_type = ${file.contentType}, size = ${file.size} where id = ${id}`,
    previews: true,
  },
  {
    table: 'workspace_logos',
    claim: () => sql`select workspace_id::text as k1, '' as k2 from workspace_logos
      where stored_file_id is null limit 1 for update skip locked`,
    read: (_tx, [workspaceId]) => sql`select workspace_id, 'logo' as name,
        null::uuid as created_by, 'logo' as owner_kind, workspace_id as owner_id, content
      from workspace_logos where workspace_id = ${workspaceId}`,
    mark: ([workspaceId], file) => sql`update workspace_logos set stored_file_id = ${file.id},
        content = null, mime_type = ${file.contentType}, size = ${file.size}
      where workspace_id = ${workspaceId}`,
    previews: false,
  },
  {
    table: 'member_images',
    claim: () => sql`select user_id::text as k1, kind as k2 from member_images
      where stored_file_id is null limit 1 for update skip locked`,
    read: (_tx, [userId, kind]) => sql`select workspace_id, kind as name, user_id as created_by,
        kind as owner_kind, user_id as owner_id, content
      from member_images where user_id = ${userId} and kind = ${kind}`,
    mark: ([userId, kind], file) => sql`update member_images set stored_file_id = ${file.id},
        content = null, mime_type = ${file.contentType} where user_id = ${userId} and kind = ${kind}`,
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
 * Moves one row of `table` (the next one no other process holds); false when none is left. The
 * stored file keeps the row's name, uploader and owner; its type is detected from the bytes
 * (the area's type rules are not applied again: nothing is refused, nothing is lost), and it
 * counts in the workspace's usage from now on, past the quota if it must.
 */
async function moveOne(
  db: Database,
  storage: Storage,
  previews: Previews,
  source: LegacyTable,
  job: RunningJob,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await job.holdLease(tx);
    const [claimed] = rowsOf<{ k1: string; k2: string }>(await tx.execute(source.claim(tx)));
    if (!claimed) return false;
    const key = [claimed.k1, claimed.k2];
    const [row] = rowsOf<LegacyRow>(await tx.execute(source.read(tx, key)));
    if (!row) return true;
    const file = await storage.put(tx, {
      workspaceId: row.workspace_id,
      createdBy: row.created_by,
      name: row.name,
      ownerKind: row.owner_kind,
      ownerId: row.owner_id,
      body: Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content),
      ignoreQuota: true,
    });
    await tx.execute(source.mark(key, file));
    if (source.previews) await previews.request(tx, file);
    return true;
  });
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
