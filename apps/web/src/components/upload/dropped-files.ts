/**
 * The files of a drop, folders included: each dropped folder is walked (the File and Directory
 * Entries API, `webkitGetAsEntry`) and its files keep their path inside it, so the folder can be
 * made again where they land.
 */
export interface DroppedFile {
  file: File;
  /** `Photos/2026/a.jpg` for a file of a dropped folder, the name for a loose file. */
  relativePath: string;
}

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    // readEntries answers a batch at a time (100 in Chromium) until an empty one.
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(all);
        all.push(...batch);
        next();
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, prefix: string, out: DroppedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ file, relativePath: `${prefix}${entry.name}` });
    return;
  }
  if (entry.isDirectory) {
    const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
    for (const child of children) await walk(child, `${prefix}${entry.name}/`, out);
  }
}

export async function droppedFiles(data: DataTransfer): Promise<DroppedFile[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((entry) => entry !== null)) {
    const out: DroppedFile[] = [];
    for (const entry of entries) await walk(entry!, '', out);
    return out;
  }
  return [...data.files].map((file) => ({ file, relativePath: file.name }));
}

/** The files of an `<input type="file">` (with `webkitdirectory`, their paths in the folder). */
export function pickedFiles(list: FileList | null): DroppedFile[] {
  return [...(list ?? [])].map((file) => ({
    file,
    relativePath: file.webkitRelativePath || file.name,
  }));
}
