/*
 * The note body of the contract: Markdown-like text with paragraphs, `**bold**`, `_italic_`,
 * `- ` bullets, `1. ` numbered items and `[text](https://…)` links. Parsed here into a small tree
 * that the renderer turns into React elements: no HTML is ever produced or interpreted, so a
 * `<script>` in a note is shown as the text it is.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'bold'; children: Inline[] }
  | { type: 'italic'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'paragraph'; lines: Inline[][] }
  | { type: 'bullets'; items: Inline[][] }
  | { type: 'numbered'; start: number; items: Inline[][] };

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;

/** Only these schemes become links; anything else (javascript:, data:, …) stays text. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(href)) return null;
  try {
    const url = new URL(href);
    if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function parseNote(body: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet) {
      if (current?.type !== 'bullets') {
        flush();
        current = { type: 'bullets', items: [] };
      }
      current.items.push(parseInline(bullet[1] ?? ''));
    } else if (numbered) {
      if (current?.type !== 'numbered') {
        flush();
        current = { type: 'numbered', start: Number(numbered[1]), items: [] };
      }
      current.items.push(parseInline(numbered[2] ?? ''));
    } else {
      if (current?.type !== 'paragraph') {
        flush();
        current = { type: 'paragraph', lines: [] };
      }
      current.lines.push(parseInline(line.trim()));
    }
  }
  flush();
  return blocks;
}

const isBoundary = (char: string | undefined) => char === undefined || /[\s\p{P}]/u.test(char);

/** Inline marks; unclosed or unsafe marks are kept as the characters typed. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const pushText = () => {
    if (plain) out.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    if (rest.startsWith('**')) {
      const end = text.indexOf('**', i + 2);
      if (end > i + 2) {
        pushText();
        out.push({ type: 'bold', children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (text[i] === '_' && isBoundary(text[i - 1]) && text[i + 1] && text[i + 1] !== ' ') {
      let end = text.indexOf('_', i + 1);
      while (end !== -1 && !isBoundary(text[end + 1])) end = text.indexOf('_', end + 1);
      if (end > i + 1 && text[end - 1] !== ' ') {
        pushText();
        out.push({ type: 'italic', children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (text[i] === '[') {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
      const href = link ? safeHref(link[2] ?? '') : null;
      if (link && href) {
        pushText();
        out.push({ type: 'link', href, children: parseInline(link[1] ?? '') });
        i += link[0].length;
        continue;
      }
    }
    plain += text[i];
    i += 1;
  }
  pushText();
  return out;
}

/** The note as plain text (for a short preview): marks removed, links as their text. */
export function noteToPlainText(body: string): string {
  const inline = (nodes: Inline[]): string =>
    nodes.map((node) => (node.type === 'text' ? node.text : inline(node.children))).join('');
  return parseNote(body)
    .map((block) =>
      block.type === 'paragraph'
        ? block.lines.map(inline).join(' ')
        : block.items.map(inline).join(' · '),
    )
    .join(' ');
}
