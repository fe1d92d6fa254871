import type { FetchMessageObject, ImapFlow, ListResponse } from 'imapflow';
import type { MailFolder } from '@beacon/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { beaconFolderOf } from './imap-connection.ts';
import * as repo from './mail-imap.repository.ts';
import type { FolderState, SyncState } from './mail-imap.repository.ts';

/**
 * One pass of a connected mailbox's sync over an open imapflow connection
 * (docs/decisions/058-connected-mailboxes-imap.md):
 *
 * 1. Beacon's flag changes (seen, starred) are written to the server.
 * 2. Every folder: a changed UIDVALIDITY forgets the folder's UIDs (their messages are kept and
 *    found again by Message-ID); new messages by UID, in batches, each batch committed with the
 *    folder's state; the server's flag changes (CONDSTORE when offered); expunged UIDs.
 * 3. Messages left in no folder are deleted, as the server deleted them.
 *
 * Network I/O never happens inside a transaction; every commit goes through `guard`, which
 * proves this run still holds the mailbox's lock, so a run that lost it commits nothing.
 */

/** One message of a folder, as fetched, on its way into the mail store. */
export type SyncedInput = {
  workspaceId: string;
  mailboxId: string;
  raw: Buffer;
  folder: MailFolder;
  labelIds: string[];
  seen: boolean;
  starred: boolean;
  date: Date;
  imap: { folder: string; uidValidity: number; uid: number };
};

/**
 * The mail store, in the three steps a sync needs: `prepare` parses and writes the files outside
 * any transaction (the embedded database has one connection); `storeIn` stores (or finds by
 * Message-ID) inside the batch's transaction; `discard` removes the files of what was not stored.
 */
export type SyncStore<P = unknown> = {
  prepare(input: SyncedInput): Promise<P>;
  storeIn(tx: Transaction, prepared: P): Promise<{ id: string; created: boolean }>;
  discard(prepared: P): Promise<void>;
};

export type SyncContext = {
  db: Database;
  client: ImapFlow;
  mailbox: { id: string; workspaceId: string; syncSince: Date | null };
  store: SyncStore;
  /** Inside each transaction: throws when this run no longer holds the mailbox. */
  guard(tx: Transaction): Promise<void>;
  /** Throws when the run must stop (shutdown, lost lease): called between batches. */
  checkpoint(): void;
  /** Inside a transaction that changed messages the store did not announce (flags, folders, deletions). */
  changed(tx: Transaction, mailIds: string[]): Promise<void>;
  batchSize?: number;
};

const SEEN = '\\Seen';
const FLAGGED = '\\Flagged';

export type SyncFolder = { path: string; folder: MailFolder | 'custom' };

/** The folders a pass walks: selectable ones that map to a Beacon folder or a label. */
export async function syncFolders(client: ImapFlow): Promise<SyncFolder[]> {
  const list: ListResponse[] = await client.list();
  const folders: SyncFolder[] = [];
  for (const entry of list) {
    const folder = beaconFolderOf(entry);
    if (folder) folders.push({ path: entry.path, folder });
  }
  // INBOX first: new mail shows soonest.
  return folders.sort((a, b) => Number(b.folder === 'inbox') - Number(a.folder === 'inbox'));
}

/** INBOX as the pass saw it: a wait that finds it otherwise has missed a change. */
export type InboxSnapshot = { uidNext: number; highestModseq: bigint | undefined } | undefined;

export async function syncPass(context: SyncContext): Promise<InboxSnapshot> {
  const { db, client, mailbox } = context;
  const folders = await syncFolders(client);
  await pushLocalFlags(context, folders);
  let inbox: InboxSnapshot;
  for (const folder of folders) {
    context.checkpoint();
    const box = await syncFolder(context, folder);
    if (folder.folder === 'inbox') inbox = box;
  }
  // Folders gone from the server: their copies go too (their messages may then be orphans).
  const paths = new Set(folders.map((f) => f.path));
  await db.transaction(async (tx) => {
    await context.guard(tx);
    const state = await repo.readSyncState(tx, mailbox.id);
    const gone = Object.keys(state.folders).filter((path) => !paths.has(path));
    if (gone.length === 0) return;
    for (const path of gone) {
      const removed = await repo.removeFolderLocations(tx, mailbox.id, path);
      state.orphans.push(...removed);
      delete state.folders[path];
    }
    await repo.writeSyncState(tx, mailbox.id, state);
  });
  await dropOrphans(context);
  return inbox;
}

