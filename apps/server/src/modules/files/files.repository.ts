import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { thumbnailImageTypes } from '@beacon/contract';
import type {
  FileCrumb,
  FileItem,
  FileKind,
  FileShare,
  FileShareAccess,
  FileSort,
  FileUse,
  FileView,
  FileVisibility,
} from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { rowsOf, uuidArray } from '../../lib/records/sql.ts';

// Every SQL statement over the files manager's tables (file_items, file_stars, file_shares,
// file_links). Each takes the workspace id and filters by it; reads also take the caller, so an
// item the caller may not see is not found.

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The caller sees the item: the workspace's, theirs, or shared with them (itself or a folder above). */
export const visibleTo = (caller: Caller, i = sql.raw('i')) => sql`(
  ${i}.visibility = 'workspace' or ${i}.owner_id = ${caller.userId}
  or exists (select 1 from file_shares s where s.workspace_id = ${i}.workspace_id
    and s.user_id = ${caller.userId} and (s.item_id = ${i}.id or ${i}.path @> array[s.item_id])))`;

/**
 * The caller may organise the item: contributors and admins, on the workspace's items, their own,
 * and those shared with them to edit. Viewers never.
 */
export const editableBy = (caller: Caller, i = sql.raw('i')) =>
  caller.role === 'viewer'
    ? sql`false`
    : sql`(
  ${i}.visibility = 'workspace' or ${i}.owner_id = ${caller.userId}
  or exists (select 1 from file_shares s where s.workspace_id = ${i}.workspace_id
    and s.user_id = ${caller.userId} and s.access = 'edit'
    and (s.item_id = ${i}.id or ${i}.path @> array[s.item_id])))`;

/** The caller may share the item and make links to it: its owner, or an admin for the workspace's. */
export const shareableBy = (caller: Caller, i = sql.raw('i')) =>
  caller.role === 'viewer'
    ? sql`false`
    : caller.role === 'admin'
      ? sql`(${i}.visibility = 'workspace' or ${i}.owner_id = ${caller.userId})`
      : sql`(${i}.owner_id = ${caller.userId})`;

/** A folder's size: its files at any depth, outside the trash. */
const folderSize = sql`(select coalesce(sum(c.size), 0) from file_items c
  where c.workspace_id = i.workspace_id and c.path @> array[i.id] and not c.is_folder
    and c.trashed_at is null)`;

/** The detected types that get thumbnails (the contract's `hasThumbnail`), as a SQL array. */
const previewTypes = sql`array[${sql.join(
  [...thumbnailImageTypes, 'application/pdf'].map((type) => sql`${type}`),
  sql`, `,
)}]::text[]`;

const itemSelect = (caller: Caller, sizes = true) => sql`
  i.id, i.parent_id as "folderId", i.is_folder as "isFolder", i.name, i.kind,
  i.mime_type as "mimeType",
  (case when i.is_folder then ${sizes ? folderSize : sql`0`} else i.size end)::float8 as size,
  i.visibility, i.owner_id as "ownerId",
  coalesce((select u.first_name || ' ' || u.last_name from users u where u.id = i.owner_id), '')
    as "ownerName",
  exists (select 1 from file_stars st where st.item_id = i.id and st.user_id = ${caller.userId})
    as starred,
  ${editableBy(caller)} as "canEdit",
  ${shareableBy(caller)} as "canShare",
  ${iso(sql`i.trashed_at`)} as "trashedAt", ${iso(sql`i.created_at`)} as "createdAt",
  ${iso(sql`i.updated_at`)} as "updatedAt",
  case when i.stored_file_id is not null and i.mime_type = any(${previewTypes})
    then '/api/storage/files/' || i.stored_file_id || '/preview?size=small' end as "previewUrl"`;

/** An item's row as the code needs it for rules (not as answered). */
export type ItemRow = {
  id: string;
  parentId: string | null;
  path: string[];
  isFolder: boolean;
  name: string;
  storedFileId: string | null;
  size: number;
  mimeType: string;
  kind: FileKind;
  visibility: FileVisibility;
  ownerId: string | null;
  trashed: boolean;
  trashRootId: string | null;
  canEdit: boolean;
  canShare: boolean;
};

