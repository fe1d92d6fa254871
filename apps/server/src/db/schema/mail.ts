import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  mailboxKinds,
  mailDirections,
  mailFolders,
  mailLabelColors,
  mailResponseModes,
  mailSecurities,
  mailStatuses,
  type MailAddress,
  type MailAttachment,
  type MailAuth,
} from '@beacon/contract';
import { companies, people } from './crm.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

// Mail (issue 12; docs/decisions/057-mail.md): mail domains, mailboxes (Beacon and connected),
// threads, messages, custom labels, CRM links and bounces. Every list the mail app shows is one
// index range: (mailbox, folder, date, id) for a folder, (label, date, id) for a custom label,
// read backwards for newest first (ascending keys: a `desc nulls last` index would not serve the
// lists' `order by date desc, id desc`, whose nulls come first).

export const mailboxKind = pgEnum('mailbox_kind', mailboxKinds);
export const mailSecurity = pgEnum('mail_security', mailSecurities);
export const mailFolder = pgEnum('mail_folder', mailFolders);
export const mailResponseMode = pgEnum('mail_response_mode', mailResponseModes);
export const mailDirection = pgEnum('mail_direction', mailDirections);
export const mailStatus = pgEnum('mail_status', mailStatuses);
export const mailLabelColor = pgEnum('mail_label_color', mailLabelColors);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A domain the admin points at Beacon: inbound SMTP accepts recipients only at these domains
 * (each domain belongs to one workspace on the server). The DKIM key signs what Beacon mailboxes
 * of the domain send; it is kept encrypted (`dkimKeySealed`, lib/crypto-box.ts) when the server
 * has a key, else as given (docs/decisions/057-mail.md).
 */
export const mailDomains = pgTable(
  'mail_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-cased, without a trailing dot. */
    domain: text('domain').notNull(),
    dkimSelector: text('dkim_selector'),
    dkimPrivateKey: text('dkim_private_key'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('mail_domains_domain_key').on(t.domain),
    index('mail_domains_workspace_idx').on(t.workspaceId),
  ],
);

/**
 * A member's mailbox. `beacon`: an address at one of the workspace's mail domains, fed by the
 * inbound SMTP listener and sending through SMTP_URL. `connected`: the member's own address,
 * synced over IMAP and sending through its SMTP (the connection columns; the password sealed).
 */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: mailboxKind('kind').notNull(),
    /** Lower-cased. */
    address: text('address').notNull(),
    displayName: text('display_name').notNull().default(''),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    shared: boolean('shared').notNull().default(false),
    signature: text('signature').notNull().default(''),
    /** A Beacon mailbox's domain. */
    domainId: uuid('domain_id').references(() => mailDomains.id, { onDelete: 'restrict' }),
    // Connected mailboxes (synced by modules/mail-imap; docs/decisions/058).
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecurity: mailSecurity('imap_security'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecurity: mailSecurity('smtp_security'),
    username: text('username'),
    /** The password, sealed with the server's key; never answered, never logged. */
    passwordSealed: text('password_sealed'),
    /** How far back the first sync reads. */
    syncSince: timestamp('sync_since', { withTimezone: true }),
    syncStatus: text('sync_status', { enum: ['idle', 'syncing', 'paused', 'error'] })
      .notNull()
      .default('idle'),
    syncError: text('sync_error'),
    /** Per folder: UIDVALIDITY, the next UID, the highest MODSEQ seen (the sync's own shape). */
    syncState: jsonb('sync_state').$type<Record<string, unknown>>().notNull().default({}),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    // A Beacon address routes inbound mail: one mailbox for it on the whole server.
    uniqueIndex('mailboxes_beacon_address_key')
      .on(t.address)
      .where(sql`kind = 'beacon'`),
    uniqueIndex('mailboxes_workspace_address_key').on(t.workspaceId, t.address),
    index('mailboxes_owner_idx').on(t.workspaceId, t.ownerId),
    index('mailboxes_domain_idx').on(t.domainId),
  ],
);

/** A conversation: messages joined by Message-ID, In-Reply-To and References within a mailbox. */
export const mailThreads = pgTable(
  'mail_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    /** The subject without Re:/Fwd: prefixes, lower-cased: the fallback that joins a reply. */
    subjectKey: text('subject_key').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_threads_subject_idx').on(t.mailboxId, t.subjectKey, t.lastMessageAt),
    index('mail_threads_workspace_idx').on(t.workspaceId),
  ],
);