/** Writes the flag changes made in Beacon since the last sync to every copy on the server. */
async function pushLocalFlags(context: SyncContext, folders: SyncFolder[]): Promise<void> {
  const { db, client, mailbox } = context;
  const pending = await repo.pendingFlagChanges(db, mailbox.id);
  if (pending.length === 0) return;
  const byFolder = new Map<string, repo.PendingFlags[]>();
  for (const row of pending) {
    const list = byFolder.get(row.folderPath) ?? [];
    list.push(row);
    byFolder.set(row.folderPath, list);
  }
  const present = new Set(folders.map((f) => f.path));
  for (const [path, rows] of byFolder) {
    if (!present.has(path)) continue;
    const box = await client.mailboxOpen(path);
    const current = rows.filter((r) => BigInt(r.uidValidity) === box.uidValidity);
    for (const [flag, key] of [
      [SEEN, 'seen'],
      [FLAGGED, 'starred'],
    ] as const) {
      const add = current.filter(
        (r) => r[key] && !r[`server${key === 'seen' ? 'Seen' : 'Starred'}`],
      );
      const remove = current.filter(
        (r) => !r[key] && r[`server${key === 'seen' ? 'Seen' : 'Starred'}`],
      );
      if (add.length) await client.messageFlagsAdd(uidSet(add), [flag], { uid: true });
      if (remove.length) await client.messageFlagsRemove(uidSet(remove), [flag], { uid: true });
    }
    await db.transaction(async (tx) => {
      await context.guard(tx);
      for (const row of current) {
        await repo.setLocationFlags(tx, mailbox.id, row, { seen: row.seen, starred: row.starred });
      }
    });
  }
}

function uidSet(rows: { uid: number }[]): string {
  return rows.map((r) => r.uid).join(',');
}

async function syncFolder(context: SyncContext, folder: SyncFolder): Promise<InboxSnapshot> {
  const { db, client, mailbox } = context;
  const box = await client.mailboxOpen(folder.path);
  const uidValidity = String(box.uidValidity);
  let labelId: string | null = null;
  if (folder.folder === 'custom') {
    labelId = await db.transaction(async (tx) => {
      await context.guard(tx);
      return repo.folderLabel(tx, mailbox, folder.path);
    });
  }

  // A new UIDVALIDITY: the folder's UIDs mean nothing any more. Forget them (one commit with
  // the reset state); the messages stay, and the fetch below finds each again by Message-ID.
  let state = (await repo.readSyncState(db, mailbox.id)).folders[folder.path];
  const fresh: FolderState = {
    uidValidity,
    lastUid: 0,
    modseq: null,
    initialDone: false,
    folder: folder.folder,
    labelId,
  };
  if (!state || state.uidValidity !== uidValidity) {
    await db.transaction(async (tx) => {
      await context.guard(tx);
      const all = await repo.readSyncState(tx, mailbox.id);
      const removed = state ? await repo.removeFolderLocations(tx, mailbox.id, folder.path) : [];
      all.orphans.push(...removed);
      all.folders[folder.path] = fresh;
      await repo.writeSyncState(tx, mailbox.id, all);
    });
    state = fresh;
  }

  await fetchNew(context, folder, labelId, state);
  await pullServerFlags(context, folder, box.highestModseq, box.exists);
  await findExpunged(context, folder, uidValidity);
  return { uidNext: box.uidNext, highestModseq: box.highestModseq };
}

/** New messages (UID above the last stored), in batches, each committed with the state. */
async function fetchNew(
  context: SyncContext,
  folder: SyncFolder,
  labelId: string | null,
  start: FolderState,
): Promise<void> {
  const { db, client, mailbox } = context;
  const batchSize = context.batchSize ?? 25;
  const state = { ...start };
  const criteria: Record<string, unknown> = { uid: `${state.lastUid + 1}:*` };
  if (!state.initialDone && mailbox.syncSince) criteria.since = mailbox.syncSince;
  const found = (await client.search(criteria, { uid: true })) || [];
  // `n:*` names the last message even when its UID is below n.
  const uids = found.filter((uid) => uid > state.lastUid).sort((a, b) => a - b);
  const beaconFolder: MailFolder = folder.folder === 'custom' ? 'archive' : folder.folder;

  for (let i = 0; i < uids.length; i += batchSize) {
    context.checkpoint();
    const batch = uids.slice(i, i + batchSize);
    const messages: FetchMessageObject[] = [];
    for await (const message of client.fetch(
      batch.join(','),
      { uid: true, flags: true, internalDate: true, source: true },
      { uid: true },
    )) {
      messages.push(message);
    }
    messages.sort((a, b) => a.uid - b.uid);
    const last = batch.at(-1)!;
    // The files first, outside the transaction; a batch that does not commit takes them back.
    const prepared: { message: FetchMessageObject; input: SyncedInput; token: unknown }[] = [];
    for (const message of messages) {
      if (!message.source) continue;
      const input: SyncedInput = {
        workspaceId: mailbox.workspaceId,
        mailboxId: mailbox.id,
        raw: message.source,
        folder: beaconFolder,
        labelIds: labelId ? [labelId] : [],
        seen: message.flags?.has(SEEN) ?? false,
        starred: message.flags?.has(FLAGGED) ?? false,
        date: message.internalDate ? new Date(message.internalDate) : new Date(),
        imap: { folder: folder.path, uidValidity: Number(state.uidValidity), uid: message.uid },
      };
      prepared.push({ message, input, token: await context.store.prepare(input) });
    }
    const stored = new Set<unknown>();
    try {
      await db.transaction(async (tx) => {
        await context.guard(tx);
        const placed: string[] = [];
        for (const { message, input, token } of prepared) {
          const result = await context.store.storeIn(tx, token);
          if (result.created) stored.add(token);
          await repo.addLocation(tx, {
            workspaceId: mailbox.workspaceId,
            mailboxId: mailbox.id,
            messageId: result.id,
            folderPath: folder.path,
            uidValidity: Number(state.uidValidity),
            uid: message.uid,
            seen: input.seen,
            starred: input.starred,
          });
          if (!result.created) {
            await repo.placeMessage(tx, mailbox.id, result.id);
            placed.push(result.id);
          }
        }
        const all = await repo.readSyncState(tx, mailbox.id);
        state.lastUid = last;
        all.folders[folder.path] = { ...state };
        await repo.writeSyncState(tx, mailbox.id, all);
        if (placed.length) await context.changed(tx, placed);
      });
    } catch (error) {
      stored.clear();
      throw error;
    } finally {
      for (const { token } of prepared) {
        if (!stored.has(token)) await context.store.discard(token).catch(() => undefined);
      }
    }
  }
  if (!state.initialDone) {
    await db.transaction(async (tx) => {
      await context.guard(tx);
      const all = await repo.readSyncState(tx, mailbox.id);
      all.folders[folder.path] = { ...state, initialDone: true };
      await repo.writeSyncState(tx, mailbox.id, all);
    });
  }
}

