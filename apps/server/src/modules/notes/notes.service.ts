import type { ActivityPage, Note } from '@beacon/contract';
import type { Database, Executor } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import {
  activityPage,
  recordActivities,
  toNote,
  touch,
  type Subject,
} from '../../lib/records/activity.ts';
import type { Caller } from '../../lib/records/caller.ts';
import { records } from '../record-entities.ts';
import {
  deleteNote,
  insertNote,
  lockNote,
  recordExists,
  updateNoteBody,
} from './notes.repository.ts';

/** Notes on records (people, companies): anyone who writes adds; the author or an admin edits. */
export class NotesService {
  constructor(private readonly db: Database) {}

  async add(caller: Caller, subject: Subject, body: string): Promise<Note> {
    return this.db.transaction(async (tx) => {
      if (!(await recordExists(tx, caller, subject, true))) {
        throw notFound(records.ofSubject(subject.type).notFound);
      }
      const row = await insertNote(tx, {
        workspaceId: caller.workspaceId,
        subject,
        body,
        authorId: caller.userId,
      });
      await recordActivities(tx, caller.workspaceId, caller.userId, subject, [
        { kind: 'note_added', noteId: row.id },
      ]);
      return toNote(row);
    });
  }

  async update(caller: Caller, id: string, body: string): Promise<Note> {
    return this.db.transaction(async (tx) => {
      await this.editable(tx, caller, id);
      return toNote(await updateNoteBody(tx, id, body));
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const note = await this.editable(tx, caller, id);
      // Its note_added activity goes with it (the foreign key cascades).
      await deleteNote(tx, id);
      await touch(tx, records.subjectOf(note));
    });
  }

  /** The subject's timeline, newest first; 404 when the subject is not in the workspace. */
  async timeline(
    caller: Caller,
    subject: Subject,
    limit: number,
    cursor: string | undefined,
  ): Promise<ActivityPage> {
    if (!(await recordExists(this.db, caller, subject))) {
      throw notFound(records.ofSubject(subject.type).notFound);
    }
    return activityPage(this.db, caller.workspaceId, subject, limit, cursor);
  }

  private async editable(tx: Executor, caller: Caller, id: string) {
    const note = await lockNote(tx, caller.workspaceId, id);
    // A note on a record the caller does not see is as absent as another workspace's.
    if (!note || !(await recordExists(tx, caller, records.subjectOf(note)))) {
      throw notFound('No such note');
    }
    if (note.authorId !== caller.userId && caller.role !== 'admin') {
      throw forbidden('Only its author or an admin can change a note');
    }
    return note;
  }
}
