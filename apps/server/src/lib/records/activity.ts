import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Activity, ActivityKind, ActivityPage, Note, SubjectType } from '@beacon/contract';
import { activities, notes } from '../../db/schema/index.ts';
import { records } from '../../modules/record-entities.ts';
import type { SubjectKey } from './fields.ts';
import { invalid } from './filters.ts';
import { isTimestamp, isUuid, type Executor } from './sql.ts';

export type Subject = { type: SubjectType; id: string };

export type ActivityValues = {
  kind: ActivityKind;
  field?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
  listId?: string | null;
  listName?: string | null;
  noteId?: string | null;
};

/** The subject's column of `activities` and `notes`, set to its id (the others stay null). */
export const subjectColumns = (subject: Subject) => ({
  [records.ofSubject(subject.type).subjectKey]: subject.id,
});

/** Records activities on one subject and moves its last activity to now. */
export async function recordActivities(
  db: Executor,
  workspaceId: string,
  actorId: string | null,
  subject: Subject,
  entries: ActivityValues[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(activities).values(
    entries.map((entry) => ({
      workspaceId,
      actorId,
      ...subjectColumns(subject),
      ...entry,
      // Distinct times within one transaction keep the timeline in the order things happened.
      createdAt: sql`clock_timestamp()`,
    })),
  );
  await touch(db, subject);
}

/** Moves a subject's last activity (and its update time) to now. */
export async function touch(db: Executor, subject: Subject): Promise<void> {
  const table = sql.raw(`"${records.ofSubject(subject.type).table}"`);
  await db.execute(
    sql`update ${table} set last_activity_at = now(), updated_at = now() where id = ${subject.id}::uuid`,
  );
}

/** The columns of a note, as `toNote` takes them. */
export const noteColumns = {
  id: notes.id,
  personId: notes.personId,
  companyId: notes.companyId,
  dealId: notes.dealId,
  taskId: notes.taskId,
  body: notes.body,
  authorId: notes.authorId,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};

/** `subjectType` and `subjectId` of a note or activity row, from the subject column it fills. */
function subjectFields(row: Partial<Record<SubjectKey, string | null>>) {
  const subject = records.subjectOf(row);
  return { subjectType: subject.type, subjectId: subject.id };
}

export function toNote(row: {
  id: string;
  personId: string | null;
  companyId: string | null;
  dealId: string | null;
  taskId: string | null;
  body: string;
  authorId: string | null;
  createdAt: Date;
  updatedAt: Date;
}): Note {
  return {
    id: row.id,
    ...subjectFields(row),
    body: row.body,
    authorId: row.authorId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type ActivityCursor = { t: string; id: string };

/** A subject's timeline, newest first, by keyset on (created_at, id). */
export async function activityPage(
  db: Executor,
  workspaceId: string,
  subject: Subject,
  limit: number,
  cursor: string | undefined,
): Promise<ActivityPage> {
  const subjectColumn = activities[records.ofSubject(subject.type).subjectKey];
  const conditions: SQL[] = [
    eq(activities.workspaceId, workspaceId),
    eq(subjectColumn, subject.id),
  ];
  if (cursor) {
    let body: ActivityCursor;
    try {
      body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as ActivityCursor;
    } catch {
      throw invalid('cursor', 'Not a cursor of this timeline; start again without one');
    }
    if (!body || !isTimestamp(body.t) || !isUuid(body.id)) {
      throw invalid('cursor', 'Not a cursor of this timeline; start again without one');
    }
    conditions.push(
      sql`(${activities.createdAt}, ${activities.id}) < (${body.t}::timestamptz, ${body.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: activities.id,
      personId: activities.personId,
      companyId: activities.companyId,
      dealId: activities.dealId,
      taskId: activities.taskId,
      kind: activities.kind,
      actorId: activities.actorId,
      field: activities.field,
      oldValue: activities.oldValue,
      newValue: activities.newValue,
      listId: activities.listId,
      listName: activities.listName,
      mailMessageId: activities.mailMessageId,
      createdAt: activities.createdAt,
      createdAtText: sql<string>`${activities.createdAt}::text`,
      note: noteColumns,
    })
    .from(activities)
    .leftJoin(notes, eq(notes.id, activities.noteId))
    .where(and(...conditions))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row): Activity => ({
      id: row.id,
      ...subjectFields(row),
      kind: row.kind,
      actorId: row.actorId,
      field: row.field,
      oldValue: row.oldValue,
      newValue: row.newValue,
      listId: row.listId,
      listName: row.listName,
      note: row.note ? toNote(row.note) : null,
      mailMessageId: row.mailMessageId,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > limit && last
        ? Buffer.from(JSON.stringify({ t: last.createdAtText, id: last.id })).toString('base64url')
        : null,
  };
}
