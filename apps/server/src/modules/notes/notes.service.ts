import { and, eq, sql } from 'drizzle-orm';
import type { Note } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { companies, notes, people } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import {
  noteColumns,
  recordActivities,
  toNote,
  touch,
  type Subject,
} from '../../lib/records/activity.ts';
import type { Caller } from '../../lib/records/caller.ts';

/** Notes on people and companies: anyone who writes adds; the author or an admin edits. */
export class NotesService {
  constructor(private readonly db: Database) {}

  async add(caller: Caller, subject: Subject, body: string): Promise<Note> {
    return this.db.transaction(async (tx) => {
      const table = subject.type === 'person' ? people : companies;
      const [found] = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.workspaceId, caller.workspaceId), eq(table.id, subject.id)))
        .for('update');
      if (!found) throw notFound(subject.type === 'person' ? 'No such person' : 'No such company');
      const [row] = await tx
        .insert(notes)
        .values({
          workspaceId: caller.workspaceId,
          personId: subject.type === 'person' ? subject.id : null,
          companyId: subject.type === 'company' ? subject.id : null,
          body,
          authorId: caller.userId,
        })
        .returning(noteColumns);
      await recordActivities(tx, caller.workspaceId, caller.userId, subject, [
        { kind: 'note_added', noteId: row!.id },
      ]);
      return toNote(row!);
    });
  }

  async update(caller: Caller, id: string, body: string): Promise<Note> {
    return this.db.transaction(async (tx) => {
      await this.editable(tx, caller, id);
      const [row] = await tx
        .update(notes)
        .set({ body, updatedAt: sql`now()` })
        .where(eq(notes.id, id))
        .returning(noteColumns);
      return toNote(row!);
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const note = await this.editable(tx, caller, id);
      // Its note_added activity goes with it (the foreign key cascades).
      await tx.delete(notes).where(eq(notes.id, id));
      await touch(tx, subjectOf(note));
    });
  }

  private async editable(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    caller: Caller,
    id: string,
  ) {
    const [note] = await tx
      .select(noteColumns)
      .from(notes)
      .where(and(eq(notes.workspaceId, caller.workspaceId), eq(notes.id, id)))
      .for('update');
    if (!note) throw notFound('No such note');
    if (note.authorId !== caller.userId && caller.role !== 'admin') {
      throw forbidden('Only its author or an admin can change a note');
    }
    return note;
  }
}

const subjectOf = (note: { personId: string | null; companyId: string | null }): Subject =>
  note.personId ? { type: 'person', id: note.personId } : { type: 'company', id: note.companyId! };
