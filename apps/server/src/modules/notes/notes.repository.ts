import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notes } from '../../db/schema/index.ts';
import { noteColumns, subjectColumns, type Subject } from '../../lib/records/activity.ts';
import type { Scope } from '../../lib/records/query.ts';
import { scopePredicate } from '../../lib/records/scope.ts';
import { rowsOf } from '../../lib/records/sql.ts';
import { records } from '../record-entities.ts';

/**
 * Whether the subject is a record of the workspace that the caller sees (record visibility);
 * `lock` holds it until the transaction ends.
 */
export async function recordExists(
  db: Executor,
  caller: Scope,
  subject: Subject,
  lock = false,
): Promise<boolean> {
  const entity = records.ofSubject(subject.type);
  const table = sql.raw(`"${entity.table}"`);
  const visible = scopePredicate(entity, caller).map((p) => sql` and ${p}`);
  const found = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${table} where workspace_id = ${caller.workspaceId}::uuid and id = ${subject.id}::uuid${sql.join(visible)}${lock ? sql` for update` : sql``}`,
  );
  return found.length > 0;
}

export async function insertNote(
  db: Executor,
  values: { workspaceId: string; subject: Subject; body: string; authorId: string },
) {
  const [row] = await db
    .insert(notes)
    .values({
      workspaceId: values.workspaceId,
      ...subjectColumns(values.subject),
      body: values.body,
      authorId: values.authorId,
    })
    .returning(noteColumns);
  return row!;
}

/** A note of the workspace, locked until the transaction ends. */
export async function lockNote(db: Executor, workspaceId: string, id: string) {
  const [note] = await db
    .select(noteColumns)
    .from(notes)
    .where(and(eq(notes.workspaceId, workspaceId), eq(notes.id, id)))
    .for('update');
  return note;
}

export async function updateNoteBody(db: Executor, id: string, body: string) {
  const [row] = await db
    .update(notes)
    .set({ body, updatedAt: sql`now()` })
    .where(eq(notes.id, id))
    .returning(noteColumns);
  return row!;
}

export async function deleteNote(db: Executor, id: string): Promise<void> {
  await db.delete(notes).where(eq(notes.id, id));
}
