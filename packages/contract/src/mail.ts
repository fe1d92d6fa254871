import { z } from './z.ts';
import { id } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { instantSchema } from './instant.ts';

// Mail (issue 12; docs/decisions/057-mail.md): the members' mailboxes (Beacon mailboxes fed by the
// inbound SMTP listener, connected mailboxes synced over IMAP), their messages, threads and labels.
// The spec's three calls keep their paths and query names (`GET /api/mail/labels`,
// `GET /api/mail/mails`, `GET /api/mail/mail?mailId=`); the others are designed in their style.

export const mailboxKinds = ['beacon', 'connected'] as const;
export const mailboxKindSchema = z.enum(mailboxKinds);
export type MailboxKind = z.infer<typeof mailboxKindSchema>;

/** How a connected mailbox reaches its IMAP and SMTP servers. */
export const mailSecurities = ['tls', 'starttls', 'none'] as const;
export const mailSecuritySchema = z.enum(mailSecurities);
export type MailSecurity = z.infer<typeof mailSecuritySchema>;

/** Where a message lives; one folder per message (labels come on top). */
export const mailFolders = [
  'inbox',
  'sent',
  'drafts',
  'scheduled',
  'archive',
  'spam',
  'trash',
] as const;
export const mailFolderSchema = z.enum(mailFolders);
export type MailFolder = z.infer<typeof mailFolderSchema>;

/**
 * The system labels, in the side navigation's order: `all` is every message but spam and trash;
 * the folders; `starred` and `important` are the flags. A custom label's id is its uuid.
 */
export const systemMailLabels = [
  'all',
  'inbox',
  'sent',
  'drafts',
  'scheduled',
  'starred',
  'important',
  'archive',
  'spam',
  'trash',
] as const;
export const systemMailLabelSchema = z.enum(systemMailLabels);
export type SystemMailLabel = z.infer<typeof systemMailLabelSchema>;

export const mailDirections = ['in', 'out'] as const;
export const mailDirectionSchema = z.enum(mailDirections);
export type MailDirection = z.infer<typeof mailDirectionSchema>;

/**
 * A message's state: `received` (inbound or synced), and for what a member writes: `draft`,
 * `scheduled` (waits for its time), `queued` (waits out the undo delay, then sends), `sending`,
 * `sent`, `failed` (the mail server refused it, or the server stopped while handing it over:
 * never sent twice) and `bounced` (a delivery status notification came back for it).
 */
export const mailStatuses = [
  'received',
  'draft',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'failed',
  'bounced',
] as const;
export const mailStatusSchema = z.enum(mailStatuses);
export type MailStatus = z.infer<typeof mailStatusSchema>;

/** An authentication check's result (mailauth's words). */
export const mailAuthResults = [
  'pass',
  'fail',
  'softfail',
  'neutral',
  'none',
  'temperror',
  'permerror',
  'policy',
] as const;
export const mailAuthResultSchema = z.enum(mailAuthResults);
export type MailAuthResult = z.infer<typeof mailAuthResultSchema>;

/** Colours a custom label may take (the theme's palette names the web maps to colours). */
export const mailLabelColors = [
  'default',
  'primary',
  'secondary',
  'info',
  'success',
  'warning',
  'error',
] as const;
export const mailLabelColorSchema = z.enum(mailLabelColors);
export type MailLabelColor = z.infer<typeof mailLabelColorSchema>;

/**
 * How a message answers another: a reply to its sender, a reply to everyone on it, or a forward.
 * Kept on what a member writes (a draft, a sent reply) so a draft reopens as the same reply.
 */
export const mailResponseModes = ['reply', 'replyAll', 'forward'] as const;
export const mailResponseModeSchema = z.enum(mailResponseModes);
export type MailResponseMode = z.infer<typeof mailResponseModeSchema>;