/** The item, when the caller sees it (trashed ones too), with what they may do to it. */
export async function findItem(
  db: Executor,
  caller: Caller,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ItemRow | null> {
  const [row] = await rowsOf<ItemRow & { size: number | string }>(
    db,
    sql`select i.id, i.parent_id as "parentId", i.path::text[] as path, i.is_folder as "isFolder",
      i.name, i.stored_file_id as "storedFileId", i.size::float8 as size, i.mime_type as "mimeType",
      i.kind, i.visibility, i.owner_id as "ownerId", i.trashed_at is not null as trashed,
      i.trash_root_id as "trashRootId", ${editableBy(caller)} as "canEdit",
      ${shareableBy(caller)} as "canShare"
    from file_items i
    where i.id = ${id} and i.workspace_id = ${caller.workspaceId} and ${visibleTo(caller)}
    ${options.lock ? sql`for update of i` : sql``}`,
  );
  return row ? { ...row, size: Number(row.size) } : null;
}

/** An item as answered; `sizes: false` leaves a folder's size 0 (the sum of a large folder costs). */
export async function itemAnswer(
  db: Executor,
  caller: Caller,
  id: string,
  sizes = true,
): Promise<FileItem | null> {
  const [row] = await rowsOf<FileItem>(
    db,
    sql`select ${itemSelect(caller, sizes)} from file_items i
      where i.id = ${id} and i.workspace_id = ${caller.workspaceId} and ${visibleTo(caller)}`,
  );
  return row ?? null;
}

/** The folders from the root down to (and with) `ids`' last, by their ids in order. */
export async function crumbs(
  db: Executor,
  workspaceId: string,
  ids: string[],
): Promise<FileCrumb[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<FileCrumb>(
    db,
    sql`select id, name from file_items where workspace_id = ${workspaceId}
      and id = any(${uuidArray(ids)})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

export type PageQuery = {
  view: FileView;
  folderId: string | null;
  q: string | undefined;
  kind: FileKind | undefined;
  sort: FileSort;
  order: 'asc' | 'desc';
  limit: number;
};

/** The sort columns of each sort (the index of each, migration 0021_files_manager, in this order). */
function sortColumns(sort: FileSort): { columns: SQL[]; key: SQL } {
  const lowerName = sql`lower(i.name) collate "C"`;
  switch (sort) {
    case 'size':
      return { columns: [sql`i.size`], key: sql`json_build_array(i.size::float8)` };
    case 'type':
      return {
        columns: [sql`i.kind`, lowerName],
        key: sql`json_build_array(i.kind::text, lower(i.name) collate "C")`,
      };
    case 'date':
      return {
        columns: [sql`i.updated_at`],
        key: sql`json_build_array(to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00')`,
      };
    default:
      return { columns: [lowerName], key: sql`json_build_array(lower(i.name) collate "C")` };
  }
}

/** The cursor's key values as SQL, cast as the sort's columns. */
function keyValues(sort: FileSort, key: unknown[]): SQL[] {
  switch (sort) {
    case 'size':
      return [sql`${Number(key[0])}::bigint`];
    case 'type':
      return [sql`${String(key[0])}::file_kind`, sql`${String(key[1])} collate "C"`];
    case 'date':
      return [sql`${String(key[0])}::timestamptz`];
    default:
      return [sql`${String(key[0])} collate "C"`];
  }
}

export type PageCursor = { folders: boolean; key: unknown[]; id: string };

/** The conditions and order of one part of a page (folders, or files) after the cursor. */
function partQuery(
  caller: Caller,
  query: PageQuery,
  folders: boolean,
  after: PageCursor | null,
): { where: SQL; order: SQL } {
  const { columns } = sortColumns(query.sort);
  const direction = query.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const conditions: SQL[] = [sql`i.workspace_id = ${caller.workspaceId}`, visibleTo(caller)];
  // A literal, not a parameter: the plan of each part is then made for its own partial range.
  conditions.push(folders ? sql`i.is_folder` : sql`not i.is_folder`);
  if (query.view === 'trash') {
    conditions.push(sql`i.trashed_at is not null and i.trash_root_id = i.id`);
  } else {
    conditions.push(sql`i.trashed_at is null`);
  }
  const searching = query.q !== undefined && query.q !== '';
  if (query.view === 'folder') {
    if (searching) {
      if (query.folderId) conditions.push(sql`i.path @> array[${query.folderId}::uuid]`);
    } else {
      conditions.push(
        query.folderId ? sql`i.parent_id = ${query.folderId}` : sql`i.parent_id is null`,
      );
    }
  } else if (query.view === 'starred') {
    conditions.push(
      sql`exists (select 1 from file_stars st where st.item_id = i.id and st.user_id = ${caller.userId})`,
    );
  } else if (query.view === 'shared') {
    conditions.push(
      sql`exists (select 1 from file_shares s where s.item_id = i.id and s.user_id = ${caller.userId})`,
    );
  }
  if (searching) conditions.push(sql`strpos(lower(i.name), lower(${query.q})) > 0`);
  if (query.kind && query.kind !== 'folder') conditions.push(sql`i.kind = ${query.kind}`);
  if (after && after.folders === folders) {
    const cmp = query.order === 'desc' ? sql.raw('<') : sql.raw('>');
    const left = sql.join([...columns, sql`i.id`], sql`, `);
    const right = sql.join([...keyValues(query.sort, after.key), sql`${after.id}::uuid`], sql`, `);
    conditions.push(sql`(${left}) ${cmp} (${right})`);
  }
  const order = sql.join(
    [...columns, sql`i.id`].map((c) => sql`${c} ${direction}`),
    sql`, `,
  );
  return { where: sql.join(conditions, sql` and `), order };
}

/**
 * A page: up to `limit` items of each part asked (folders first, then files), after the cursor,
 * in the sort's order, in one statement. The caller keeps the first `limit` of them.
 *
 * Each part first chooses its rows (a range of one of the sort's partial indexes, migration
 * 0021_files_manager, with the visibility filter) and only those rows are then answered. With the
 * answer's columns in the same select, the planner costed them (a folder's size is a subtree sum)
 * for every row of the folder: with 100,000 files that passed PostgreSQL's `jit_above_cost`, and
 * each first page paid 100 ms or more of JIT compiling for under 1 ms of work
 * (docs/decisions/063-files-gaps.md). The files part never sums sizes (it holds no folders).
 */
export async function pageParts(
  db: Executor,
  caller: Caller,
  query: PageQuery,
  parts: boolean[],
  after: PageCursor | null,
  limit: number,
): Promise<{ items: FileItem[]; keys: PageCursor[] }> {
  if (parts.length === 0) return { items: [], keys: [] };
  const { key } = sortColumns(query.sort);
  const selects = parts.map((folders) => {
    const { where, order } = partQuery(caller, query, folders, after);
    return sql`(select ${itemSelect(caller, folders)}, ${key} as "sortKey",
        row_number() over (order by ${order})::int as "rank"
      from (select i.* from file_items i where ${where} order by ${order} limit ${limit}) i)`;
  });
  const rows = await rowsOf<FileItem & { sortKey: unknown[] | string; rank: number }>(
    db,
    sql.join(selects, sql` union all `),
  );
  // Folders first, each part in its own order.
  rows.sort((a, b) => Number(b.isFolder) - Number(a.isFolder) || a.rank - b.rank);
  return {
    items: rows.map(({ sortKey: _key, rank: _rank, ...item }) => item),
    keys: rows.map((row) => ({
      folders: row.isFolder,
      key: typeof row.sortKey === 'string' ? (JSON.parse(row.sortKey) as unknown[]) : row.sortKey,
      id: row.id,
    })),
  };
}

/**
 * A folder as a page shows it (without its size: summing a folder of 100,000 files would cost
 * more than its page), with its row's rules and the names of the folders above it, in one
 * statement. Null when the caller does not see it.
 */
export async function folderOfPage(
  db: Executor,
  caller: Caller,
  id: string,
): Promise<{ item: FileItem; trashed: boolean; crumbs: FileCrumb[] } | null> {
  const [row] = await rowsOf<FileItem & { trashed: boolean; crumbs: FileCrumb[] | string | null }>(
    db,
    sql`select ${itemSelect(caller, false)}, i.trashed_at is not null as trashed,
      (select json_agg(json_build_object('id', c.id, 'name', c.name)
          order by array_position(i.path, c.id))
        from file_items c where c.workspace_id = i.workspace_id and c.id = any(i.path)) as crumbs
    from file_items i
    where i.id = ${id} and i.workspace_id = ${caller.workspaceId} and ${visibleTo(caller)}`,
  );
  if (!row) return null;
  const { trashed, crumbs: above, ...item } = row;
  const parsed = typeof above === 'string' ? (JSON.parse(above) as FileCrumb[]) : (above ?? []);
  return { item, trashed, crumbs: [...parsed, { id: item.id, name: item.name }] };
}

export type NewItem = {
  id?: string;
  parentId: string | null;
  path: string[];
  isFolder: boolean;
  name: string;
  storedFileId: string | null;
  size: number;
  mimeType: string;
  kind: FileKind;
  visibility: FileVisibility;
  ownerId: string | null;
  createdBy: string | null;
};

export async function insertItem(
  db: Executor,
  workspaceId: string,
  item: NewItem,
): Promise<string> {
  const id = item.id ?? randomUUID();
  await db.execute(sql`insert into file_items (id, workspace_id, parent_id, path, is_folder, name,
      stored_file_id, size, mime_type, kind, visibility, owner_id, created_by)
    values (${id}, ${workspaceId}, ${item.parentId}, ${uuidArray(item.path)}, ${item.isFolder},
      ${item.name}, ${item.storedFileId}, ${item.size}, ${item.mimeType}, ${item.kind},
      ${item.visibility}, ${item.ownerId}, ${item.createdBy})`);
  return id;
}

export async function renameItem(db: Executor, workspaceId: string, id: string, name: string) {
  await db.execute(sql`update file_items set name = ${name}, updated_at = now()
    where id = ${id} and workspace_id = ${workspaceId}`);
}

/**
 * Sets who sees an item and everything in it (and, for private, whose it is), `ownerId` being the
 * new owner (private) or the item's owner (workspace). Only the workspace's items and those
 * already `ownerId`'s change: another member's private item keeps its owner and its visibility
 * (the service refuses first to make a subtree holding one private: `othersPrivateIn`).
 */
export async function setSubtreeVisibility(
  db: Executor,
  workspaceId: string,
  id: string,
  visibility: FileVisibility,
  ownerId: string | null,
) {
  await db.execute(sql`update file_items set visibility = ${visibility},
      owner_id = case when ${visibility} = 'private' then ${ownerId}::uuid else owner_id end,
      updated_at = case when id = ${id}::uuid then now() else updated_at end
    where workspace_id = ${workspaceId} and (id = ${id} or path @> array[${id}::uuid])
      and (visibility = 'workspace' or owner_id = ${ownerId}::uuid)`);
}

/**
 * Whether the item or anything in it (trashed too) is private to a member other than `ownerId`:
 * such a subtree cannot become `ownerId`'s private one.
 */
export async function othersPrivateIn(
  db: Executor,
  workspaceId: string,
  id: string,
  ownerId: string | null,
): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from file_items where workspace_id = ${workspaceId}
        and (id = ${id} or path @> array[${id}::uuid]) and visibility = 'private'
        and owner_id is distinct from ${ownerId}::uuid) as found`,
  );
  return row?.found ?? false;
}

/** Moves an item under `parent` (null: the root): its path and its subtree's paths follow. */
export async function moveSubtree(
  db: Executor,
  workspaceId: string,
  id: string,
  parentId: string | null,
  parentPath: string[],
) {
  const newPath = parentId ? [...parentPath, parentId] : [];
  await db.execute(sql`update file_items set parent_id = ${parentId}, path = ${uuidArray(newPath)},
      updated_at = now() where id = ${id} and workspace_id = ${workspaceId}`);
  await db.execute(sql`update file_items
      set path = ${uuidArray(newPath)} || path[array_position(path, ${id}::uuid):]
    where workspace_id = ${workspaceId} and path @> array[${id}::uuid]`);
}

/** The item and everything in it, shallowest first (a folder before what it holds). */
export async function subtree(db: Executor, workspaceId: string, id: string) {
  return rowsOf<{
    id: string;
    parentId: string | null;
    isFolder: boolean;
    name: string;
    storedFileId: string | null;
    size: number;
    trashed: boolean;
    depth: number;
  }>(
    db,
    sql`select id, parent_id as "parentId", is_folder as "isFolder", name,
        stored_file_id as "storedFileId", size::float8 as size, trashed_at is not null as trashed,
        cardinality(path) as depth
      from file_items where workspace_id = ${workspaceId} and (id = ${id} or path @> array[${id}::uuid])
      order by cardinality(path), lower(name) collate "C", id`,
  );
}

export async function trashSubtree(db: Executor, workspaceId: string, id: string) {
  await db.execute(sql`update file_items set trashed_at = now(), trash_root_id = ${id}
    where workspace_id = ${workspaceId} and trashed_at is null
      and (id = ${id} or path @> array[${id}::uuid])`);
}

export async function restoreSubtree(db: Executor, workspaceId: string, id: string) {
  await db.execute(sql`update file_items set trashed_at = null, trash_root_id = null
    where workspace_id = ${workspaceId} and trash_root_id = ${id}`);
}

/** True when the folder is in the trash or gone (an item restored into it goes to the root). */
export async function folderUnavailable(db: Executor, workspaceId: string, id: string) {
  const [row] = await rowsOf<{ trashed: boolean }>(
    db,
    sql`select trashed_at is not null as trashed from file_items
      where id = ${id} and workspace_id = ${workspaceId}`,
  );
  return !row || row.trashed;
}

/**
 * Deletes items for good with their bytes: the stored files of every file at any depth (their
 * bytes go after the commit, lib/storage/storage.ts), then the items (a folder's cascade to what
 * it holds). The count of items deleted.
 */
export async function deleteSubtrees(
  db: Executor,
  workspaceId: string,
  ids: string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const list = uuidArray(ids);
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from file_items where workspace_id = ${workspaceId}
      and (id = any(${list}) or path && ${list})`,
  );
  await db.execute(sql`delete from stored_files where workspace_id = ${workspaceId} and id in (
      select stored_file_id from file_items where workspace_id = ${workspaceId}
        and stored_file_id is not null and (id = any(${list}) or path && ${list}))`);
  await db.execute(sql`delete from file_items where workspace_id = ${workspaceId}
    and id = any(${list})`);
  return count?.n ?? 0;
}

