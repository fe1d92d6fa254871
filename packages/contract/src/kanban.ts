import { endpoint } from './endpoint.ts';
import { checkTakenFiles, takenFilesShape } from './uploads.ts';
import { instantSchema } from './instant.ts';
import { z } from './z.ts';

export const kanbanPrioritySchema = z.enum(['low', 'medium', 'high']);
export type KanbanPriority = z.infer<typeof kanbanPrioritySchema>;

export const checklistItemSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().trim().min(1, { message: 'Required' }).max(300),
  done: z.boolean(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const kanbanAttachmentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    url: z.string(),
    /**
     * Its thumbnail (WebP) for images and PDFs, made shortly after the upload (the address
     * answers 404 until then); null for other files.
     */
    previewUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'KanbanAttachment' });
export type KanbanAttachment = z.infer<typeof kanbanAttachmentSchema>;

/**
 * A card. `position` is a fractional key: cards of a column are ordered by (position, id), which
 * is how a client places a card that moved elsewhere.
 */
export const kanbanCardSchema = z
  .object({
    id: z.string(),
    columnId: z.string(),
    name: z.string(),
    description: z.string(),
    priority: kanbanPrioritySchema,
    dueAt: z.string().nullable(),
    labels: z.array(z.string()),
    assigneeIds: z.array(z.string()),
    checklist: z.array(checklistItemSchema),
    attachments: z.array(kanbanAttachmentSchema),
    commentCount: z.number().int(),
    position: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'KanbanCard' });
export type KanbanCard = z.infer<typeof kanbanCardSchema>;

export const kanbanColumnSchema = z
  .object({ id: z.string(), name: z.string(), position: z.string(), cardIds: z.array(z.string()) })
  .meta({ id: 'KanbanColumn' });
export type KanbanColumn = z.infer<typeof kanbanColumnSchema>;

/** GET /api/kanban/board: cards and columns keyed by id. */
export const kanbanBoardSchema = z
  .object({
    cards: z.record(z.string(), kanbanCardSchema),
    columns: z.record(z.string(), kanbanColumnSchema),
    columnOrder: z.array(z.string()),
  })
  .meta({ id: 'KanbanBoard' });
export type KanbanBoard = z.infer<typeof kanbanBoardSchema>;

const columnName = z.string().trim().min(1, { message: 'Required' }).max(100);
const id = (what: string) => z.uuid({ message: `Not a ${what} id` });

export const kanbanColumnInputSchema = z
  .object({ name: columnName })
  .meta({ id: 'KanbanColumnFields' });
export const newColumnRequestSchema = kanbanColumnInputSchema;
export const updateColumnRequestSchema = z
  .object({ columnId: id('column'), column: kanbanColumnInputSchema })
  .meta({ id: 'UpdateColumnRequest' });
export const columnIdRequestSchema = z
  .object({ columnId: id('column') })
  .meta({ id: 'ColumnIdRequest' });
export const moveColumnRequestSchema = z
  .object({ columnId: id('column'), index: z.number().int().min(0).max(10_000) })
  .meta({ id: 'MoveColumnRequest' });
export const columnOrderResponseSchema = z
  .object({ columnOrder: z.array(z.string()) })
  .meta({ id: 'ColumnOrder' });
export const deletedColumnSchema = z
  .object({ columnId: z.string(), cardIds: z.array(z.string()) })
  .meta({ id: 'DeletedColumn' });

const cardFields = {
  name: z.string().trim().min(1, { message: 'Required' }).max(200),
  description: z.string().max(20_000),
  priority: kanbanPrioritySchema,
  dueAt: instantSchema.nullable(),
  labels: z.array(z.string().trim().min(1).max(40)).max(20),
  assigneeIds: z.array(id('member')).max(50),
  checklist: z.array(checklistItemSchema).max(100),
};

export const kanbanCardInputSchema = z
  .object({
    name: cardFields.name,
    description: cardFields.description.default(''),
    priority: cardFields.priority.default('medium'),
    dueAt: cardFields.dueAt.default(null),
    labels: cardFields.labels.default([]),
    assigneeIds: cardFields.assigneeIds.default([]),
    checklist: cardFields.checklist.default([]),
  })
  .meta({ id: 'NewKanbanCard' });
