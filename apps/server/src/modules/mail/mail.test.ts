import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { authenticate } from 'mailauth';
import { simpleParser } from 'mailparser';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailboxes, mailMessages, outbox } from '../../db/schema/index.ts';
import { crmWorkspace } from '../../../test/crm.ts';
import { expectCountsExact } from '../../../test/mail-counts.ts';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { fakeDns, fixture, startSmtpPeer } from '../../../test/mail-peers.ts';
import { connectRealtime } from '../../../test/ws-client.ts';

// The mail API through real HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL):
// every call, who may read and write what, and sending for real to an SMTP peer (smtp-server)
// with the DKIM signature checked by mailauth against the domain's key.

const UNDO_SECONDS = 2;
/** INBOUND_SMTP_MAX_BYTES of the test server: also the most a composed mail's attachments may be. */
const MAX_MESSAGE_BYTES = 64 * 1024;
const dkim = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimPem = dkim.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let server: TestServer;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startTestServer({
    env: { SMTP_URL: peer.url, INBOUND_SMTP_MAX_BYTES: String(MAX_MESSAGE_BYTES) },
    mail: { undoSeconds: UNDO_SECONDS },
    jobs: { pollMs: 200 },
    // Its send jobs must reach SMTP_URL's peer: on PostgreSQL a shared database would let the
    // other test servers (without SMTP_URL) take them (test/helpers.ts).
    ownDatabase: true,
  });
});
afterAll(async () => {
  // The sign-up codes go out in the background: let them finish before the database closes.
  for (let i = 0; i < 100; i++) {
    const pending = await server.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.status, 'pending'));
    if (pending.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.close();
  await peer.close();
});

type Summary = {
  id: string;
  mailboxId: string;
  threadId: string;
  folder: string;
  labels: string[];
  subject: string;
  isUnread: boolean;
  isStarred: boolean;
  status: string;
  hasAttachments: boolean;
  from: { address: string };
};
type Mail = Summary & {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  attachments: { id: string; name: string }[];
  text: string;
  error: string | null;
  links: { kind: string; id: string }[];
  respondsTo: { mailId: string; mode: string } | null;
};
type Label = { id: string; type: string; name: string; unreadCount: number; totalCount: number };

/** A workspace with a mail domain (DKIM key set), a Beacon mailbox of its admin's, and helpers. */
async function mailWorkspace() {
  const w = await crmWorkspace(server);
  const workspaceId = ((await w.ok('GET', '/user/me')).workspace as { id: string }).id;
  const domain = `${randomUUID().slice(0, 8)}.example.test`;
  const created = await w.ok('POST', '/api/mail/domains/new', {
    domain,
    dkimSelector: 'beacon',
    dkimPrivateKey: dkimPem,
  });
  const mailbox = (
    await w.ok('POST', '/api/mail/mailboxes/new', {
      kind: 'beacon',
      address: `sales@${domain}`,
      displayName: 'Sales',
    })
  ).mailbox as { id: string; address: string };
  /** A message arriving in the mailbox (through the store, as inbound SMTP does). */
  const arrive = async (raw: Buffer | string, extra: object = {}) =>
    server.app.mail.store.store({
      workspaceId,
      mailboxId: mailbox.id,
      raw: Buffer.isBuffer(raw) ? raw : Buffer.from(raw),
      direction: 'in',
      folder: 'inbox',
      ...extra,
    });
  const list = async (query = '', token = w.admin.token) =>
    (await w.ok('GET', `/api/mail/mails?${query}`, undefined, token)) as {
      mails: Summary[];
      nextCursor: string | null;
    };
  const mail = async (id: string, token = w.admin.token) =>
    (await w.ok('GET', `/api/mail/mail?mailId=${id}`, undefined, token)).mail as Mail;
  const labels = async () => (await w.ok('GET', '/api/mail/labels')).labels as Label[];
  return {
    w,
    workspaceId,
    domain,
    dkimRecord: (created.domain as { dkimRecord: string }).dkimRecord,
    mailbox,
    arrive,
    list,
    mail,
    labels,
  };
}

const simple = (subject: string, from = 'client@customer.test', extra = '') =>
  `From: Client <${from}>\r\nTo: sales@x.test\r\nSubject: ${subject}\r\nMessage-ID: <${randomUUID()}@customer.test>\r\n${extra}\r\nHello about ${subject}\r\n`;

/** What the peer received of a message, by its Message-ID. */
const copiesOf = (messageId: string) =>
  peer.received.filter((m) => m.raw.toString().includes(`Message-ID: <${messageId}>`));

/** Waits for the peer to have received the message once. */
async function received(messageId: string) {
  await expect.poll(() => copiesOf(messageId).length, { timeout: 15_000, interval: 100 }).toBe(1);
  return copiesOf(messageId);
}

