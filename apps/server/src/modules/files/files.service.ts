import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import {
  fileKindOf,
  fileKinds,
  FILE_LINK_MAX_DAYS,
  FILE_STREAM_SECONDS,
  FILE_USES_MAX,
  FILES_TRASH_DAYS,
  type FileChange,
  type FileCrumb,
  type FileDetails,
  type FileItem,
  type FileKind,
  type FileLink,
  type FilePage,
  type FilesListQuery,
  type FileShareAccess,
  type FileStream,
  type FileUsage,
  type FileVisibility,
  type PublicFile,
} from '@beacon/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { downloadName, type Storage, type StoredFile } from '../../lib/storage/index.ts';
import type { Previews } from '../../lib/previews/previews.ts';
import * as repo from './files.repository.ts';

/** The storage's `owner_kind` of a files manager item's bytes (`owner_id`: the item). */
export const FILE_OWNER_KIND = 'file';
/** How long the grant of an unlocked public link lasts. */
const GRANT_SECONDS = 60 * 60;
const FOLDER_TYPE = 'inode/directory';
/** The user id of a link whose creator is gone: nobody's, so only the workspace's items show. */
const NO_MEMBER = '00000000-0000-0000-0000-000000000000';

/** What a download serves: a file's stored file (under the item's name), or a folder's zip. */
export type Content = { zip: ZipPlan } | { file: StoredFile; name: string };

/** The items to put in a zip: each file with its path inside the zip. */
export type ZipPlan = { name: string; entries: { path: string; file: StoredFile | null }[] };

/**
 * The files manager's rules (docs/decisions/054-files-manager.md): who sees and organises what,
 * folders and their subtrees, the trash, shares and public links. The bytes are the storage's
 * (lib/storage/storage.ts): an item holds one stored file of its own.
 */
