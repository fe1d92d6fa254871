import type { Mail, MailAddress } from '@beacon/contract';

/** How a compose window starts (`openCompose`'s argument). */
export interface ComposeOptions {
  to?: string[];
  cc?: string[];
  bcc?: string[];
  subject?: string;
  replyTo?: { mailId: string; mode: ComposeMode };
  /** The mailbox to write from at first (the one the mail app shows); the member can change it. */
  mailboxId?: string;
  /** A draft reopened (after Undo, say): its id and what it held. */
  draft?: ComposeDraft;
  /**
   * A saved draft to open (from the mail app's Drafts): read from the server, with its
   * attachments and, for a reply or forward, the mail it answers.
   */
  draftId?: string;
}

export type ComposeMode = 'reply' | 'replyAll' | 'forward';

/** What a compose window holds. */
export interface ComposeDraft {
  mailboxId: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html: string;
  attachments: ComposeAttachment[];
  draftId?: string;
  /** Replying to or forwarding this mail (its mailbox sends). */
  replyTo?: { mailId: string; mode: ComposeMode };
}

export interface ComposeAttachment {
  id: string;
  name: string;
  size: number;
}

const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]{2,}$/;

/** Whether a recipient as typed is an address the server takes. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/**
 * The addresses in what was typed or pasted: `Ada <ada@x.test>, bob@y.test; …` gives the bare
 * addresses, lower-cased; what is not an address is kept as typed (the field marks it).
 */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const angled = /<([^<>]+)>\s*$/.exec(part);
      const address = (angled?.[1] ?? part).trim();
      return isEmail(address) ? address.toLowerCase() : address;
    });
}

/** `Re: ` or `Fwd: ` before a subject, once (a subject that has it already keeps it). */
export function replySubject(subject: string, mode: ComposeMode): string {
  const trimmed = subject.trim();
  if (mode === 'forward') return /^(fwd?|tr|转发)\s*:/i.test(trimmed) ? trimmed : `Fwd: ${trimmed}`;
  return /^(re|aw|sv|回复)\s*:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

const unique = (list: string[]) => [...new Set(list.map((a) => a.toLowerCase()))];

/**
 * Who a reply goes to. A reply answers the Reply-To (else the sender); a reply to the member's
 * own sent mail goes to its recipients again. Reply all adds the other recipients as cc; the
 * member's own addresses are never among them. A forward starts with nobody.
 */
export function replyRecipients(
  mail: Pick<Mail, 'from' | 'to' | 'cc' | 'replyTo' | 'direction'>,
  mode: ComposeMode,
  own: string[],
): { to: string[]; cc: string[] } {
  if (mode === 'forward') return { to: [], cc: [] };
  const mine = new Set(own.map((a) => a.toLowerCase()));
  const addresses = (list: MailAddress[]) => list.map((a) => a.address.toLowerCase());
  const primary =
    mail.direction === 'out'
      ? addresses(mail.to)
      : addresses(mail.replyTo.length > 0 ? mail.replyTo : [mail.from]);
  const to = unique(primary).filter((a) => !mine.has(a));
  if (mode === 'reply') return { to, cc: [] };
  const others = unique([...addresses(mail.to), ...addresses(mail.cc)]).filter(
    (a) => !mine.has(a) && !to.includes(a),
  );
  return { to, cc: others };
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Plain text as editor paragraphs (a blank line between paragraphs, line breaks kept). */
export function textToHtml(text: string): string {
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
}

/** The quoted original under a reply or a forward (its plain text, as written). */
export function quoteHtml(
  mail: Pick<Mail, 'from' | 'to' | 'date' | 'subject' | 'text'>,
  mode: ComposeMode,
  words: { wrote: string; forwarded: string },
): string {
  const body = textToHtml(mail.text.trim());
  if (mode === 'forward') {
    const to = mail.to.map((a) => a.address).join(', ');
    const head = [
      words.forwarded,
      `From: ${mail.from.name ? `${mail.from.name} <${mail.from.address}>` : mail.from.address}`,
      `Date: ${mail.date}`,
      `Subject: ${mail.subject}`,
      `To: ${to}`,
    ]
      .map(escapeHtml)
      .join('<br>');
    return `<p></p><p>${head}</p>${body}`;
  }
  return `<p></p><p>${escapeHtml(words.wrote)}</p><blockquote>${body}</blockquote>`;
}

/** The signature as it goes under the message (`-- ` then its lines). */
export function signatureHtml(signature: string): string {
  if (!signature.trim()) return '';
  return `<p>-- <br>${escapeHtml(signature.trim()).replace(/\r?\n/g, '<br>')}</p>`;
}

/** Whether the editor holds nothing a writer typed (tiptap's empty document is `<p></p>`). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/** A saved draft (as the mail API answers it) as a window's content. */
export function draftFromMail(
  mail: Pick<
    Mail,
    | 'id'
    | 'mailboxId'
    | 'to'
    | 'cc'
    | 'bcc'
    | 'subject'
    | 'html'
    | 'text'
    | 'attachments'
    | 'respondsTo'
  >,
): ComposeDraft {
  const addresses = (list: MailAddress[]) => list.map((a) => a.address).filter(Boolean);
  return {
    mailboxId: mail.mailboxId,
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    bcc: addresses(mail.bcc),
    subject: mail.subject,
    html: mail.html ?? (mail.text.trim() ? textToHtml(mail.text) : ''),
    attachments: mail.attachments
      .filter((a) => !a.inline)
      .map((a) => ({ id: a.id, name: a.name, size: a.size })),
    draftId: mail.id,
    ...(mail.respondsTo ? { replyTo: mail.respondsTo } : {}),
  };
}

/**
 * Whether a saved body already ends with a signature (`-- ` on a line of its own, as
 * `signatureHtml` writes it): an undone send was saved with it, so it is not added twice.
 */
export function hasSignature(html: string): boolean {
  return /<p[^>]*>--\s*<br\s*\/?>/i.test(html);
}

/** Whether a window holds something worth keeping as a draft when it is closed. */
export function hasContent(draft: ComposeDraft): boolean {
  return (
    draft.to.length + draft.cc.length + draft.bcc.length > 0 ||
    draft.subject.trim() !== '' ||
    !isBlankHtml(draft.html) ||
    draft.attachments.length > 0
  );
}

/** The value of a `datetime-local` field for a date, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** Tomorrow at 8:00 and next Monday at 8:00 (local time): the quick picks of schedule send. */
export function schedulePresets(now: Date): { tomorrow: Date; monday: Date } {
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  tomorrow.setHours(8, 0, 0, 0);
  const monday = new Date(now);
  const days = (8 - now.getDay()) % 7 || 7;
  monday.setDate(now.getDate() + days);
  monday.setHours(8, 0, 0, 0);
  return { tomorrow, monday };
}
