import { z } from './z.ts';
import { id } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { mailboxAnswerSchema, mailFolderSchema, mailSecuritySchema } from './mail.ts';

// Connected mailboxes' sync (issue 12; docs/decisions/058-connected-mailboxes-imap.md). A
// connected mailbox is made with the mail API's `POST /api/mail/mailboxes/new` (kind
// `connected`), which logs in over IMAP and SMTP before it keeps anything; these calls, in the
// mail API's style, show and steer its sync and change its connection.

export const imapSyncStatuses = ['idle', 'syncing', 'paused', 'error'] as const;

/** One IMAP folder as the sync knows it. */
export const imapFolderStatusSchema = z
  .object({
    path: z.string(),
    /** Where its messages show in Beacon: a folder, or `custom` (a label named after it). */
    folder: z.union([mailFolderSchema, z.literal('custom')]),
    /** Its messages stored in Beacon. */
    messages: z.number().int(),
    /** The first sync of the chosen period is complete for it. */
    initialDone: z.boolean(),
  })
  .meta({ id: 'ImapFolderStatus' });

export const mailboxSyncSchema = z
  .object({
    mailboxId: z.string(),
    status: z.enum(imapSyncStatuses),
    /** Why the last run failed, in words a member can act on (never the server's own text). */
    error: z.string().nullable(),
    lastSyncedAt: z.string().nullable(),
    /** How far back the first sync reads (null: everything). */
    syncSince: z.string().nullable(),
    /** Messages of the mailbox in Beacon. */
    messages: z.number().int(),
    folders: z.array(imapFolderStatusSchema),
  })
  .meta({ id: 'MailboxSync' });
export type MailboxSync = z.infer<typeof mailboxSyncSchema>;

export const mailboxSyncAnswerSchema = z
  .object({ sync: mailboxSyncSchema })
  .meta({ id: 'MailboxSyncAnswer' });

/** A query string is documented inline (the API document cannot point its parameters at a schema). */
export const mailboxSyncQuerySchema = z.object({ mailboxId: id('mailbox') });

const hostField = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$/, 'Not a host name');
const portField = z.number().int().min(1).max(65535);

/** New connection settings (a changed password, another server): checked by logging in. */
export const mailboxConnectionSchema = z
  .object({
    mailboxId: id('mailbox'),
    imapHost: hostField.optional(),
    imapPort: portField.optional(),
    imapSecurity: mailSecuritySchema.optional(),
    smtpHost: hostField.optional(),
    smtpPort: portField.optional(),
    smtpSecurity: mailSecuritySchema.optional(),
    username: z.string().min(1).max(254).optional(),
    /** Encrypted at rest; never answered, never logged. Required after a disconnect. */
    password: z.string().min(1).max(1000).optional(),
  })
  .meta({ id: 'MailboxConnection' });
export type MailboxConnection = z.input<typeof mailboxConnectionSchema>;

const mailboxIdBody = z.object({ mailboxId: id('mailbox') }).meta({ id: 'MailboxSyncTarget' });

/**
 * Reading the sync is open to every member who reads the mailbox; steering it is the owner's
 * (or an admin's), never a viewer's.
 */
export const mailImapEndpoints = {
  sync: endpoint({
    method: 'GET',
    path: '/api/mail/mailboxes/sync',
    summary: 'A connected mailbox’s sync: status, last error, folders and counts',
    query: mailboxSyncQuerySchema,
    response: mailboxSyncAnswerSchema,
  }),
  syncNow: endpoint({
    method: 'POST',
    path: '/api/mail/mailboxes/sync-now',
    summary: 'Ask for a sync pass of a connected mailbox now',
    body: mailboxIdBody,
    status: 202,
    response: mailboxSyncAnswerSchema,
  }),
  pause: endpoint({
    method: 'POST',
    path: '/api/mail/mailboxes/pause',
    summary: 'Pause a connected mailbox’s sync (its mail stays)',
    body: mailboxIdBody,
    response: mailboxSyncAnswerSchema,
  }),
  resume: endpoint({
    method: 'POST',
    path: '/api/mail/mailboxes/resume',
    summary: 'Resume a paused connected mailbox’s sync',
    body: mailboxIdBody,
    response: mailboxSyncAnswerSchema,
    errors: [409],
  }),
  connection: endpoint({
    method: 'POST',
    path: '/api/mail/mailboxes/connection',
    summary: 'Change a connected mailbox’s servers or password (checked by logging in); resumes it',
    body: mailboxConnectionSchema,
    response: mailboxAnswerSchema,
  }),
  disconnect: endpoint({
    method: 'POST',
    path: '/api/mail/mailboxes/disconnect',
    summary:
      'Disconnect a connected mailbox: its password is erased and the sync stops; its mail stays',
    body: mailboxIdBody,
    response: mailboxAnswerSchema,
  }),
};