export class FilesService {
  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
    private readonly limiter: RateLimiter,
    private readonly secret: string,
    /** Thumbnails of images and PDFs, asked for in the transaction that makes their item. */
    private readonly previews?: Pick<Previews, 'request'>,
  ) {}

  async list(caller: Caller, query: FilesListQuery): Promise<FilePage> {
    const q: repo.PageQuery = {
      view: query.view ?? 'folder',
      folderId: query.folderId ?? null,
      q: query.q,
      kind: query.kind,
      sort: query.sort ?? 'name',
      order: query.order ?? 'asc',
      limit: query.limit ?? 50,
    };
    let folder: FileItem | null = null;
    let path: FileCrumb[] = [];
    if (q.folderId && q.view === 'folder') {
      const found = await repo.folderOfPage(this.db, caller, q.folderId);
      if (!found || !found.item.isFolder || found.trashed) throw notFound('No such folder');
      folder = found.item;
      path = found.crumbs;
    }
    const after = query.cursor ? decodeCursor(query.cursor, q.sort) : null;
    // Folders first, then files (a kind filter leaves out the part it does not match); a cursor
    // among the files has the folders behind it. One statement for both parts: each round trip
    // to the database costs more than a page's work.
    const parts = (
      q.kind === 'folder' ? [true] : q.kind || q.view === 'recent' ? [false] : [true, false]
    ).filter((folders) => !(after && !after.folders && folders));
    const { items, keys } = await repo.pageParts(this.db, caller, q, parts, after, q.limit + 1);
    let nextCursor: string | null = null;
    if (items.length > q.limit) {
      items.length = q.limit;
      nextCursor = encodeCursor(keys[q.limit - 1]!);
    }
    return { items, nextCursor, folder, path };
  }

  async usage(caller: Caller): Promise<FileUsage> {
    const totals = await this.storage.usage(this.db, caller.workspaceId);
    const { byType, byMember, counts } = await repo.usageBreakdown(this.db, caller.workspaceId);
    const kinds = new Map<FileKind, { bytes: number; files: number }>();
    for (const row of byType) {
      const kind = fileKindOf(row.contentType);
      const sum = kinds.get(kind) ?? { bytes: 0, files: 0 };
      sum.bytes += Number(row.bytes);
      sum.files += row.files;
      kinds.set(kind, sum);
    }
    const { recent, folders } = await repo.recentAndFolders(this.db, caller, 8);
    return {
      usedBytes: totals.usedBytes,
      quotaBytes: totals.quotaBytes,
      fileCount: counts.files,
      folderCount: counts.folders,
      trashBytes: Number(counts.trashBytes),
      byKind: [...kinds.entries()]
        .map(([kind, sum]) => ({ kind, ...sum }))
        .sort((a, b) => b.bytes - a.bytes),
      byMember: byMember.map((row) => ({ ...row, bytes: Number(row.bytes) })),
      recent,
      folders,
    };
  }

  /** Where a new item goes: the root, or a folder the caller may organise (404 unseen, 403 read-only). */
  private async target(tx: Executor, caller: Caller, folderId: string | null) {
    if (!folderId) return null;
    const folder = await repo.findItem(tx, caller, folderId, { lock: true });
    if (!folder || !folder.isFolder || folder.trashed) throw notFound('No such folder');
    if (!folder.canEdit) throw forbidden('You may only read this folder');
    return folder;
  }

  /** Inside a private folder an item is private to the folder's owner; elsewhere as asked. */
  private placement(caller: Caller, parent: repo.ItemRow | null, visibility: FileVisibility) {
    if (parent?.visibility === 'private') {
      return {
        visibility: 'private' as const,
        ownerId: parent.ownerId,
        path: [...parent.path, parent.id],
      };
    }
    return {
      visibility,
      ownerId: caller.userId,
      path: parent ? [...parent.path, parent.id] : [],
    };
  }

  async newFolder(
    caller: Caller,
    input: { parentId: string | null; name: string; visibility: FileVisibility },
  ): Promise<FileItem> {
    return this.db.transaction(async (tx) => {
      const parent = await this.target(tx, caller, input.parentId);
      const place = this.placement(caller, parent, input.visibility);
      const id = await repo.insertItem(tx, caller.workspaceId, {
        parentId: parent?.id ?? null,
        path: place.path,
        isFolder: true,
        name: input.name,
        storedFileId: null,
        size: 0,
        mimeType: FOLDER_TYPE,
        kind: 'folder',
        visibility: place.visibility,
        ownerId: place.ownerId,
        createdBy: caller.userId,
      });
      return (await repo.itemAnswer(tx, caller, id))!;
    });
  }

  /**
   * A plain upload: the body streams into the storage, then the item is made in one transaction.
   * The storage writes outside any transaction of ours (it reserves the key on its own
   * connection), so the put comes first; when the item cannot be made, the stored file goes.
   */
  async upload(
    caller: Caller,
    input: {
      folderId: string | null;
      name: string;
      visibility: FileVisibility;
      body: Readable;
      declaredSize?: number;
      maxBytes: number;
    },
  ): Promise<FileItem> {
    // Checked before the bytes are read, and again (locked) when the item is written.
    await this.db.transaction((tx) => this.target(tx, caller, input.folderId));
    const file = await this.storage.put(this.db, {
      workspaceId: caller.workspaceId,
      createdBy: caller.userId,
      name: input.name,
      ownerKind: FILE_OWNER_KIND,
      body: input.body,
      maxBytes: input.maxBytes,
      ...(input.declaredSize !== undefined ? { declaredSize: input.declaredSize } : {}),
    });
    return this.keepOrRemove([file], () =>
      this.db.transaction((tx) =>
        this.placeFile(tx, caller, file, input.folderId, input.name, input.visibility),
      ),
    );
  }

  /** Runs `work`; when it fails, the stored files made for it are removed, and it throws on. */
  private async keepOrRemove<T>(files: StoredFile[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      for (const file of files) {
        await this.storage.remove(this.db, file.workspaceId, file.id).catch(() => false);
      }
      throw error;
    }
  }

  /**
   * A finished upload of the caller's (`/api/uploads`, resumable or direct) becomes an item of a
   * folder: the storage hands its stored file over to the item (404 when it is not the caller's
   * or already taken).
   */
  async fromUpload(
    caller: Caller,
    input: { uploadId: string; folderId: string | null; name?: string; visibility: FileVisibility },
  ): Promise<FileItem> {
    return this.db.transaction(async (tx) => {
      const file = await this.storage.claim(tx, caller, input.uploadId, {
        ownerKind: FILE_OWNER_KIND,
        ownerId: null,
      });
      if (!file) throw notFound('No such upload');
      return this.placeFile(
        tx,
        caller,
        file,
        input.folderId,
        input.name ?? file.name,
        input.visibility,
      );
    });
  }

  private async placeFile(
    tx: Executor,
    caller: Caller,
    file: StoredFile,
    folderId: string | null,
    name: string,
    visibility: FileVisibility,
  ) {
    const parent = await this.target(tx, caller, folderId);
    const place = this.placement(caller, parent, visibility);
    const id = await repo.insertItem(tx, caller.workspaceId, {
      parentId: parent?.id ?? null,
      path: place.path,
      isFolder: false,
      name,
      storedFileId: file.id,
      size: Number(file.size),
      mimeType: file.contentType,
      kind: fileKindOf(file.contentType),
      visibility: place.visibility,
      ownerId: place.ownerId,
      createdBy: caller.userId,
    });
    await this.previews?.request(tx, file);
    await this.storage.setOwner(tx, caller.workspaceId, file.id, {
      ownerKind: FILE_OWNER_KIND,
      ownerId: id,
    });
    return (await repo.itemAnswer(tx, caller, id))!;
  }

  /** The item for a change: 404 unseen, 403 when the caller may only read it. */
  private async editable(
    tx: Executor,
    caller: Caller,
    id: string,
    options: { trashed?: boolean } = {},
  ) {
    const item = await repo.findItem(tx, caller, id, { lock: true });
    if (!item) throw notFound('No such file or folder');
    if (!item.canEdit) throw forbidden('You may only read this item');
    if (item.trashed !== (options.trashed ?? false)) {
      throw item.trashed
        ? notFound('This item is in the trash')
        : conflict('This item is not in the trash');
    }
    return item;
  }

  async details(caller: Caller, id: string): Promise<FileDetails> {
    const row = await repo.findItem(this.db, caller, id);
    if (!row) throw notFound('No such file or folder');
    const item = (await repo.itemAnswer(this.db, caller, id))!;
    const extras = await repo.detailsExtras(this.db, caller, row);
    const path = await repo.crumbs(this.db, caller.workspaceId, row.path);
    const copies = await Promise.all(
      extras.copies.map(async (copy) => ({
        id: copy.id,
        name: copy.name,
        folderPath: (await repo.crumbs(this.db, caller.workspaceId, copy.path))
          .map((c) => c.name)
          .join(' / '),
      })),
    );
    return {
      item,
      path,
      createdBy: extras.createdBy,
      createdByName: extras.createdByName,
      contains: { files: extras.files, folders: extras.folders },
      copies,
      usedIn: row.storedFileId
        ? await repo.whereUsed(this.db, caller, row.storedFileId, FILE_USES_MAX)
        : [],
      shares: row.canShare ? await repo.sharesOf(this.db, caller.workspaceId, id) : [],
      links: row.canShare ? extras.links : 0,
      sha256: extras.sha256,
    };
  }

  async change(caller: Caller, id: string, change: FileChange): Promise<FileItem> {
    return this.db.transaction(async (tx) => {
      const item = await this.editable(tx, caller, id);
      if (change.name !== undefined && change.name !== item.name) {
        await repo.renameItem(tx, caller.workspaceId, id, change.name);
      }
      if (change.visibility !== undefined && change.visibility !== item.visibility) {
        if (item.ownerId !== caller.userId && caller.role !== 'admin') {
          throw forbidden('Only its owner changes who sees an item');
        }
        if (change.visibility === 'workspace' && item.parentId) {
          const parent = await repo.findItem(tx, caller, item.parentId);
          if (parent?.visibility === 'private') {
            throw fieldError('visibility', 'An item in a private folder stays private');
          }
        }
        const ownerId = item.ownerId ?? caller.userId;
        if (
          change.visibility === 'private' &&
          (await repo.othersPrivateIn(tx, caller.workspaceId, id, ownerId))
        ) {
          throw conflict('This folder holds items private to other members');
        }
        await repo.setSubtreeVisibility(tx, caller.workspaceId, id, change.visibility, ownerId);
      }
      return (await repo.itemAnswer(tx, caller, id))!;
    });
  }

  async move(caller: Caller, id: string, folderId: string | null): Promise<FileItem> {
    return this.db.transaction(async (tx) => {
      const item = await this.editable(tx, caller, id);
      const parent = await this.target(tx, caller, folderId);
      if (parent && (parent.id === id || parent.path.includes(id))) {
        throw conflict('A folder cannot go inside itself');
      }
      if ((parent?.id ?? null) === item.parentId) return (await repo.itemAnswer(tx, caller, id))!;
      if (parent?.visibility === 'private') {
        // The subtree becomes the folder's owner's: only its owner (or an admin) gives an item
        // away so, unless it is the folder owner's private item already; never another
        // member's private items (record 054).
        const already = item.visibility === 'private' && item.ownerId === parent.ownerId;
        if (!already && item.ownerId !== caller.userId && caller.role !== 'admin') {
          throw forbidden('Only its owner moves an item into a private folder');
        }
        if (await repo.othersPrivateIn(tx, caller.workspaceId, id, parent.ownerId)) {
          throw conflict('This folder holds items private to other members');
        }
      }
      await repo.moveSubtree(tx, caller.workspaceId, id, parent?.id ?? null, parent?.path ?? []);
      if (parent?.visibility === 'private') {
        await repo.setSubtreeVisibility(tx, caller.workspaceId, id, 'private', parent.ownerId);
      }
      return (await repo.itemAnswer(tx, caller, id))!;
    });
  }

  /**
   * Copies an item into a folder: a folder with everything in it the caller sees, each file's
   * bytes anew (the storage copies them outside any transaction, then the items are made in one;
   * when they cannot be, the copies are removed).
   */
  async copy(caller: Caller, id: string, folderId: string | null): Promise<FileItem> {
    const source = await repo.findItem(this.db, caller, id);
    if (!source || source.trashed) throw notFound('No such file or folder');
    await this.db.transaction((tx) => this.target(tx, caller, folderId));
    const visible = new Set(
      (await repo.zipEntries(this.db, caller.workspaceId, id, caller)).map((row) => row.id),
    );
    const rows = (await repo.subtree(this.db, caller.workspaceId, id)).filter(
      (row) => !row.trashed && (row.id === id || visible.has(row.id)),
    );
    const copies = new Map<string, StoredFile>();
    try {
      for (const row of rows) {
        if (!row.storedFileId) continue;
        const file = await this.storage.get(this.db, caller.workspaceId, row.storedFileId);
        if (!file) continue;
        copies.set(
          row.id,
          await this.storage.copy(this.db, file, {
            ownerKind: FILE_OWNER_KIND,
            createdBy: caller.userId,
          }),
        );
      }
    } catch (error) {
      await this.keepOrRemove([...copies.values()], () => Promise.reject(error));
    }
    return this.keepOrRemove([...copies.values()], () =>
      this.db.transaction(async (tx) => {
        const parent = await this.target(tx, caller, folderId);
        if (parent && (parent.id === id || parent.path.includes(id))) {
          throw conflict('A folder cannot be copied inside itself');
        }
        const place = this.placement(caller, parent, source.visibility);
        const newIds = new Map<string, { id: string; path: string[] }>();
        for (const row of rows) {
          const isRoot = row.id === id;
          const newParent = isRoot ? null : newIds.get(row.parentId!);
          if (!isRoot && !newParent) continue;
          const stored = copies.get(row.id) ?? null;
          if (!row.isFolder && !stored) continue;
          const path = isRoot ? place.path : [...newParent!.path, newParent!.id];
          const newId = await repo.insertItem(tx, caller.workspaceId, {
            parentId: isRoot ? (parent?.id ?? null) : newParent!.id,
            path,
            isFolder: row.isFolder,
            name: row.name,
            storedFileId: stored?.id ?? null,
            size: stored ? Number(stored.size) : 0,
            mimeType: stored?.contentType ?? FOLDER_TYPE,
            kind: stored ? fileKindOf(stored.contentType) : 'folder',
            visibility: place.visibility,
            ownerId: place.ownerId,
            createdBy: caller.userId,
          });
          if (stored) {
            await this.storage.setOwner(tx, caller.workspaceId, stored.id, {
              ownerKind: FILE_OWNER_KIND,
              ownerId: newId,
            });
            // A copy is a file of its own: its thumbnails are made for it.
            await this.previews?.request(tx, stored);
          }
          newIds.set(row.id, { id: newId, path });
        }
        return (await repo.itemAnswer(tx, caller, newIds.get(id)!.id))!;
      }),
    );
  }

  async star(caller: Caller, id: string, starred: boolean): Promise<FileItem> {
    const item = await repo.findItem(this.db, caller, id);
    if (!item) throw notFound('No such file or folder');
    await repo.setStar(this.db, caller, id, starred);
    return (await repo.itemAnswer(this.db, caller, id))!;
  }

  async trash(caller: Caller, id: string): Promise<FileItem> {
    return this.db.transaction(async (tx) => {
      await this.editable(tx, caller, id);
      await repo.trashSubtree(tx, caller.workspaceId, id);
      return (await repo.itemAnswer(tx, caller, id))!;
    });
  }

  async restore(caller: Caller, id: string): Promise<FileItem> {
    return this.db.transaction(async (tx) => {
      const item = await this.editable(tx, caller, id, { trashed: true });
      if (item.trashRootId !== id) {
        throw conflict('This item went to the trash with its folder: restore the folder');
      }
      await repo.restoreSubtree(tx, caller.workspaceId, id);
      if (item.parentId && (await repo.folderUnavailable(tx, caller.workspaceId, item.parentId))) {
        await repo.moveSubtree(tx, caller.workspaceId, id, null, []);
      }
      return (await repo.itemAnswer(tx, caller, id))!;
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const item = await this.editable(tx, caller, id, { trashed: true });
      if (item.trashRootId !== id) {
        throw conflict('This item went to the trash with its folder: remove the folder');
      }
      await repo.deleteSubtrees(tx, caller.workspaceId, [id]);
    });
  }

  async emptyTrash(caller: Caller): Promise<{ removed: number }> {
    return this.db.transaction(async (tx) => {
      const roots = await repo.trashRoots(tx, caller);
      return { removed: await repo.deleteSubtrees(tx, caller.workspaceId, roots) };
    });
  }

  /** Removes items trashed more than FILES_TRASH_DAYS ago, a batch at a time; the count removed. */
  async purgeExpiredTrash(batch = 200, executor: Database = this.db): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows = await repo.expiredTrash(executor, FILES_TRASH_DAYS, batch);
      if (rows.length === 0) return removed;
      for (const row of rows) {
        removed += await executor.transaction((tx) =>
          repo.deleteSubtrees(tx, row.workspaceId, [row.id]),
        );
      }
      if (rows.length < batch) return removed;
    }
  }

  private async shareable(caller: Caller, id: string) {
    const item = await repo.findItem(this.db, caller, id);
    if (!item) throw notFound('No such file or folder');
    if (!item.canShare) throw forbidden('Only its owner (or an admin) shares this item');
    return item;
  }

  async shares(caller: Caller, id: string) {
    await this.shareable(caller, id);
    return { shares: await repo.sharesOf(this.db, caller.workspaceId, id) };
  }

  async share(caller: Caller, id: string, input: { userId: string; access: FileShareAccess }) {
    await this.shareable(caller, id);
    if (!(await repo.memberOf(this.db, caller.workspaceId, input.userId))) {
      throw notFound('No such member');
    }
    if (input.userId === caller.userId) throw fieldError('userId', 'You already have this item');
    await repo.upsertShare(this.db, caller, id, input.userId, input.access);
    return { shares: await repo.sharesOf(this.db, caller.workspaceId, id) };
  }

  async unshare(caller: Caller, id: string, userId: string) {
    await this.shareable(caller, id);
    if (!(await repo.deleteShare(this.db, caller.workspaceId, id, userId))) {
      throw notFound('This item is not shared with that member');
    }
  }

  async links(caller: Caller, id: string): Promise<{ links: FileLink[] }> {
    await this.shareable(caller, id);
    const rows = await repo.linksOf(this.db, caller.workspaceId, id);
    return { links: rows.map((row) => linkAnswer(row, null)) };
  }

  async newLink(
    caller: Caller,
    id: string,
    input: { expiresAt: string | null; password: string },
  ): Promise<FileLink> {
    const item = await this.shareable(caller, id);
    if (item.trashed) throw notFound('This item is in the trash');
    if (input.expiresAt !== null) {
      const at = Date.parse(input.expiresAt);
      if (at <= Date.now()) throw fieldError('expiresAt', 'Choose a time in the future');
      if (at > Date.now() + FILE_LINK_MAX_DAYS * 86_400_000) {
        throw fieldError('expiresAt', `At most ${FILE_LINK_MAX_DAYS} days from now`);
      }
    }
    const token = randomBytes(24).toString('base64url');
    const row = await repo.insertLink(this.db, caller, {
      itemId: id,
      tokenHash: hashToken(token),
      passwordHash: input.password ? await hashPassword(input.password) : null,
      expiresAt: input.expiresAt,
    });
    return linkAnswer(row, token);
  }

  async revokeLink(caller: Caller, linkId: string): Promise<void> {
    const link = await repo.findLink(this.db, caller.workspaceId, linkId);
    if (!link) throw notFound('No such link');
    await this.shareable(caller, link.itemId);
    await repo.deleteLink(this.db, caller.workspaceId, linkId);
  }

  /** A live link by its token, or 404 (unknown, revoked, expired, or its item in the trash). */
  private async link(token: string) {
    const link = await repo.linkByToken(this.db, hashToken(token));
    if (!link) throw notFound('This link does not exist or has expired');
    return link;
  }

  /**
   * Whom a public link stands for: its creator, so the link shows only what they see (a member
   * since gone sees only the workspace's items).
   */
  private linkViewer(link: repo.LinkRow): Caller {
    return {
      userId: link.createdBy ?? NO_MEMBER,
      workspaceId: link.workspaceId,
      role: 'viewer',
      visibility: 'own',
    };
  }

  private granted(link: repo.LinkRow, grant: string | undefined): boolean {
    if (!link.passwordHash) return true;
    if (!grant) return false;
    const [exp, signature] = grant.split('.');
    if (!exp || !signature || !/^\d+$/.test(exp) || Number(exp) * 1000 < Date.now()) return false;
    const expected = Buffer.from(this.sign(link.id, exp));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(linkId: string, exp: string) {
    return createHmac('sha256', this.secret)
      .update(`file-link.${linkId}.${exp}`)
      .digest('base64url');
  }

  async publicInfo(token: string, grant: string | undefined): Promise<PublicFile> {
    const link = await this.link(token);
    const viewer = this.linkViewer(link);
    const item = await repo.publicItem(this.db, viewer, link.itemId);
    if (!item) throw notFound('This link does not exist or has expired');
    if (!this.granted(link, grant)) {
      return {
        passwordRequired: true,
        name: null,
        isFolder: item.isFolder,
        kind: null,
        mimeType: null,
        size: null,
        expiresAt: link.expiresAt,
        entries: [],
      };
    }
    const entries = item.isFolder
      ? (await this.zipPlan(link.workspaceId, item.id, item.name, viewer)).entries.filter(
          (entry) => entry.file,
        )
      : [];
    return {
      passwordRequired: Boolean(link.passwordHash),
      name: item.name,
      isFolder: item.isFolder,
      kind: item.kind,
      mimeType: item.isFolder ? null : item.mimeType,
      // A folder's size: what the link shows of it.
      size: item.isFolder
        ? entries.reduce((sum, entry) => sum + Number(entry.file!.size), 0)
        : Number(item.size),
      expiresAt: link.expiresAt,
      entries: entries.map((entry) => ({ path: entry.path, size: Number(entry.file!.size) })),
    };
  }

  /**
   * Checks a link's password. Every attempt counts against the link's and the address's limits
   * before the check (as sign-in does), so parallel guesses cannot outrun them; a right one clears
   * the link's count (not the address's: a link of one's own would clear it) and answers a grant
   * for GRANT_SECONDS.
   */
  async unlock(token: string, password: string, ip: string): Promise<{ grant: string }> {
    const link = await this.link(token);
    if (!link.passwordHash) throw new AppError('BAD_REQUEST', 'This link has no password');
    const linkKey = `file-link:${link.id}`;
    await this.limiter.hit(linkKey, this.limiter.limits.fileLinkPasswords);
    await this.limiter.hit(`file-link-ip:${ip}`, this.limiter.limits.fileLinkPasswords);
    if (!(await verifyPassword(link.passwordHash, password))) {
      throw new AppError('LINK_PASSWORD_WRONG', 'Wrong password');
    }
    await this.limiter.clear(linkKey);
    const exp = String(Math.floor(Date.now() / 1000) + GRANT_SECONDS);
    return { grant: `${exp}.${this.sign(link.id, exp)}` };
  }

  /** What a public link serves: a file's stored file, or a folder's zip plan. */
  async publicContent(token: string, grant: string | undefined): Promise<Content> {
    const link = await this.link(token);
    if (!this.granted(link, grant)) {
      throw new AppError('LINK_PASSWORD_REQUIRED', 'This link asks for a password');
    }
    const viewer = this.linkViewer(link);
    const item = await repo.publicItem(this.db, viewer, link.itemId);
    if (!item) throw notFound('This link does not exist or has expired');
    if (item.isFolder) {
      return { zip: await this.zipPlan(link.workspaceId, item.id, item.name, viewer) };
    }
    const file = await this.storage.get(this.db, link.workspaceId, item.storedFileId!);
    if (!file) throw notFound('This link does not exist or has expired');
    return { file, name: item.name };
  }

  /**
   * A stream address of a file the caller sees, for a media player (which sends no header): a
   * token naming the workspace, the file, the member and an expiry, signed with the server's
   * secret. Nothing is stored; what the address opens is checked again at each request.
   */
  async streamUrl(caller: Caller, id: string): Promise<FileStream> {
    const item = await repo.findItem(this.db, caller, id);
    if (!item || item.isFolder) throw notFound('No such file');
    const exp = String(Math.floor(Date.now() / 1000) + FILE_STREAM_SECONDS);
    const token = `${caller.userId}.${exp}.${this.signStream(id, caller.userId, exp)}`;
    return {
      url: `/api/files/${id}/stream?token=${token}`,
      expiresAt: new Date(Number(exp) * 1000).toISOString(),
    };
  }

  private signStream(id: string, userId: string, exp: string) {
    return createHmac('sha256', this.secret)
      .update(`file-stream.${id}.${userId}.${exp}`)
      .digest('base64url');
  }

  /**
   * The file of a stream address: 404 when the token is wrong or expired, or when its member no
   * longer sees the file (unshared, trashed, no longer an active member).
   */
  async streamContent(id: string, token: string): Promise<{ file: StoredFile; name: string }> {
    const gone = () => notFound('This address does not exist or has expired');
    const [userId, exp, signature, ...rest] = token.split('.');
    if (!userId || !exp || !signature || rest.length > 0) throw gone();
    if (!/^\d+$/.test(exp) || Number(exp) * 1000 < Date.now()) throw gone();
    const expected = Buffer.from(this.signStream(id, userId, exp));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw gone();
    const member = await repo.activeMember(this.db, userId);
    if (!member) throw gone();
    const caller: Caller = {
      userId,
      workspaceId: member.workspaceId,
      role: member.role,
      visibility: 'all',
    };
    const item = await repo.findItem(this.db, caller, id);
    if (!item || item.isFolder || item.trashed) throw gone();
    const file = await this.storage.get(this.db, caller.workspaceId, item.storedFileId!);
    if (!file) throw gone();
    return { file, name: item.name };
  }

  /** What the caller downloads: a file's stored file, or a folder's zip plan. */
  async content(caller: Caller, id: string): Promise<Content> {
    const item = await repo.findItem(this.db, caller, id);
    if (!item) throw notFound('No such file or folder');
    if (item.isFolder) {
      return { zip: await this.zipPlan(caller.workspaceId, id, item.name, caller) };
    }
    const file = await this.storage.get(this.db, caller.workspaceId, item.storedFileId!);
    if (!file) throw notFound('No such file');
    return { file, name: item.name };
  }

  /**
   * The files under a folder with their paths in a zip: each name made safe for a file system
   * (`../`, separators and controls become `_`), a name met twice in one folder numbered.
   */
  private async zipPlan(
    workspaceId: string,
    folderId: string,
    name: string,
    caller: Caller,
  ): Promise<ZipPlan> {
    const rows = await repo.zipEntries(this.db, workspaceId, folderId, caller);
    const paths = new Map<string, string>([[folderId, '']]);
    const taken = new Set<string>();
    const entries: ZipPlan['entries'] = [];
    const files = new Map<string, StoredFile>();
    const ids = rows.flatMap((row) => (row.storedFileId ? [row.storedFileId] : []));
    for (const id of ids) {
      const file = await this.storage.get(this.db, workspaceId, id);
      if (file) files.set(id, file);
    }
    for (const row of rows) {
      const parent = paths.get(row.parentId);
      if (parent === undefined) continue; // under a folder the caller does not see
      let entry = `${parent}${downloadName(row.name)}`;
      for (let n = 2; taken.has(entry.toLowerCase()); n++) {
        entry = `${parent}${numbered(downloadName(row.name), n)}`;
      }
      taken.add(entry.toLowerCase());
      if (row.isFolder) {
        paths.set(row.id, `${entry}/`);
        entries.push({ path: `${entry}/`, file: null });
      } else {
        const file = row.storedFileId ? files.get(row.storedFileId) : undefined;
        if (file) entries.push({ path: entry, file });
      }
    }
    return { name: `${downloadName(name)}.zip`, entries };
  }

  /** A zip of the plan, streamed: one file open at a time, never the whole in memory. */
  zipStream(plan: ZipPlan): Readable {
    const archive = new ZipArchive({ zlib: { level: 6 } });
    void (async () => {
      try {
        for (const entry of plan.entries) {
          if (!entry.file) {
            archive.append(Buffer.alloc(0), { name: entry.path, type: 'directory' });
            continue;
          }
          const source = await this.storage.open(entry.file);
          const added = once(archive, 'entry');
          archive.append(source, { name: entry.path, date: entry.file.createdAt });
          await added;
        }
        await archive.finalize();
      } catch (error) {
        archive.destroy(error as Error);
      }
    })();
    return archive;
  }
}