/** The undo window: a sent message waits this long in the queue; cancelling it makes it a draft. */
export const MAIL_UNDO_SECONDS = 10;
/** The most one page of the list holds. */
export const MAIL_PAGE_SIZE = 30;
export const MAIL_PAGE_MAX = 100;
/** Recipients of one message (to, cc and bcc together). */
export const MAIL_MAX_RECIPIENTS = 100;
export const MAIL_SUBJECT_MAX = 998;
/** A composed body's limit in characters (text and HTML each). */
export const MAIL_BODY_MAX_CHARS = 500_000;
export const MAIL_ATTACHMENTS_PER_MESSAGE = 20;
export const MAIL_LABEL_NAME_MAX = 60;
export const MAIL_SIGNATURE_MAX = 5000;
/** Inbound messages over this size are refused by the SMTP listener (and the `SIZE` extension). */
export const MAIL_INBOUND_MAX_BYTES = 30 * 1024 * 1024;

export const mailAddressSchema = z
  .object({ name: z.string(), address: z.string() })
  .meta({ id: 'MailAddress' });
export type MailAddress = z.infer<typeof mailAddressSchema>;

export const mailAttachmentSchema = z
  .object({
    /** The stored file's id (download: `GET /api/mail/attachments/:attachmentId`). */
    id: z.string(),
    name: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    /** An inline part (an image the HTML shows through `cid:`), not listed as an attachment. */
    inline: z.boolean(),
    contentId: z.string().nullable(),
  })
  .meta({ id: 'MailAttachment' });
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

/** The inbound checks' verdict, as mailauth gave it. */
export const mailAuthSchema = z
  .object({
    spf: mailAuthResultSchema,
    dkim: mailAuthResultSchema,
    dmarc: mailAuthResultSchema,
    arc: mailAuthResultSchema,
    /** DMARC failed: the From domain did not send this message (shown as a warning). */
    spoofed: z.boolean(),
    /** The authenticated From domain mailauth judged by. */
    domain: z.string().nullable(),
  })
  .meta({ id: 'MailAuth' });
export type MailAuth = z.infer<typeof mailAuthSchema>;

/** What the list shows of a message. */
export const mailSummarySchema = z
  .object({
    id: z.string(),
    mailboxId: z.string(),
    threadId: z.string(),
    folder: mailFolderSchema,
    /** System labels it is under (its folder, `starred`, `important`) and custom label ids. */
    labels: z.array(z.string()),
    from: mailAddressSchema,
    to: z.array(mailAddressSchema),
    subject: z.string(),
    snippet: z.string(),
    date: z.string(),
    isUnread: z.boolean(),
    isStarred: z.boolean(),
    isImportant: z.boolean(),
    hasAttachments: z.boolean(),
    direction: mailDirectionSchema,
    status: mailStatusSchema,
    /** When a scheduled or queued message goes out. */
    sendAt: z.string().nullable(),
    /** DMARC failed: possibly spoofed. */
    spoofed: z.boolean(),
    /** Messages in its thread. */
    threadCount: z.number().int(),
  })
  .meta({ id: 'MailSummary' });
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailLinkSchema = z
  .object({
    kind: z.enum(['person', 'company', 'deal']),
    id: z.string(),
    name: z.string(),
  })
  .meta({ id: 'MailLink' });
export type MailLink = z.infer<typeof mailLinkSchema>;

