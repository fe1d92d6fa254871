import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  thumbnailUrl,
  type KanbanAttachment,
  type KanbanCard,
  type KanbanComment,
} from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import {
  kanbanAttachments,
  kanbanCardAssignees,
  kanbanCards,
  kanbanColumns,
  kanbanComments,
} from '../../db/schema/index.ts';

export type { Executor };
export type Positioned = { id: string; position: string };

/** Cards and columns sort by (position, id), compared by code unit as the keys require. */
export function byPosition(a: Positioned, b: Positioned): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The outer card's id inside a correlated subquery. Drizzle writes a column of the only table
 * in a query without its table name, and an inner table's own `id` would then capture it.
 */
const outerCardId = sql.raw('"kanban_cards"."id"');

export const attachmentUrl = (id: string) => `/api/kanban/attachments/${id}`;

const assigneeIds = sql<string[]>`coalesce(
  (select array_agg(a.user_id::text order by a.user_id)
     from ${kanbanCardAssignees} a where a.card_id = ${outerCardId}),
  '{}'::text[])`;
type AttachmentRow = {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  storedFileId: string | null;
  createdAt: string;
};
const attachments = sql<AttachmentRow[]>`coalesce(
  (select json_agg(json_build_object('id', f.id, 'name', f.name, 'mimeType', f.mime_type,
                                     'size', f.size, 'storedFileId', f.stored_file_id,
                                     'createdAt', f.created_at)
                   order by f.created_at, f.id)
     from ${kanbanAttachments} f where f.card_id = ${outerCardId}),
  '[]'::json)`;
const commentCount = sql<number>`(select count(*)::int from ${kanbanComments} c where c.card_id = ${outerCardId})`;

const cardColumns = {
  id: kanbanCards.id,
  columnId: kanbanCards.columnId,
  name: kanbanCards.name,
  description: kanbanCards.description,
  priority: kanbanCards.priority,
  dueAt: kanbanCards.dueAt,
  labels: kanbanCards.labels,
  checklist: kanbanCards.checklist,
  position: kanbanCards.position,
  createdBy: kanbanCards.createdBy,
  createdAt: kanbanCards.createdAt,
  updatedAt: kanbanCards.updatedAt,
  assigneeIds,
  attachments,
  commentCount,
};

type CardRow = {
  id: string;
  columnId: string;
  name: string;
  description: string;
  priority: 'low' | 'medium' | 'high';
  dueAt: Date | null;
  labels: string[];
  checklist: { id: string; text: string; done: boolean }[];
  position: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  assigneeIds: string[];
  attachments: AttachmentRow[];
  commentCount: number;
};

function toCard(row: CardRow): KanbanCard {
  return {
    id: row.id,
    columnId: row.columnId,
    name: row.name,
    description: row.description,
    priority: row.priority,
    dueAt: row.dueAt ? row.dueAt.toISOString() : null,
    labels: row.labels,
    assigneeIds: row.assigneeIds,
    checklist: row.checklist,
    attachments: row.attachments.map((a): KanbanAttachment => ({
      id: a.id,
      name: a.name,
      mimeType: a.mimeType,
      size: a.size,
      url: attachmentUrl(a.id),
      // Rows not moved into the storage yet have no thumbnail.
      previewUrl: a.storedFileId ? thumbnailUrl(a.storedFileId, a.mimeType) : null,
      createdAt: new Date(a.createdAt).toISOString(),
    })),
    commentCount: row.commentCount,
    position: row.position,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listColumns(db: Executor, workspaceId: string) {
  const rows = await db
    .select({ id: kanbanColumns.id, name: kanbanColumns.name, position: kanbanColumns.position })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.workspaceId, workspaceId));
  return rows.sort(byPosition);
}

