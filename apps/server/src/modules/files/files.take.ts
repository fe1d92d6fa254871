import type { Executor } from '../../db/client.ts';
import type { FileToCopy } from '../../lib/area-files.ts';
import type { Caller } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { takableFiles } from './files.repository.ts';

/**
 * The files of the files manager another area takes (a card's attachments, a message's, from the
 * shared file picker; docs/decisions/065-files-where-used.md): each item's stored file with the
 * item's name, in the order asked. Only files the caller sees, outside the trash; any other id
 * (a folder, another member's private file, another workspace's) answers 404, as an unknown one.
 * The area copies their bytes (`copyForTaking`): it never holds the item's own stored file.
 */
export async function filesToTake(
  db: Executor,
  storage: Storage,
  caller: Caller,
  ids: readonly string[],
): Promise<FileToCopy[]> {
  const unique = [...new Set(ids)];
  const found = await takableFiles(db, caller, unique);
  const files: FileToCopy[] = [];
  for (const id of unique) {
    const item = found.get(id);
    const file = item ? await storage.get(db, caller.workspaceId, item.storedFileId) : null;
    if (!item || !file) throw notFound('No such file');
    files.push({ file, name: item.name });
  }
  return files;
}
