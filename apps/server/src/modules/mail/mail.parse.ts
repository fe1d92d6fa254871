import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type Attachment } from 'mailparser';
import type { MailAddress } from '@beacon/contract';
import { htmlToText, sanitizeMailHtml, snippetOf } from './mail.html.ts';

/** A parsed message, as the store keeps it (before its files are written). */
export type ParsedMessage = {
  /** Without angle brackets; made from the content's hash when the message has none. */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  replyTo: MailAddress[];
  subject: string;
  text: string;
  /** The raw (unsanitised) HTML, made safe when stored, once the attachments have their ids. */
  rawHtml: string | null;
  date: Date | null;
  attachments: ParsedAttachment[];
  /** A delivery status notification's reports, when the message is one. */
  deliveryStatus: DeliveryReport[] | null;
  /**
   * The header fields that mark automatic mail (RFC 3834 `Auto-Submitted`, Outlook's
   * `X-Auto-Response-Suppress`, `Precedence`, `X-Autoreply`…), lower-cased names, one line each:
   * the conversations' rules read them (modules/conversations/conversations.rules.ts).
   */
  autoHeaders: Record<string, string>;
  size: number;
};

/** The header fields kept in `autoHeaders`. */
export const AUTO_HEADER_NAMES = [
  'auto-submitted',
  'x-auto-response-suppress',
  'precedence',
  'x-autoreply',
  'x-autorespond',
  'x-failed-recipients',
] as const;

export type ParsedAttachment = {
  name: string;
  mimeType: string;
  content: Buffer;
  contentId: string | null;
  inline: boolean;
};

export type DeliveryReport = {
  /** Lower-cased. */
  recipient: string;
  /** `failed`, `delayed`, `delivered`, `relayed` or `expanded`. */
  action: string;
  status: string;
  diagnostic: string;
  /** The Message-ID of the message the report is about, without angle brackets. */
  originalMessageId: string | null;
};

/** Text and header values are cut to these lengths (a hostile message cannot fill the database). */
const SUBJECT_MAX = 2000;
const TEXT_MAX = 2_000_000;
const HTML_MAX = 5_000_000;
const ADDRESSES_MAX = 10_000;
const REFERENCES_MAX = 100;

/** `<id@host>` → `id@host`; '' for nothing usable. Line breaks and spaces never survive. */
export function bareMessageId(value: string | undefined | null): string {
  if (!value) return '';
  const match = /<([^<>\s]+)>/.exec(value);
  const id = (match ? match[1]! : value).replace(/[\s<>]/g, '');
  return id.slice(0, 500);
}

/** Every Message-ID in a References (or In-Reply-To) header value. */
export function messageIdsOf(value: string | string[] | undefined): string[] {
  const values = Array.isArray(value) ? value : value ? [value] : [];
  const ids: string[] = [];
  for (const v of values) {
    const found = v.match(/<[^<>\s]+>/g);
    if (found) ids.push(...found.map((m) => bareMessageId(m)));
    else for (const part of v.split(/\s+/)) if (part) ids.push(bareMessageId(part));
  }
  return [...new Set(ids.filter(Boolean))].slice(-REFERENCES_MAX);
}

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]+/g;

/** One line, no control characters: what a header value may hold once stored. */
export const oneLine = (value: string, max: number): string =>
  value.replace(controlCharacters, ' ').trim().slice(0, max);

function addressesOf(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = Array.isArray(value) ? value : value ? [value] : [];
  const out: MailAddress[] = [];
  const walk = (list: AddressObject['value']) => {
    for (const entry of list) {
      if (out.length >= ADDRESSES_MAX) return;
      if (entry.group) walk(entry.group);
      else if (entry.address || entry.name) {
        out.push({
          name: oneLine(entry.name ?? '', 200),
          address: oneLine(entry.address ?? '', 254).toLowerCase(),
        });
      }
    }
  };
  for (const object of objects) walk(object.value);
  return out;
}

/**
 * Parses a raw RFC 5322 message with mailparser (MIME, charsets, encoded words, attachments).
 * Never throws for a malformed message: what cannot be read is left empty, and the raw bytes are
 * kept by the store all the same.
 */
export async function parseMessage(raw: Buffer): Promise<ParsedMessage> {
  const parsed = await simpleParser(raw, {
    keepCidLinks: true,
    skipTextToHtml: true,
    maxHtmlLengthToParse: HTML_MAX,
  });
  const attachments = parsed.attachments.map(attachmentOf);
  const rawHtml = typeof parsed.html === 'string' ? parsed.html.slice(0, HTML_MAX) : null;
  let text = parsed.text ?? '';
  if (!text.trim() && rawHtml) text = htmlToText(rawHtml);
  const messageId =
    bareMessageId(parsed.messageId) ||
    `${createHash('sha256').update(raw).digest('hex').slice(0, 32)}@beacon.generated`;
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null;
  return {
    messageId,
    inReplyTo: messageIdsOf(parsed.inReplyTo)[0] ?? null,
    references: messageIdsOf(parsed.references),
    from: addressesOf(parsed.from)[0] ?? { name: '', address: '' },
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    bcc: addressesOf(parsed.bcc),
    replyTo: addressesOf(parsed.replyTo),
    subject: oneLine(parsed.subject ?? '', SUBJECT_MAX),
    text: text.slice(0, TEXT_MAX),
    rawHtml,
    date: date && date.getUTCFullYear() >= 1970 && date.getUTCFullYear() < 10_000 ? date : null,
    attachments,
    deliveryStatus: deliveryReportsOf(
      parsed.headers.get('content-type'),
      parsed.attachments,
      parsed.text ?? '',
    ),
    autoHeaders: autoHeadersOf(parsed.headers),
    size: raw.length,
  };
}

