import { z } from './z.ts';
import { id } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { checkTakenFiles, takenFilesShape } from './uploads.ts';

// Chat (issue 10; docs/decisions/048-chat.md): direct and group conversations between the members
// of a workspace. The spec's five calls keep their paths and query names (`conversationKey`,
// `conversationId`); the calls it does not show are designed in the same style.

export const chatContentTypes = ['text', 'image', 'file'] as const;
export const chatContentTypeSchema = z.enum(chatContentTypes);
export type ChatContentType = z.infer<typeof chatContentTypeSchema>;

export const chatConversationTypes = ['direct', 'group'] as const;
export const chatConversationTypeSchema = z.enum(chatConversationTypes);
export type ChatConversationType = z.infer<typeof chatConversationTypeSchema>;

export const chatPresences = ['online', 'away', 'offline'] as const;
export const chatPresenceSchema = z.enum(chatPresences);
export type ChatPresence = z.infer<typeof chatPresenceSchema>;

/** A message body's limit in characters; a longer one is refused with 413 (stored as sent). */
export const CHAT_BODY_MAX_CHARS = 4000;
/** An attachment's limit in bytes; a larger upload is refused with 413. */
export const CHAT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** How many attachments one message may carry. */
export const CHAT_ATTACHMENTS_PER_MESSAGE = 10;
/** How many members a group may start with (besides the caller). */
export const CHAT_GROUP_MAX_MEMBERS = 50;
export const CHAT_GROUP_NAME_MAX = 80;
/** The page of messages a conversation opens with, and the most one call returns. */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 100;
/** Image types an attachment is shown as a preview for, when its content is one of them. */
export const chatImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const chatAttachmentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Found from the content (an image's signature), not from what the upload said. */
    mimeType: z.string(),
    size: z.number().int(),
    /** An image the browser may preview (png, jpeg, gif, webp by its content). */
    isImage: z.boolean(),
    /**
     * Its thumbnail (WebP) for images and PDFs, made shortly after the upload (the address
     * answers 404 until then); null for other files.
     */
    previewUrl: z.string().nullable(),
  })
  .meta({ id: 'ChatAttachment' });
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    /** The message's place in its conversation: 1, 2, 3… with no gaps (catching up reads after it). */
    seq: z.number().int(),
    /** The text as sent (never HTML; the web shows it escaped). Empty once deleted. */
    body: z.string(),
    contentType: chatContentTypeSchema,
    attachments: z.array(chatAttachmentSchema),
    /** Members the message mentions (each was notified). */
    mentionIds: z.array(z.string()),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    deletedAt: z.string().nullable(),
    senderId: z.string().nullable(),
    /** The sender's own id for the message (their retries do not send it twice). */
    clientId: z.string().nullable(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatContactSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
    role: z.string(),
    status: chatPresenceSchema,
    /** When the member was last connected (null: never). */
    lastActivity: z.string().nullable(),
  })
  .meta({ id: 'ChatContact' });
export type ChatContact = z.infer<typeof chatContactSchema>;

/** A conversation's member: a contact, with how far they have read. */
export const chatParticipantSchema = chatContactSchema
  .extend({
    /** The newest message this participant has seen (read receipts). */
    lastReadSeq: z.number().int(),
  })
  .meta({ id: 'ChatParticipant' });
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