export async function getColumn(db: Executor, workspaceId: string, columnId: string) {
  const [row] = await db
    .select({ id: kanbanColumns.id, name: kanbanColumns.name, position: kanbanColumns.position })
    .from(kanbanColumns)
    .where(and(eq(kanbanColumns.workspaceId, workspaceId), eq(kanbanColumns.id, columnId)));
  return row;
}

export async function listCards(db: Executor, workspaceId: string): Promise<KanbanCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(kanbanCards)
    .where(eq(kanbanCards.workspaceId, workspaceId));
  return rows.map(toCard);
}

export async function getCard(db: Executor, workspaceId: string, cardId: string) {
  const [row] = await db
    .select(cardColumns)
    .from(kanbanCards)
    .where(and(eq(kanbanCards.workspaceId, workspaceId), eq(kanbanCards.id, cardId)));
  return row ? toCard(row) : undefined;
}

/** The other cards of a column, in order (for placing a card among them). */
export async function siblingCards(db: Executor, columnId: string, exceptCardId?: string) {
  const rows = await db
    .select({ id: kanbanCards.id, position: kanbanCards.position })
    .from(kanbanCards)
    .where(
      exceptCardId
        ? and(eq(kanbanCards.columnId, columnId), ne(kanbanCards.id, exceptCardId))
        : eq(kanbanCards.columnId, columnId),
    );
  return rows.sort(byPosition);
}

export async function cardIdsOfColumn(db: Executor, columnId: string): Promise<string[]> {
  return (await siblingCards(db, columnId)).map((c) => c.id);
}

export async function insertColumn(
  db: Executor,
  workspaceId: string,
  name: string,
  position: string,
) {
  const [row] = await db.insert(kanbanColumns).values({ workspaceId, name, position }).returning({
    id: kanbanColumns.id,
    name: kanbanColumns.name,
    position: kanbanColumns.position,
  });
  if (!row) throw new Error('column insert returned nothing');
  return row;
}

export async function updateColumn(
  db: Executor,
  workspaceId: string,
  columnId: string,
  values: { name?: string; position?: string },
) {
  const [row] = await db
    .update(kanbanColumns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(kanbanColumns.workspaceId, workspaceId), eq(kanbanColumns.id, columnId)))
    .returning({
      id: kanbanColumns.id,
      name: kanbanColumns.name,
      position: kanbanColumns.position,
    });
  return row;
}

export async function deleteColumn(db: Executor, workspaceId: string, columnId: string) {
  const rows = await db
    .delete(kanbanColumns)
    .where(and(eq(kanbanColumns.workspaceId, workspaceId), eq(kanbanColumns.id, columnId)))
    .returning({ id: kanbanColumns.id });
  return rows.length === 1;
}

export async function deleteCardsOfColumn(db: Executor, columnId: string) {
  await db.delete(kanbanCards).where(eq(kanbanCards.columnId, columnId));
}

export async function setPositions(
  db: Executor,
  table: 'cards' | 'columns',
  positions: Positioned[],
) {
  const target = table === 'cards' ? kanbanCards : kanbanColumns;
  for (const { id, position } of positions) {
    await db.update(target).set({ position }).where(eq(target.id, id));
  }
}

export type CardValues = {
  name?: string;
  description?: string;
  priority?: 'low' | 'medium' | 'high';
  dueAt?: Date | null;
  labels?: string[];
  checklist?: { id: string; text: string; done: boolean }[];
};

export async function insertCard(
  db: Executor,
  workspaceId: string,
  values: CardValues & { name: string; columnId: string; position: string; createdBy: string },
) {
  const [row] = await db
    .insert(kanbanCards)
    .values({ ...values, workspaceId })
    .returning({ id: kanbanCards.id });
  if (!row) throw new Error('card insert returned nothing');
  return row.id;
}

export async function updateCard(
  db: Executor,
  workspaceId: string,
  cardId: string,
  values: CardValues & { columnId?: string; position?: string },
) {
  const rows = await db
    .update(kanbanCards)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(kanbanCards.workspaceId, workspaceId), eq(kanbanCards.id, cardId)))
    .returning({ id: kanbanCards.id });
  return rows.length === 1;
}