/** The trash's items the caller may remove (their own trashing roots). */
export async function trashRoots(db: Executor, caller: Caller): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select i.id from file_items i where i.workspace_id = ${caller.workspaceId}
      and i.trashed_at is not null and i.trash_root_id = i.id and ${visibleTo(caller)}
      and ${editableBy(caller)}`,
  );
  return rows.map((row) => row.id);
}

/** Trashing roots older than `days`, in every workspace, at most `limit`. */
export async function expiredTrash(db: Executor, days: number, limit: number) {
  return rowsOf<{ id: string; workspaceId: string }>(
    db,
    sql`select id, workspace_id as "workspaceId" from file_items
      where trashed_at is not null and trash_root_id = id
        and trashed_at < now() - make_interval(days => ${days})
      order by trashed_at limit ${limit}`,
  );
}

export async function setStar(db: Executor, caller: Caller, id: string, starred: boolean) {
  if (starred) {
    await db.execute(sql`insert into file_stars (item_id, user_id, workspace_id)
      values (${id}, ${caller.userId}, ${caller.workspaceId}) on conflict do nothing`);
  } else {
    await db.execute(
      sql`delete from file_stars where item_id = ${id} and user_id = ${caller.userId}`,
    );
  }
}

export async function sharesOf(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<FileShare[]> {
  return rowsOf<FileShare>(
    db,
    sql`select s.user_id as "userId", u.first_name || ' ' || u.last_name as name, u.email,
        case when u.avatar_updated_at is null then null
          else '/api/members/' || u.id || '/avatar?v=' || (extract(epoch from u.avatar_updated_at) * 1000)::bigint
        end as "avatarUrl",
        s.access, ${iso(sql`s.created_at`)} as "createdAt"
      from file_shares s join users u on u.id = s.user_id
      where s.workspace_id = ${workspaceId} and s.item_id = ${id}
      order by lower(u.first_name), lower(u.last_name), u.id`,
  );
}

export async function memberOf(db: Executor, workspaceId: string, userId: string) {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select id from users where id = ${userId} and workspace_id = ${workspaceId}`,
  );
  return row ?? null;
}

