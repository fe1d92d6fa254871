import { z } from 'zod';
import {
  columnOrderResponseSchema,
  deletedCardSchema,
  deletedColumnSchema,
  kanbanBoardSchema,
  kanbanCardSchema,
  kanbanColumnSchema,
  kanbanCommentSchema,
  type KanbanCardInput,
  type KanbanCardPatch,
} from '@beacon/contract';
import { http, readBody } from '../../../lib/http.ts';
import { parseOrFail, sendRaw } from '../../../lib/raw-request.ts';

/** The kanban calls of the server (the spec's paths, and the same style for the rest). */
export const kanbanApi = {
  board: (signal?: AbortSignal) =>
    http.get('/api/kanban/board', { schema: kanbanBoardSchema, signal }),

  createColumn: (name: string) =>
    http.post('/api/kanban/columns/new', { json: { name }, schema: kanbanColumnSchema }),
  renameColumn: (columnId: string, name: string) =>
    http.post('/api/kanban/columns/update', {
      json: { columnId, column: { name } },
      schema: kanbanColumnSchema,
    }),
  deleteColumn: (columnId: string) =>
    http.post('/api/kanban/columns/delete', { json: { columnId }, schema: deletedColumnSchema }),
  clearColumn: (columnId: string) =>
    http.post('/api/kanban/columns/clear', { json: { columnId }, schema: kanbanColumnSchema }),
  /** `index`: the column's place among the other columns. */
  moveColumn: (columnId: string, index: number) =>
    http.post('/api/kanban/columns/move', {
      json: { columnId, index },
      schema: columnOrderResponseSchema,
    }),

  createCard: (columnId: string, card: KanbanCardInput) =>
    http.post('/api/kanban/cards/new', { json: { columnId, card }, schema: kanbanCardSchema }),
  updateCard: (cardId: string, card: KanbanCardPatch) =>
    http.post('/api/kanban/cards/update', { json: { cardId, card }, schema: kanbanCardSchema }),
  deleteCard: (cardId: string) =>
    http.post('/api/kanban/cards/delete', { json: { cardId }, schema: deletedCardSchema }),
  /** `index`: the card's place among the other cards of `columnId`. */
  moveCard: (cardId: string, columnId: string, index: number) =>
    http.post('/api/kanban/cards/move', {
      json: { cardId, columnId, index },
      schema: kanbanCardSchema,
    }),

  comments: (cardId: string) =>
    http.get('/api/kanban/cards/comments', {
      query: { cardId },
      schema: z.array(kanbanCommentSchema),
    }),
  addComment: (cardId: string, body: string) =>
    http.post('/api/kanban/cards/comments/new', {
      json: { cardId, body },
      schema: kanbanCommentSchema,
    }),

  /** The file is the body; its type travels in `x-file-type`. */
  uploadAttachment: async (cardId: string, file: File) => {
    const query = new URLSearchParams({ cardId, name: file.name });
    const response = await sendRaw(`/api/kanban/cards/attachments/new?${query}`, {
      method: 'POST',
      body: file,
      headers: {
        'Content-Type': 'application/octet-stream',
        'x-file-type': file.type || 'application/octet-stream',
      },
    });
    return parseOrFail(kanbanCardSchema, response.status, await readBody(response));
  },
  removeAttachment: (attachmentId: string) =>
    http.post('/api/kanban/cards/attachments/delete', {
      json: { attachmentId },
      schema: kanbanCardSchema,
    }),
  /** The file itself (the download needs the bearer header, so it cannot be a plain link). */
  downloadAttachment: async (attachmentId: string) => {
    const response = await sendRaw(`/api/kanban/attachments/${encodeURIComponent(attachmentId)}`);
    return response.blob();
  },
};