export const mailSchema = mailSummarySchema
  .extend({
    cc: z.array(mailAddressSchema),
    bcc: z.array(mailAddressSchema),
    replyTo: z.array(mailAddressSchema),
    /** The `Message-ID` header, without angle brackets. */
    messageId: z.string(),
    inReplyTo: z.string().nullable(),
    references: z.array(z.string()),
    text: z.string(),
    /**
     * Sanitised on the server: no script, no event handler, no form; remote images have their
     * address in `data-remote-src` (and no `src`) so the reader shows them only when allowed;
     * `cid:` images point at their attachment's download address.
     */
    html: z.string().nullable(),
    hasRemoteImages: z.boolean(),
    /**
     * The reader lets this sender's remote images load (`GET /api/mail/trusted-senders`): the web
     * then gives the images in `data-remote-src` their address back.
     */
    remoteImagesAllowed: z.boolean(),
    attachments: z.array(mailAttachmentSchema),
    auth: mailAuthSchema.nullable(),
    /** Why sending failed, or the bounce's diagnostic. */
    error: z.string().nullable(),
    /** The people, companies and open deals of the CRM the message is linked to. */
    links: z.array(mailLinkSchema),
    /**
     * What a member wrote it in answer to (a reply or forward, sent or kept as a draft): the
     * original mail and how. Null for anything else, and once the original is deleted.
     */
    respondsTo: z
      .object({ mailId: z.string(), mode: mailResponseModeSchema })
      .meta({ id: 'MailResponse' })
      .nullable(),
  })
  .meta({ id: 'Mail' });
export type Mail = z.infer<typeof mailSchema>;

export const mailLabelSchema = z
  .object({
    /** A system label's name (`inbox`) or a custom label's uuid. */
    id: z.string(),
    type: z.enum(['system', 'custom']),
    /** A custom label's name ('' for a system label: the web words it). */
    name: z.string(),
    color: mailLabelColorSchema,
    /** A custom label's mailbox (null for a system label: it spans the caller's mailboxes). */
    mailboxId: z.string().nullable(),
    /** Unread messages under it (drafts, scheduled and sent count all they hold). */
    unreadCount: z.number().int(),
    totalCount: z.number().int(),
  })
  .meta({ id: 'MailLabel' });
export type MailLabel = z.infer<typeof mailLabelSchema>;