export const chatConversationSummarySchema = z
  .object({
    id: z.string(),
    type: chatConversationTypeSchema,
    /** A group's name; '' for a direct conversation (shown as the other member's name). */
    name: z.string(),
    participants: z.array(chatParticipantSchema),
    lastMessage: chatMessageSchema.nullable(),
    unreadCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ChatConversationSummary' });
export type ChatConversationSummary = z.infer<typeof chatConversationSummarySchema>;

export const chatConversationSchema = z
  .object({
    id: z.string(),
    type: chatConversationTypeSchema,
    name: z.string(),
    participants: z.array(chatParticipantSchema),
    /** The newest page, oldest first. */
    messages: z.array(chatMessageSchema),
    /** Older messages exist before the first one (`GET /api/chat/messages?before=`). */
    hasOlder: z.boolean(),
    unreadCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ChatConversation' });
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const chatContactsSchema = z
  .object({ contacts: z.array(chatContactSchema) })
  .meta({ id: 'ChatContacts' });
export const chatConversationsSchema = z
  .object({ conversations: z.array(chatConversationSummarySchema) })
  .meta({ id: 'ChatConversations' });
export const chatConversationAnswerSchema = z
  .object({ conversation: chatConversationSchema })
  .meta({ id: 'ChatConversationAnswer' });
export const chatParticipantsSchema = z
  .object({ participants: z.array(chatParticipantSchema) })
  .meta({ id: 'ChatParticipants' });
export const chatMessagePageSchema = z
  .object({
    messages: z.array(chatMessageSchema),
    /** More exist beyond this page in the direction asked. */
    hasMore: z.boolean(),
  })
  .meta({ id: 'ChatMessagePage' });
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;
export const chatMessageAnswerSchema = z
  .object({ message: chatMessageSchema })
  .meta({ id: 'ChatMessageAnswer' });
export const chatUnreadSchema = z.object({ unread: z.number().int() }).meta({ id: 'ChatUnread' });

export const conversationKeyQuerySchema = z.object({
  conversationKey: id('conversation'),
});
export const conversationIdQuerySchema = z.object({ conversationId: id('conversation') });

const seqField = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const chatMessagesQuerySchema = z.object({
  conversationId: id('conversation'),
  /** Messages before this seq, newest of them last (scrolling up). */
  before: seqField.optional(),
  /** Messages after this seq, oldest first (catching up after a break). */
  after: seqField.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
});

export const newChatConversationSchema = z
  .object({
    /** The other members: one for a direct conversation (found again if it exists), more for a group. */
    participantIds: z.array(id('member')).min(1).max(CHAT_GROUP_MAX_MEMBERS),
    /** Makes a group even with one other member. */
    group: z.boolean().default(false),
    name: z.string().trim().max(CHAT_GROUP_NAME_MAX).default(''),
  })
  .meta({ id: 'NewChatConversation' });
export type NewChatConversation = z.input<typeof newChatConversationSchema>;

export const newChatMessageSchema = z
  .object({
    conversationId: id('conversation'),
    /** Stored as sent; over CHAT_BODY_MAX_CHARS answers 413. */
    body: z.string(),
    attachmentIds: z.array(id('attachment')).max(CHAT_ATTACHMENTS_PER_MESSAGE).default([]),
    mentionIds: z
      .array(id('member'))
      .max(CHAT_GROUP_MAX_MEMBERS + 1)
      .default([]),
    /** The client's own id for the message, so a retry is not stored twice. */
    clientId: z.uuid({ message: 'Not a client message id' }).optional(),
  })
  .meta({ id: 'NewChatMessage' });
export type NewChatMessage = z.input<typeof newChatMessageSchema>;

export const updateChatMessageSchema = z
  .object({ messageId: id('message'), body: z.string() })
  .meta({ id: 'UpdateChatMessage' });
export const chatMessageIdSchema = z
  .object({ messageId: id('message') })
  .meta({ id: 'ChatMessageId' });
export const chatConversationIdSchema = z
  .object({ conversationId: id('conversation') })
  .meta({ id: 'ChatConversationId' });
/**
 * Files for the message the caller is writing, from the shared file picker: finished uploads of
 * the caller's and files of the files manager (copied), each up to CHAT_ATTACHMENT_MAX_BYTES
 * (413); an image must be one the browser previews (`chatImageTypes`, else 415), other files may
 * be of any type. They become attachments of the conversation that only the caller sees until a
 * message carries them.
 */
export const attachChatFilesSchema = z
  .object({
    conversationId: id('conversation'),
    ...takenFilesShape(CHAT_ATTACHMENTS_PER_MESSAGE),
  })
  .superRefine(checkTakenFiles(CHAT_ATTACHMENTS_PER_MESSAGE))
  .meta({ id: 'AttachChatFiles' });
export type AttachChatFiles = z.input<typeof attachChatFilesSchema>;
export const chatAttachmentsAnswerSchema = z
  .object({ attachments: z.array(chatAttachmentSchema) })
  .meta({ id: 'ChatAttachmentsAnswer' });
export const chatAttachmentParamsSchema = z.object({ attachmentId: id('attachment') });

/**
 * Realtime (sent only to the conversation's participants; presence to the whole workspace). A
 * message too large for NOTIFY arrives as `{ refetch: true }`: the client catches up by seq.
 */
export const chatRealtimeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('chat.message.created'),
    data: z.object({ conversationId: z.string(), message: chatMessageSchema }),
  }),
  z.object({
    type: z.literal('chat.message.updated'),
    data: z.object({ conversationId: z.string(), message: chatMessageSchema }),
  }),
  z.object({
    type: z.literal('chat.conversation.changed'),
    data: z.object({ conversationId: z.string() }),
  }),
  z.object({
    type: z.literal('chat.read'),
    data: z.object({ conversationId: z.string(), userId: z.string(), lastReadSeq: z.number() }),
  }),
  z.object({
    type: z.literal('chat.typing'),
    data: z.object({ conversationId: z.string(), userId: z.string() }),
  }),
  z.object({
    type: z.literal('chat.presence'),
    data: z.object({ userId: z.string(), status: chatPresenceSchema }),
  }),
]);
export type ChatRealtime = z.infer<typeof chatRealtimeSchema>;