export type KanbanCardInput = z.input<typeof kanbanCardInputSchema>;

export const kanbanCardPatchSchema = z.object(cardFields).partial().meta({ id: 'KanbanCardPatch' });
export type KanbanCardPatch = z.infer<typeof kanbanCardPatchSchema>;

export const newCardRequestSchema = z
  .object({ columnId: id('column'), card: kanbanCardInputSchema })
  .meta({ id: 'NewCardRequest' });
export const updateCardRequestSchema = z
  .object({ cardId: id('card'), card: kanbanCardPatchSchema })
  .meta({ id: 'UpdateCardRequest' });
export const cardIdRequestSchema = z.object({ cardId: id('card') }).meta({ id: 'CardIdRequest' });
/** Moves a card to `index` among the other cards of `columnId` (its own column or another). */
export const moveCardRequestSchema = z
  .object({
    cardId: id('card'),
    columnId: id('column'),
    index: z.number().int().min(0).max(100_000),
  })
  .meta({ id: 'MoveCardRequest' });
export const deletedCardSchema = z
  .object({ cardId: z.string(), columnId: z.string() })
  .meta({ id: 'DeletedCard' });

export const kanbanCommentSchema = z
  .object({
    id: z.string(),
    cardId: z.string(),
    authorId: z.string().nullable(),
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'KanbanComment' });
export type KanbanComment = z.infer<typeof kanbanCommentSchema>;

export const newCommentRequestSchema = z
  .object({ cardId: id('card'), body: z.string().trim().min(1, { message: 'Required' }).max(5000) })
  .meta({ id: 'NewCommentRequest' });
export const cardCommentsQuerySchema = z.object({ cardId: id('card') });
export const attachmentIdRequestSchema = z
  .object({ attachmentId: id('attachment') })
  .meta({ id: 'AttachmentIdRequest' });
/** Path and query schemas stay unnamed: the API document inlines parameters, it cannot refer to them. */
export const attachmentParamsSchema = z.object({ attachmentId: id('attachment') });
export const KANBAN_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** How many files one call attaches to a card. */
export const KANBAN_ATTACH_MAX_FILES = 20;
/**
 * Files for a card, from the shared file picker: finished uploads of the caller's and files of the
 * files manager (copied); any type, each up to KANBAN_ATTACHMENT_MAX_BYTES (413), none empty.
 */
export const attachKanbanFilesSchema = z
  .object({ cardId: id('card'), ...takenFilesShape(KANBAN_ATTACH_MAX_FILES) })
  .superRefine(checkTakenFiles(KANBAN_ATTACH_MAX_FILES))
  .meta({ id: 'AttachKanbanFiles' });
export type AttachKanbanFiles = z.input<typeof attachKanbanFilesSchema>;

const columnRef = z.object({ columnId: z.string() });

/**
 * The realtime messages of the board, as the server publishes them to the workspace
 * (apps/server/src/modules/kanban/kanban.service.ts). `kanban.board.changed` carries no data:
 * screens read the board again (`refetch`), as after a renumbering.
 */
export const kanbanRealtimeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('kanban.column.created'), data: kanbanColumnSchema }),
  z.object({
    type: z.literal('kanban.column.updated'),
    data: z.object({ id: z.string(), name: z.string() }),
  }),
  z.object({ type: z.literal('kanban.column.deleted'), data: columnRef }),
  z.object({ type: z.literal('kanban.column.cleared'), data: columnRef }),
  z.object({
    type: z.literal('kanban.column.moved'),
    data: z.object({ columnId: z.string(), position: z.string() }),
  }),
  z.object({ type: z.literal('kanban.board.changed'), data: z.null(), refetch: z.literal(true) }),
  z.object({ type: z.literal('kanban.card.created'), data: kanbanCardSchema }),
  z.object({ type: z.literal('kanban.card.updated'), data: kanbanCardSchema }),
  z.object({
    type: z.literal('kanban.card.deleted'),
    data: z.object({ cardId: z.string(), columnId: z.string() }),
  }),
  z.object({ type: z.literal('kanban.card.moved'), data: kanbanCardSchema }),
  z.object({ type: z.literal('kanban.comment.created'), data: kanbanCommentSchema }),
]);
export type KanbanRealtime = z.infer<typeof kanbanRealtimeSchema>;