export const mailboxSchema = z
  .object({
    id: z.string(),
    kind: mailboxKindSchema,
    address: z.string(),
    displayName: z.string(),
    ownerId: z.string().nullable(),
    /** Every member of the workspace reads it (and contributors send from it). */
    shared: z.boolean(),
    signature: z.string(),
    /** A connected mailbox's servers (never its password). Null for a Beacon mailbox. */
    connection: z
      .object({
        imapHost: z.string(),
        imapPort: z.number().int(),
        imapSecurity: mailSecuritySchema,
        smtpHost: z.string(),
        smtpPort: z.number().int(),
        smtpSecurity: mailSecuritySchema,
        username: z.string(),
        syncStatus: z.enum(['idle', 'syncing', 'paused', 'error']),
        syncError: z.string().nullable(),
        lastSyncedAt: z.string().nullable(),
      })
      .nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Mailbox' });
export type Mailbox = z.infer<typeof mailboxSchema>;

export const mailDomainSchema = z
  .object({
    id: z.string(),
    domain: z.string(),
    dkimSelector: z.string().nullable(),
    /** A DKIM key is set (the key itself is never answered). */
    hasDkimKey: z.boolean(),
    /** The DNS TXT record to publish at `<selector>._domainkey.<domain>`, when a key is set. */
    dkimRecord: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MailDomain' });
export type MailDomain = z.infer<typeof mailDomainSchema>;

// Answers.
export const mailLabelsSchema = z
  .object({ labels: z.array(mailLabelSchema) })
  .meta({ id: 'MailLabels' });
export const mailPageSchema = z
  .object({ mails: z.array(mailSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'MailPage' });
export type MailPage = z.infer<typeof mailPageSchema>;
export const mailAnswerSchema = z.object({ mail: mailSchema }).meta({ id: 'MailAnswer' });
export const mailThreadSchema = z
  .object({ threadId: z.string(), mails: z.array(mailSchema) })
  .meta({ id: 'MailThread' });
export const mailLabelAnswerSchema = z
  .object({ label: mailLabelSchema })
  .meta({ id: 'MailLabelAnswer' });
export const mailboxesSchema = z
  .object({ mailboxes: z.array(mailboxSchema) })
  .meta({ id: 'Mailboxes' });
export const mailboxAnswerSchema = z
  .object({ mailbox: mailboxSchema })
  .meta({ id: 'MailboxAnswer' });
export const mailDomainsSchema = z
  .object({ domains: z.array(mailDomainSchema) })
  .meta({ id: 'MailDomains' });
export const mailDomainAnswerSchema = z
  .object({ domain: mailDomainSchema })
  .meta({ id: 'MailDomainAnswer' });
/** A sender whose remote images the member lets load (their own reading preference). */
export const mailTrustedSenderSchema = z
  .object({ id: z.string(), address: z.string(), createdAt: z.string() })
  .meta({ id: 'MailTrustedSender' });
export type MailTrustedSender = z.infer<typeof mailTrustedSenderSchema>;
export const mailTrustedSendersSchema = z
  .object({ senders: z.array(mailTrustedSenderSchema) })
  .meta({ id: 'MailTrustedSenders' });
export const mailTrustedSenderAnswerSchema = z
  .object({ sender: mailTrustedSenderSchema })
  .meta({ id: 'MailTrustedSenderAnswer' });
export const mailTrustedSenderBodySchema = z
  .object({
    address: z
      .email({ message: 'Not an e-mail address' })
      .max(254)
      .transform((v) => v.toLowerCase()),
  })
  .meta({ id: 'MailTrustedSenderBody' });
export const mailTrustedSenderIdSchema = z
  .object({ senderId: id('trusted sender') })
  .meta({ id: 'MailTrustedSenderId' });
export const MAIL_TRUSTED_SENDERS_MAX = 5000;
export const mailRemoteImageQuerySchema = z.object({
  mailId: id('mail'),
  /** One of the addresses the mail's HTML holds back (`data-remote-src`). */
  url: z.string().max(4096),
});

export const mailChangedSchema = z
  .object({ mailIds: z.array(z.string()) })
  .meta({ id: 'MailChanged' });

// Queries and bodies.
const flagQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const mailsQuerySchema = z.object({
  /** A system label (`inbox`, `starred`…) or a custom label's id; `all` when absent. */
  label: z
    .string()
    .trim()
    .max(64)
    .refine(
      (v) => (systemMailLabels as readonly string[]).includes(v) || z.uuid().safeParse(v).success,
      'Not a label',
    )
    .optional(),
  /** Only this mailbox (else every mailbox the caller reads). */
  mailboxId: id('mailbox').optional(),
  /** Words to find in the subject, the sender and the text (every word, any case). */
  search: z.string().trim().max(200).optional(),
  unread: flagQuery,
  starred: flagQuery,
  hasAttachments: flagQuery,
  /** The sender's address or name contains this (any case). */
  from: z.string().trim().max(254).optional(),
  after: instantSchema.optional(),
  before: instantSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAIL_PAGE_MAX).default(MAIL_PAGE_SIZE),
});
export type MailsQuery = z.input<typeof mailsQuerySchema>;

export const mailIdQuerySchema = z.object({ mailId: id('mail') });
export const mailLabelsQuerySchema = z.object({ mailboxId: id('mailbox').optional() });
export const mailAttachmentParamsSchema = z.object({ attachmentId: id('attachment') });

const addressList = z
  .array(
    z
      .email({ message: 'Not an e-mail address' })
      .max(254)
      // No header can be smuggled in through an address.
      .refine((v) => !/[\r\n]/.test(v), 'Not an e-mail address'),
  )
  .max(MAIL_MAX_RECIPIENTS);

/** Subjects are one line: a line break (header injection) is refused. */
const subjectField = z
  .string()
  .max(MAIL_SUBJECT_MAX)
  .refine((v) => !/[\r\n]/.test(v), 'A subject is one line');

export const composeMailSchema = z
  .object({
    /** The mailbox to send from (one the caller may send from). */
    mailboxId: id('mailbox'),
    to: addressList.default([]),
    cc: addressList.default([]),
    bcc: addressList.default([]),
    subject: subjectField.default(''),
    /** The body as HTML (from the editor); sanitised before it is stored or sent. */
    html: z.string().max(MAIL_BODY_MAX_CHARS).default(''),
    /** The plain-text alternative; made from the HTML when empty. */
    text: z.string().max(MAIL_BODY_MAX_CHARS).default(''),
    /**
     * Stored files to attach: the caller's own finished uploads (/api/uploads) no record holds
     * yet, or attachments of messages they read; any other id answers 404. Together at most
     * INBOUND_SMTP_MAX_BYTES (413 beyond).
     */
    attachmentIds: z.array(id('attachment')).max(MAIL_ATTACHMENTS_PER_MESSAGE).default([]),
    /** A draft being sent or saved again (it becomes this message). */
    draftId: id('draft').optional(),
  })
  .meta({ id: 'ComposeMail' });
export type ComposeMail = z.input<typeof composeMailSchema>;

/**
 * A draft: what compose holds, and for a reply or a forward the mail it answers and how, so the
 * draft reopens as that reply (its thread, `In-Reply-To` and `References` when it is sent). A
 * reply's draft is kept in the original's mailbox.
 */
export const saveDraftSchema = composeMailSchema
  .extend({
    respondsTo: z
      .object({ mailId: id('mail'), mode: mailResponseModeSchema })
      .meta({ id: 'MailResponseTarget' })
      .optional(),
  })
  .meta({ id: 'SaveDraft' });
export type SaveDraft = z.input<typeof saveDraftSchema>;

export const sendMailSchema = composeMailSchema
  .extend({
    /** Send later: a time in the future (else it leaves after the undo delay). */
    sendAt: instantSchema.optional(),
  })
  .meta({ id: 'SendMail' });
export type SendMail = z.input<typeof sendMailSchema>;

export const replyMailSchema = composeMailSchema
  .omit({ mailboxId: true })
  .extend({
    /** The message answered or forwarded; its mailbox sends. */
    mailId: id('mail'),
    /** Reply to every recipient (reply only). */
    all: z.boolean().default(false),
    sendAt: instantSchema.optional(),
  })
  .meta({ id: 'ReplyMail' });
export type ReplyMail = z.input<typeof replyMailSchema>;

export const mailIdsSchema = z
  .object({ mailIds: z.array(id('mail')).min(1).max(MAIL_PAGE_MAX) })
  .meta({ id: 'MailIds' });
export const mailFlagSchema = mailIdsSchema.extend({ value: z.boolean() }).meta({ id: 'MailFlag' });
export const mailApplyLabelSchema = mailIdsSchema
  .extend({ labelId: id('label') })
  .meta({ id: 'MailApplyLabel' });
export const mailMoveSchema = mailIdsSchema
  .extend({ folder: mailFolderSchema.exclude(['drafts', 'scheduled', 'sent']) })
  .meta({ id: 'MailMove' });
export const mailIdSchema = z.object({ mailId: id('mail') }).meta({ id: 'MailId' });

export const newMailLabelSchema = z
  .object({
    mailboxId: id('mailbox'),
    name: z.string().trim().min(1).max(MAIL_LABEL_NAME_MAX),
    color: mailLabelColorSchema.default('default'),
  })
  .meta({ id: 'NewMailLabel' });
export const updateMailLabelSchema = z
  .object({
    labelId: id('label'),
    name: z.string().trim().min(1).max(MAIL_LABEL_NAME_MAX).optional(),
    color: mailLabelColorSchema.optional(),
  })
  .meta({ id: 'UpdateMailLabel' });
export const mailLabelIdSchema = z.object({ labelId: id('label') }).meta({ id: 'MailLabelId' });

const hostField = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$/, 'Not a host name');
const portField = z.number().int().min(1).max(65535);
const domainField = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(253)
  .regex(
    /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Not a domain name',
  );

export const newMailboxSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('beacon'),
      /** At one of the workspace's mail domains. */
      address: z.email({ message: 'Not an e-mail address' }).max(254),
      displayName: z.string().trim().max(120).default(''),
      shared: z.boolean().default(false),
      signature: z.string().max(MAIL_SIGNATURE_MAX).default(''),
      /** The member it belongs to (admins only may give it to another); the caller by default. */
      ownerId: id('member').optional(),
    }),
    z.object({
      kind: z.literal('connected'),
      address: z.email({ message: 'Not an e-mail address' }).max(254),
      displayName: z.string().trim().max(120).default(''),
      shared: z.boolean().default(false),
      signature: z.string().max(MAIL_SIGNATURE_MAX).default(''),
      ownerId: id('member').optional(),
      imapHost: hostField,
      imapPort: portField.default(993),
      imapSecurity: mailSecuritySchema.default('tls'),
      smtpHost: hostField,
      smtpPort: portField.default(465),
      smtpSecurity: mailSecuritySchema.default('tls'),
      username: z.string().min(1).max(254),
      /** Encrypted at rest; never answered, never logged. */
      password: z.string().min(1).max(1000),
      /** How far back the first sync reads. */
      syncSince: instantSchema.optional(),
    }),
  ])
  .meta({ id: 'NewMailbox' });