function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function linkAnswer(row: repo.LinkRow, token: string | null): FileLink {
  return {
    id: row.id,
    itemId: row.itemId,
    expiresAt: row.expiresAt,
    hasPassword: Boolean(row.passwordHash),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    url: token ? `/files/shared/${token}` : null,
  };
}

function encodeCursor(cursor: repo.PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.folders ? 1 : 0, cursor.key, cursor.id])).toString(
    'base64url',
  );
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}\+00$/;

/** Whether a cursor's key has the shape of the sort's (else its casts would fail in SQL). */
function keyFits(sort: repo.PageQuery['sort'], key: unknown[]): boolean {
  switch (sort) {
    case 'size':
      return key.length === 1 && Number.isSafeInteger(key[0]);
    case 'type':
      return (
        key.length === 2 && fileKinds.includes(key[0] as FileKind) && typeof key[1] === 'string'
      );
    case 'date':
      return key.length === 1 && typeof key[0] === 'string' && TIMESTAMP.test(key[0]);
    default:
      return key.length === 1 && typeof key[0] === 'string';
  }
}

function decodeCursor(value: string, sort: repo.PageQuery['sort']): repo.PageCursor {
  try {
    const [folders, key, id] = JSON.parse(Buffer.from(value, 'base64url').toString()) as [
      number,
      unknown[],
      string,
    ];
    if (
      !Array.isArray(key) ||
      !keyFits(sort, key) ||
      typeof id !== 'string' ||
      !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ) {
      throw new Error('bad cursor');
    }
    return { folders: folders === 1, key, id };
  } catch {
    throw fieldError('cursor', 'Not a cursor of this list');
  }
}