/** An active member (their workspace and role); null for anyone else. */
export async function activeMember(db: Executor, userId: string) {
  const [row] = await rowsOf<{ workspaceId: string; role: Caller['role'] }>(
    db,
    sql`select workspace_id as "workspaceId", role from users where id = ${userId}
      and status = 'active'`,
  );
  return row ?? null;
}

export async function upsertShare(
  db: Executor,
  caller: Caller,
  id: string,
  userId: string,
  access: FileShareAccess,
) {
  await db.execute(sql`insert into file_shares (item_id, user_id, workspace_id, access, created_by)
    values (${id}, ${userId}, ${caller.workspaceId}, ${access}, ${caller.userId})
    on conflict (item_id, user_id) do update set access = excluded.access`);
}

export async function deleteShare(db: Executor, workspaceId: string, id: string, userId: string) {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`delete from file_shares where workspace_id = ${workspaceId} and item_id = ${id}
      and user_id = ${userId} returning item_id as id`,
  );
  return rows.length > 0;
}

export type LinkRow = {
  id: string;
  itemId: string;
  workspaceId: string;
  passwordHash: string | null;
  expiresAt: string | null;
  createdBy: string | null;
  createdAt: string;
};

const linkSelect = sql`l.id, l.item_id as "itemId", l.workspace_id as "workspaceId",
  l.password_hash as "passwordHash", ${iso(sql`l.expires_at`)} as "expiresAt",
  l.created_by as "createdBy", ${iso(sql`l.created_at`)} as "createdAt"`;

