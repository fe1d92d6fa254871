/**
 * The document a received mail's HTML is shown in (docs/decisions/059-mail-app.md). The server
 * has sanitised it already (no script, handler, form or frame; remote images keep their address
 * in `data-remote-src` only); the web adds a second wall: the frame is sandboxed without
 * `allow-scripts`, and this document's Content-Security-Policy allows no script, no connection,
 * no frame, no form and images only from `data:` — or from the web when the reader allowed this
 * sender's images.
 */
export type FrameDocumentOptions = {
  /** Give remote images their address back (the reader allowed them). */
  showRemoteImages: boolean;
  /** `data:` addresses of inline images by attachment id (`cid:` parts, fetched with the token). */
  inlineImages?: Record<string, string>;
  /** The reader's colour scheme: a mail without colours of its own reads on the page's. */
  dark?: boolean;
  dir?: 'ltr' | 'rtl' | 'auto';
};

export const frameCsp = (showRemoteImages: boolean) =>
  [
    "default-src 'none'",
    "script-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "style-src 'unsafe-inline'",
    "font-src 'none'",
    showRemoteImages ? 'img-src data: https: http:' : 'img-src data:',
  ].join('; ');

const ATTACHMENT_PATH = /\/api\/mail\/attachments\/([0-9a-f-]{36})/i;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The ids of the inline images (`cid:` parts) a mail's HTML shows. */
export function inlineImageIds(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const ids = new Set<string>();
  for (const img of doc.querySelectorAll('img[src]')) {
    const match = ATTACHMENT_PATH.exec(img.getAttribute('src') ?? '');
    if (match) ids.add(match[1]!);
  }
  return [...ids];
}

/** The frame's whole document (its `srcdoc`). */
export function frameDocument(html: string, options: FrameDocumentOptions): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Whatever the server let through, nothing runs and nothing leaves from here (defence in depth).
  for (const node of doc.querySelectorAll('script, iframe, frame, object, embed, form, base, meta, link')) {
    node.remove();
  }
  for (const element of doc.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
      else if (/^\s*javascript:/i.test(attribute.value)) element.removeAttribute(attribute.name);
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
    const remote = img.getAttribute('data-remote-src');
    if (remote && options.showRemoteImages && /^https?:\/\//i.test(remote)) {
      img.setAttribute('src', remote);
    }
  }
  for (const link of doc.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  const dark = options.dark ?? false;
  const dir = options.dir ?? 'auto';
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(frameCsp(options.showRemoteImages))}">`,
    '<meta name="referrer" content="no-referrer">',
    '<style>',
    `html{color-scheme:${dark ? 'dark' : 'light'};}`,
    'body{margin:0;padding:8px 4px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;',
    `color:${dark ? '#e6e8eb' : '#1c252e'};background:transparent;overflow-wrap:anywhere;}`,
    'img{max-width:100%;height:auto;}table{max-width:100%;}pre{white-space:pre-wrap;}',
    `a{color:${dark ? '#7fb8ff' : '#0b5cad'};}`,
    'blockquote{margin:0 0 0 8px;padding-inline-start:8px;border-inline-start:2px solid #919eab;}',
    '</style></head>',
    `<body dir="${dir}">${doc.body.innerHTML}</body></html>`,
  ].join('');
}