describe('mail API', () => {
  it('asks for sign-in', async () => {
    for (const path of ['/api/mail/labels', '/api/mail/mails', '/api/mail/mailboxes']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    }
  });

  it('answers the spec calls: labels with counts, mails under a label, one mail with id and labels', async () => {
    const { arrive, list, mail, labels } = await mailWorkspace();
    const first = await arrive(simple('First'));
    await arrive(simple('Second'));
    const labelsAnswer = await labels();
    expect(labelsAnswer.map((l) => l.id).slice(0, 10)).toEqual([
      'all',
      'inbox',
      'sent',
      'drafts',
      'scheduled',
      'starred',
      'important',
      'archive',
      'spam',
      'trash',
    ]);
    expect(labelsAnswer.find((l) => l.id === 'inbox')).toMatchObject({
      unreadCount: 2,
      totalCount: 2,
    });
    const page = await list('label=inbox');
    expect(page.mails.map((m) => m.subject)).toEqual(['Second', 'First']);
    const one = await mail(first.id);
    expect(one).toMatchObject({ id: first.id, labels: ['inbox'], subject: 'First' });
  });

  it('pages by keyset and filters by unread, starred, attachments, sender, dates and words', async () => {
    const { w, arrive, list } = await mailWorkspace();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await arrive(simple(`Page ${i}`), { date: new Date(Date.UTC(2026, 0, 10 + i)) })).id,
      );
    }
    await arrive(fixture('apple-mail-attachment.eml'), { date: new Date(Date.UTC(2026, 0, 20)) });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { mails: Summary[]; nextCursor: string | null } = await list(
        `label=inbox&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.mails.map((m) => m.subject));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Angebot für Größe L', 'Page 4', 'Page 3', 'Page 2', 'Page 1', 'Page 0']);

    await w.ok('POST', '/api/mail/read', { mailIds: [ids[0], ids[1]], value: true });
    await w.ok('POST', '/api/mail/star', { mailIds: [ids[2]], value: true });
    expect((await list('label=inbox&unread=true')).mails).toHaveLength(4);
    expect((await list('label=inbox&starred=true')).mails.map((m) => m.subject)).toEqual([
      'Page 2',
    ]);
    expect((await list('label=starred')).mails.map((m) => m.subject)).toEqual(['Page 2']);
    expect((await list('hasAttachments=true')).mails.map((m) => m.hasAttachments)).toEqual([true]);
    expect((await list('from=MUELLER')).mails).toHaveLength(1);
    expect(
      (await list('after=2026-01-11T00:00:00Z&before=2026-01-13T00:00:00Z')).mails.map(
        (m) => m.subject,
      ),
    ).toEqual(['Page 2', 'Page 1']);
    expect((await list('search=angebot')).mails).toHaveLength(1);
    expect((await list('search=hello angebot')).mails).toHaveLength(0);
    expect((await list('search=hello page')).mails).toHaveLength(5);
    expect((await list('search=hello')).mails).toHaveLength(5);

    const bad = await w.call('GET', '/api/mail/mails?cursor=garbage');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await w.call('GET', '/api/mail/mails?label=nonsense')).status).toBe(400);
    expect((await w.call('GET', `/api/mail/mails?label=${randomUUID()}`)).status).toBe(404);
    expect((await w.call('GET', '/api/mail/mails?unread=maybe')).status).toBe(400);
  });

  it('stars, marks read, moves, archives, trashes and deletes for good', async () => {
    const { w, arrive, list, mail, labels } = await mailWorkspace();
    const a = (await arrive(simple('Alpha'))).id;
    const b = (await arrive(simple('Beta'))).id;
    await w.ok('POST', '/api/mail/important', { mailIds: [a], value: true });
    expect((await mail(a)).labels).toEqual(['inbox', 'important']);
    await w.ok('POST', '/api/mail/read', { mailIds: [a, b], value: true });
    expect((await labels()).find((l) => l.id === 'inbox')?.unreadCount).toBe(0);
    await w.ok('POST', '/api/mail/read', { mailIds: [b], value: false });
    expect((await mail(b)).isUnread).toBe(true);

    await w.ok('POST', '/api/mail/archive', { mailIds: [a] });
    expect((await list('label=archive')).mails.map((m) => m.id)).toEqual([a]);
    await w.ok('POST', '/api/mail/move', { mailIds: [a], folder: 'spam' });
    expect((await list('label=spam')).mails.map((m) => m.id)).toEqual([a]);
    expect((await list('label=important')).mails).toEqual([]);
    expect((await w.call('POST', '/api/mail/move', { mailIds: [a], folder: 'sent' })).status).toBe(
      400,
    );

    const early = await w.call('POST', '/api/mail/delete', { mailIds: [b] });
    expect(early.status).toBe(409);
    await w.ok('POST', '/api/mail/trash', { mailIds: [b] });
    await w.ok('POST', '/api/mail/delete', { mailIds: [b] });
    expect((await w.call('GET', `/api/mail/mail?mailId=${b}`)).status).toBe(404);
    expect((await w.call('POST', '/api/mail/star', { mailIds: [b], value: true })).status).toBe(
      404,
    );
  });

  it('manages custom labels and lists a label', async () => {
    const { w, mailbox, arrive, list, mail, labels } = await mailWorkspace();
    const a = (await arrive(simple('Labelled'))).id;
    await arrive(simple('Not labelled'));
    const made = (
      await w.ok('POST', '/api/mail/labels/new', {
        mailboxId: mailbox.id,
        name: 'Customers',
        color: 'success',
      })
    ).label as Label;
    expect(
      (await w.call('POST', '/api/mail/labels/new', { mailboxId: mailbox.id, name: 'customers' }))
        .status,
    ).toBe(409);
    await w.ok('POST', '/api/mail/labels/apply', { mailIds: [a], labelId: made.id });
    expect((await mail(a)).labels).toEqual(['inbox', made.id]);
    expect((await list(`label=${made.id}`)).mails.map((m) => m.id)).toEqual([a]);
    expect((await labels()).find((l) => l.id === made.id)).toMatchObject({
      type: 'custom',
      name: 'Customers',
      unreadCount: 1,
      totalCount: 1,
    });
    const renamed = (
      await w.ok('POST', '/api/mail/labels/update', {
        labelId: made.id,
        name: 'Clients',
        color: 'info',
      })
    ).label as Label & { color: string };
    expect(renamed).toMatchObject({ name: 'Clients', color: 'info', totalCount: 1 });
    await w.ok('POST', '/api/mail/labels/remove', { mailIds: [a], labelId: made.id });
    expect((await list(`label=${made.id}`)).mails).toEqual([]);
    expect((await w.call('POST', '/api/mail/labels/delete', { labelId: made.id })).status).toBe(
      204,
    );
    expect((await mail(a)).labels).toEqual(['inbox']);
    expect(
      (await w.call('POST', '/api/mail/labels/new', { mailboxId: mailbox.id, name: '' })).status,
    ).toBe(400);
  });

  it('lets a member read their own and shared mailboxes only; viewers cannot write', async () => {
    const { w, mailbox, arrive, list, mail } = await mailWorkspace();
    const a = (await arrive(simple('Private'))).id;
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const other = await crmWorkspace(server);

    expect((await list('', colleague.token)).mails).toEqual([]);
    expect(
      (await w.call('GET', `/api/mail/mail?mailId=${a}`, undefined, colleague.token)).status,
    ).toBe(404);
    expect(
      (await w.call('GET', `/api/mail/mail?mailId=${a}`, undefined, other.admin.token)).status,
    ).toBe(404);
    expect(
      (await w.call('POST', '/api/mail/star', { mailIds: [a], value: true }, colleague.token))
        .status,
    ).toBe(404);

    const live = await connectRealtime(server.url, colleague.token);
    await w.ok('POST', '/api/mail/mailboxes/update', { mailboxId: mailbox.id, shared: true });
    expect((await list('', colleague.token)).mails.map((m) => m.id)).toEqual([a]);
    expect((await mail(a, viewer.token)).subject).toBe('Private');
    await w.ok('POST', '/api/mail/star', { mailIds: [a], value: true }, colleague.token);
    // A shared mailbox's events reach its readers.
    await live.next((m) => m.type === 'mail.changed');
    live.close();

    for (const [path, body] of [
      ['/api/mail/star', { mailIds: [a], value: true }],
      ['/api/mail/send', { mailboxId: mailbox.id, to: ['x@y.test'], subject: 'x' }],
      ['/api/mail/labels/new', { mailboxId: mailbox.id, name: 'Mine' }],
      ['/api/mail/mailboxes/new', { kind: 'beacon', address: 'v@x.test' }],
    ] as const) {
      expect((await w.call('POST', path, body, viewer.token)).status, path).toBe(403);
    }
    // Only the owner or an admin changes a mailbox; a shared one stays the owner's.
    expect(
      (
        await w.call(
          'POST',
          '/api/mail/mailboxes/update',
          { mailboxId: mailbox.id, shared: false },
          colleague.token,
        )
      ).status,
    ).toBe(403);
  });

  it('makes mailboxes only at the workspace domains and keeps connected passwords out of answers', async () => {
    const { w, domain } = await mailWorkspace();
    const outside = await w.call('POST', '/api/mail/mailboxes/new', {
      kind: 'beacon',
      address: 'me@gmail.test',
    });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const twice = await w.call('POST', '/api/mail/mailboxes/new', {
      kind: 'beacon',
      address: `SALES@${domain}`,
    });
    expect(twice.status).toBe(409);
    // The IMAP part logs in to a connected mailbox's servers before it keeps it; there are none
    // here (modules/mail-imap/mail-imap.test.ts connects real ones), so that check is skipped.
    const imapPart = server.app.mail.service.connectedMailboxes!;
    const verify = imapPart.verify;
    imapPart.verify = async () => {};
    const connected = await w
      .ok('POST', '/api/mail/mailboxes/new', {
        kind: 'connected',
        address: 'Me@Fastmail.test',
        imapHost: 'imap.fastmail.test',
        smtpHost: 'smtp.fastmail.test',
        username: 'me@fastmail.test',
        password: 'app-password-secret',
      })
      .finally(() => {
        imapPart.verify = verify;
      });
    expect(JSON.stringify(connected)).not.toContain('app-password-secret');
    expect(connected.mailbox).toMatchObject({
      kind: 'connected',
      address: 'me@fastmail.test',
      connection: { imapHost: 'imap.fastmail.test', imapPort: 993, smtpPort: 465 },
    });
    const [row] = await server.database.db
      .select({ sealed: mailboxes.passwordSealed })
      .from(mailboxes)
      .where(eq(mailboxes.id, (connected.mailbox as { id: string }).id));
    expect(row!.sealed).toMatch(/^cb1\./);
    expect(row!.sealed).not.toContain('app-password-secret');
    const badHost = await w.call('POST', '/api/mail/mailboxes/new', {
      kind: 'connected',
      address: 'x@y.test',
      imapHost: 'imap host\r\nX: 1',
      smtpHost: 'smtp.y.test',
      username: 'x',
      password: 'p',
    });
    expect(badHost.status).toBe(400);
    expect(
      (await w.ok('GET', '/api/mail/mailboxes')).mailboxes as { address: string }[],
    ).toHaveLength(2);
  });

  it('keeps domains to admins, checks DKIM keys and never answers them', async () => {
    const { w, domain, dkimRecord } = await mailWorkspace();
    expect(dkimRecord).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/);
    const contributor = await addMember(server, w.admin.token, 'contributor');
    expect(
      (
        await w.call(
          'POST',
          '/api/mail/domains/new',
          { domain: 'mine.example.test' },
          contributor.token,
        )
      ).status,
    ).toBe(403);
    const other = await crmWorkspace(server);
    expect((await other.call('POST', '/api/mail/domains/new', { domain })).status).toBe(409);
    const badKey = await w.call('POST', '/api/mail/domains/new', {
      domain: `${randomUUID().slice(0, 8)}.example.test`,
      dkimSelector: 's1',
      dkimPrivateKey: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----',
    });
    expect(badKey.status).toBe(400);
    expect((await w.call('POST', '/api/mail/domains/new', { domain: 'no_dots' })).status).toBe(400);
    const domains = await w.ok('GET', '/api/mail/domains');
    expect(JSON.stringify(domains)).not.toContain('PRIVATE KEY');
    const [only] = domains.domains as { id: string }[];
    expect((await w.call('POST', '/api/mail/domains/delete', { domainId: only!.id })).status).toBe(
      409,
    );
  });
});

describe('sending', () => {
  it('sends after the undo delay, DKIM-signed, appended to Sent and linked to the person', async () => {
    const { w, mailbox, list, mail, domain, dkimRecord } = await mailWorkspace();
    const person = (await w.ok('POST', '/api/people', {
      firstName: 'Paula',
      email: 'paula@customer.test',
    })) as { id: string };
    const sent = (
      await w.ok('POST', '/api/mail/send', {
        mailboxId: mailbox.id,
        to: ['paula@customer.test'],
        bcc: ['boss@x.test'],
        subject: 'Our proposal',
        html: '<p>Hello <b>Paula</b></p><script>alert(1)</script>',
      })
    ).mail as Mail;
    expect(sent).toMatchObject({ status: 'queued', folder: 'sent', subject: 'Our proposal' });
    const [copy] = await received(sent.messageId);
    expect(copy!.to.sort()).toEqual(['boss@x.test', 'paula@customer.test']);
    const raw = copy!.raw.toString();
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(raw).toContain(`Message-ID: <${sent.messageId}>`);
    expect(sent.messageId.endsWith(`@${domain}`)).toBe(true);
    const parsedCopy = await simpleParser(copy!.raw);
    expect(parsedCopy.html).toContain('<b>Paula</b>');
    expect(parsedCopy.html).not.toContain('script');
    // mailauth checks the signature against the key published for the selector.
    const auth = await authenticate(copy!.raw, {
      ip: '127.0.0.1',
      helo: 'localhost',
      sender: `sales@${domain}`,
      resolver: fakeDns({ [`beacon._domainkey.${domain}`]: [dkimRecord] }),
      disableBimi: true,
    });
    expect(auth.dkim?.results?.[0]).toMatchObject({
      signingDomain: domain,
      status: { result: 'pass' },
    });
    await expect.poll(async () => (await mail(sent.id)).status).toBe('sent');
    expect((await list('label=sent')).mails.map((m) => m.id)).toContain(sent.id);
    const timeline = await w.ok('GET', `/api/people/${person.id}/activity`);
    expect((timeline.items as { kind: string }[])[0]).toMatchObject({ kind: 'email_sent' });
  });

  it('undoes a send within the delay: nothing leaves, the mail is a draft again', async () => {
    const { w, mailbox, mail } = await mailWorkspace();
    const sent = (
      await w.ok('POST', '/api/mail/send', {
        mailboxId: mailbox.id,
        to: ['undo@customer.test'],
        subject: 'Oops undo me',
        text: 'never mind',
      })
    ).mail as Mail;
    const undone = (await w.ok('POST', '/api/mail/undo-send', { mailId: sent.id })).mail as Mail;
    expect(undone).toMatchObject({ status: 'draft', folder: 'drafts' });
    const queued = await server.database.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));
    expect(queued.filter((j) => (j.payload as { mailId: string }).mailId === sent.id)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, (UNDO_SECONDS + 1) * 1000));
    expect(copiesOf(sent.messageId)).toEqual([]);
    expect((await mail(sent.id)).status).toBe('draft');
    // Once sent, it cannot be undone.
    const later = (
      await w.ok('POST', '/api/mail/send', {
        mailboxId: mailbox.id,
        to: ['undo@customer.test'],
        subject: 'Too late',
        text: 'gone',
        draftId: sent.id,
      })
    ).mail as Mail;
    await received(later.messageId);
    await expect.poll(async () => (await mail(later.id)).status).toBe('sent');
    expect((await w.call('POST', '/api/mail/undo-send', { mailId: later.id })).status).toBe(409);
    expect((await w.call('GET', `/api/mail/mail?mailId=${sent.id}`)).status).toBe(404);
  });

  it('saves drafts, schedules a send and replies and forwards in the thread', async () => {
    const { w, mailbox, arrive, mail, list } = await mailWorkspace();
    const draft = (
      await w.ok('POST', '/api/mail/drafts/save', {
        mailboxId: mailbox.id,
        subject: 'Half written',
        text: 'to be continued',
      })
    ).mail as Mail;
    expect(draft).toMatchObject({ status: 'draft', folder: 'drafts' });
    const again = (
      await w.ok('POST', '/api/mail/drafts/save', {
        mailboxId: mailbox.id,
        draftId: draft.id,
        subject: 'Better written',
        to: ['later@customer.test'],
      })
    ).mail as Mail;
    expect((await list('label=drafts')).mails.map((m) => m.subject)).toEqual(['Better written']);

    const sendAt = new Date(Date.now() + 3000).toISOString();
    const scheduled = (
      await w.ok('POST', '/api/mail/send', {
        mailboxId: mailbox.id,
        draftId: again.id,
        to: ['later@customer.test'],
        subject: 'Scheduled hello',
        text: 'at the time',
        sendAt,
      })
    ).mail as Mail & { sendAt: string };
    expect(scheduled).toMatchObject({ status: 'scheduled', folder: 'scheduled' });
    expect(Date.parse(scheduled.sendAt)).toBe(Date.parse(sendAt));
    expect(
      (
        await w.call('POST', '/api/mail/send', {
          mailboxId: mailbox.id,
          to: ['x@y.test'],
          sendAt: '2020-01-01T00:00:00Z',
        })
      ).status,
    ).toBe(400);
    await received(scheduled.messageId);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sendAt) - 50);
    await expect.poll(async () => (await mail(scheduled.id)).folder).toBe('sent');

    const incoming = await arrive(fixture('apple-mail-attachment.eml'));
    const reply = (
      await w.ok('POST', '/api/mail/reply', { mailId: incoming.id, all: true, text: 'Danke!' })
    ).mail as Mail & { cc: { address: string }[]; to: { address: string }[] };
    expect(reply.subject).toBe('Re: Angebot für Größe L');
    expect(reply.to.map((a) => a.address)).toEqual(['juergen@mueller.test']);
    // Everyone else the original went to (the fixture's To is another address of the team's).
    expect(reply.cc.map((a) => a.address)).toContain('anna@mueller.test');
    expect(reply.cc.map((a) => a.address)).not.toContain(mailbox.address);
    expect(reply.threadId).toBe(incoming.threadId);
    const [replyCopy] = await received(reply.messageId);
    const parsedReply = await simpleParser(replyCopy!.raw);
    expect(parsedReply.inReplyTo).toBe('<A7F3E2D1-4C5B-4A69-8E7F-1B2C3D4E5F60@mueller.test>');
    expect(parsedReply.references).toContain('<A7F3E2D1-4C5B-4A69-8E7F-1B2C3D4E5F60@mueller.test>');

    const forward = (
      await w.ok('POST', '/api/mail/forward', {
        mailId: incoming.id,
        to: ['colleague@x.test'],
        text: 'See attached',
      })
    ).mail as Mail;
    expect(forward.subject).toBe('Fwd: Angebot für Größe L');
    expect(forward.attachments.map((a) => a.name)).toEqual(['Angebot-2026.pdf']);
    expect(forward.threadId).toBe(incoming.threadId);
    const thread = await w.ok('GET', `/api/mail/thread?mailId=${incoming.id}`);
    expect((thread.mails as Mail[]).map((m) => m.id)).toEqual([incoming.id, reply.id, forward.id]);
  });

  it('keeps a reply’s draft linked to the mail it answers, in its thread, and sends it as that reply', async () => {
    const { w, mailbox, arrive, mail, domain } = await mailWorkspace();
    const incoming = await arrive(fixture('apple-mail-attachment.eml'));
    const original = await mail(incoming.id);
    const draft = (
      await w.ok('POST', '/api/mail/drafts/save', {
        mailboxId: mailbox.id,
        respondsTo: { mailId: incoming.id, mode: 'replyAll' },
        to: ['juergen@mueller.test'],
        subject: 'Re: Angebot für Größe L',
        html: '<p>Ich melde mich</p>',
      })
    ).mail as Mail;
    expect(draft).toMatchObject({
      status: 'draft',
      folder: 'drafts',
      threadId: incoming.threadId,
      inReplyTo: original.messageId,
      respondsTo: { mailId: incoming.id, mode: 'replyAll' },
    });
    expect(draft.references).toContain(original.messageId);
    // Saved again by its id alone (an older window): the link stays.
    const again = (
      await w.ok('POST', '/api/mail/drafts/save', {
        mailboxId: mailbox.id,
        draftId: draft.id,
        to: ['juergen@mueller.test'],
        subject: 'Re: Angebot für Größe L',
        html: '<p>Ich melde mich morgen</p>',
      })
    ).mail as Mail;
    expect(again.respondsTo).toEqual({ mailId: incoming.id, mode: 'replyAll' });
    expect((await mail(again.id)).respondsTo).toEqual({ mailId: incoming.id, mode: 'replyAll' });
    const thread = await w.ok('GET', `/api/mail/thread?mailId=${incoming.id}`);
    expect((thread.mails as Mail[]).map((m) => m.id)).toEqual([incoming.id, again.id]);

    // Sent by /send with the draft's id, it leaves as the reply, in the thread.
    const sent = (
      await w.ok('POST', '/api/mail/send', {
        mailboxId: mailbox.id,
        draftId: again.id,
        to: ['juergen@mueller.test'],
        subject: 'Re: Angebot für Größe L',
        // Each paragraph's direction as the editor set it (record 064).
        html: '<p dir="rtl">مرحبا</p><p dir="ltr">Ich melde mich morgen</p>',
      })
    ).mail as Mail;
    expect(sent).toMatchObject({
      status: 'queued',
      threadId: incoming.threadId,
      inReplyTo: original.messageId,
      respondsTo: { mailId: incoming.id, mode: 'replyAll' },
    });
    const [copy] = await received(sent.messageId);
    const parsed = await simpleParser(copy!.raw);
    expect(parsed.inReplyTo).toBe(`<${original.messageId}>`);
    expect(parsed.references).toContain(`<${original.messageId}>`);
    expect(parsed.html).toContain('<p dir="rtl">مرحبا</p><p dir="ltr">Ich melde mich morgen</p>');
    expect((await w.call('GET', `/api/mail/mail?mailId=${again.id}`)).status).toBe(404);

    // A forward's draft carries no copy of the original's files; sent, the forward adds them once.
    const forwardDraft = (
      await w.ok('POST', '/api/mail/drafts/save', {
        mailboxId: mailbox.id,
        respondsTo: { mailId: incoming.id, mode: 'forward' },
        to: ['colleague@x.test'],
        html: '<p>Siehe unten</p>',
      })
    ).mail as Mail;
    expect(forwardDraft).toMatchObject({
      inReplyTo: null,
      threadId: incoming.threadId,
      respondsTo: { mailId: incoming.id, mode: 'forward' },
      attachments: [],
    });
    const forward = (
      await w.ok('POST', '/api/mail/forward', {
        mailId: incoming.id,
        draftId: forwardDraft.id,
        to: ['colleague@x.test'],
        html: '<p>Siehe unten</p>',
      })
    ).mail as Mail;
    expect(forward.subject).toBe('Fwd: Angebot für Größe L');
    expect(forward.attachments.map((a) => a.name)).toEqual(['Angebot-2026.pdf']);
    expect(forward.respondsTo).toEqual({ mailId: incoming.id, mode: 'forward' });

    // An undone reply is a draft of that reply again.
    const reply = (
      await w.ok('POST', '/api/mail/reply', { mailId: incoming.id, text: 'Doch nicht' })
    ).mail as Mail;
    const undone = (await w.ok('POST', '/api/mail/undo-send', { mailId: reply.id })).mail as Mail;
    expect(undone).toMatchObject({
      status: 'draft',
      respondsTo: { mailId: incoming.id, mode: 'reply' },
    });

    // The original deleted: the draft is a plain draft, still in its thread by its headers.
    const other = await arrive(simple('Kurze Frage'));
    const otherMail = await mail(other.id);
    const orphan = (
      await w.ok('POST', '/api/mail/drafts/save', {
        mailboxId: mailbox.id,
        respondsTo: { mailId: other.id, mode: 'reply' },
        to: ['client@customer.test'],
        subject: 'Re: Kurze Frage',
        text: 'Antwort',
      })
    ).mail as Mail;
    await w.ok('POST', '/api/mail/trash', { mailIds: [other.id] });
    await w.ok('POST', '/api/mail/delete', { mailIds: [other.id] });
    const left = await mail(orphan.id);
    expect(left.respondsTo).toBeNull();
    // The key's `set null` is an update of the draft: the label counters stay exact.
    await expectCountsExact(server.database.db, mailbox.id);
    expect(left.inReplyTo).toBe(otherMail.messageId);
    const orphanSent = (
      await w.ok('POST', '/api/mail/send', {
        mailboxId: mailbox.id,
        draftId: orphan.id,
        to: ['client@customer.test'],
        subject: 'Re: Kurze Frage',
        text: 'Antwort',
      })
    ).mail as Mail;
    expect(orphanSent.inReplyTo).toBe(otherMail.messageId);
    expect(orphanSent.respondsTo).toBeNull();
    const [orphanCopy] = await received(orphanSent.messageId);
    expect((await simpleParser(orphanCopy!.raw)).inReplyTo).toBe(`<${otherMail.messageId}>`);

    // Bad input: a mode that is not one, an original in another mailbox of the caller, another
    // workspace's original, another workspace's draft.
    const support = (
      await w.ok('POST', '/api/mail/mailboxes/new', {
        kind: 'beacon',
        address: `support@${domain}`,
      })
    ).mailbox as { id: string };
    const stranger = await mailWorkspace();
    const foreign = await stranger.arrive(simple('Not yours'));
    const cases: [object, number, string][] = [
      [
        { mailboxId: mailbox.id, respondsTo: { mailId: incoming.id, mode: 'answer' } },
        400,
        'VALIDATION_FAILED',
      ],
      [
        { mailboxId: mailbox.id, respondsTo: { mailId: 'not-an-id', mode: 'reply' } },
        400,
        'VALIDATION_FAILED',
      ],
      [
        { mailboxId: support.id, respondsTo: { mailId: incoming.id, mode: 'reply' }, text: 'x' },
        400,
        'VALIDATION_FAILED',
      ],
      [
        { mailboxId: mailbox.id, respondsTo: { mailId: foreign.id, mode: 'reply' }, text: 'x' },
        404,
        'NOT_FOUND',
      ],
    ];
    for (const [body, status, code] of cases) {
      const answer = await w.call('POST', '/api/mail/drafts/save', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ code });
    }
    const theirDraft = (
      await stranger.w.ok('POST', '/api/mail/drafts/save', {
        mailboxId: stranger.mailbox.id,
        respondsTo: { mailId: foreign.id, mode: 'reply' },
        text: 'Theirs',
      })
    ).mail as Mail;
    const planted = await w.call('POST', '/api/mail/send', {
      mailboxId: mailbox.id,
      draftId: theirDraft.id,
      to: ['a@b.test'],
    });
    expect(planted.status).toBe(404);
    expect((await stranger.mail(theirDraft.id)).status).toBe('draft');
  });

  it('refuses bad input with a clear error and sends nothing', async () => {
    const { w, mailbox } = await mailWorkspace();
    const cases: [object, number][] = [
      [{ mailboxId: mailbox.id, to: [], subject: 'Nobody' }, 400],
      [{ mailboxId: mailbox.id, to: ['a@b.test'], subject: 'Hi\r\nBcc: victim@x.test' }, 400],
      [{ mailboxId: mailbox.id, to: ['a@b.test\r\nBcc: victim@x.test'] }, 400],
      [{ mailboxId: mailbox.id, to: ['not an address'] }, 400],
      [{ mailboxId: mailbox.id, to: Array.from({ length: 101 }, (_, i) => `a${i}@b.test`) }, 400],
      [{ mailboxId: randomUUID(), to: ['a@b.test'] }, 404],
      [{ mailboxId: mailbox.id, to: ['a@b.test'], attachmentIds: [randomUUID()] }, 404],
    ];
    for (const [body, status] of cases) {
      const answer = await w.call('POST', '/api/mail/send', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(answer.body).toHaveProperty('code');
    }
    expect((await w.ok('GET', '/api/mail/mails?label=sent')).mails).toEqual([]);
  });

  it('attaches only the caller’s own uploads and attachments of mails they read', async () => {
    const { w, mailbox, arrive, mail } = await mailWorkspace();
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const own = await upload(w.admin.token, 'notes.txt', 'My own notes');
    const theirs = await upload(colleague.token, 'private.txt', 'Not for the admin');
    const incoming = await arrive(fixture('apple-mail-attachment.eml'));
    const [stored] = await server.database.db
      .select({ rawFileId: mailMessages.rawFileId })
      .from(mailMessages)
      .where(eq(mailMessages.id, incoming.id));
    const pdf = (await mail(incoming.id)).attachments[0]!;
    // Another member's upload and a received message's raw file: as unknown as another
    // workspace's ids, whichever call composes.
    for (const id of [theirs, stored!.rawFileId!]) {
      for (const path of ['/api/mail/drafts/save', '/api/mail/send']) {
        const answer = await w.call('POST', path, {
          mailboxId: mailbox.id,
          to: ['a@b.test'],
          attachmentIds: [id],
        });
        expect(answer.status, path).toBe(404);
        expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    const draft = (
      await w.ok('POST', '/api/mail/drafts/save', {
        mailboxId: mailbox.id,
        to: ['a@b.test'],
        subject: 'With files',
        attachmentIds: [own, pdf.id],
      })
    ).mail as Mail;
    expect(draft.attachments.map((a) => a.name).sort()).toEqual(['Angebot-2026.pdf', 'notes.txt']);
    expect((await w.ok('GET', '/api/mail/mails?label=sent')).mails).toEqual([]);
  });

  it('refuses attachments that together pass the message limit before reading them', async () => {
    const { w, mailbox } = await mailWorkspace();
    const half = await upload(w.admin.token, 'half.bin', Buffer.alloc(MAX_MESSAGE_BYTES / 2, 1));
    const more = await upload(
      w.admin.token,
      'more.bin',
      Buffer.alloc(MAX_MESSAGE_BYTES / 2 + 1, 2),
    );
    const answer = await w.call('POST', '/api/mail/send', {
      mailboxId: mailbox.id,
      to: ['a@b.test'],
      attachmentIds: [half, more],
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((answer.body as { detail: string }).detail).toMatch(/at most 64 KiB/);
    // Each alone fits.
    await w.ok('POST', '/api/mail/drafts/save', {
      mailboxId: mailbox.id,
      to: ['a@b.test'],
      attachmentIds: [half],
    });
    expect((await w.ok('GET', '/api/mail/mails?label=sent')).mails).toEqual([]);
  });
});

/** A finished upload of the caller's (/api/uploads/direct), as the compose page makes one. */
async function upload(token: string, name: string, content: Buffer | string): Promise<string> {
  const response = await fetch(
    `${server.url}/api/uploads/direct?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: content,
    },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('demo mail', () => {
  // The whole demo seed runs first (the CRM it links to): slow on a loaded machine.
  it(
    'gives the demo writers mailboxes with threads with CRM people, attachments, labels and bounces, once',
    { timeout: 300_000 },
    async () => {
      const { seedDemo } = await import('../../db/seed.ts');
      const { seedDemoMail } = await import('../../db/crm-seed/mail.ts');
      const db = server.database.db;
      await seedDemo(db);
      const [demo] = (
        (await db.execute(sql`select id from workspaces where demo_key = 'demo'`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows;
      await seedDemoMail(db, demo!.id, server.app.mail);
      const count = async () =>
        (
          (await db.execute(sql`
          select
            (select count(*)::int from mailboxes where workspace_id = ${demo!.id}) as mailboxes,
            (select count(*)::int from mail_messages where workspace_id = ${demo!.id} and direction = 'in') as received,
            (select count(*)::int from mail_messages where workspace_id = ${demo!.id} and direction = 'out') as sent,
            (select count(*)::int from mail_messages where workspace_id = ${demo!.id} and has_attachments) as attached,
            (select count(*)::int from mail_message_labels where workspace_id = ${demo!.id}) as labelled,
            (select count(*)::int from mail_bounces where workspace_id = ${demo!.id} and person_id is not null) as bounces,
            (select count(*)::int from mail_messages where workspace_id = ${demo!.id} and status = 'bounced') as bounced,
            (select count(*)::int from activities where workspace_id = ${demo!.id} and kind = 'email_received') as timeline,
            (select count(distinct thread_id)::int from mail_messages m where workspace_id = ${demo!.id}
               and (select count(*) from mail_messages n where n.thread_id = m.thread_id) > 1) as threads`)) as unknown as {
            rows: Record<string, number>[];
          }
        ).rows[0]!;
      const first = await count();
      expect(first.mailboxes).toBe(3);
      expect(first.received).toBeGreaterThanOrEqual(15);
      expect(first.sent).toBeGreaterThanOrEqual(12);
      expect(first.attached).toBeGreaterThan(0);
      expect(first.labelled).toBeGreaterThan(0);
      expect(first.bounces).toBe(3);
      expect(first.bounced).toBe(3);
      expect(first.timeline).toBeGreaterThan(0);
      expect(first.threads).toBeGreaterThanOrEqual(9);
      await seedDemoMail(db, demo!.id, server.app.mail);
      expect(await count()).toEqual(first);
    },
  );
});