/**
 * The board's API (`apps/server/src/modules/kanban/kanban.routes.ts`). An upload's body is the
 * file and a download answers one: their endpoints have no JSON body or answer, the server keeps
 * their own handling.
 */
export const kanbanEndpoints = {
  board: endpoint({
    method: 'GET',
    path: '/api/kanban/board',
    summary: "Your workspace's board: cards and columns keyed by id, and the column order",
    response: kanbanBoardSchema,
  }),
  createColumn: endpoint({
    method: 'POST',
    path: '/api/kanban/columns/new',
    summary: 'Add a column at the end',
    body: newColumnRequestSchema,
    status: 201,
    response: kanbanColumnSchema,
  }),
  renameColumn: endpoint({
    method: 'POST',
    path: '/api/kanban/columns/update',
    summary: 'Rename a column',
    body: updateColumnRequestSchema,
    response: kanbanColumnSchema,
  }),
  deleteColumn: endpoint({
    method: 'POST',
    path: '/api/kanban/columns/delete',
    summary: 'Delete a column and its cards',
    body: columnIdRequestSchema,
    response: deletedColumnSchema,
  }),
  clearColumn: endpoint({
    method: 'POST',
    path: '/api/kanban/columns/clear',
    summary: 'Delete every card of a column, keeping the column',
    body: columnIdRequestSchema,
    response: kanbanColumnSchema,
  }),
  moveColumn: endpoint({
    method: 'POST',
    path: '/api/kanban/columns/move',
    summary: 'Move a column to another place in the order',
    body: moveColumnRequestSchema,
    response: columnOrderResponseSchema,
  }),
  createCard: endpoint({
    method: 'POST',
    path: '/api/kanban/cards/new',
    summary: 'Add a card at the end of a column',
    body: newCardRequestSchema,
    status: 201,
    response: kanbanCardSchema,
  }),
  updateCard: endpoint({
    method: 'POST',
    path: '/api/kanban/cards/update',
    summary: 'Change a card (only the fields given)',
    body: updateCardRequestSchema,
    response: kanbanCardSchema,
  }),
  deleteCard: endpoint({
    method: 'POST',
    path: '/api/kanban/cards/delete',
    summary: 'Delete a card',
    body: cardIdRequestSchema,
    response: deletedCardSchema,
  }),
  moveCard: endpoint({
    method: 'POST',
    path: '/api/kanban/cards/move',
    summary: 'Move a card to a place in a column (its own or another)',
    body: moveCardRequestSchema,
    response: kanbanCardSchema,
  }),
  comments: endpoint({
    method: 'GET',
    path: '/api/kanban/cards/comments',
    summary: 'The comments of a card, oldest first',
    query: cardCommentsQuerySchema,
    response: z.array(kanbanCommentSchema),
  }),
  addComment: endpoint({
    method: 'POST',
    path: '/api/kanban/cards/comments/new',
    summary: 'Comment on a card',
    body: newCommentRequestSchema,
    status: 201,
    response: kanbanCommentSchema,
  }),
  attachFiles: endpoint({
    method: 'POST',
    path: '/api/kanban/cards/attachments/attach',
    summary:
      'Attach finished uploads (/api/uploads) and copies of files-manager files to a card, all or none',
    body: attachKanbanFilesSchema,
    status: 201,
    response: kanbanCardSchema,
    errors: [413, 415],
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/api/kanban/attachments/:attachmentId',
    summary: 'Download an attachment (as the type it was uploaded with)',
    params: attachmentParamsSchema,
    response: null,
  }),
  removeAttachment: endpoint({
    method: 'POST',
    path: '/api/kanban/cards/attachments/delete',
    summary: 'Remove an attachment from its card',
    body: attachmentIdRequestSchema,
    response: kanbanCardSchema,
  }),
};
