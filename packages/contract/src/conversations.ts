import { z } from './z.ts';
import { id } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { mailAddressSchema, mailDirectionSchema } from './mail.ts';
import { personStageSchema } from './people.ts';
import { recordParamsSchema, recordQuerySchema, type FilterFieldKind } from './records.ts';

// The CRM's e-mails and conversations (issue 12; docs/decisions/061-conversations.md).
// Conversations: every reply from a person of the CRM, sorted by rules into categories a seller
// works through. E-mails: the workspace's e-mail activity with people, with its tracking.

export const conversationCategories = [
  'interested',
  'not_now',
  'out_of_office',
  'unsubscribe',
  'bounce',
  'other',
] as const;
export const conversationCategorySchema = z.enum(conversationCategories);
export type ConversationCategory = z.infer<typeof conversationCategorySchema>;

export const conversationStatuses = ['open', 'done'] as const;
export const conversationStatusSchema = z.enum(conversationStatuses);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

/** Who put a conversation in its category: the rules, or a member who re-sorted it. */
export const conversationSortedBy = ['rules', 'member'] as const;

export const CONVERSATION_PAGE_SIZE = 30;

export const conversationSchema = z
  .object({
    id: z.string(),
    /** The reply (a message of the mail API: `GET /api/mail/mail?mailId=`). */
    mailId: z.string(),
    mailboxId: z.string(),
    threadId: z.string(),
    /** The mailbox's owner: the member the reply is for. */
    memberId: z.string().nullable(),
    category: conversationCategorySchema,
    sortedBy: z.enum(conversationSortedBy),
    /** The rule that sorted it (`interested_words`, `rfc3834_auto_replied`…). */
    rule: z.string(),
    status: conversationStatusSchema,
    /** Out of office: the day the person said they are back (YYYY-MM-DD). */
    returnDate: z.string().nullable(),
    personId: z.string(),
    /** The person's name and facts; '' (and null) when the caller does not see the person. */
    personName: z.string(),
    personEmail: z.string(),
    personStage: personStageSchema.nullable(),
    companyName: z.string(),
    from: mailAddressSchema,
    subject: z.string(),
    snippet: z.string(),
    /** When the reply arrived. */
    date: z.string(),
    doneAt: z.string().nullable(),
    doneBy: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = z
  .object({ items: z.array(conversationSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ConversationPage' });
export type ConversationPage = z.infer<typeof conversationPageSchema>;

const conversationFilters = {
  /** `open` (the default), `done`, or `all`. */
  status: z.enum(['open', 'done', 'all']).default('open'),
  /** Replies to this member's mailboxes. */
  memberId: id('member').optional(),
  mailboxId: id('mailbox').optional(),
};

export const conversationsQuerySchema = z.object({
  ...conversationFilters,
  category: conversationCategorySchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSATION_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});
export type ConversationsQuery = z.input<typeof conversationsQuerySchema>;

export const conversationCountsQuerySchema = z.object(conversationFilters);
export type ConversationCountsQuery = z.input<typeof conversationCountsQuerySchema>;

export const conversationCountsSchema = z
  .object({
    counts: z.object(
      Object.fromEntries(conversationCategories.map((c) => [c, z.number().int()])) as Record<
        ConversationCategory,
        z.ZodNumber
      >,
    ),
    total: z.number().int(),
  })
  .meta({ id: 'ConversationCounts' });
export type ConversationCounts = z.infer<typeof conversationCountsSchema>;

/** Re-sort (a member's category wins over the rules'), mark done or open again. */
export const conversationPatchSchema = z
  .object({
    category: conversationCategorySchema.optional(),
    status: conversationStatusSchema.optional(),
  })
  .refine((p) => p.category !== undefined || p.status !== undefined, {
    message: 'Give a category or a status',
    path: ['category'],
  })
  .meta({ id: 'ConversationPatch' });
export type ConversationPatch = z.infer<typeof conversationPatchSchema>;

export const conversationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/conversations',
    summary:
      'Replies from people of the CRM to the mailboxes you read, newest first (keyset pages)',
    query: conversationsQuerySchema,
    response: conversationPageSchema,
  }),
  counts: endpoint({
    method: 'GET',
    path: '/api/conversations/counts',
    summary: 'How many conversations each category holds (with the same filters as the list)',
    query: conversationCountsQuerySchema,
    response: conversationCountsSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/conversations/:id',
    summary: 'One conversation',
    params: recordParamsSchema,
    response: conversationSchema,
  }),
  patch: endpoint({
    method: 'PATCH',
    path: '/api/conversations/:id',
    summary: 'Re-sort a conversation, or mark it done (or open again)',
    params: recordParamsSchema,
    body: conversationPatchSchema,
    response: conversationSchema,
  }),
};

export const conversationsRealtimeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('conversations.changed'),
    data: z.object({
      /** New or changed conversations. */
      ids: z.array(z.string()),
      created: z.boolean(),
    }),
  }),
]);
export type ConversationsRealtime = z.infer<typeof conversationsRealtimeSchema>;