/** One message in one mailbox. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => mailThreads.id, { onDelete: 'cascade' }),
    folder: mailFolder('folder').notNull(),
    direction: mailDirection('direction').notNull(),
    status: mailStatus('status').notNull(),
    /** The Message-ID header without angle brackets (made from the content when missing). */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: text('references')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fromAddress: text('from_address').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    to: jsonb('to').$type<MailAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<MailAddress[]>().notNull().default([]),
    bcc: jsonb('bcc').$type<MailAddress[]>().notNull().default([]),
    replyTo: jsonb('reply_to').$type<MailAddress[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    /** Sanitised HTML (modules/mail/mail.html.ts). */
    html: text('html'),
    hasRemoteImages: boolean('has_remote_images').notNull().default(false),
    snippet: text('snippet').notNull().default(''),
    /** The list's order: when it arrived (inbound), was sent or last saved (drafts). */
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    seen: boolean('seen').notNull().default(false),
    starred: boolean('starred').notNull().default(false),
    important: boolean('important').notNull().default(false),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    auth: jsonb('auth').$type<MailAuth>(),
    spoofed: boolean('spoofed').notNull().default(false),
    /** The raw message in the files storage (owner kind `mail_raw`). */
    rawFileId: uuid('raw_file_id'),
    size: integer('size').notNull().default(0),
    /** Scheduled and queued mail: when it leaves. */
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** The job that sends it: only that job may (a stale or repeated one does nothing). */
    sendJobId: uuid('send_job_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What a member wrote it in answer to (a reply or forward, sent or a draft): so a draft
     * reopens as the same reply (docs/decisions/064-mail-gaps.md). Cleared when the original
     * goes. Deferrable (migration 0027), so a restore may load the rows in any order.
     */
    respondsToId: uuid('responds_to_id').references((): AnyPgColumn => mailMessages.id, {
      onDelete: 'set null',
    }),
    respondsMode: mailResponseMode('responds_mode'),
    /** A connected mailbox's copy on the server: folder path, UIDVALIDITY and UID. */
    imapFolder: text('imap_folder'),
    imapUidValidity: bigint('imap_uid_validity', { mode: 'number' }),
    imapUid: bigint('imap_uid', { mode: 'number' }),
    /** Words of the subject, the sender and the text, for the search (`simple`: any language). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, left(subject || ' ' || from_name || ' ' || from_address || ' ' || text, 100000))`,
    ),
    ...stamps,
  },
  (t) => [
    // The list of a folder (and of `all` over a mailbox's folders), newest first.
    index('mail_messages_folder_idx').on(t.mailboxId, t.folder, t.date, t.id),
    // `all`: inbox, sent and archive together, newest first.
    index('mail_messages_all_idx')
      .on(t.mailboxId, t.date, t.id)
      .where(sql`folder in ('inbox', 'sent', 'archive')`),
    index('mail_messages_starred_idx')
      .on(t.mailboxId, t.date, t.id)
      .where(sql`starred`),
    index('mail_messages_important_idx')
      .on(t.mailboxId, t.date, t.id)
      .where(sql`important`),
    // A folder's unread mail, newest first: one range however little of it is unread.
    index('mail_messages_unread_idx')
      .on(t.mailboxId, t.folder, t.date, t.id)
      .where(sql`not seen`),
    index('mail_messages_thread_idx').on(t.threadId, t.date),
    // A reply stored before the message it answers: found when that message arrives.
    index('mail_messages_reply_idx')
      .on(t.mailboxId, t.inReplyTo)
      .where(sql`in_reply_to is not null`),
    // Threading and de-duplication: one copy of a Message-ID per mailbox.
    uniqueIndex('mail_messages_message_id_key').on(t.mailboxId, t.messageId),
    uniqueIndex('mail_messages_imap_key')
      .on(t.mailboxId, t.imapFolder, t.imapUidValidity, t.imapUid)
      .where(sql`imap_uid is not null`),
    index('mail_messages_workspace_idx').on(t.workspaceId, t.date),
    index('mail_messages_search_idx').using('gin', t.searchVector),
    // The answers to a message, found when it is deleted (the key's `set null`).
    index('mail_messages_responds_idx')
      .on(t.respondsToId)
      .where(sql`responds_to_id is not null`),
    index('mail_messages_send_idx')
      .on(t.status, t.sendAt)
      .where(sql`status in ('queued', 'scheduled', 'sending')`),
  ],
);

/** A custom label of a mailbox (a connected mailbox's folders become labels too). */
export const mailLabels = pgTable(
  'mail_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: mailLabelColor('color').notNull().default('default'),
    /** The IMAP folder the label stands for (connected mailboxes). */
    imapPath: text('imap_path'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('mail_labels_name_key').on(t.mailboxId, sql`lower(${t.name})`),
    index('mail_labels_workspace_idx').on(t.workspaceId),
  ],
);

/** A label on a message; the message's date is copied so a label's list is one index range. */
export const mailMessageLabels = pgTable(
  'mail_message_labels',
  {
    labelId: uuid('label_id')
      .notNull()
      .references(() => mailLabels.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    date: timestamp('date', { withTimezone: true }).notNull(),
    /**
     * The message's `seen`, copied (set from the message on insert and kept by the triggers of
     * drizzle/0026_mail_counts.sql) so a label's counters follow its own rows: when a message
     * is deleted its labels' rows go by cascade after it, and could not read it any more.
     */
    seen: boolean('seen').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.labelId, t.messageId] }),
    index('mail_message_labels_list_idx').on(t.labelId, t.date, t.messageId),
    index('mail_message_labels_message_idx').on(t.messageId),
  ],
);

