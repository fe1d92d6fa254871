import { generateKeyPairSync } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Caller } from '../../lib/caller.ts';
import { buildRaw, newMessageId } from '../../modules/mail/mail.compose.ts';
import type { MailService } from '../../modules/mail/mail.service.ts';
import type { MailStore } from '../../modules/mail/mail.store.ts';
import type { Database } from '../client.ts';
import { mailDomains, people, users } from '../schema/index.ts';

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
    .limit(team.length * THREADS.length + 3);
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
