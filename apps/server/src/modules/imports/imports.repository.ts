import type { ImportJob, ImportRowError } from '@beacon/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { imports, recordLists, users } from '../../db/schema/index.ts';

export type { Executor };

/** Every column but the file itself. */
const summary = {
  id: imports.id,
  workspaceId: imports.workspaceId,
  entity: imports.entity,
  fileName: imports.fileName,
  status: imports.status,
  columns: imports.columns,
  preview: imports.preview,
  mapping: imports.mapping,
  duplicateMode: imports.duplicateMode,
  listId: imports.listId,
  totalRows: imports.totalRows,
  processedRows: imports.processedRows,
  created: imports.created,
  updated: imports.updated,
  skipped: imports.skipped,
  refused: imports.refused,
  errors: imports.errors,
  failure: imports.failure,
  createdBy: imports.createdBy,
  createdAt: imports.createdAt,
  updatedAt: imports.updatedAt,
  finishedAt: imports.finishedAt,
};
export type ImportRow = {
  [K in keyof typeof summary]: (typeof imports.$inferSelect)[K];
};

/** At most this many refused rows travel in the API answer; errors.csv has them all. */
export const ERRORS_SHOWN = 1000;

export function toImportJob(row: ImportRow): ImportJob {
  return {
    id: row.id,
    entity: row.entity,
    fileName: row.fileName,
    status: row.status,
    columns: row.columns,
    preview: row.preview,
    mapping: row.mapping,
    duplicateMode: row.duplicateMode as ImportJob['duplicateMode'],
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    refused: row.refused,
    errors: row.errors.slice(0, ERRORS_SHOWN),
    failure: row.failure,
    listId: row.listId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function insertImport(
  db: Executor,
  values: typeof imports.$inferInsert,
): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning(summary);
  return row!;
}

/**
 * Forgets the workspace's uploads that were never started and are older than `maxAgeHours`, and
 * answers how many uploads still wait to be started.
 */
export async function pruneWaitingUploads(
  db: Executor,
  workspaceId: string,
  maxAgeHours: number,
): Promise<number> {
  await db
    .delete(imports)
    .where(
      and(
        eq(imports.workspaceId, workspaceId),
        eq(imports.status, 'uploaded'),
        sql`${imports.createdAt} < now() - make_interval(hours => ${maxAgeHours}::int)`,
      ),
    );
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(imports)
    .where(and(eq(imports.workspaceId, workspaceId), eq(imports.status, 'uploaded')));
  return Number(row?.n ?? 0);
}

export async function getImport(
  db: Executor,
  workspaceId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ImportRow | undefined> {
  const query = db
    .select(summary)
    .from(imports)
    .where(and(eq(imports.workspaceId, workspaceId), eq(imports.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function listImports(db: Executor, workspaceId: string): Promise<ImportRow[]> {
  return db
    .select(summary)
    .from(imports)
    .where(eq(imports.workspaceId, workspaceId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(50);
}

export async function updateImport(
  db: Executor,
  workspaceId: string,
  id: string,
  values: Partial<typeof imports.$inferInsert>,
): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(imports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(imports.workspaceId, workspaceId), eq(imports.id, id)))
    .returning(summary);
  return row;
}

/** The job's view: the import with its file, whatever the workspace (the job carries the id). */
export async function getImportForJob(db: Executor, id: string) {
  const [row] = await db
    .select({ ...summary, content: imports.content })
    .from(imports)
    .where(eq(imports.id, id));
  return row;
}

export async function getContent(db: Executor, workspaceId: string, id: string) {
  const [row] = await db
    .select({ content: imports.content, errors: imports.errors, columns: imports.columns })
    .from(imports)
    .where(and(eq(imports.workspaceId, workspaceId), eq(imports.id, id)));
  return row;
}

/** Adds one batch's counts and refused rows, and moves the resume point past the batch. */
export async function recordBatch(
  db: Executor,
  id: string,
  batch: {
    processedRows: number;
    created: number;
    updated: number;
    skipped: number;
    errors: ImportRowError[];
  },
): Promise<ImportRow> {
  const [row] = await db
    .update(imports)
    .set({
      processedRows: batch.processedRows,
      created: sql`${imports.created} + ${batch.created}`,
      updated: sql`${imports.updated} + ${batch.updated}`,
      skipped: sql`${imports.skipped} + ${batch.skipped}`,
      refused: sql`${imports.refused} + ${batch.errors.length}`,
      ...(batch.errors.length > 0
        ? { errors: sql`${imports.errors} || ${JSON.stringify(batch.errors)}::jsonb` }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(imports.id, id))
    .returning(summary);
  return row!;
}

export async function findList(db: Executor, workspaceId: string, id: string) {
  const [row] = await db
    .select({ id: recordLists.id, kind: recordLists.kind, name: recordLists.name })
    .from(recordLists)
    .where(and(eq(recordLists.workspaceId, workspaceId), eq(recordLists.id, id)));
  return row;
}

/** Lower-cased e-mail to id, for the members of a workspace (owner columns). */
export async function memberIdsByEmail(db: Executor, workspaceId: string) {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.workspaceId, workspaceId));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}