function autoHeadersOf(headers: Map<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of AUTO_HEADER_NAMES) {
    const value = headers.get(name);
    if (value === undefined || value === null) continue;
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'object' && 'value' in value
          ? String((value as { value: unknown }).value)
          : String(value);
    kept[name] = oneLine(text, 200);
  }
  return kept;
}

function attachmentOf(attachment: Attachment): ParsedAttachment {
  const inline = Boolean(attachment.related && attachment.cid);
  return {
    name: oneLine(attachment.filename ?? '', 255) || defaultName(attachment.contentType),
    mimeType: oneLine(attachment.contentType || 'application/octet-stream', 255).toLowerCase(),
    content: attachment.content,
    contentId: attachment.cid ? oneLine(attachment.cid, 255) : null,
    inline,
  };
}

function defaultName(contentType: string): string {
  if (contentType === 'message/rfc822') return 'message.eml';
  if (contentType === 'message/delivery-status') return 'delivery-status.txt';
  if (contentType === 'text/rfc822-headers') return 'headers.txt';
  const sub = contentType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin';
  return `attachment.${sub.slice(0, 10)}`;
}

/** The fields of a header block (`Name: value`, folded lines joined), lower-cased names. */
function headerFields(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  let last: string | undefined;
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) {
      fields.set(last, `${fields.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(last)) fields.set(last, line.slice(colon + 1).trim());
  }
  return fields;
}

/**
 * A delivery status notification (RFC 3464: `multipart/report; report-type=delivery-status`)
 * read into its per-recipient reports. mailparser hands the `message/delivery-status` part over
 * as text (joined to the message's text) or, for some programs, as an attachment; its
 * per-recipient blocks are the blocks of header fields naming a `Final-Recipient` and an `Action`
 * (a small, fixed format, read here).
 */
function deliveryReportsOf(
  contentType: unknown,
  attachments: Attachment[],
  text: string,
): DeliveryReport[] | null {
  const type = contentType as { value?: string; params?: Record<string, string> } | undefined;
  const isReport =
    type?.value?.toLowerCase() === 'multipart/report' &&
    (type.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status';
  if (!isReport) return null;
  const statusPart = attachments.find((a) =>
    ['message/delivery-status', 'message/global-delivery-status'].includes(
      a.contentType.toLowerCase(),
    ),
  );
  const original = attachments.find((a) =>
    ['message/rfc822', 'text/rfc822-headers', 'message/global', 'message/global-headers'].includes(
      a.contentType.toLowerCase(),
    ),
  );
  const originalHeaders = original
    ? headerFields(original.content.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '')
    : new Map<string, string>();
  const originalMessageId = bareMessageId(originalHeaders.get('message-id')) || null;
  const source = statusPart ? statusPart.content.toString('utf8') : text;
  const reports: DeliveryReport[] = [];
  for (const fields of source.split(/\r?\n\s*\r?\n/).map(headerFields)) {
    const recipient = (fields.get('final-recipient') ?? fields.get('original-recipient') ?? '')
      .replace(/^[^;]*;/, '')
      .trim()
      .replace(/^<|>$/g, '')
      .toLowerCase();
    const action = (fields.get('action') ?? '').toLowerCase();
    if (!recipient || !action) continue;
    reports.push({
      recipient: oneLine(recipient, 254),
      action: oneLine(action, 20),
      status: oneLine(fields.get('status') ?? '', 20),
      diagnostic: oneLine((fields.get('diagnostic-code') ?? '').replace(/^[^;]*;/, ''), 1000),
      originalMessageId,
    });
  }
  return reports;
}

/** A message's snippet and safe HTML once its inline images have their download addresses. */
export function renderBody(
  parsed: Pick<ParsedMessage, 'rawHtml' | 'text'>,
  cidUrl: (contentId: string) => string | undefined,
): { html: string | null; hasRemoteImages: boolean; snippet: string } {
  const safe = parsed.rawHtml ? sanitizeMailHtml(parsed.rawHtml, { cidUrl }) : null;
  const text = parsed.text || (safe ? htmlToText(safe.html) : '');
  return {
    html: safe?.html ?? null,
    hasRemoteImages: safe?.hasRemoteImages ?? false,
    snippet: snippetOf(text),
  };
}
