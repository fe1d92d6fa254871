import sanitizeHtml from 'sanitize-html';
import { and, eq } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Database } from '../../db/client.ts';
import {
  mailTracked,
  mailTrackedLinks,
  mailTrackingEvents,
  workspaces,
} from '../../db/schema/index.ts';
import { CryptoBoxError, type CryptoBox } from '../../lib/crypto-box.ts';
import type { MessageRow } from '../mail/mail.repository.ts';

/**
 * Open and click tracking of sent mail (docs/decisions/061-conversations.md). Off unless the
 * workspace's admin turns it on, and only with PUBLIC_URL (a sending job has no request to take
 * the address from, lib/public-url.ts). What leaves is rewritten; the copy in Sent is not:
 * - every http(s) link goes through `/t/c/<token>`, which counts the click and redirects to the
 *   link's own address as kept for that message and position (never an address from the request);
 * - a 1×1 image `/t/o/<token>` counts an open. Opens are estimates: image proxies (Gmail, Apple
 *   Mail Privacy Protection) fetch it for the reader or ahead of them, blockers never do.
 * A token is sealed with the server's key (lib/crypto-box.ts, AES-GCM): it cannot be made or
 * changed without the key, and it says nothing about ids; a forged one answers 404.
 */

const CONTEXT = 'mail-tracking';
/** At most this many links of one message are tracked (the rest are left as they are). */
export const MAX_TRACKED_LINKS = 200;

export type TrackingTarget = { messageId: string; position: number | null };

/** A uuid as 22 base64url characters: the token stays under the router's 100-character limit. */
const compactId = (uuid: string) =>
  Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
const fullId = (compact: string) => {
  const hex = Buffer.from(compact, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function trackingToken(box: CryptoBox, target: TrackingTarget): string {
  return box.seal(`${compactId(target.messageId)}:${target.position ?? 'o'}`, CONTEXT);
}

/** The message and link a token names, or null for anything that is not a token of ours. */
export function readTrackingToken(box: CryptoBox, token: string): TrackingTarget | null {
  let plain: string;
  try {
    plain = box.open(token, CONTEXT);
  } catch (error) {
    if (error instanceof CryptoBoxError) return null;
    return null;
  }
  const match = /^([A-Za-z0-9_-]{22}):(o|\d{1,4})$/.exec(plain);
  if (!match) return null;
  return { messageId: fullId(match[1]!), position: match[2] === 'o' ? null : Number(match[2]) };
}

/**
 * The HTML with its http(s) links through the click address and the pixel at its end, and the
 * links in their order. sanitize-html (already the mail area's HTML library) walks the markup;
 * every tag and attribute is kept as it is (the HTML was made safe when stored).
 */
export function rewriteForTracking(
  html: string,
  tokenFor: (target: TrackingTarget) => string,
  base: string,
  messageId: string,
): { html: string; links: string[] } {
  const links: string[] = [];
  const root = base.replace(/\/+$/, '');
  const rewritten = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemes: ['http', 'https', 'mailto', 'tel', 'cid', 'data'],
    parseStyleAttributes: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        if (!/^https?:\/\//i.test(href) || links.length >= MAX_TRACKED_LINKS) {
          return { tagName, attribs };
        }
        const position = links.length;
        links.push(href);
        return {
          tagName,
          attribs: { ...attribs, href: `${root}/t/c/${tokenFor({ messageId, position })}` },
        };
      },
    },
  });
  const pixel = `<img src="${root}/t/o/${tokenFor({ messageId, position: null })}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
  const withPixel = /<\/body>/i.test(rewritten)
    ? rewritten.replace(/<\/body>/i, `${pixel}</body>`)
    : `${rewritten}${pixel}`;
  return { html: withPixel, links };
}

/** Image proxies that fetch the pixel for the reader (their user agents say so). */
const PROXIES: [RegExp, string][] = [
  [/GoogleImageProxy|ggpht\.com/i, 'google'],
  [/YahooMailProxy/i, 'yahoo'],
  [/Outlook-iOS|OWA\//i, 'outlook'],
];

export function proxyOf(userAgent: string | undefined): string {
  if (!userAgent) return '';
  for (const [pattern, name] of PROXIES) if (pattern.test(userAgent)) return name;
  return '';
}

/** The tracking of a workspace's sent mail: what the sender applies, what `/t/…` records. */
export class MailTracking {
  constructor(
    private readonly db: Database,
    private readonly box: CryptoBox,
    private readonly publicUrl: string | undefined,
  ) {}

  /**
   * Called by the mail sender just before a message leaves: when the workspace tracks and the
   * server knows its public address, the HTML is rewritten and its links kept.
   */
  async apply(row: MessageRow, message: Mail.Options): Promise<void> {
    if (!this.publicUrl || typeof message.html !== 'string' || !message.html) return;
    const [workspace] = await this.db
      .select({ on: workspaces.emailTracking })
      .from(workspaces)
      .where(eq(workspaces.id, row.workspaceId));
    if (!workspace?.on) return;
    const { html, links } = rewriteForTracking(
      message.html,
      (target) => trackingToken(this.box, target),
      this.publicUrl,
      row.id,
    );
    await this.db.transaction(async (tx) => {
      await tx
        .insert(mailTracked)
        .values({ messageId: row.id, workspaceId: row.workspaceId, links: links.length })
        .onConflictDoNothing();
      if (links.length > 0) {
        await tx
          .insert(mailTrackedLinks)
          .values(
            links.map((url, position) => ({
              workspaceId: row.workspaceId,
              messageId: row.id,
              position,
              url,
            })),
          )
          .onConflictDoNothing();
      }
    });
    message.html = html;
  }

  /** Counts an open; false when the token names no tracked message. */
  async open(token: string, userAgent: string | undefined): Promise<boolean> {
    const target = readTrackingToken(this.box, token);
    if (!target || target.position !== null) return false;
    const [tracked] = await this.db
      .select({ workspaceId: mailTracked.workspaceId })
      .from(mailTracked)
      .where(eq(mailTracked.messageId, target.messageId));
    if (!tracked) return false;
    await this.db.insert(mailTrackingEvents).values({
      workspaceId: tracked.workspaceId,
      messageId: target.messageId,
      kind: 'open',
      proxy: proxyOf(userAgent),
    });
    return true;
  }

  /** Counts a click; the link's own address, or null when the token names no tracked link. */
  async click(token: string, userAgent: string | undefined): Promise<string | null> {
    const target = readTrackingToken(this.box, token);
    if (!target || target.position === null) return null;
    const [link] = await this.db
      .select({ workspaceId: mailTrackedLinks.workspaceId, url: mailTrackedLinks.url })
      .from(mailTrackedLinks)
      .where(
        and(
          eq(mailTrackedLinks.messageId, target.messageId),
          eq(mailTrackedLinks.position, target.position),
        ),
      );
    if (!link) return null;
    await this.db.insert(mailTrackingEvents).values({
      workspaceId: link.workspaceId,
      messageId: target.messageId,
      kind: 'click',
      position: target.position,
      proxy: proxyOf(userAgent),
    });
    return link.url;
  }
}

/** A transparent 1×1 GIF. */
export const PIXEL = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);
