import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Mail from 'nodemailer/lib/mailer/index.js';
import {
  mailFolders,
  type Mailbox,
  type MailboxConnection,
  type MailboxSync,
  type MailFolder,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { mailboxes, mailMessages } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { parseMessage } from '../mail/mail.parse.ts';
import { labelCounts, mailboxAudience, type MailboxRow } from '../mail/mail.repository.ts';
import { mailboxOf } from '../mail/mail.service.ts';
import type { MailStore, StoreMessageInput } from '../mail/mail.store.ts';
import { verifyConnection, type ConnectionSettings } from './imap-connection.ts';
import { appendToSent, compose, sendThroughSmtp } from './imap-send.ts';
import { requestSync, type SyncSource } from './imap-sync.job.ts';
import type { SyncStore } from './imap-sync.ts';
import * as repo from './mail-imap.repository.ts';

/** The sealed password's context: a value copied to another mailbox's row does not open there. */
export const passwordContext = (mailboxId: string) => `mailbox:${mailboxId}`;

/** The settings that say where the password goes and as whom. */
const SERVER_FIELDS = [
  'imapHost',
  'imapPort',
  'imapSecurity',
  'smtpHost',
  'smtpPort',
  'smtpSecurity',
  'username',
] as const;

/**
 * The server settings a connection change moves: those given with a value other than the
 * mailbox's (host names compared without case). A value given as it is moves nothing.
 */
export function movedServerFields(
  row: Pick<MailboxRow, (typeof SERVER_FIELDS)[number]>,
  input: Partial<Record<(typeof SERVER_FIELDS)[number], string | number>>,
): (typeof SERVER_FIELDS)[number][] {
  return SERVER_FIELDS.filter((field) => {
    const given = input[field];
    if (given === undefined) return false;
    const current = row[field];
    if (field === 'imapHost' || field === 'smtpHost') {
      return String(given).toLowerCase() !== String(current ?? '').toLowerCase();
    }
    return given !== current;
  });
}

/**
 * Connected mailboxes (docs/decisions/058): their sync's status and steering, their connection
 * settings, and what the sync job and the sending job need of them.
 */
export class MailImapService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
    private readonly box: CryptoBox,
    private readonly store: MailStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  // --- The API --------------------------------------------------------------------------------

  async status(caller: Caller, mailboxId: string): Promise<MailboxSync> {
    const row = await this.readable(caller, mailboxId);
    return this.describe(row);
  }

  async syncNow(caller: Caller, mailboxId: string): Promise<MailboxSync> {
    const row = await this.steerable(caller, mailboxId);
    if (row.syncStatus !== 'paused' && row.passwordSealed) {
      // A run waiting for mail wakes for a pass; with none running, one is queued.
      await this.db.transaction((tx) => requestSync(tx, row.id));
      await this.wakeRun(row);
    }
    return this.describe(row);
  }

  async pause(caller: Caller, mailboxId: string): Promise<MailboxSync> {
    const row = await this.steerable(caller, mailboxId);
    const [paused] = await this.db
      .update(mailboxes)
      .set({ syncStatus: 'paused', updatedAt: new Date() })
      .where(eq(mailboxes.id, row.id))
      .returning();
    await this.wakeRun(row);
    return this.describe(paused!);
  }

  async resume(caller: Caller, mailboxId: string): Promise<MailboxSync> {
    const row = await this.steerable(caller, mailboxId);
    if (!row.passwordSealed) {
      throw new AppError(
        'CONFLICT',
        'The mailbox is disconnected: give its password again to reconnect it',
      );
    }
    const resumed = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(mailboxes)
        .set({ syncStatus: 'idle', syncError: null, updatedAt: new Date() })
        .where(eq(mailboxes.id, row.id))
        .returning();
      await requestSync(tx, row.id);
      return updated!;
    });
    return this.describe(resumed);
  }

  async changeConnection(caller: Caller, input: MailboxConnection): Promise<Mailbox> {
    const row = await this.steerable(caller, input.mailboxId);
    const current = row.passwordSealed
      ? this.box.open(row.passwordSealed, passwordContext(row.id))
      : undefined;
    // The stored password goes only to the servers it was given for: moving any of them (or
    // the user name) needs it given again, or whoever may steer could send it where they like.
    const moved = movedServerFields(row, input);
    if (input.password === undefined && moved.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        `password: give the password again to change ${moved.join(', ')}`,
        { password: [`give the password again to change ${moved.join(', ')}`] },
      );
    }
    const password = input.password ?? current;
    if (password === undefined) {
      throw new AppError(
        'VALIDATION_FAILED',
        'password: give the password to reconnect the mailbox',
        {
          password: ['give the password to reconnect the mailbox'],
        },
      );
    }
    const settings: ConnectionSettings = {
      imapHost: input.imapHost ?? row.imapHost!,
      imapPort: input.imapPort ?? row.imapPort!,
      imapSecurity: input.imapSecurity ?? row.imapSecurity!,
      smtpHost: input.smtpHost ?? row.smtpHost!,
      smtpPort: input.smtpPort ?? row.smtpPort!,
      smtpSecurity: input.smtpSecurity ?? row.smtpSecurity!,
      username: input.username ?? row.username!,
      password,
    };
    await verifyConnection(settings);
    const updated = await this.db.transaction(async (tx) => {
      const { password: _password, ...servers } = settings;
      const [changed] = await tx
        .update(mailboxes)
        .set({
          ...servers,
          passwordSealed: this.box.seal(password, passwordContext(row.id)),
          syncStatus: 'idle',
          syncError: null,
          updatedAt: new Date(),
        })
        .where(eq(mailboxes.id, row.id))
        .returning();
      await requestSync(tx, row.id);
      return changed!;
    });
    return mailboxOf(updated);
  }

  async disconnect(caller: Caller, mailboxId: string): Promise<Mailbox> {
    const row = await this.steerable(caller, mailboxId);
    const [updated] = await this.db
      .update(mailboxes)
      .set({ passwordSealed: null, syncStatus: 'paused', syncError: null, updatedAt: new Date() })
      .where(eq(mailboxes.id, row.id))
      .returning();
    await this.wakeRun(row);
    return mailboxOf(updated!);
  }

  /** A running sync wakes for a pass (and stops there when the mailbox was paused). */
  private async wakeRun(row: MailboxRow): Promise<void> {
    await this.realtime.publish(
      this.db,
      row.workspaceId,
      { type: 'mail.changed', data: { mailboxId: row.id, mailIds: [] } },
      mailboxAudience(row),
    );
  }

  private async describe(row: MailboxRow): Promise<MailboxSync> {
    const state = await repo.readSyncState(this.db, row.id);
    // Every message counts once under its folder (the counters of docs/decisions/062).
    const counts = await labelCounts(this.db, [row.id]);
    const total = {
      n: mailFolders.reduce((sum, folder) => sum + (counts.get(folder)?.total ?? 0), 0),
    };
    const perFolder = await repo.folderCounts(this.db, row.id);
    return {
      mailboxId: row.id,
      status: row.syncStatus,
      error: row.syncError,
      lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
      syncSince: row.syncSince?.toISOString() ?? null,
      messages: total?.n ?? 0,
      folders: Object.entries(state.folders).map(([path, folder]) => ({
        path,
        folder: folder.folder,
        messages: perFolder.get(path) ?? 0,
        initialDone: folder.initialDone,
      })),
    };
  }

  /** A connected mailbox the caller reads (their own, or shared); another's answers 404. */
  private async readable(caller: Caller, mailboxId: string): Promise<MailboxRow> {
    const [row] = await this.db
      .select()
      .from(mailboxes)
      .where(
        and(
          eq(mailboxes.workspaceId, caller.workspaceId),
          eq(mailboxes.id, mailboxId),
          eq(mailboxes.kind, 'connected'),
        ),
      );
    if (!row || (!row.shared && row.ownerId !== caller.userId && caller.role !== 'admin')) {
      throw notFound('No such connected mailbox');
    }
    return row;
  }

  /** Steering a sync is its owner's, or an admin's. */
  private async steerable(caller: Caller, mailboxId: string): Promise<MailboxRow> {
    const row = await this.readable(caller, mailboxId);
    if (row.ownerId !== caller.userId && caller.role !== 'admin') {
      throw forbidden('Only the mailbox’s owner or an admin can change its connection');
    }
    return row;
  }

  // --- What the sync job needs -----------------------------------------------------------------

  syncSource(): SyncSource {
    return {
      load: async (mailboxId) => {
        const [row] = await this.db
          .select()
          .from(mailboxes)
          .where(
            and(
              eq(mailboxes.id, mailboxId),
              eq(mailboxes.kind, 'connected'),
              isNotNull(mailboxes.passwordSealed),
            ),
          );
        if (!row || row.syncStatus === 'paused') return undefined;
        return {
          id: row.id,
          workspaceId: row.workspaceId,
          ownerId: row.ownerId,
          shared: row.shared,
          syncSince: row.syncSince,
          settings: this.settingsOf(row),
        };
      },
      store: this.syncStore as SyncStore,
      setStatus: async (mailboxId, status) => {
        // A pause while the run worked stays a pause.
        const [row] = await this.db
          .update(mailboxes)
          .set({
            syncStatus: status.syncStatus,
            syncError: status.syncError,
            ...(status.synced ? { lastSyncedAt: new Date() } : {}),
          })
          .where(and(eq(mailboxes.id, mailboxId), sqlNotPaused()))
          .returning();
        return row !== undefined;
      },
      changed: async (tx, mailbox, mailIds) => {
        await this.realtime.publish(
          tx,
          mailbox.workspaceId,
          { type: 'mail.changed', data: { mailboxId: mailbox.id, mailIds } },
          mailboxAudience(mailbox),
        );
      },
      onLocalChange: (mailbox, wake) =>
        this.realtime.subscribe(
          mailbox.workspaceId,
          (message) => {
            if (message.type !== 'mail.changed') return;
            const data = message.data as { mailboxId?: string } | null;
            if (!data || data.mailboxId === mailbox.id) wake();
          },
          mailbox.ownerId ?? undefined,
        ),
    };
  }

  private settingsOf(row: MailboxRow): ConnectionSettings {
    return {
      imapHost: row.imapHost!,
      imapPort: row.imapPort!,
      imapSecurity: row.imapSecurity!,
      smtpHost: row.smtpHost!,
      smtpPort: row.smtpPort!,
      smtpSecurity: row.smtpSecurity!,
      username: row.username!,
      password: this.box.open(row.passwordSealed!, passwordContext(row.id)),
    };
  }

  /**
   * Synced messages into the mail store. Sent by the mailbox's own address (or from Sent and
   * Drafts) a message is outgoing. One the mailbox has already (by Message-ID) writes no files
   * and keeps its flags: the server's are only this copy's (a difference is a change made in
   * Beacon, pushed on the next pass).
   */
  private readonly syncStore: SyncStore<StoreMessageInput> = {
    prepare: async (input) => {
      const parsed = await parseMessage(input.raw);
      const [mailbox] = await this.db
        .select({ address: mailboxes.address })
        .from(mailboxes)
        .where(eq(mailboxes.id, input.mailboxId));
      const outgoing =
        parsed.from.address.toLowerCase() === mailbox?.address.toLowerCase() ||
        input.folder === 'sent' ||
        input.folder === 'drafts';
      const [existing] = await this.db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(
          and(
            eq(mailMessages.mailboxId, input.mailboxId),
            eq(mailMessages.messageId, parsed.messageId),
          ),
        );
      const folder: MailFolder = input.folder;
      const storeInput: StoreMessageInput = {
        workspaceId: input.workspaceId,
        mailboxId: input.mailboxId,
        raw: input.raw,
        parsed,
        direction: outgoing ? 'out' : 'in',
        folder,
        status: folder === 'drafts' ? 'draft' : outgoing ? 'sent' : 'received',
        labelIds: input.labelIds,
        ...(existing ? {} : { seen: input.seen, starred: input.starred }),
        date: input.date,
        imap: input.imap,
      };
      // Files only for a message the store will keep (a race with another store is discarded).
      return existing ? storeInput : await this.store.prepare(storeInput);
    },
    storeIn: async (tx, prepared) => {
      const stored = await this.store.storeIn(tx, prepared);
      return { id: stored.id, created: stored.created };
    },
    discard: (prepared) => this.store.discard(prepared),
  };

  // --- Sending --------------------------------------------------------------------------------

  /**
   * Sends a message the sender job built (`modules/mail/mail.sender.ts` `ConnectedSend`) from a
   * connected mailbox: its SMTP server, then the copy in its Sent folder. The copy is best
   * effort: the message has left, so a failed append is logged (no password in it), never
   * retried as a send.
   */
  readonly send = async (mailbox: MailboxRow, message: Mail.Options): Promise<void> => {
    if (mailbox.kind !== 'connected' || !mailbox.passwordSealed) {
      throw Object.assign(new Error('The mailbox is disconnected: reconnect it to send from it'), {
        responseCode: 554,
      });
    }
    const settings = this.settingsOf(mailbox);
    const { raw, envelope } = await compose(message);
    await sendThroughSmtp(settings, envelope, raw);
    try {
      await appendToSent(this.db, mailbox, settings, String(message.messageId ?? ''), raw);
    } catch (error) {
      const e = error as { name?: string; code?: string };
      this.log.warn(
        { mailboxId: mailbox.id, name: e.name, code: e.code },
        'sent, but the copy could not be appended to Sent',
      );
    }
  };
}

const sqlNotPaused = () => sql`${mailboxes.syncStatus} <> 'paused'`;
