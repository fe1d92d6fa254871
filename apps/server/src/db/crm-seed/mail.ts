import { generateKeyPairSync } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Caller } from '../../lib/caller.ts';
import { buildRaw, newMessageId } from '../../modules/mail/mail.compose.ts';
import type { MailService } from '../../modules/mail/mail.service.ts';
import type { MailStore } from '../../modules/mail/mail.store.ts';
import type { Database } from '../client.ts';
import {
  mailboxes as mailboxesTable,
  mailDomains,
  mailTracked,
  mailTrackedLinks,
  mailTrackingEvents,
  people,
  users,
} from '../schema/index.ts';

// The demo team's mail (issue 12): a Beacon mailbox for each writer at the demo domain, with
// threads with people of the demo CRM (received and sent, attachments, custom labels, stars)
// and a few bounces. Added once, when the demo workspace has no mail domain yet.

export const DEMO_MAIL_DOMAIN = 'northwind.beacon.local';

const DAY = 86_400_000;

/** What a demo person writes, and what the team answers (one thread each). */
const THREADS: {
  subject: string;
  ask: string;
  answer?: string;
  attachment?: { name: string; type: string; body: string };
  label?: 'Proposals' | 'Follow-up';
  starred?: boolean;
}[] = [
  {
    subject: 'Pricing for 40 seats',
    ask: 'Hello,\n\nCould you send us your pricing for 40 seats, billed yearly?\n\nThanks',
    answer:
      'Hello,\n\nThank you for asking. Our proposal for 40 seats is attached; the yearly plan saves 15%.\n\nBest regards',
    attachment: {
      name: 'Northwind-proposal-40-seats.csv',
      type: 'text/csv',
      body: 'item,seats,price per seat (EUR),total (EUR)\nBeacon Team yearly,40,29,13920\n',
    },
    label: 'Proposals',
    starred: true,
  },
  {
    subject: 'Demo next week?',
    ask: 'Hi,\n\nWe would like a demo for our sales team next week. Tuesday or Thursday afternoon?\n\nRegards',
    answer: 'Hi,\n\nThursday at 3 pm works for us. I will send an invitation.\n\nSee you then',
    label: 'Follow-up',
  },
  {
    subject: 'Security questionnaire',
    ask: 'Hello,\n\nOur IT team needs the attached questionnaire filled in before we go ahead.\n\nKind regards',
    attachment: {
      name: 'security-questionnaire.txt',
      type: 'text/plain',
      body: '1. Where is data stored?\n2. Is data encrypted at rest?\n3. Who can access production?\n',
    },
    label: 'Follow-up',
  },
  {
    subject: 'Contract renewal',
    ask: 'Good morning,\n\nOur contract ends next month. Can we keep the same terms for another year?\n\nThank you',
    answer:
      'Good morning,\n\nYes, we can renew on the same terms. I will send the renewal for signature today.\n\nBest',
    label: 'Proposals',
  },
  {
    subject: 'Out of office',
    ask: 'I am out of the office until Monday with limited access to e-mail. For urgent matters please call the front desk.',
  },
];

/**
 * Outreach the team sent and the replies that came back (docs/decisions/061-conversations.md):
 * one of each kind the conversations inbox sorts, so it is full on first sight. `auto` replies
 * carry the headers of an automatic answer; `away` is the absence's length in days.
 */