export type NewMailbox = z.input<typeof newMailboxSchema>;

export const updateMailboxSchema = z
  .object({
    mailboxId: id('mailbox'),
    displayName: z.string().trim().max(120).optional(),
    shared: z.boolean().optional(),
    signature: z.string().max(MAIL_SIGNATURE_MAX).optional(),
  })
  .meta({ id: 'UpdateMailbox' });
export const mailboxIdSchema = z.object({ mailboxId: id('mailbox') }).meta({ id: 'MailboxId' });

export const newMailDomainSchema = z
  .object({
    domain: domainField,
    dkimSelector: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Not a DKIM selector')
      .optional(),
    /** A PEM RSA or Ed25519 private key; checked, encrypted at rest, never answered. */
    dkimPrivateKey: z.string().max(10_000).optional(),
  })
  .meta({ id: 'NewMailDomain' });
export const updateMailDomainSchema = newMailDomainSchema
  .omit({ domain: true })
  .extend({ domainId: id('domain') })
  .meta({ id: 'UpdateMailDomain' });
export const mailDomainIdSchema = z.object({ domainId: id('domain') }).meta({ id: 'MailDomainId' });

/**
 * Realtime: sent only to the members who read the mailbox. `mail.received` when a message arrives
 * (inbound SMTP, a sync); `mail.changed` when messages change (flags, labels, folder, status).
 */
