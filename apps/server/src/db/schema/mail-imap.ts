import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { mailboxes, mailMessages } from './mail.ts';
import { workspaces } from './workspaces.ts';

/**
 * Where a connected mailbox's message lives on its IMAP server (docs/decisions/058): one row per
 * copy (a message may sit in two folders), with the flags the server had at the last sync. A
 * difference between those and the message's own `seen`/`starred` is a change made in Beacon,
 * still to be written to the server; a difference between them and what the server answers is
 * a change made there. The row is written in the same transaction as the message it points to.
 */
export const imapLocations = pgTable(
  'imap_locations',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    folderPath: text('folder_path').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'number' }).notNull(),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    seen: boolean('seen').notNull(),
    starred: boolean('starred').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mailboxId, t.folderPath, t.uidValidity, t.uid] }),
    index('imap_locations_message_idx').on(t.messageId),
    index('imap_locations_workspace_idx').on(t.workspaceId),
  ],
);

/**
 * The lock that lets one sync of a mailbox run at a time, whichever process claimed its job: the
 * job that holds it renews `until`; a holder that died (kill -9) loses it when `until` passes.
 */
export const imapSyncLeases = pgTable('imap_sync_leases', {
  mailboxId: uuid('mailbox_id')
    .primaryKey()
    .references(() => mailboxes.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
