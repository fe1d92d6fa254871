import sanitizeHtml from 'sanitize-html';

/**
 * A received message's HTML made safe to show (docs/decisions/057-mail.md), with sanitize-html:
 * no script, style sheet link, frame, form or event handler survives; links open outside; remote
 * images keep their address in `data-remote-src` only (no `src`), so the reader loads them only
 * when the member allows it for that sender; `cid:` images point at their attachment's download.
 * The web still shows the result in a sandboxed frame with no script allowed.
 */
export type SafeHtml = { html: string; hasRemoteImages: boolean };

const allowedTags = [
  ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'a'),
  'a',
  'img',
  'font',
  'center',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'colgroup',
  'col',
  'caption',
  'style',
  'u',
  's',
  'strike',
  'small',
  'big',
  'sub',
  'sup',
  'hr',
  'br',
];

const cellAttributes = [
  'align',
  'valign',
  'width',
  'height',
  'bgcolor',
  'colspan',
  'rowspan',
  'style',
];

export function sanitizeMailHtml(
  html: string,
  options: { cidUrl?: (contentId: string) => string | undefined } = {},
): SafeHtml {
  let hasRemoteImages = false;
  const clean = sanitizeHtml(html, {
    allowedTags,
    // Mail leans on inline styles and a few presentational attributes; scripts never run in them.
    allowedAttributes: {
      '*': ['style', 'dir', 'lang', 'title', 'align', 'class'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'data-remote-src', 'data-cid'],
      font: ['color', 'face', 'size'],
      table: ['border', 'cellpadding', 'cellspacing', 'width', 'bgcolor', 'align', 'style'],
      td: cellAttributes,
      th: cellAttributes,
      tr: ['align', 'valign', 'bgcolor', 'style'],
      col: ['width', 'span'],
      colgroup: ['width', 'span'],
    },
    // <style> is kept as text (email layouts need it); the frame's sandbox keeps it to the frame.
    allowVulnerableTags: true,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object'],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        const rest = { ...attribs };
        delete rest.src;
        delete rest['data-remote-src'];
        delete rest['data-cid'];
        if (/^cid:/i.test(src)) {
          const contentId = src.slice(4).replace(/^<|>$/g, '');
          const url = options.cidUrl?.(contentId);
          return { tagName, attribs: url ? { ...rest, src: url, 'data-cid': contentId } : rest };
        }
        if (/^https?:/i.test(src)) {
          hasRemoteImages = true;
          return { tagName, attribs: { ...rest, 'data-remote-src': src } };
        }
        if (/^data:image\/(png|gif|jpe?g|webp);base64,/i.test(src)) {
          return { tagName, attribs: { ...rest, src } };
        }
        return { tagName, attribs: rest };
      },
    },
  });
  // Remote addresses in styles (a background image, an import) load without asking: dropped.
  const withoutRemoteCss = clean
    .replace(/@import\s+[^;]*;?/gi, () => {
      hasRemoteImages = true;
      return '';
    })
    .replace(/url\(\s*(['"]?)\s*(https?:)?\/\/[^)]*\)/gi, () => {
      hasRemoteImages = true;
      return 'none';
    });
  return { html: withoutRemoteCss, hasRemoteImages };
}

/** The remote image addresses a sanitised mail holds back (its `data-remote-src` values). */
export function remoteImageAddresses(safeHtml: string): string[] {
  const found = new Set<string>();
  for (const match of safeHtml.matchAll(/\sdata-remote-src="([^"]*)"/g)) {
    found.add(decodeEntities(match[1]!));
  }
  return [...found];
}

/**
 * Sanitises what a member composed (from the editor) before it is stored and sent. Each block's
 * writing direction (`dir`, set per paragraph in the editor: record 064) is kept when it is one
 * of the three HTML knows.
 */
export function sanitizeComposedHtml(html: string): string {
  return sanitizeHtml(html, {
    // The editor writes no <style> element; one pasted in is dropped with its text.
    allowedTags: allowedTags.filter((tag) => tag !== 'style'),
    allowedAttributes: {
      '*': ['style', 'dir'],
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      td: cellAttributes,
      th: cellAttributes,
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // (sanitize-html checks allowed values on named tags only, not on `*`: done here.)
    transformTags: {
      '*': (tagName, attribs) => {
        if (attribs.dir === undefined || DIRECTIONS.has(attribs.dir)) return { tagName, attribs };
        const { dir: _dir, ...rest } = attribs;
        return { tagName, attribs: rest };
      },
    },
  });
}

const DIRECTIONS = new Set(['ltr', 'rtl', 'auto']);

/** The plain text of some HTML (the text part of a composed message, a snippet). */
export function htmlToText(html: string): string {
  const blocks = html
    .replace(/<\s*(br|\/p|\/div|\/li|\/tr|\/h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<\s*li\b[^>]*>/gi, '• ');
  const text = sanitizeHtml(blocks, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The start of a message's text, on one line, for the list. */
export function snippetOf(text: string, length = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