export async function linksOf(db: Executor, workspaceId: string, id: string) {
  return rowsOf<LinkRow>(
    db,
    sql`select ${linkSelect} from file_links l where l.workspace_id = ${workspaceId}
      and l.item_id = ${id} order by l.created_at desc, l.id`,
  );
}

export async function insertLink(
  db: Executor,
  caller: Caller,
  link: {
    itemId: string;
    tokenHash: string;
    passwordHash: string | null;
    expiresAt: string | null;
  },
): Promise<LinkRow> {
  const [row] = await rowsOf<LinkRow>(
    db,
    sql`insert into file_links as l (workspace_id, item_id, token_hash, password_hash, expires_at, created_by)
      values (${caller.workspaceId}, ${link.itemId}, ${link.tokenHash}, ${link.passwordHash},
        ${link.expiresAt}::timestamptz, ${caller.userId})
      returning ${linkSelect}`,
  );
  return row!;
}

export async function findLink(db: Executor, workspaceId: string, linkId: string) {
  const [row] = await rowsOf<LinkRow>(
    db,
    sql`select ${linkSelect} from file_links l where l.id = ${linkId} and l.workspace_id = ${workspaceId}`,
  );
  return row ?? null;
}

export async function deleteLink(db: Executor, workspaceId: string, linkId: string) {
  await db.execute(
    sql`delete from file_links where id = ${linkId} and workspace_id = ${workspaceId}`,
  );
}

