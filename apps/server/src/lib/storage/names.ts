/** The longest name kept, in characters (code points); longer ones are cut, keeping the extension. */
export const MAX_NAME_LENGTH = 1024;

/**
 * A file's name as stored: as typed, except a NUL (which PostgreSQL text cannot hold) becomes
 * U+2400 SYMBOL FOR NULL, and a name past MAX_NAME_LENGTH is cut. Never used as a path: the
 * bytes live under a key of their own (lib/storage/storage.ts).
 */
export function storedName(name: string): string {
  const kept = name.replace(/\0/g, '\u2400');
  const trimmed = cut(kept, MAX_NAME_LENGTH);
  return trimmed.trim() === '' ? 'file' : trimmed;
}

/** Cuts `name` to `max` code points, keeping a short extension at its end. */
function cut(name: string, max: number): string {
  const points = [...name];
  if (points.length <= max) return name;
  const extension = /\.[^.\s]{1,16}$/u.exec(name)?.[0] ?? '';
  const extensionPoints = [...extension].length;
  return points.slice(0, max - extensionPoints).join('') + extension;
}

/** Path separators and the characters file systems refuse. */
const refusedByFileSystems = new Set(['/', '\\', ':', '*', '?', '"', '<', '>', '|', '\u2400']);

/**
 * Whether a character must not reach a saved file's name: controls (C0, DEL, C1), bidirectional
 * marks, overrides and isolates (an override could show `invoice<RLO>fdp.exe` as
 * `invoiceexe.pdf`), and what file systems refuse.
 */
function unsafeInDownload(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    refusedByFileSystems.has(char)
  );
}

/**
 * The name a download is saved under: the stored name with every character a file system or a
 * reader could misread replaced by `_`, without leading dots, and at most 200 characters.
 */
export function downloadName(name: string): string {
  const safe = [...name]
    .map((char) => (unsafeInDownload(char) ? '_' : char))
    .join('')
    .replace(/^[\s.]+/, '')
    .trimEnd();
  const short = cut(safe, 200);
  return short === '' ? 'download' : short;
}

/** RFC 5987 `attr-char`s stay; everything else is percent-encoded from UTF-8. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * A Content-Disposition for a stored file: `filename` carries a printable-ASCII fallback (other
 * characters become `_`), `filename*` (RFC 5987/6266) the whole safe name in UTF-8.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const safe = downloadName(name);
  const fallback = safe.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}
