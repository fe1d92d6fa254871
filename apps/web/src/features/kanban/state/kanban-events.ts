import { z } from 'zod';
import type { UnknownAction } from '@reduxjs/toolkit';
import { kanbanCardSchema, kanbanColumnSchema, kanbanCommentSchema } from '@beacon/contract';
import type { RealtimeMessage } from '../../../lib/realtime.ts';
import {
  cardAdded,
  cardChanged,
  cardRemoved,
  columnAdded,
  columnCleared,
  columnMoved,
  columnRemoved,
  columnRenamed,
  commentAdded,
} from './board-reducer.ts';

/** The realtime types of the board: `kanban.*`. */
export const KANBAN_EVENT_TYPES = ['kanban.*'] as const;

const columnIdSchema = z.object({ columnId: z.string() });

/** Each event type: how its data is checked and which action applies it. */
const handlers: Record<string, (data: unknown) => UnknownAction | undefined> = {
  'kanban.column.created': (data) => {
    const column = kanbanColumnSchema.safeParse(data);
    return column.success ? columnAdded(column.data) : undefined;
  },
  'kanban.column.updated': (data) => {
    const column = z.object({ id: z.string(), name: z.string() }).safeParse(data);
    return column.success ? columnRenamed(column.data) : undefined;
  },
  'kanban.column.moved': (data) => {
    const moved = z.object({ columnId: z.string(), position: z.string() }).safeParse(data);
    return moved.success ? columnMoved(moved.data) : undefined;
  },
  'kanban.column.deleted': (data) => {
    const deleted = columnIdSchema.safeParse(data);
    return deleted.success ? columnRemoved(deleted.data) : undefined;
  },
  'kanban.column.cleared': (data) => {
    const cleared = columnIdSchema.safeParse(data);
    return cleared.success ? columnCleared(cleared.data) : undefined;
  },
  'kanban.card.created': (data) => {
    const card = kanbanCardSchema.safeParse(data);
    return card.success ? cardAdded(card.data) : undefined;
  },
  'kanban.card.updated': (data) => {
    const card = kanbanCardSchema.safeParse(data);
    return card.success ? cardChanged(card.data) : undefined;
  },
  'kanban.card.moved': (data) => {
    const card = kanbanCardSchema.safeParse(data);
    return card.success ? cardChanged(card.data) : undefined;
  },
  'kanban.card.deleted': (data) => {
    const deleted = z.object({ cardId: z.string(), columnId: z.string() }).safeParse(data);
    return deleted.success ? cardRemoved(deleted.data) : undefined;
  },
  'kanban.comment.created': (data) => {
    const comment = kanbanCommentSchema.safeParse(data);
    return comment.success ? commentAdded(comment.data) : undefined;
  },
};

/**
 * What a realtime message means for the board: an action to apply, `refetch` when the message
 * says so (or carries data this client cannot read), or nothing for a type it does not know.
 */
export function kanbanEventAction(message: RealtimeMessage): UnknownAction | 'refetch' | null {
  if (message.refetch) return 'refetch';
  const handler = handlers[message.type];
  if (!handler) return message.type === 'kanban.board.changed' ? 'refetch' : null;
  return handler(message.data) ?? 'refetch';
}