const OUTREACH: {
  subject: string;
  pitch: string;
  reply: string;
  auto?: boolean;
  away?: number;
  tracked?: boolean;
}[] = [
  {
    subject: 'Cutting your reporting time in half',
    pitch:
      'Hi,\n\nTeams like yours use Beacon to build their weekly sales report in minutes. Worth a 20-minute call?\n\nBest',
    reply:
      'Hi,\n\nThis sounds interesting. Can we book a call on Thursday afternoon? Please send the pricing beforehand.\n\nThanks',
    tracked: true,
  },
  {
    subject: 'Quick question about your pipeline',
    pitch: 'Hello,\n\nHow do you keep track of deals across the team today?\n\nRegards',
    reply:
      'Hello,\n\nNot right now, we are in the middle of a migration. Reach out again next quarter.\n\nRegards',
    tracked: true,
  },
  {
    subject: 'Beacon for your sales team',
    pitch: 'Hi,\n\nWould a shared inbox for your sales team help?\n\nBest',
    reply:
      'Thank you for your message. I am out of the office with limited access to e-mail and will be back on {{back}}.\n\nFor anything urgent, please call the front desk.',
    auto: true,
    away: 9,
  },
  {
    subject: 'Following up on our demo offer',
    pitch: 'Hello,\n\nJust following up on my last message about a demo.\n\nBest',
    reply: 'Please remove me from your list. I do not want to receive these e-mails.',
  },
  {
    subject: 'Une solution pour vos relances',
    pitch:
      'Bonjour,\n\nBeacon relance vos prospects pour vous. Un échange de 15 minutes ?\n\nCordialement',
    reply: 'Bonjour,\n\nQui vous a donné mon adresse ?\n\nCordialement',
  },
];

/** A plain-text message as a mail program writes one, with extra header lines. */
function plainMessage(message: {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  date: Date;
  headers?: string[];
}): Buffer {
  const encode = (value: string) =>
    /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;
  return Buffer.from(
    [
      `From: ${encode(message.from.name)} <${message.from.address}>`,
      `To: ${message.to}`,
      `Subject: ${encode(message.subject)}`,
      `Date: ${message.date.toUTCString()}`,
      `Message-ID: <${message.messageId}>`,
      ...(message.inReplyTo
        ? [`In-Reply-To: <${message.inReplyTo}>`, `References: <${message.inReplyTo}>`]
        : []),
      ...(message.headers ?? []),
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(message.text).toString('base64'),
      '',
    ].join('\r\n'),
  );
}

function caller(userId: string, workspaceId: string): Caller {
  return { userId, workspaceId, role: 'admin', visibility: 'all' };
}