/** A live link by its token's hash (not expired, its item outside the trash). */
export async function linkByToken(db: Executor, tokenHash: string) {
  const [row] = await rowsOf<LinkRow>(
    db,
    sql`select ${linkSelect} from file_links l join file_items i on i.id = l.item_id
      where l.token_hash = ${tokenHash} and (l.expires_at is null or l.expires_at > now())
        and i.trashed_at is null`,
  );
  return row ?? null;
}

/**
 * An item as a public link shows it: the link is the permission, up to what its creator (`viewer`,
 * the caller the link stands for) sees.
 */
export async function publicItem(db: Executor, viewer: Caller, id: string) {
  const [row] = await rowsOf<{
    id: string;
    name: string;
    isFolder: boolean;
    kind: FileKind;
    mimeType: string;
    size: number;
    storedFileId: string | null;
  }>(
    db,
    sql`select i.id, i.name, i.is_folder as "isFolder", i.kind, i.mime_type as "mimeType",
        (case when i.is_folder then ${folderSize} else i.size end)::float8 as size,
        i.stored_file_id as "storedFileId"
      from file_items i where i.id = ${id} and i.workspace_id = ${viewer.workspaceId}
        and ${visibleTo(viewer)}`,
  );
  return row ?? null;
}

/**
 * The files under a folder for a zip, with their paths below it, outside the trash, only those
 * the caller sees (for a public link, its creator).
 */
export async function zipEntries(
  db: Executor,
  workspaceId: string,
  folderId: string,
  caller: Caller,
) {
  return rowsOf<{
    id: string;
    parentId: string;
    name: string;
    isFolder: boolean;
    storedFileId: string | null;
    size: number;
  }>(
    db,
    sql`select i.id, i.parent_id as "parentId", i.name, i.is_folder as "isFolder",
        i.stored_file_id as "storedFileId", i.size::float8 as size
      from file_items i where i.workspace_id = ${workspaceId} and i.path @> array[${folderId}::uuid]
        and i.trashed_at is null and ${visibleTo(caller)}
      order by cardinality(i.path), lower(i.name) collate "C", i.created_at, i.id`,
  );
}