// ---- E-mails: the workspace's e-mail activity with people ---------------------------------------

/**
 * An e-mail's state as the e-mails page shows it: `received` (from a person), and for what the
 * team sent: `queued`, `scheduled`, `sending`, `sent`, `replied` (a person answered in its
 * thread), `bounced`, `failed`.
 */
export const emailStatuses = [
  'received',
  'queued',
  'scheduled',
  'sending',
  'sent',
  'replied',
  'bounced',
  'failed',
] as const;
export const emailStatusSchema = z.enum(emailStatuses);
export type EmailStatus = z.infer<typeof emailStatusSchema>;

export const emailActivitySchema = z
  .object({
    /** The message's id (the mail API's `mailId`). */
    id: z.string(),
    mailboxId: z.string(),
    threadId: z.string(),
    direction: mailDirectionSchema,
    status: emailStatusSchema,
    subject: z.string(),
    snippet: z.string(),
    from: mailAddressSchema,
    to: z.array(mailAddressSchema),
    date: z.string(),
    /** The first person of the CRM the message is linked to; null when none is visible. */
    personId: z.string().nullable(),
    personName: z.string(),
    companyId: z.string().nullable(),
    companyName: z.string(),
    /** The mailbox's owner. */
    memberId: z.string().nullable(),
    /** Tracked when it was sent: opens (estimates: image proxies open for the reader) and clicks. */
    tracked: z.boolean(),
    opens: z.number().int(),
    clicks: z.number().int(),
  })
  .meta({ id: 'EmailActivity' });
export type EmailActivity = z.infer<typeof emailActivitySchema>;

export const emailActivityPageSchema = z
  .object({ items: z.array(emailActivitySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'EmailActivityPage' });
export type EmailActivityPage = z.infer<typeof emailActivityPageSchema>;

/** The fields the e-mails list filters by (`filters` is the records' JSON list of conditions). */
export const emailFilterFields = [
  'direction',
  'status',
  'subject',
  'personId',
  'companyId',
  'memberId',
  'mailboxId',
  'date',
] as const;
export const emailFieldKinds: Record<(typeof emailFilterFields)[number], FilterFieldKind> = {
  direction: 'enum',
  status: 'enum',
  subject: 'text',
  personId: 'ref',
  companyId: 'ref',
  memberId: 'ref',
  mailboxId: 'ref',
  date: 'date',
};
export const emailSorts = ['date', '-date', 'subject', '-subject'] as const;

export const emailsQuerySchema = recordQuerySchema;
export type EmailsQuery = z.input<typeof emailsQuerySchema>;

export const emailTrackingEventSchema = z
  .object({
    kind: z.enum(['open', 'click']),
    /** A click's link. */
    url: z.string().nullable(),
    at: z.string(),
    /** An image proxy (Gmail, Apple Mail Privacy Protection…) rather than the reader. */
    proxy: z.boolean(),
  })
  .meta({ id: 'EmailTrackingEvent' });
export type EmailTrackingEvent = z.infer<typeof emailTrackingEventSchema>;

export const emailDetailSchema = z
  .object({
    email: emailActivitySchema,
    tracking: z.object({
      tracked: z.boolean(),
      /** Opens are estimates: proxies fetch the image for the reader, blockers never do. */
      opens: z.object({
        count: z.number().int(),
        firstAt: z.string().nullable(),
        lastAt: z.string().nullable(),
      }),
      links: z.array(
        z.object({ url: z.string(), clicks: z.number().int(), lastAt: z.string().nullable() }),
      ),
      /** The latest events, newest first (at most 50). */
      events: z.array(emailTrackingEventSchema),
    }),
  })
  .meta({ id: 'EmailDetail' });
export type EmailDetail = z.infer<typeof emailDetailSchema>;

export const emailsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/emails',
    summary:
      "The workspace's e-mail activity with people, in the mailboxes you read (filters, keyset pages)",
    query: emailsQuerySchema,
    response: emailActivityPageSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/emails/:id',
    summary: 'One e-mail of the activity, with its opens and clicks',
    params: recordParamsSchema,
    response: emailDetailSchema,
  }),
};

// ---- Open and click tracking: public addresses in sent mail -------------------------------------

/** A tracking token: sealed (opaque, signed), it names a message and a link and nothing else. */
export const trackingParamsSchema = z.object({ token: z.string().min(1).max(600) });

export const trackingEndpoints = {
  open: endpoint({
    method: 'GET',
    path: '/t/o/:token',
    summary: "A tracked message's pixel: counts an open (an estimate) and answers a 1×1 GIF",
    params: trackingParamsSchema,
    response: null,
  }),
  click: endpoint({
    method: 'GET',
    path: '/t/c/:token',
    summary: "A tracked message's link: counts a click and redirects to the link's own address",
    params: trackingParamsSchema,
    response: null,
  }),
};