export async function seedDemoMail(
  db: Database,
  workspaceId: string,
  mail: { store: MailStore; service: MailService },
): Promise<void> {
  const [existing] = await db
    .select({ id: mailDomains.id })
    .from(mailDomains)
    .where(eq(mailDomains.workspaceId, workspaceId));
  if (existing) return;
  const team = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), ne(users.role, 'viewer')))
    .orderBy(asc(users.email));
  const admin = team.find((u) => u.role === 'admin');
  if (!admin) return;
  const contacts = await db
    .select({
      id: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
    })
    .from(people)
    .where(and(eq(people.workspaceId, workspaceId), ne(people.email, '')))
    .orderBy(asc(people.createdAt), asc(people.id))
    .limit(team.length * (THREADS.length + OUTREACH.length + 1) + 3);
  if (contacts.length === 0) return;

  const key = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  try {
    await mail.service.newDomain(caller(admin.id, workspaceId), {
      domain: DEMO_MAIL_DOMAIN,
      dkimSelector: 'beacon',
      dkimPrivateKey: key,
    });
  } catch {
    // Another workspace of this server has the demo domain: no demo mail then.
    return;
  }
  const now = Date.now();
  let contactIndex = 0;
  for (const [memberIndex, member] of team.entries()) {
    const who = caller(member.id, workspaceId);
    const local = member.email.split('@')[0]!.replace(/[^a-z0-9.]/gi, '');
    const mailbox = await mail.service.newMailbox(who, {
      kind: 'beacon',
      address: `${local}@${DEMO_MAIL_DOMAIN}`,
      displayName: `${member.firstName} ${member.lastName}`,
      shared: memberIndex === 0,
      signature: `${member.firstName} ${member.lastName}\nNorthwind Sales`,
    });
    const labels = new Map<string, string>();
    for (const [name, color] of [
      ['Proposals', 'success'],
      ['Follow-up', 'warning'],
    ] as const) {
      const label = await mail.service.newLabel(who, { mailboxId: mailbox.id, name, color });
      labels.set(name, label.id);
    }
    const from = { name: mailbox.displayName, address: mailbox.address };
    for (const [threadIndex, thread] of THREADS.entries()) {
      const person = contacts[contactIndex++ % contacts.length]!;
      const them = { name: `${person.firstName} ${person.lastName}`.trim(), address: person.email };
      const start = now - (memberIndex * 7 + threadIndex * 3 + 2) * DAY;
      const askId = newMessageId(them.address);
      const ask = await buildRaw(
        {
          from: them,
          to: [from.address],
          cc: [],
          bcc: [],
          subject: thread.subject,
          html: '',
          text: thread.ask,
          messageId: askId,
          date: new Date(start),
          attachments:
            thread.attachment && !thread.answer
              ? [
                  {
                    name: thread.attachment.name,
                    contentType: thread.attachment.type,
                    content: Buffer.from(thread.attachment.body),
                  },
                ]
              : [],
        },
        false,
      );
      await mail.store.store({
        workspaceId,
        mailboxId: mailbox.id,
        raw: ask,
        direction: 'in',
        folder: 'inbox',
        date: new Date(start),
        seen: threadIndex > 1,
        starred: thread.starred ?? false,
        labelIds: thread.label ? [labels.get(thread.label)!] : [],
        auth: {
          spf: 'pass',
          dkim: 'pass',
          dmarc: 'pass',
          arc: 'none',
          spoofed: false,
          domain: them.address.split('@')[1] ?? null,
        },
      });
      if (!thread.answer) continue;
      const reply = await buildRaw(
        {
          from,
          to: [them.address],
          cc: [],
          bcc: [],
          subject: `Re: ${thread.subject}`,
          html: `<p>${thread.answer.replace(/\n\n/g, '</p><p>').replace(/\n/g, '<br>')}</p>`,
          text: thread.answer,
          messageId: newMessageId(from.address),
          inReplyTo: askId,
          references: [askId],
          date: new Date(start + 5 * 3_600_000),
          attachments: thread.attachment
            ? [
                {
                  name: thread.attachment.name,
                  contentType: thread.attachment.type,
                  content: Buffer.from(thread.attachment.body),
                },
              ]
            : [],
        },
        true,
      );
      await mail.store.store({
        workspaceId,
        mailboxId: mailbox.id,
        raw: reply,
        direction: 'out',
        folder: 'sent',
        date: new Date(start + 5 * 3_600_000),
        createdBy: member.id,
        labelIds: thread.label ? [labels.get(thread.label)!] : [],
      });
    }
    // A bounce: a message to an address that no longer exists, and the report that came back.
    const gone = contacts[contactIndex++ % contacts.length]!;
    const bouncedId = newMessageId(from.address);
    const sentAt = now - (memberIndex + 1) * DAY;
    await mail.store.store({
      workspaceId,
      mailboxId: mailbox.id,
      raw: await buildRaw(
        {
          from,
          to: [gone.email],
          cc: [],
          bcc: [],
          subject: 'Following up on our call',
          html: '',
          text: `Hello ${gone.firstName},\n\nFollowing up on our call: shall we plan a demo?\n\n${member.firstName}`,
          messageId: bouncedId,
          date: new Date(sentAt),
          attachments: [],
        },
        true,
      ),
      direction: 'out',
      folder: 'sent',
      date: new Date(sentAt),
      createdBy: member.id,
    });
    await mail.store.store({
      workspaceId,
      mailboxId: mailbox.id,
      raw: Buffer.from(
        bounceReport(from.address, gone.email, bouncedId, new Date(sentAt + 60_000)),
      ),
      direction: 'in',
      folder: 'inbox',
      date: new Date(sentAt + 60_000),
    });
  }
  await seedOutreach(db, workspaceId, mail.store, team, contacts, contactIndex, now);
  await db.execute(sql`analyze mail_messages, mail_message_labels, mail_threads`);
}