export async function detailsExtras(db: Executor, caller: Caller, item: ItemRow) {
  const [row] = await rowsOf<{
    createdBy: string | null;
    createdByName: string;
    files: number;
    folders: number;
    links: number;
    sha256: string | null;
  }>(
    db,
    sql`select i.created_by as "createdBy",
        coalesce((select u.first_name || ' ' || u.last_name from users u where u.id = i.created_by), '') as "createdByName",
        (select count(*)::int from file_items c where c.workspace_id = i.workspace_id
          and c.path @> array[i.id] and not c.is_folder and c.trashed_at is null) as files,
        (select count(*)::int from file_items c where c.workspace_id = i.workspace_id
          and c.path @> array[i.id] and c.is_folder and c.trashed_at is null) as folders,
        (select count(*)::int from file_links l where l.item_id = i.id) as links,
        (select f.sha256 from stored_files f where f.id = i.stored_file_id) as sha256
      from file_items i where i.id = ${item.id} and i.workspace_id = ${caller.workspaceId}`,
  );
  const copies = item.storedFileId
    ? await rowsOf<{ id: string; name: string; path: string[] }>(
        db,
        sql`select c.id, c.name, c.path::text[] as path from file_items c
          join stored_files f on f.id = c.stored_file_id
          where c.workspace_id = ${caller.workspaceId} and c.id <> ${item.id}
            and c.trashed_at is null and ${visibleTo(caller, sql.raw('c'))}
            and f.sha256 = (select sha256 from stored_files where id = ${item.storedFileId})
          order by c.created_at limit 20`,
      )
    : [];
  return { ...row!, copies };
}

/**
 * Where else the workspace holds a stored file's bytes (the same SHA-256), in the places of other
 * areas the caller may see (docs/decisions/065-files-where-used.md): a card's attachments (the
 * board is every member's), a sent chat message's in a conversation the caller is in, a mail
 * message's (an attachment or the raw message) in a mailbox the caller reads (their own or a
 * shared one), a member's avatar or cover, the workspace's logo. Other kinds (files manager items
 * are `copies`, unclaimed uploads, thumbnails, kinds an area may add later) are never listed; nor
 * is anything of another workspace. The most recent first, at most `limit`.
 */
export async function whereUsed(
  db: Executor,
  caller: Caller,
  storedFileId: string,
  limit: number,
): Promise<FileUse[]> {
  const ws = caller.workspaceId;
  return rowsOf<FileUse>(
    db,
    sql`with same as (
        select f.id, f.owner_kind, f.owner_id, f.name, f.created_at from stored_files f
        where f.workspace_id = ${ws} and f.id <> ${storedFileId}
          and f.sha256 = (select o.sha256 from stored_files o
            where o.id = ${storedFileId} and o.workspace_id = ${ws})
          and f.owner_kind in ('kanban_attachment', 'chat_attachment', 'mail_attachment',
            'mail_raw', 'avatar', 'cover', 'logo')),
      places as (
        select 'kanban_card' as kind, c.id as "recordId", null::uuid as "mailboxId",
            c.name as title, a.name as "fileName", s.created_at
          from same s join kanban_attachments a on a.id = s.owner_id and a.stored_file_id = s.id
          join kanban_cards c on c.id = a.card_id and c.workspace_id = ${ws}
          where s.owner_kind = 'kanban_attachment'
        union all
        select 'chat_conversation', cv.id, null,
            coalesce(nullif(cv.name, ''), (select string_agg(u.first_name || ' ' || u.last_name,
                ', ' order by lower(u.first_name), lower(u.last_name), u.id)
              from chat_participants o join users u on u.id = o.user_id
              where o.conversation_id = cv.id and o.user_id <> ${caller.userId}
                and o.left_at is null), ''),
            a.name, s.created_at
          from same s join chat_attachments a on a.id = s.owner_id and a.stored_file_id = s.id
            and a.workspace_id = ${ws} and a.message_id is not null
          join chat_conversations cv on cv.id = a.conversation_id
          join chat_participants p on p.conversation_id = cv.id and p.user_id = ${caller.userId}
            and p.left_at is null
          where s.owner_kind = 'chat_attachment'
        union all
        select 'mail_message', m.id, m.mailbox_id, m.subject, s.name, s.created_at
          from same s join mail_messages m on m.id = s.owner_id and m.workspace_id = ${ws}
          join mailboxes b on b.id = m.mailbox_id and b.workspace_id = ${ws}
            and (b.owner_id = ${caller.userId} or b.shared)
          where s.owner_kind in ('mail_attachment', 'mail_raw')
        union all
        select s.owner_kind, u.id, null, u.first_name || ' ' || u.last_name, s.name, s.created_at
          from same s join member_images i on i.stored_file_id = s.id and i.kind = s.owner_kind
          join users u on u.id = i.user_id and u.workspace_id = ${ws}
          where s.owner_kind in ('avatar', 'cover')
        union all
        select 'logo', w.id, null, w.name, s.name, s.created_at
          from same s join workspace_logos l on l.stored_file_id = s.id
          join workspaces w on w.id = l.workspace_id and w.id = ${ws}
          where s.owner_kind = 'logo')
    select kind, "recordId", "mailboxId", title, "fileName", ${iso(sql`created_at`)} as "createdAt"
    from places order by created_at desc, "recordId" limit ${limit}`,
  );
}

