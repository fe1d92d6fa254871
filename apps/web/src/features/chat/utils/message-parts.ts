import LinkifyIt from 'linkify-it';

/**
 * A message body cut into what the screen draws: plain text (drawn as text, so escaped), links
 * and mentions. Only http(s) and mailto links become links (never `javascript:` or `data:`);
 * everything else stays text. Bodies are stored as sent and never parsed as HTML.
 */
export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; userId: string };

const linkify = new LinkifyIt();
// `ftp:` and `//host` links are not offered; `mailto:` and web addresses are.
linkify.add('ftp:', null).add('//', null);

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The address as a link may carry it, or null when it is not one of the safe kinds. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

function splitLinks(text: string): MessagePart[] {
  const matches = linkify.match(text) ?? [];
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of matches) {
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    const href = safeHref(match.url);
    parts.push(href ? { kind: 'link', text: match.raw, href } : { kind: 'text', text: match.raw });
    at = match.lastIndex;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** The parts of `body`; `mentions` names the members it mentions (`@Name` marks them). */
export function messageParts(
  body: string,
  mentions: { id: string; name: string }[] = [],
): MessagePart[] {
  const named = mentions.filter((m) => m.name).sort((a, b) => b.name.length - a.name.length);
  const parts: MessagePart[] = [];
  let text = '';
  let i = 0;
  while (i < body.length) {
    if (body[i] === '@') {
      const found = named.find((m) => body.startsWith(`@${m.name}`, i));
      if (found) {
        if (text) parts.push(...splitLinks(text));
        text = '';
        parts.push({ kind: 'mention', text: `@${found.name}`, userId: found.id });
        i += found.name.length + 1;
        continue;
      }
    }
    text += body[i];
    i += 1;
  }
  if (text) parts.push(...splitLinks(text));
  return parts;
}