/** A delivery status notification as Postfix writes one. */
function bounceReport(to: string, recipient: string, messageId: string, date: Date): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.northwind.beacon.local>',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Date: ${date.toUTCString()}`,
    `Message-ID: <dsn-${messageId}>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn"',
    '',
    '--dsn',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `Your message to <${recipient}> could not be delivered: the mailbox does not exist.`,
    '',
    '--dsn',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.northwind.beacon.local',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    `Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: Recipient address rejected: User unknown`,
    '',
    '--dsn',
    'Content-Type: text/rfc822-headers',
    '',
    `From: ${to}`,
    `To: ${recipient}`,
    'Subject: Following up on our call',
    `Message-ID: <${messageId}>`,
    '',
    '--dsn--',
    '',
  ].join('\r\n');
}

/**
 * Each writer's outreach and the replies that came back, of every kind the conversations inbox
 * sorts (the mail store sorts them as they are stored); two of each writer's mails were sent with
 * tracking, and were opened (once through Gmail's image proxy) and clicked.
 */
async function seedOutreach(
  db: Database,
  workspaceId: string,
  store: MailStore,
  team: { id: string; email: string; firstName: string; lastName: string }[],
  contacts: { id: string; firstName: string; lastName: string; email: string }[],
  start: number,
  now: number,
): Promise<void> {
  const mailboxes = await db
    .select({
      id: mailboxesTable.id,
      address: mailboxesTable.address,
      ownerId: mailboxesTable.ownerId,
      name: mailboxesTable.displayName,
    })
    .from(mailboxesTable)
    .where(eq(mailboxesTable.workspaceId, workspaceId));
  let next = start;
  for (const [memberIndex, member] of team.entries()) {
    const mailbox = mailboxes.find((m) => m.ownerId === member.id);
    if (!mailbox) continue;
    const from = { name: mailbox.name, address: mailbox.address };
    for (const [index, outreach] of OUTREACH.entries()) {
      const person = contacts[next++ % contacts.length]!;
      const sentAt = new Date(now - (memberIndex * 2 + index + 1) * 3 * 3_600_000 - DAY);
      const pitchId = newMessageId(from.address);
      const sent = await store.store({
        workspaceId,
        mailboxId: mailbox.id,
        raw: plainMessage({
          from,
          to: person.email,
          subject: outreach.subject,
          text: outreach.pitch,
          messageId: pitchId,
          date: sentAt,
        }),
        direction: 'out',
        folder: 'sent',
        date: sentAt,
        createdBy: member.id,
      });
      if (outreach.tracked) await seedTracking(db, workspaceId, sent.id, sentAt);
      const repliedAt = new Date(sentAt.getTime() + (index + 1) * 47 * 60_000);
      const back = new Date(now + (outreach.away ?? 0) * DAY).toLocaleDateString('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
      });
      await store.store({
        workspaceId,
        mailboxId: mailbox.id,
        raw: plainMessage({
          from: { name: `${person.firstName} ${person.lastName}`.trim(), address: person.email },
          to: from.address,
          subject: outreach.auto
            ? `Automatic reply: ${outreach.subject}`
            : `Re: ${outreach.subject}`,
          text: outreach.reply.replace('{{back}}', back),
          messageId: newMessageId(person.email),
          inReplyTo: pitchId,
          date: repliedAt,
          headers: outreach.auto
            ? ['Auto-Submitted: auto-replied', 'X-Auto-Response-Suppress: All']
            : [],
        }),
        direction: 'in',
        folder: 'inbox',
        date: repliedAt,
        seen: false,
      });
    }
  }
}

async function seedTracking(db: Database, workspaceId: string, messageId: string, sentAt: Date) {
  await db.insert(mailTracked).values({ messageId, workspaceId, links: 1 });
  await db.insert(mailTrackedLinks).values({
    workspaceId,
    messageId,
    position: 0,
    url: 'https://northwind.example/beacon-overview',
  });
  const at = (hours: number) => new Date(sentAt.getTime() + hours * 3_600_000);
  await db.insert(mailTrackingEvents).values([
    { workspaceId, messageId, kind: 'open', proxy: 'google', at: at(0.2) },
    { workspaceId, messageId, kind: 'open', proxy: '', at: at(1.5) },
    { workspaceId, messageId, kind: 'open', proxy: '', at: at(5) },
    { workspaceId, messageId, kind: 'click', position: 0, proxy: '', at: at(1.6) },
  ]);
}