/** Locks a card row for the rest of the transaction; undefined when not in the workspace. */
export async function lockCard(db: Executor, workspaceId: string, cardId: string) {
  const [row] = await db
    .select({ id: kanbanCards.id, columnId: kanbanCards.columnId })
    .from(kanbanCards)
    .where(and(eq(kanbanCards.workspaceId, workspaceId), eq(kanbanCards.id, cardId)))
    .for('update');
  return row;
}

export async function deleteCard(db: Executor, workspaceId: string, cardId: string) {
  const [row] = await db
    .delete(kanbanCards)
    .where(and(eq(kanbanCards.workspaceId, workspaceId), eq(kanbanCards.id, cardId)))
    .returning({ id: kanbanCards.id, columnId: kanbanCards.columnId });
  return row;
}

export async function replaceAssignees(db: Executor, cardId: string, userIds: string[]) {
  await db.delete(kanbanCardAssignees).where(eq(kanbanCardAssignees.cardId, cardId));
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    await db.insert(kanbanCardAssignees).values(unique.map((userId) => ({ cardId, userId })));
  }
}

const commentColumns = {
  id: kanbanComments.id,
  cardId: kanbanComments.cardId,
  authorId: kanbanComments.authorId,
  body: kanbanComments.body,
  createdAt: kanbanComments.createdAt,
};
const toComment = (row: {
  id: string;
  cardId: string;
  authorId: string | null;
  body: string;
  createdAt: Date;
}): KanbanComment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function listComments(db: Executor, cardId: string) {
  const rows = await db
    .select(commentColumns)
    .from(kanbanComments)
    .where(eq(kanbanComments.cardId, cardId))
    .orderBy(kanbanComments.createdAt, kanbanComments.id);
  return rows.map(toComment);
}

export async function insertComment(db: Executor, cardId: string, authorId: string, body: string) {
  const [row] = await db
    .insert(kanbanComments)
    .values({ cardId, authorId, body })
    .returning(commentColumns);
  if (!row) throw new Error('comment insert returned nothing');
  return toComment(row);
}

export async function insertAttachment(
  db: Executor,
  values: {
    id: string;
    cardId: string;
    name: string;
    mimeType: string;
    size: number;
    storedFileId: string;
    createdBy: string;
  },
) {
  // The clock, not the transaction's start: files attached together keep the order given.
  const [row] = await db
    .insert(kanbanAttachments)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning({ id: kanbanAttachments.id });
  if (!row) throw new Error('attachment insert returned nothing');
  return row.id;
}

/** An attachment with its card's workspace, so callers can scope it. */
export async function getAttachment(db: Executor, workspaceId: string, attachmentId: string) {
  const [row] = await db
    .select({
      id: kanbanAttachments.id,
      cardId: kanbanAttachments.cardId,
      name: kanbanAttachments.name,
      mimeType: kanbanAttachments.mimeType,
      storedFileId: kanbanAttachments.storedFileId,
      legacyContent: kanbanAttachments.legacyContent,
    })
    .from(kanbanAttachments)
    .innerJoin(kanbanCards, eq(kanbanCards.id, kanbanAttachments.cardId))
    .where(and(eq(kanbanAttachments.id, attachmentId), eq(kanbanCards.workspaceId, workspaceId)));
  return row;
}

export async function deleteAttachment(db: Executor, attachmentId: string) {
  await db.delete(kanbanAttachments).where(eq(kanbanAttachments.id, attachmentId));
}

export async function cardsExist(db: Executor, workspaceId: string, cardIds: string[]) {
  if (cardIds.length === 0) return 0;
  const rows = await db
    .select({ id: kanbanCards.id })
    .from(kanbanCards)
    .where(and(eq(kanbanCards.workspaceId, workspaceId), inArray(kanbanCards.id, cardIds)));
  return rows.length;
}