/**
 * Files of the files manager the caller may take into another area (a card, a message): those
 * they see, not folders, not in the trash. Their item's name and stored file, by item id; an id
 * missing from the answer is one the caller may not take.
 */
export async function takableFiles(
  db: Executor,
  caller: Caller,
  ids: readonly string[],
): Promise<Map<string, { name: string; storedFileId: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; name: string; storedFileId: string }>(
    db,
    sql`select i.id, i.name, i.stored_file_id as "storedFileId" from file_items i
      where i.workspace_id = ${caller.workspaceId} and i.id = any(${uuidArray(ids)})
        and not i.is_folder and i.trashed_at is null and i.stored_file_id is not null
        and ${visibleTo(caller)}`,
  );
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

/**
 * What members stored, by type and by member. Thumbnails (previews the server made, counted in
 * the quota's used bytes) are left out of both: they are not files anyone stored.
 */
export async function usageBreakdown(db: Executor, workspaceId: string) {
  const byType = await rowsOf<{ contentType: string; bytes: number; files: number }>(
    db,
    sql`select content_type as "contentType", sum(size)::float8 as bytes, count(*)::int as files
      from stored_files where workspace_id = ${workspaceId} and owner_kind <> 'thumbnail'
      group by content_type`,
  );
  const byMember = await rowsOf<{
    userId: string | null;
    name: string;
    bytes: number;
    files: number;
  }>(
    db,
    sql`select f.created_by as "userId",
        coalesce(min(u.first_name || ' ' || u.last_name), '') as name,
        sum(f.size)::float8 as bytes, count(*)::int as files
      from stored_files f left join users u on u.id = f.created_by
      where f.workspace_id = ${workspaceId} and f.owner_kind <> 'thumbnail'
      group by f.created_by order by sum(f.size) desc limit 20`,
  );
  const [counts] = await rowsOf<{ files: number; folders: number; trashBytes: number }>(
    db,
    sql`select count(*) filter (where not is_folder and trashed_at is null)::int as files,
        count(*) filter (where is_folder and trashed_at is null)::int as folders,
        coalesce(sum(size) filter (where not is_folder and trashed_at is not null), 0)::float8 as "trashBytes"
      from file_items where workspace_id = ${workspaceId}`,
  );
  return { byType, byMember, counts: counts! };
}

/** The caller's most recent files, and the root's folders. */
export async function recentAndFolders(db: Executor, caller: Caller, limit: number) {
  const recent = await rowsOf<FileItem>(
    db,
    sql`select ${itemSelect(caller)} from file_items i
      where i.workspace_id = ${caller.workspaceId} and i.trashed_at is null and not i.is_folder
        and ${visibleTo(caller)}
      order by i.created_at desc, i.id desc limit ${limit}`,
  );
  const folders = await rowsOf<FileItem>(
    db,
    sql`select ${itemSelect(caller)} from file_items i
      where i.workspace_id = ${caller.workspaceId} and i.trashed_at is null and i.is_folder
        and i.parent_id is null and ${visibleTo(caller)}
      order by lower(i.name) collate "C", i.id limit ${limit}`,
  );
  return { recent, folders };
}