/**
 * What a message is linked to in the CRM: the people it is from or to (by address, any case),
 * their company and their open deals. `dealId` references deals(id) on delete cascade (the
 * foreign key is written in drizzle/0022_mail.sql: schema/deals.ts imports crm.ts).
 */
export const mailLinks = pgTable(
  'mail_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id'),
    /** The message's date and direction, for the CRM's e-mail lists. */
    date: timestamp('date', { withTimezone: true }).notNull(),
    direction: mailDirection('direction').notNull(),
  },
  (t) => [
    index('mail_links_message_idx').on(t.messageId),
    index('mail_links_person_idx').on(t.personId, t.date),
    index('mail_links_company_idx').on(t.companyId, t.date),
    index('mail_links_deal_idx').on(t.dealId, t.date),
    index('mail_links_workspace_idx').on(t.workspaceId, t.date),
  ],
);

/**
 * A delivery status notification: the address that bounced, why, the message it bounced (when
 * found by its Message-ID) and the person whose address it is (marked bounced).
 */
export const mailBounces = pgTable(
  'mail_bounces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id').references(() => mailboxes.id, { onDelete: 'set null' }),
    /** The notification itself, as stored in the mailbox. */
    reportId: uuid('report_id').references(() => mailMessages.id, { onDelete: 'set null' }),
    /** The message that bounced. */
    bouncedId: uuid('bounced_id').references(() => mailMessages.id, { onDelete: 'set null' }),
    /** Lower-cased. */
    address: text('address').notNull(),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    /** `failed` (hard) or `delayed` (soft) as the report says. */
    action: text('action').notNull(),
    status: text('status').notNull().default(''),
    diagnostic: text('diagnostic').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_bounces_workspace_idx').on(t.workspaceId, t.createdAt),
    index('mail_bounces_address_idx').on(t.workspaceId, t.address),
    index('mail_bounces_person_idx').on(t.personId),
  ],
);

// `mail_counts` (total and unread messages of each folder, flag and custom label of a mailbox,
// kept by triggers on mail_messages, mail_message_labels, mail_labels and mailboxes) is written in
// drizzle/0026_mail_counts.sql only: it is derived data, so backups (src/db/backup.ts, which
// takes the tables of this schema) leave it out and a restore rebuilds it through the triggers
// (docs/decisions/062-mail-counts.md).

/**
 * Senders whose remote images a member lets load (docs/decisions/059-mail-app.md): the mail app
 * holds remote images back until the reader allows them for that sender. Per member, by address
 * (lower-cased); a member's own reading preference, so it is theirs whatever their role.
 */
export const mailTrustedSenders = pgTable(
  'mail_trusted_senders',
  {
    /** The row's own id, for the screen that lists and removes them (migration 0027). */
    id: uuid('id').notNull().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.address] }),
    uniqueIndex('mail_trusted_senders_id_key').on(t.id),
    index('mail_trusted_senders_workspace_idx').on(t.workspaceId),
  ],
);
