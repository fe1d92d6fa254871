import { and, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { MailFolder } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { bareMessageId } from '../mail/mail.parse.ts';
import {
  imapLocations,
  imapSyncLeases,
  mailboxes,
  mailLabels,
  mailMessageLabels,
  mailMessages,
} from '../../db/schema/index.ts';

// SQL of the connected mailboxes' sync (docs/decisions/058): the sync state kept on the
// mailbox, the copies on the server (`imap_locations`), the lock, and the few writes the sync
// makes to messages (flags, folder, IMAP labels, deletion).

/** One folder's progress: what makes the next pass incremental. */
export type FolderState = {
  /** UIDVALIDITY as text (it may pass 2^53 on some servers). */
  uidValidity: string;
  /** The highest UID stored. */
  lastUid: number;
  /** HIGHESTMODSEQ at the last flag check (CONDSTORE servers), as text. */
  modseq: string | null;
  /** The first sync of the chosen period is complete. */
  initialDone: boolean;
  folder: MailFolder | 'custom';
  labelId: string | null;
};

/** `mailboxes.sync_state` of a connected mailbox. */
export type SyncState = {
  folders: Record<string, FolderState>;
  /** Messages that lost a copy and must be checked (deleted when no copy is left). */
  orphans: string[];
};

export async function readSyncState(db: Executor, mailboxId: string): Promise<SyncState> {
  const [row] = await db
    .select({ state: mailboxes.syncState })
    .from(mailboxes)
    .where(eq(mailboxes.id, mailboxId));
  const state = (row?.state ?? {}) as Partial<SyncState>;
  return { folders: state.folders ?? {}, orphans: state.orphans ?? [] };
}

export async function writeSyncState(db: Executor, mailboxId: string, state: SyncState) {
  await db
    .update(mailboxes)
    .set({ syncState: state as unknown as Record<string, unknown> })
    .where(eq(mailboxes.id, mailboxId));
}

export type Location = typeof imapLocations.$inferInsert;

export async function addLocation(db: Executor, location: Location): Promise<void> {
  await db
    .insert(imapLocations)
    .values(location)
    .onConflictDoUpdate({
      target: [
        imapLocations.mailboxId,
        imapLocations.folderPath,
        imapLocations.uidValidity,
        imapLocations.uid,
      ],
      set: { messageId: location.messageId, seen: location.seen, starred: location.starred },
    });
}

export async function hasLocation(db: Executor, messageId: string): Promise<boolean> {
  const rows = await db
    .select({ uid: imapLocations.uid })
    .from(imapLocations)
    .where(eq(imapLocations.messageId, messageId))
    .limit(1);
  return rows.length > 0;
}

/** Forgets every copy in a folder; answers the messages that had one. */
export async function removeFolderLocations(
  db: Executor,
  mailboxId: string,
  folderPath: string,
): Promise<string[]> {
  const rows = await db
    .delete(imapLocations)
    .where(and(eq(imapLocations.mailboxId, mailboxId), eq(imapLocations.folderPath, folderPath)))
    .returning({ messageId: imapLocations.messageId });
  return rows.map((r) => r.messageId);
}

export async function removeLocations(
  db: Executor,
  mailboxId: string,
  folderPath: string,
  uidValidity: number,
  uids: number[],
): Promise<string[]> {
  const rows = await db
    .delete(imapLocations)
    .where(
      and(
        eq(imapLocations.mailboxId, mailboxId),
        eq(imapLocations.folderPath, folderPath),
        eq(imapLocations.uidValidity, uidValidity),
        inArray(imapLocations.uid, uids),
      ),
    )
    .returning({ messageId: imapLocations.messageId });
  return rows.map((r) => r.messageId);
}

export async function folderUids(
  db: Executor,
  mailboxId: string,
  folderPath: string,
  uidValidity: number,
): Promise<number[]> {
  const rows = await db
    .select({ uid: imapLocations.uid })
    .from(imapLocations)
    .where(
      and(
        eq(imapLocations.mailboxId, mailboxId),
        eq(imapLocations.folderPath, folderPath),
        eq(imapLocations.uidValidity, uidValidity),
      ),
    );
  return rows.map((r) => r.uid);
}

/** A copy whose message's flags differ from the server's as last seen: Beacon changed them. */
export type PendingFlags = {
  messageId: string;
  folderPath: string;
  uidValidity: number;
  uid: number;
  seen: boolean;
  starred: boolean;
  serverSeen: boolean;
  serverStarred: boolean;
};

export async function pendingFlagChanges(db: Executor, mailboxId: string): Promise<PendingFlags[]> {
  return db
    .select({
      messageId: imapLocations.messageId,
      folderPath: imapLocations.folderPath,
      uidValidity: imapLocations.uidValidity,
      uid: imapLocations.uid,
      seen: mailMessages.seen,
      starred: mailMessages.starred,
      serverSeen: imapLocations.seen,
      serverStarred: imapLocations.starred,
    })
    .from(imapLocations)
    .innerJoin(mailMessages, eq(mailMessages.id, imapLocations.messageId))
    .where(
      and(
        eq(imapLocations.mailboxId, mailboxId),
        or(
          sql`${mailMessages.seen} <> ${imapLocations.seen}`,
          sql`${mailMessages.starred} <> ${imapLocations.starred}`,
        ),
      ),
    );
}

export async function setLocationFlags(
  db: Executor,
  mailboxId: string,
  location: { folderPath: string; uidValidity: number; uid: number },
  flags: { seen: boolean; starred: boolean },
) {
  await db
    .update(imapLocations)
    .set(flags)
    .where(
      and(
        eq(imapLocations.mailboxId, mailboxId),
        eq(imapLocations.folderPath, location.folderPath),
        eq(imapLocations.uidValidity, location.uidValidity),
        eq(imapLocations.uid, location.uid),
      ),
    );
}

/**
 * The server's flags of a folder's copies (all, or those changed since a MODSEQ): a copy whose
 * flags changed there gives its message the new flags. Answers the messages that changed.
 */
export async function applyServerFlags(
  db: Executor,
  mailboxId: string,
  folderPath: string,
  uidValidity: number,
  flags: Map<number, { seen: boolean; starred: boolean }>,
): Promise<string[]> {
  if (flags.size === 0) return [];
  const uids = [...flags.keys()];
  const changed: string[] = [];
  for (let i = 0; i < uids.length; i += 1000) {
    const slice = uids.slice(i, i + 1000);
    const rows = await db
      .select({
        messageId: imapLocations.messageId,
        uid: imapLocations.uid,
        seen: imapLocations.seen,
        starred: imapLocations.starred,
      })
      .from(imapLocations)
      .where(
        and(
          eq(imapLocations.mailboxId, mailboxId),
          eq(imapLocations.folderPath, folderPath),
          eq(imapLocations.uidValidity, uidValidity),
          inArray(imapLocations.uid, slice),
        ),
      );
    for (const row of rows) {
      const server = flags.get(row.uid)!;
      if (server.seen === row.seen && server.starred === row.starred) continue;
      await setLocationFlags(db, mailboxId, { folderPath, uidValidity, uid: row.uid }, server);
      // Only what changed on the server is taken; a flag Beacon changed meanwhile is kept.
      await db
        .update(mailMessages)
        .set({
          ...(server.seen !== row.seen ? { seen: server.seen } : {}),
          ...(server.starred !== row.starred ? { starred: server.starred } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(mailMessages.id, row.messageId), eq(mailMessages.mailboxId, mailboxId)));
      changed.push(row.messageId);
    }
  }
  return changed;
}

/** The label that stands for an IMAP folder (made on first sight), named after its path. */
export async function folderLabel(
  db: Executor,
  mailbox: { id: string; workspaceId: string },
  folderPath: string,
): Promise<string> {
  const [found] = await db
    .select({ id: mailLabels.id })
    .from(mailLabels)
    .where(and(eq(mailLabels.mailboxId, mailbox.id), eq(mailLabels.imapPath, folderPath)));
  if (found) return found.id;
  // A label the member made with the same name takes the folder on.
  const [named] = await db
    .update(mailLabels)
    .set({ imapPath: folderPath, updatedAt: new Date() })
    .where(
      and(
        eq(mailLabels.mailboxId, mailbox.id),
        sql`lower(${mailLabels.name}) = lower(${folderPath})`,
      ),
    )
    .returning({ id: mailLabels.id });
  if (named) return named.id;
  const [made] = await db
    .insert(mailLabels)
    .values({
      workspaceId: mailbox.workspaceId,
      mailboxId: mailbox.id,
      name: folderPath,
      imapPath: folderPath,
    })
    .returning({ id: mailLabels.id });
  return made!.id;
}

/** Which folder a message shows in when it has copies in several: the first of these. */
const folderOrder: (MailFolder | 'custom')[] = [
  'inbox',
  'sent',
  'drafts',
  'custom',
  'archive',
  'spam',
  'trash',
];

/**
 * Puts a message where its copies on the server are: its folder (by `folderOrder`) and the
 * labels of the IMAP folders it is in (labels the member added by hand stay).
 */
export async function placeMessage(db: Executor, mailboxId: string, messageId: string) {
  const state = await readSyncState(db, mailboxId);
  const copies = await db
    .select({ folderPath: imapLocations.folderPath })
    .from(imapLocations)
    .where(eq(imapLocations.messageId, messageId));
  if (copies.length === 0) return;
  const kinds = copies.map((c) => state.folders[c.folderPath]?.folder ?? 'custom');
  const best = folderOrder.find((kind) => kinds.includes(kind)) ?? 'archive';
  const folder: MailFolder = best === 'custom' ? 'archive' : best;
  const [message] = await db
    .update(mailMessages)
    .set({ folder, updatedAt: new Date() })
    .where(and(eq(mailMessages.id, messageId), eq(mailMessages.mailboxId, mailboxId)))
    .returning({ workspaceId: mailMessages.workspaceId, date: mailMessages.date });
  if (!message) return;
  const paths = copies.map((c) => c.folderPath);
  const labels = await db
    .select({ id: mailLabels.id })
    .from(mailLabels)
    .where(and(eq(mailLabels.mailboxId, mailboxId), inArray(mailLabels.imapPath, paths)));
  const keep = labels.map((l) => l.id);
  const imapLabels = db
    .select({ id: mailLabels.id })
    .from(mailLabels)
    .where(and(eq(mailLabels.mailboxId, mailboxId), isNotNull(mailLabels.imapPath)));
  await db
    .delete(mailMessageLabels)
    .where(
      and(
        eq(mailMessageLabels.messageId, messageId),
        inArray(mailMessageLabels.labelId, imapLabels),
        ...(keep.length ? [notInArray(mailMessageLabels.labelId, keep)] : []),
      ),
    );
  if (keep.length) {
    await db
      .insert(mailMessageLabels)
      .values(
        keep.map((labelId) => ({
          labelId,
          messageId,
          workspaceId: message.workspaceId,
          date: message.date,
        })),
      )
      .onConflictDoNothing();
  }
}

/** The mailbox's message of a Message-ID header (`<id@host>` or bare). */
export async function messageByHeader(db: Executor, mailboxId: string, header: string) {
  const [row] = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(eq(mailMessages.mailboxId, mailboxId), eq(mailMessages.messageId, bareMessageId(header))),
    );
  return row?.id;
}

export async function deleteMessage(db: Executor, mailboxId: string, messageId: string) {
  const rows = await db
    .delete(mailMessages)
    .where(and(eq(mailMessages.id, messageId), eq(mailMessages.mailboxId, mailboxId)))
    .returning({ id: mailMessages.id });
  return rows.length;
}

/** Copies per folder path. */
export async function folderCounts(db: Executor, mailboxId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ path: imapLocations.folderPath, n: sql<number>`count(*)::int` })
    .from(imapLocations)
    .where(eq(imapLocations.mailboxId, mailboxId))
    .groupBy(imapLocations.folderPath);
  return new Map(rows.map((r) => [r.path, r.n]));
}