/**
 * The chat's calls (`apps/server/src/modules/chat/chat.routes.ts`). Reading, marking seen and
 * typing are open to every member of the conversation; sending, editing, deleting, starting,
 * leaving and uploading are writes (viewers get 403).
 */
export const chatEndpoints = {
  contacts: endpoint({
    method: 'GET',
    path: '/api/chat/contacts',
    summary: "The workspace's members with their presence",
    response: chatContactsSchema,
  }),
  conversations: endpoint({
    method: 'GET',
    path: '/api/chat/conversations',
    summary: "The caller's conversations, latest first, with unread counts",
    response: chatConversationsSchema,
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/api/chat/conversation',
    summary: 'One of the caller’s conversations with its newest messages',
    query: conversationKeyQuerySchema,
    response: chatConversationAnswerSchema,
  }),
  markAsSeen: endpoint({
    method: 'GET',
    path: '/api/chat/conversation/mark-as-seen',
    summary: 'Mark a conversation read up to its newest message',
    query: conversationIdQuerySchema,
    status: 204,
    response: null,
  }),
  participants: endpoint({
    method: 'GET',
    path: '/api/chat/participants',
    summary: 'The members of a conversation, with what each has read',
    query: conversationKeyQuerySchema,
    response: chatParticipantsSchema,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/chat/unread',
    summary: 'How many messages the caller has not read, in all conversations',
    response: chatUnreadSchema,
  }),
  messages: endpoint({
    method: 'GET',
    path: '/api/chat/messages',
    summary: 'Older (before=seq) or newer (after=seq) messages of a conversation',
    query: chatMessagesQuerySchema,
    response: chatMessagePageSchema,
  }),
  newConversation: endpoint({
    method: 'POST',
    path: '/api/chat/conversation/new',
    summary: 'Start a direct conversation (or find the existing one) or a group',
    body: newChatConversationSchema,
    status: 201,
    response: chatConversationAnswerSchema,
  }),
  leave: endpoint({
    method: 'POST',
    path: '/api/chat/conversation/leave',
    summary: 'Leave a group conversation',
    body: chatConversationIdSchema,
    status: 204,
    response: null,
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/chat/messages/new',
    summary: 'Send a message to a conversation',
    body: newChatMessageSchema,
    status: 201,
    response: chatMessageAnswerSchema,
    errors: [413],
  }),
  edit: endpoint({
    method: 'POST',
    path: '/api/chat/messages/update',
    summary: 'Change the text of one’s own message',
    body: updateChatMessageSchema,
    response: chatMessageAnswerSchema,
    errors: [413],
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/chat/messages/delete',
    summary: 'Delete one’s own message (its place stays, empty)',
    body: chatMessageIdSchema,
    response: chatMessageAnswerSchema,
  }),
  typing: endpoint({
    method: 'POST',
    path: '/api/chat/typing',
    summary: 'Tell the other participants the caller is typing',
    body: chatConversationIdSchema,
    status: 204,
    response: null,
  }),
  attachFiles: endpoint({
    method: 'POST',
    path: '/api/chat/attachments/attach',
    summary:
      'Prepare attachments of a message from finished uploads (/api/uploads) and copies of files-manager files, all or none',
    body: attachChatFilesSchema,
    status: 201,
    response: chatAttachmentsAnswerSchema,
    errors: [413, 415],
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/api/chat/attachments/:attachmentId',
    summary: 'Download an attachment of a conversation the caller is in',
    params: chatAttachmentParamsSchema,
    response: null,
  }),
};