export const mailRealtimeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('mail.received'),
    data: z.object({ mailboxId: z.string(), mail: mailSummarySchema }),
  }),
  z.object({
    type: z.literal('mail.changed'),
    data: z.object({ mailboxId: z.string(), mailIds: z.array(z.string()) }),
  }),
  z.object({
    type: z.literal('mail.labels.changed'),
    data: z.object({ mailboxId: z.string() }),
  }),
  z.object({
    // To the member only: their trusted senders changed (another tab shows the images too).
    type: z.literal('mail.senders.changed'),
    data: z.object({ address: z.string(), trusted: z.boolean() }),
  }),
]);
export type MailRealtime = z.infer<typeof mailRealtimeSchema>;

/**
 * The mail calls (`apps/server/src/modules/mail/mail.routes.ts`). Reading is open to every member
 * for the mailboxes they read (their own and shared ones); sending, drafts, flags, labels and
 * moves are writes (viewers get 403); domains are the admin's.
 */
export const mailEndpoints = {
  labels: endpoint({
    method: 'GET',
    path: '/api/mail/labels',
    summary: 'The system and custom labels with their unread counts',
    query: mailLabelsQuerySchema,
    response: mailLabelsSchema,
  }),
  mails: endpoint({
    method: 'GET',
    path: '/api/mail/mails',
    summary: 'A page of mails under a label, newest first, with filters (keyset: cursor)',
    query: mailsQuerySchema,
    response: mailPageSchema,
  }),
  mail: endpoint({
    method: 'GET',
    path: '/api/mail/mail',
    summary: 'One mail with its body, attachments, verdict and CRM links',
    query: mailIdQuerySchema,
    response: mailAnswerSchema,
  }),
  thread: endpoint({
    method: 'GET',
    path: '/api/mail/thread',
    summary: 'Every mail of the thread of a mail, oldest first',
    query: mailIdQuerySchema,
    response: mailThreadSchema,
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/mail/send',
    summary: 'Send a new mail (after the undo delay, or at sendAt)',
    body: sendMailSchema,
    status: 201,
    response: mailAnswerSchema,
    errors: [413],
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/mail/reply',
    summary: 'Reply to a mail (or to all), in its thread',
    body: replyMailSchema,
    status: 201,
    response: mailAnswerSchema,
    errors: [413],
  }),
  forward: endpoint({
    method: 'POST',
    path: '/api/mail/forward',
    summary: 'Forward a mail with its attachments',
    body: replyMailSchema,
    status: 201,
    response: mailAnswerSchema,
    errors: [413],
  }),
  saveDraft: endpoint({
    method: 'POST',
    path: '/api/mail/drafts/save',
    summary:
      'Save a draft (new, or the one draftId names); a reply’s or forward’s keeps the mail it answers',
    body: saveDraftSchema,
    response: mailAnswerSchema,
    errors: [413],
  }),
  undoSend: endpoint({
    method: 'POST',
    path: '/api/mail/undo-send',
    summary: 'Cancel a queued or scheduled mail: it becomes a draft again',
    body: mailIdSchema,
    response: mailAnswerSchema,
    errors: [409],
  }),
  star: endpoint({
    method: 'POST',
    path: '/api/mail/star',
    summary: 'Star or unstar mails',
    body: mailFlagSchema,
    response: mailChangedSchema,
  }),
  important: endpoint({
    method: 'POST',
    path: '/api/mail/important',
    summary: 'Mark mails important or not',
    body: mailFlagSchema,
    response: mailChangedSchema,
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/mail/read',
    summary: 'Mark mails read (value true) or unread',
    body: mailFlagSchema,
    response: mailChangedSchema,
  }),
  applyLabel: endpoint({
    method: 'POST',
    path: '/api/mail/labels/apply',
    summary: 'Put a custom label on mails of its mailbox',
    body: mailApplyLabelSchema,
    response: mailChangedSchema,
  }),
  removeLabel: endpoint({
    method: 'POST',
    path: '/api/mail/labels/remove',
    summary: 'Take a custom label off mails',
    body: mailApplyLabelSchema,
    response: mailChangedSchema,
  }),
  move: endpoint({
    method: 'POST',
    path: '/api/mail/move',
    summary: 'Move mails to the inbox, the archive, spam or trash',
    body: mailMoveSchema,
    response: mailChangedSchema,
  }),
  archive: endpoint({
    method: 'POST',
    path: '/api/mail/archive',
    summary: 'Archive mails',
    body: mailIdsSchema,
    response: mailChangedSchema,
  }),
  trash: endpoint({
    method: 'POST',
    path: '/api/mail/trash',
    summary: 'Move mails to the trash',
    body: mailIdsSchema,
    response: mailChangedSchema,
  }),
  deleteForGood: endpoint({
    method: 'POST',
    path: '/api/mail/delete',
    summary: 'Delete mails for good (they must be in the trash or drafts)',
    body: mailIdsSchema,
    response: mailChangedSchema,
    errors: [409],
  }),
  newLabel: endpoint({
    method: 'POST',
    path: '/api/mail/labels/new',
    summary: 'Make a custom label in a mailbox',
    body: newMailLabelSchema,
    status: 201,
    response: mailLabelAnswerSchema,
    errors: [409],
  }),
  updateLabel: endpoint({
    method: 'POST',
    path: '/api/mail/labels/update',
    summary: 'Rename or recolour a custom label',
    body: updateMailLabelSchema,
    response: mailLabelAnswerSchema,
    errors: [409],
  }),
  deleteLabel: endpoint({
    method: 'POST',
    path: '/api/mail/labels/delete',
    summary: 'Delete a custom label (its mails stay)',
    body: mailLabelIdSchema,
    status: 204,
    response: null,
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/api/mail/attachments/:attachmentId',
    summary: 'Download an attachment of a mail the caller reads',
    params: mailAttachmentParamsSchema,
    response: null,
  }),
  trustedSenders: endpoint({
    method: 'GET',
    path: '/api/mail/trusted-senders',
    summary: 'The senders whose remote images the caller lets load',
    response: mailTrustedSendersSchema,
  }),
  trustSender: endpoint({
    method: 'POST',
    path: '/api/mail/trusted-senders/add',
    summary: 'Always show remote images from this sender (the caller’s own preference)',
    body: mailTrustedSenderBodySchema,
    status: 201,
    response: mailTrustedSenderAnswerSchema,
    errors: [409],
  }),
  distrustSender: endpoint({
    method: 'POST',
    path: '/api/mail/trusted-senders/remove',
    summary: 'Hold this sender’s remote images back again',
    body: mailTrustedSenderBodySchema,
    status: 204,
    response: null,
  }),
  deleteTrustedSender: endpoint({
    method: 'POST',
    path: '/api/mail/trusted-senders/delete',
    summary: 'Remove one of the caller’s trusted senders by its id (another member’s answers 404)',
    body: mailTrustedSenderIdSchema,
    status: 204,
    response: null,
  }),
  remoteImage: endpoint({
    method: 'GET',
    path: '/api/mail/remote-image',
    summary:
      'One of a mail’s remote images, fetched by the server (public addresses only, raster images, 5 MiB at most)',
    query: mailRemoteImageQuerySchema,
    response: null,
    errors: [413, 415],
  }),
  mailboxes: endpoint({
    method: 'GET',
    path: '/api/mail/mailboxes',
    summary: 'The mailboxes the caller reads (their own and the shared ones)',
    response: mailboxesSchema,
  }),
  newMailbox: endpoint({
    method: 'POST',
    path: '/api/mail/mailboxes/new',
    summary: 'Make a Beacon mailbox at a workspace domain, or connect one over IMAP and SMTP',
    body: newMailboxSchema,
    status: 201,
    response: mailboxAnswerSchema,
    errors: [409, 422],
  }),
  updateMailbox: endpoint({
    method: 'POST',
    path: '/api/mail/mailboxes/update',
    summary: 'Change a mailbox’s name, signature or sharing',
    body: updateMailboxSchema,
    response: mailboxAnswerSchema,
  }),
  deleteMailbox: endpoint({
    method: 'POST',
    path: '/api/mail/mailboxes/delete',
    summary: 'Delete a mailbox and its mails',
    body: mailboxIdSchema,
    status: 204,
    response: null,
  }),
  domains: endpoint({
    method: 'GET',
    path: '/api/mail/domains',
    summary: 'The mail domains of the workspace',
    response: mailDomainsSchema,
  }),
  newDomain: endpoint({
    method: 'POST',
    path: '/api/mail/domains/new',
    summary: 'Point a domain at Beacon (admins): mail to it is accepted',
    body: newMailDomainSchema,
    status: 201,
    response: mailDomainAnswerSchema,
    errors: [409],
  }),
  updateDomain: endpoint({
    method: 'POST',
    path: '/api/mail/domains/update',
    summary: 'Set or clear a domain’s DKIM selector and key (admins)',
    body: updateMailDomainSchema,
    response: mailDomainAnswerSchema,
  }),
  deleteDomain: endpoint({
    method: 'POST',
    path: '/api/mail/domains/delete',
    summary: 'Stop accepting mail for a domain (admins); its mailboxes must be deleted first',
    body: mailDomainIdSchema,
    status: 204,
    response: null,
    errors: [409],
  }),
};
