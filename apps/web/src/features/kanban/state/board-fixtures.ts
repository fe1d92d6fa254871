import type { KanbanBoard, KanbanCard, KanbanColumn, KanbanComment } from '@beacon/contract';

/*
 * The board the kanban tests start from (the reducer's and the API's): one fixture, so both
 * describe the same cards and columns.
 */

export const T0 = '2026-05-01T10:00:00.000Z';
export const T1 = '2026-05-01T10:05:00.000Z';

/** A card as the API answers it, empty but for what `extra` gives. */
export function card(
  id: string,
  columnId: string,
  position: string,
  extra: Partial<KanbanCard> = {},
) {
  return {
    id,
    columnId,
    name: `Card ${id}`,
    description: '',
    priority: 'medium',
    dueAt: null,
    labels: [],
    assigneeIds: [],
    checklist: [],
    attachments: [],
    commentCount: 0,
    position,
    createdBy: null,
    createdAt: T0,
    updatedAt: T0,
    ...extra,
  } satisfies KanbanCard;
}

export function column(id: string, position: string, cardIds: string[] = []): KanbanColumn {
  return { id, name: `Column ${id}`, position, cardIds };
}

/** Two columns: todo (a, b, c) and done (d). */
export function sampleBoard(): KanbanBoard {
  return {
    cards: {
      a: card('a', 'todo', 'V'),
      b: card('b', 'todo', 'k'),
      c: card('c', 'todo', 't'),
      d: card('d', 'done', 'V'),
    },
    columns: {
      todo: column('todo', 'V', ['a', 'b', 'c']),
      done: column('done', 'k', ['d']),
    },
    columnOrder: ['todo', 'done'],
  };
}

/** A comment on a card (`a` unless told). */
export const comment = (id: string, cardId = 'a'): KanbanComment => ({
  id,
  cardId,
  authorId: null,
  body: `Comment ${id}`,
  createdAt: T1,
});