// --- The lock -------------------------------------------------------------------------------

/** Takes the mailbox's lock for `holder` when free or expired (or already its own). */
export async function takeLease(db: Executor, mailboxId: string, holder: string, seconds: number) {
  const rows = (await db.execute(sql`
    insert into imap_sync_leases (mailbox_id, holder, until)
    values (${mailboxId}, ${holder}, now() + make_interval(secs => ${seconds}))
    on conflict (mailbox_id) do update set holder = excluded.holder, until = excluded.until
      where imap_sync_leases.until < now() or imap_sync_leases.holder = excluded.holder
    returning holder`)) as unknown as { rows: unknown[] };
  return rows.rows.length === 1;
}

/** Renews the lock; false when another holder has it now. */
export async function renewLease(db: Executor, mailboxId: string, holder: string, seconds: number) {
  const rows = await db
    .update(imapSyncLeases)
    .set({ until: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(imapSyncLeases.mailboxId, mailboxId), eq(imapSyncLeases.holder, holder)))
    .returning({ holder: imapSyncLeases.holder });
  return rows.length === 1;
}

/**
 * The mailbox is still to be synced: not paused, not disconnected (its password not erased).
 * Read in every commit of a run, so a pause stops the run at its next batch.
 */
export async function stillSyncing(db: Executor, mailboxId: string): Promise<boolean> {
  const rows = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(
      and(
        eq(mailboxes.id, mailboxId),
        sql`${mailboxes.syncStatus} <> 'paused'`,
        isNotNull(mailboxes.passwordSealed),
      ),
    );
  return rows.length === 1;
}

export async function releaseLease(db: Executor, mailboxId: string, holder: string) {
  await db
    .delete(imapSyncLeases)
    .where(and(eq(imapSyncLeases.mailboxId, mailboxId), eq(imapSyncLeases.holder, holder)));
}
