import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes the detection reads (enough for file-type's deepest look into a ZIP). */
export const HEAD_BYTES = 64 * 1024;

/** The type of bytes no detector recognises and that are not text. */
export const UNKNOWN_TYPE = 'application/octet-stream';

/**
 * Types a browser shows without running anything of the file's in Beacon's origin: served
 * inline when asked (lib/storage/serve.ts); every other type is always a download.
 */
const inlineSafe = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/apng',
  'image/x-icon',
  'application/pdf',
]);

export function isInlineSafe(contentType: string): boolean {
  if (inlineSafe.has(contentType)) return true;
  return contentType.startsWith('audio/') || contentType.startsWith('video/');
}

/** Text types served with `charset=utf-8` (their bytes were checked to be UTF-8 text). */
export function isText(contentType: string): boolean {
  return (
    contentType.startsWith('text/') ||
    contentType === 'image/svg+xml' ||
    contentType === 'application/xml' ||
    contentType === 'application/json'
  );
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** C0 controls text files do not hold (tab, line feed, form feed, carriage return, escape do). */
function hasBinaryControls(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (
      code < 0x20 &&
      code !== 0x09 &&
      code !== 0x0a &&
      code !== 0x0c &&
      code !== 0x0d &&
      code !== 0x1b
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The head as text, or null when it is not UTF-8 text (a NUL byte, or an invalid sequence other
 * than a character cut at the end of an incomplete head). A UTF-8 BOM is dropped.
 */
function asText(head: Buffer, complete: boolean): string | null {
  if (head.includes(0)) return null;
  let bytes = head;
  if (!complete) {
    // A multi-byte character cut by the end of the head: leave its first bytes out.
    let cut = bytes.length;
    for (let i = 1; i <= 3 && bytes.length - i >= 0; i++) {
      const byte = bytes[bytes.length - i]!;
      if ((byte & 0xc0) === 0xc0) {
        cut = bytes.length - i;
        break;
      }
      if ((byte & 0x80) === 0) break;
    }
    bytes = bytes.subarray(0, cut);
  }
  try {
    const text = utf8.decode(bytes);
    if (hasBinaryControls(text)) return null;
    return text.startsWith('\ufeff') ? text.slice(1) : text;
  } catch {
    return null;
  }
}

const htmlElements =
  /^<(html|head|body|script|iframe|div|p|a|img|style|title|meta|link|table|form|h[1-6]|br|span|frameset|object|embed)[\s/>]/i;

/**
 * Markup a browser would render: SVG or HTML, found by the first element after any XML
 * declaration, comments, processing instructions and doctype.
 */
function markupType(text: string): string | null {
  let rest = text.trimStart();
  for (;;) {
    const skipped = /^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->)\s*/.exec(rest);
    if (!skipped) break;
    rest = rest.slice(skipped[0].length);
  }
  const doctype = /^<!doctype\s+(\w+)[^>]*>\s*/i.exec(rest);
  if (doctype) {
    const root = doctype[1]!.toLowerCase();
    if (root === 'svg') return 'image/svg+xml';
    if (root === 'html') return 'text/html';
    rest = rest.slice(doctype[0].length);
    for (;;) {
      const skipped = /^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->)\s*/.exec(rest);
      if (!skipped) break;
      rest = rest.slice(skipped[0].length);
    }
  }
  if (/^<svg[\s>/:]/i.test(rest) || /^<[\w-]+:svg[\s>/]/i.test(rest)) return 'image/svg+xml';
  if (htmlElements.test(rest)) return 'text/html';
  return null;
}

/**
 * Comma-, semicolon- or tab-separated values: at least two lines, and the first lines (up to
 * five) split into the same number (more than one) of fields by one delimiter, quotes respected.
 */
function looksLikeCsv(text: string, complete: boolean): boolean {
  const lines = text.split(/\r?\n/);
  if (!complete) lines.pop(); // the last line may be cut
  const sample = lines.filter((line) => line.length > 0).slice(0, 5);
  if (sample.length < 2) return false;
  return [',', ';', '\t'].some((delimiter) => {
    const counts = sample.map((line) => fieldCount(line, delimiter));
    return counts[0]! > 1 && counts.every((count) => count === counts[0]);
  });
}

function fieldCount(line: string, delimiter: string): number {
  let fields = 1;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) fields++;
  }
  return fields;
}

const textByExtension: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  markdown: 'text/markdown',
  json: 'application/json',
};

function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,10})$/i.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/**
 * The content type of a file from its first bytes (`head`; `complete` when they are the whole
 * file): binary formats by file-type; then text, recognised as SVG, HTML, XML, CSV or plain
 * text. The name only refines a text type (a `.md` or `.json` file), never makes text of binary
 * bytes, nor turns markup into anything else.
 */
export async function detectContentType(
  head: Buffer,
  name: string,
  complete: boolean,
): Promise<string> {
  if (head.length === 0) return 'text/plain';
  const found = await fileTypeFromBuffer(head);
  if (found && found.mime !== 'application/xml') return found.mime;
  const text = asText(head, complete);
  if (text === null) return found?.mime ?? UNKNOWN_TYPE;
  const markup = markupType(text);
  if (markup) return markup;
  if (found) return found.mime;
  if (/^<\?xml[\s?]/.test(text.trimStart())) return 'application/xml';
  const byName = textByExtension[extensionOf(name)];
  if (byName === 'application/json') {
    return complete && isJson(text) ? byName : 'text/plain';
  }
  if (byName) return byName;
  return looksLikeCsv(text, complete) ? 'text/csv' : 'text/plain';
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Which detected types an upload takes: a list (`image/*` covers a family) or a predicate. */
export type Accept = readonly string[] | ((contentType: string) => boolean);

export function accepts(accept: Accept | undefined, contentType: string): boolean {
  if (!accept) return true;
  if (typeof accept === 'function') return accept(contentType);
  return accept.some((pattern) =>
    pattern.endsWith('/*') ? contentType.startsWith(pattern.slice(0, -1)) : pattern === contentType,
  );
}