/** Flags changed on the server (in another mail program): Beacon follows. */
async function pullServerFlags(
  context: SyncContext,
  folder: SyncFolder,
  highestModseq: bigint | undefined,
  exists: number,
): Promise<void> {
  const { db, client, mailbox } = context;
  if (exists === 0) return;
  const state = (await repo.readSyncState(db, mailbox.id)).folders[folder.path]!;
  if (highestModseq !== undefined && state.modseq === String(highestModseq)) return;
  const options: { uid: true; changedSince?: bigint } = { uid: true };
  if (highestModseq !== undefined && state.modseq) options.changedSince = BigInt(state.modseq);
  const flags = new Map<number, { seen: boolean; starred: boolean }>();
  for await (const message of client.fetch('1:*', { uid: true, flags: true }, options)) {
    flags.set(message.uid, {
      seen: message.flags?.has(SEEN) ?? false,
      starred: message.flags?.has(FLAGGED) ?? false,
    });
  }
  await db.transaction(async (tx) => {
    await context.guard(tx);
    const updated = await repo.applyServerFlags(
      tx,
      mailbox.id,
      folder.path,
      Number(state.uidValidity),
      flags,
    );
    const all = await repo.readSyncState(tx, mailbox.id);
    all.folders[folder.path] = {
      ...all.folders[folder.path]!,
      modseq: highestModseq !== undefined ? String(highestModseq) : null,
    };
    await repo.writeSyncState(tx, mailbox.id, all);
    if (updated.length > 0) await context.changed(tx, updated);
  });
}

/** Copies whose UID the server no longer has were expunged (deleted or moved away). */
async function findExpunged(context: SyncContext, folder: SyncFolder, uidValidity: string) {
  const { db, client, mailbox } = context;
  const onServer = new Set((await client.search({ all: true }, { uid: true })) || []);
  await db.transaction(async (tx) => {
    await context.guard(tx);
    const known = await repo.folderUids(tx, mailbox.id, folder.path, Number(uidValidity));
    const gone = known.filter((uid) => !onServer.has(uid));
    if (gone.length === 0) return;
    const messages = await repo.removeLocations(
      tx,
      mailbox.id,
      folder.path,
      Number(uidValidity),
      gone,
    );
    const all = await repo.readSyncState(tx, mailbox.id);
    all.orphans.push(...messages);
    await repo.writeSyncState(tx, mailbox.id, all);
  });
}

/** Messages that lost a copy: deleted when no copy is left, else placed by what is left. */
async function dropOrphans(context: SyncContext): Promise<void> {
  const { db, mailbox } = context;
  await db.transaction(async (tx) => {
    await context.guard(tx);
    const all: SyncState = await repo.readSyncState(tx, mailbox.id);
    if (all.orphans.length === 0) return;
    const ids = [...new Set(all.orphans)];
    for (const id of ids) {
      if (await repo.hasLocation(tx, id)) await repo.placeMessage(tx, mailbox.id, id);
      else await repo.deleteMessage(tx, mailbox.id, id);
    }
    all.orphans = [];
    await repo.writeSyncState(tx, mailbox.id, all);
    await context.changed(tx, ids);
  });
}
