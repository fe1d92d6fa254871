import { z } from './z.ts';
import { endpoint } from './endpoint.ts';
import {
  pageQuerySchema,
  recordParamsSchema,
  recordSubjects,
  subjectTypes,
  type RecordEntityName,
} from './records.ts';

// ---------------------------------------------------------------------------------------------
// Notes and the activity timeline.

export const subjectTypeSchema = z.enum(subjectTypes);

/**
 * A note's body is Markdown-like rich text: paragraphs, `**bold**`, `_italic_`, `- ` bullets,
 * `1. ` numbered items and `[text](https://…)` links. Clients render it without HTML.
 */
export const noteSchema = z
  .object({
    id: z.string(),
    subjectType: subjectTypeSchema,
    subjectId: z.string(),
    body: z.string(),
    authorId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Note' });
export type Note = z.infer<typeof noteSchema>;
export const noteBodySchema = z
  .object({ body: z.string().trim().min(1, { message: 'Required' }).max(20_000) })
  .meta({ id: 'NoteBody' });

export const activityKinds = [
  'created',
  'field_changed',
  'list_added',
  'list_removed',
  'note_added',
  'merged',
  'imported',
  /** Mail (issue 12): a message to or from the person (their company, their open deals). */
  'email_received',
  'email_sent',
  'email_bounced',
] as const;
export const activityKindSchema = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof activityKindSchema>;
export const activitySchema = z
  .object({
    id: z.string(),
    subjectType: subjectTypeSchema,
    subjectId: z.string(),
    kind: activityKindSchema,
    actorId: z.string().nullable(),
    /** field_changed: field, oldValue, newValue; list_*: listId, listName; note_added: the note. */
    field: z.string().nullable(),
    oldValue: z.string().nullable(),
    newValue: z.string().nullable(),
    listId: z.string().nullable(),
    listName: z.string().nullable(),
    note: noteSchema.nullable(),
    /** email_*: the message (the mail API's `mailId`; the e-mails page opens it). */
    mailMessageId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;
export const activityPageSchema = z
  .object({ items: z.array(activitySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The timeline and the notes of one records-style entity: `/api/{name}/:id/activity` and `/notes`. */
export function recordNotesEndpoints<const N extends RecordEntityName>(name: N) {
  const type = recordSubjects[name];
  return {
    activity: endpoint({
      method: 'GET',
      path: `/api/${name}/:id/activity` as const,
      summary: `The ${type}'s timeline, newest first`,
      params: recordParamsSchema,
      query: pageQuerySchema,
      response: activityPageSchema,
    }),
    addNote: endpoint({
      method: 'POST',
      path: `/api/${name}/:id/notes` as const,
      summary: `Add a note to the ${type} (it goes on the timeline)`,
      params: recordParamsSchema,
      body: noteBodySchema,
      status: 201,
      response: noteSchema,
    }),
  };
}

/** A note by its id. */
export const notesEndpoints = {
  update: endpoint({
    method: 'PATCH',
    path: '/api/notes/:id',
    summary: 'Change a note (its author or an admin)',
    params: recordParamsSchema,
    body: noteBodySchema,
    response: noteSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/notes/:id',
    summary: 'Delete a note (its author or an admin)',
    params: recordParamsSchema,
    status: 204,
    response: null,
  }),
};
