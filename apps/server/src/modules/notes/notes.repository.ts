import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notes } from '../../db/schema/index.ts';
import { noteColumns, subjectColumns, type Subject } from '../../lib/records/activity.ts';
import { rowsOf } from '../../lib/records/sql.ts';
import { records } from '../record-entities.ts';

/** Whether the subject is a record of the workspace; `lock` holds it until the transaction ends. */
export async function recordExists(
  db: Executor,
  workspaceId: string,
  subject: Subject,
  lock = false,
): Promise<boolean> {
  const table = sql.raw(`"${records.ofSubject(subject.type).table}"`);
  const found = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${table} where workspace_id = ${workspaceId}::uuid and id = ${subject.id}::uuid${lock ? sql` for update` : sql``}`,
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
