/**
 * The document a received mail's HTML is shown in (docs/decisions/059-mail-app.md). The server
 * has sanitised it already (no script, handler, form or frame; remote images keep their address
 * in `data-remote-src` only); the web adds a second wall: the frame is sandboxed without
 * `allow-scripts`, and this document's Content-Security-Policy allows no script, no connection,
 * no frame, no form and images only from `data:` — or from the web when the reader allowed this
 * sender's images (then fetched through the server, `GET /api/mail/remote-image`, and put in as
 * `data:` addresses: the app's own policy, which the frame inherits, loads nothing from elsewhere).
 */
export type FrameDocumentOptions = {
  /** Give remote images their address back (the reader allowed them). */
  showRemoteImages: boolean;
  /** `data:` addresses of remote images by their address (fetched through the server). */
  remoteImages?: Record<string, string>;
  /** `data:` addresses of inline images by attachment id (`cid:` parts, fetched with the token). */
  inlineImages?: Record<string, string>;
  /** The reader's colour scheme: a mail without colours of its own reads on the page's. */
  dark?: boolean;
  dir?: 'ltr' | 'rtl' | 'auto';
};

export const frameCsp = () =>
  [
    "default-src 'none'",
    "script-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "style-src 'none'",
    "font-src 'none'",
    // Remote images come in as `data:` too: fetched through the server once the reader allows.
    'img-src data:',
  ].join('; ');

const ATTACHMENT_PATH = /\/api\/mail\/attachments\/([0-9a-f-]{36})/i;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const decodeCss = (css: string) =>
  css
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The mail's HTML without its styles, before anything parses it: parsing a `style` attribute or
 * element, even in a document that is never shown (DOMParser), counts against the app's
 * Content-Security-Policy in Chrome. The server's sanitiser writes every attribute as
 * `name="value"` with quotes escaped, so the tags can be rewritten as text: `style` becomes
 * `data-mail-style`, and `<style>` sheets are collected.
 */
export function withoutStyles(html: string): { html: string; sheets: string[] } {
  const sheets: string[] = [];
  const stripped = html
    .replace(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi, (_whole, css: string) => {
      sheets.push(decodeCss(css));
      return '';
    })
    .replace(/<style\b[^>]*>[\s\S]*$/i, '')
    .replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(/(\s)style(\s*=)/gi, '$1data-mail-style$2'));
  return { html: stripped, sheets };
}

/** The ids of the inline images (`cid:` parts) a mail's HTML shows. */
export function inlineImageIds(html: string): string[] {
  const doc = new DOMParser().parseFromString(withoutStyles(html).html, 'text/html');
  const ids = new Set<string>();
  for (const img of doc.querySelectorAll('img[src]')) {
    const match = ATTACHMENT_PATH.exec(img.getAttribute('src') ?? '');
    if (match) ids.add(match[1]!);
  }
  return [...ids];
}

/** The remote images' addresses a mail's HTML holds back (`data-remote-src`), http(s) only. */
export function remoteImageUrls(html: string): string[] {
  const doc = new DOMParser().parseFromString(withoutStyles(html).html, 'text/html');
  const urls = new Set<string>();
  for (const img of doc.querySelectorAll('img[data-remote-src]')) {
    const url = img.getAttribute('data-remote-src') ?? '';
    if (/^https?:\/\//i.test(url)) urls.add(url);
  }
  return [...urls];
}

/** The frame's document (its `srcdoc`) and the style sheet the page gives it once loaded. */
export type FrameDocument = { doc: string; css: string };

/**
 * The frame's whole document. The frame inherits the app's Content-Security-Policy, which lets
 * no inline style apply: so the mail's `<style>` sheets and `style` attributes are taken out
 * here (`css`, `data-mail-style`) and the page puts them back through the CSS object model once
 * the frame has loaded (`applyFrameStyles`), which no policy governs and which runs nothing.
 */
export function frameDocument(html: string, options: FrameDocumentOptions): FrameDocument {
  const { html: stripped, sheets } = withoutStyles(html);
  const doc = new DOMParser().parseFromString(stripped, 'text/html');
  // Any left (a tag the text rewrite missed): out, without applying.
  for (const style of doc.querySelectorAll('style')) style.remove();
  // Whatever the server let through, nothing runs and nothing leaves from here (defence in depth).
  for (const node of doc.querySelectorAll(
    'script, iframe, frame, object, embed, form, base, meta, link, noscript',
  )) {
    node.remove();
  }
  for (const element of doc.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
      else if (/^\s*(javascript|vbscript|data:text\/html)/i.test(attribute.value)) {
        element.removeAttribute(attribute.name);
      } else if (attribute.name === 'style') {
        element.removeAttribute('style');
      }
    }
  }
  for (const img of doc.querySelectorAll('img')) {
    const src = img.getAttribute('src') ?? '';
    const inline = ATTACHMENT_PATH.exec(src);
    if (inline) {
      const data = options.inlineImages?.[inline[1]!];
      if (data) img.setAttribute('src', data);
      else img.removeAttribute('src');
      continue;
    }
    if (src && !/^data:image\//i.test(src)) img.removeAttribute('src');
    const remote = img.getAttribute('data-remote-src');
    const shown = remote ? options.remoteImages?.[remote] : undefined;
    if (remote && options.showRemoteImages && shown) img.setAttribute('src', shown);
  }
  for (const link of doc.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  const dark = options.dark ?? false;
  const dir = options.dir ?? 'auto';
  const base = [
    `html{color-scheme:${dark ? 'dark' : 'light'};}`,
    'body{margin:0;padding:8px 4px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;',
    `color:${dark ? '#e6e8eb' : '#1c252e'};background:transparent;overflow-wrap:anywhere;}`,
    'img{max-width:100%;height:auto;}table{max-width:100%;}pre{white-space:pre-wrap;}',
    `a{color:${dark ? '#7fb8ff' : '#0b5cad'};}`,
    'blockquote{margin:0 0 0 8px;padding-inline-start:8px;border-inline-start:2px solid #919eab;}',
  ].join('');
  return {
    doc: [
      '<!doctype html><html><head><meta charset="utf-8">',
      `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(frameCsp())}">`,
      '<meta name="referrer" content="no-referrer">',
      '</head>',
      `<body dir="${dir}">${doc.body.innerHTML}</body></html>`,
    ].join(''),
    css: [base, ...sheets].join('\n'),
  };
}

/**
 * Gives a loaded frame its styles through the CSS object model: the sheet (a constructed sheet of
 * the frame's own window) and each element's `data-mail-style` as its inline style.
 */
export function applyFrameStyles(frame: HTMLIFrameElement, css: string): void {
  const win = frame.contentWindow as (Window & typeof globalThis) | null;
  const document = frame.contentDocument;
  if (!win || !document) return;
  try {
    const sheet = new win.CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [sheet];
  } catch {
    // A browser without constructed sheets shows the mail unstyled.
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-mail-style]')) {
    element.style.cssText = element.getAttribute('data-mail-style') ?? '';
  }
}
