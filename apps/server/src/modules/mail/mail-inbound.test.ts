import { randomUUID } from 'node:crypto';
import { generateKeyPairSync } from 'node:crypto';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailBounces, mailMessages } from '../../db/schema/index.ts';
import { crmWorkspace } from '../../../test/crm.ts';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { deliver, fakeDns, fixture } from '../../../test/mail-peers.ts';
import { connectRealtime } from '../../../test/ws-client.ts';

// The inbound SMTP listener with a real SMTP client (nodemailer) against a real database: who is
// accepted, what is refused, messages as real mail programs write them, the mailauth verdict,
// threading, CRM links and bounces. No real DNS: mailauth asks a resolver of fixed answers.

const MAX_BYTES = 256 * 1024;
const dkimKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimPem = dkimKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const dkimPublic = dkimKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const dns = fakeDns({
  'bigbank.test': ['v=spf1 -all'],
  '_dmarc.bigbank.test': ['v=DMARC1; p=reject'],
  'good.test': ['v=spf1 -all'],
  '_dmarc.good.test': ['v=DMARC1; p=reject'],
  'sel._domainkey.good.test': [`v=DKIM1; k=rsa; p=${dkimPublic}`],
});

let server: TestServer;
let port = 0;
beforeAll(async () => {
  server = await startTestServer({
    env: { INBOUND_SMTP_PORT: '0', INBOUND_SMTP_MAX_BYTES: String(MAX_BYTES) },
    mail: { resolver: dns, onInboundSmtp: (address) => (port = address.port) },
  });
});
afterAll(async () => {
  await server.close();
});

type Mail = {
  id: string;
  threadId: string;
  subject: string;
  text: string;
  html: string | null;
  from: { name: string; address: string };
  to: { address: string }[];
  labels: string[];
  attachments: { id: string; name: string; mimeType: string; inline: boolean }[];
  hasRemoteImages: boolean;
  auth: { spf: string; dkim: string; dmarc: string; spoofed: boolean } | null;
  spoofed: boolean;
  links: { kind: string; id: string; name: string }[];
  status: string;
};

/** A workspace with a mail domain of its own and a Beacon mailbox `sales@` there. */
async function mailWorkspace() {
  const w = await crmWorkspace(server);
  const domain = `${randomUUID().slice(0, 8)}.example.test`;
  await w.ok('POST', '/api/mail/domains/new', { domain });
  const mailbox = (
    await w.ok('POST', '/api/mail/mailboxes/new', {
      kind: 'beacon',
      address: `Sales@${domain}`,
      displayName: 'Sales Team',
    })
  ).mailbox as { id: string; address: string };
  const inbox = async (token = w.admin.token) =>
    ((await w.ok('GET', '/api/mail/mails?label=inbox', undefined, token)).mails as Mail[]) ?? [];
  const mail = async (id: string) =>
    (await w.ok('GET', `/api/mail/mail?mailId=${id}`)).mail as Mail;
  /** Delivers a fixture (or raw bytes) to the mailbox and answers the stored mail. */
  const receive = async (raw: Buffer | string, from = 'someone@elsewhere.test') => {
    const before = new Set((await inbox()).map((m) => m.id));
    await deliver(port, { from, to: [mailbox.address] }, raw);
    const arrived = (await inbox()).filter((m) => !before.has(m.id));
    expect(arrived).toHaveLength(1);
    return mail(arrived[0]!.id);
  };
  return { w, domain, mailbox, inbox, mail, receive };
}

describe('inbound SMTP', () => {
  it('takes mail for its mailboxes and refuses other recipients at RCPT', async () => {
    const { domain, mailbox, inbox } = await mailWorkspace();
    const result = await deliver(
      port,
      { from: 'a@elsewhere.test', to: [mailbox.address, `nobody@${domain}`, 'x@not-ours.test'] },
      'From: a@elsewhere.test\r\nTo: sales\r\nSubject: hello\r\n\r\nHi\r\n',
    );
    expect(result.accepted).toEqual([mailbox.address]);
    expect(result.rejected.sort()).toEqual([`nobody@${domain}`, 'x@not-ours.test'].sort());
    expect((await inbox()).map((m) => m.subject)).toEqual(['hello']);
    // Only unknown recipients: the whole message is refused.
    await expect(
      deliver(port, { from: 'a@elsewhere.test', to: [`ghost@${domain}`] }, 'Subject: x\r\n\r\nx'),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it('refuses an oversized message with 552 and keeps serving', async () => {
    const { mailbox, receive } = await mailWorkspace();
    const big = `Subject: big\r\n\r\n${'x'.repeat(MAX_BYTES + 10_000)}\r\n`;
    await expect(
      deliver(port, { from: 'a@elsewhere.test', to: [mailbox.address] }, big),
    ).rejects.toMatchObject({ responseCode: 552 });
    const after = await receive('Subject: small\r\n\r\nstill here\r\n');
    expect(after.subject).toBe('small');
  });

  it('stores Gmail, Outlook and Apple Mail messages as those programs write them', async () => {
    const { receive, w } = await mailWorkspace();

    const gmail = await receive(fixture('gmail-reply.eml'));
    expect(gmail.from).toEqual({ name: 'Amélie Durand', address: 'amelie.durand@gmail.test' });
    expect(gmail.subject).toBe('Re: Votre offre Beacon');
    expect(gmail.text).toContain('Merci pour la démo — nous aimerions un devis');
    expect(gmail.html).toContain('Merci pour la démo');

    const outlook = await receive(fixture('outlook-inline-image.eml'));
    expect(outlook.from.name).toBe("O'Brien, Seán");
    expect(outlook.subject).toBe('Quarterly review – café meeting');
    expect(outlook.text).toContain('caf\u00e9 on Friday? \u20ac 50 budget');
    const inline = outlook.attachments.find((a) => a.inline)!;
    expect(inline).toMatchObject({ name: 'image001.png', mimeType: 'image/png' });
    // The cid: image points at its download; it is not listed as an attachment.
    expect(outlook.html).toContain(`src="/api/mail/attachments/${inline.id}"`);
    const image = await w.call('GET', `/api/mail/attachments/${inline.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const apple = await receive(fixture('apple-mail-attachment.eml'));
    expect(apple.from.name).toBe('Jürgen Müller');
    expect(apple.subject).toBe('Angebot für Größe L');
    expect(apple.text).toContain('Schöne Grüße');
    const pdf = apple.attachments.find((a) => !a.inline)!;
    expect(pdf).toMatchObject({ name: 'Angebot-2026.pdf', mimeType: 'application/pdf' });
    const download = await w.call('GET', `/api/mail/attachments/${pdf.id}`);
    expect(download.status).toBe(200);
    expect(download.text.startsWith('%PDF-1.4')).toBe(true);
    expect(download.headers.get('content-disposition')).toContain('attachment');
  });

  it('reads Shift_JIS, forwarded threads and malformed MIME without losing any', async () => {
    const { receive } = await mailWorkspace();
    const japanese = await receive(fixture('shift-jis.eml'));
    expect(japanese.subject).toBe('お見積りの件');
    expect(japanese.from.name).toBe('田中 太郎');
    expect(japanese.text).toContain('見積書をお送りします。');

    const forward = await receive(fixture('gmail-forward.eml'));
    expect(forward.subject).toBe('Fwd: Pricing question');
    expect(forward.text).toContain('Is the price per seat or per team?');

    const broken = await receive(fixture('malformed.eml'));
    expect(broken.from.address).toBe('broken@spam.test');
    expect(broken.status).toBe('received');
    // The raw message is kept whole.
    const [row] = await server.database.db
      .select({ raw: mailMessages.rawFileId, size: mailMessages.size })
      .from(mailMessages)
      .where(eq(mailMessages.id, broken.id));
    expect(row!.raw).toBeTruthy();
    expect(row!.size).toBe(fixture('malformed.eml').length);
  });

  it('sanitises HTML: no script, no handler, remote images held back', async () => {
    const { receive } = await mailWorkspace();
    const unsafe = await receive(fixture('html-unsafe.eml'));
    expect(unsafe.hasRemoteImages).toBe(true);
    const html = unsafe.html!;
    expect(html).toContain('Hello <b>friend</b>');
    expect(html).not.toMatch(/<script|onload|onerror|javascript:|<iframe|<form|@import/i);
    expect(html).not.toMatch(/\ssrc="https:\/\/tracker\.test/);
    expect(html).toContain('data-remote-src="https://tracker.test/pixel.gif?id=42"');
    expect(html).not.toContain("url('https://tracker.test/bg.png')");
    expect(html).toContain('href="https://promo.test/offer"');
  });

  it('stores a message with 10,000 recipients and a header injection attempt safely', async () => {
    const { receive } = await mailWorkspace();
    const many = Array.from({ length: 10_000 }, (_, i) => `person${i}@crowd.test`).join(',\r\n ');
    const crowd = await receive(
      `From: host@crowd.test\r\nTo: ${many}\r\nSubject: Everyone\r\n\r\nHi all\r\n`,
    );
    expect(crowd.to).toHaveLength(10_000);
    expect(crowd.to[9_999]!.address).toBe('person9999@crowd.test');

    const injected = await receive(
      'From: =?UTF-8?Q?Eve=0D=0ABcc:_victim@x.test?= <eve@x.test>\r\nSubject: =?UTF-8?Q?Hi=0D=0ABcc:_all@x.test?=\r\n\r\nbody\r\n',
    );
    expect(injected.subject).toBe('Hi Bcc: all@x.test');
    expect(injected.from.name).not.toMatch(/[\r\n]/);
  });

  it('flags DMARC failures as possibly spoofed and passes a DKIM-signed message', async () => {
    const { receive } = await mailWorkspace();
    const spoof = await receive(
      'From: CEO <ceo@bigbank.test>\r\nSubject: Wire the money\r\nMessage-ID: <spoof-1@bigbank.test>\r\n\r\nNow.\r\n',
      'ceo@bigbank.test',
    );
    expect(spoof.auth).toMatchObject({ spf: 'fail', dmarc: 'fail', spoofed: true });
    expect(spoof.spoofed).toBe(true);

    const signer = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const signed = await signer.sendMail({
      from: 'Good <news@good.test>',
      to: 'sales@x.test',
      subject: 'Signed',
      text: 'A signed message',
      dkim: { domainName: 'good.test', keySelector: 'sel', privateKey: dkimPem },
    });
    const good = await receive(signed.message as Buffer, 'news@good.test');
    expect(good.auth).toMatchObject({ dkim: 'pass', dmarc: 'pass', spoofed: false });
  });

  it('threads a reply with the message it answers, links known people and notifies the owner only', async () => {
    const { w, mailbox, receive, mail } = await mailWorkspace();
    const other = await addMember(server, w.admin.token, 'contributor');
    const company = (await w.ok('POST', '/api/companies', { name: 'Durand SA' })) as { id: string };
    const person = (await w.ok('POST', '/api/people', {
      firstName: 'Amélie',
      lastName: 'Durand',
      email: 'Amelie.Durand@gmail.test',
      companyId: company.id,
    })) as { id: string };
    const deal = (await w.ok('POST', '/api/deals', {
      name: 'Durand 25 seats',
      people: [{ personId: person.id }],
    })) as { id: string };
    // The offer the reply answers, as Beacon sent it.
    const me = (await w.ok('GET', '/user/me')).workspace as { id: string };
    const offer = await server.app.mail.store.store({
      workspaceId: me.id,
      mailboxId: mailbox.id,
      raw: Buffer.from(
        'From: sales@x.test\r\nTo: amelie.durand@gmail.test\r\nSubject: Votre offre Beacon\r\nMessage-ID: <beacon-first-offer@sales.example.test>\r\n\r\nVoici notre offre.\r\n',
      ),
      direction: 'out',
      folder: 'sent',
    });
    const owner = await connectRealtime(server.url, w.admin.token);
    const stranger = await connectRealtime(server.url, other.token);
    const reply = await receive(fixture('gmail-reply.eml'), 'amelie.durand@gmail.test');
    expect(reply.threadId).toBe(offer.threadId);
    expect((await mail(offer.id)).threadId).toBe(reply.threadId);
    const thread = await w.ok('GET', `/api/mail/thread?mailId=${reply.id}`);
    expect((thread.mails as Mail[]).map((m) => m.subject)).toEqual([
      'Votre offre Beacon',
      'Re: Votre offre Beacon',
    ]);
    expect(reply.links.map((l) => [l.kind, l.id]).sort()).toEqual(
      [
        ['company', company.id],
        ['deal', deal.id],
        ['person', person.id],
      ].sort(),
    );
    const timeline = await w.ok('GET', `/api/people/${person.id}/activity`);
    expect((timeline.items as { kind: string; newValue: string }[])[0]).toMatchObject({
      kind: 'email_received',
      newValue: 'Re: Votre offre Beacon',
    });
    const companyTimeline = await w.ok('GET', `/api/companies/${company.id}/activity`);
    expect((companyTimeline.items as { kind: string }[]).map((a) => a.kind)).toContain(
      'email_received',
    );
    await owner.next((m) => m.type === 'mail.received');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stranger.messages.filter((m) => m.type.startsWith('mail.'))).toEqual([]);
    owner.close();
    stranger.close();
    // A reader with record visibility `own` sees the links to their own records only (no names
    // of records they cannot open).
    await w.ok('PATCH', `/api/members/${other.id}`, { recordVisibility: 'own' });
    await w.ok('POST', '/api/mail/mailboxes/update', { mailboxId: mailbox.id, shared: true });
    const asOther = async () =>
      (await w.ok('GET', `/api/mail/mail?mailId=${reply.id}`, undefined, other.token)).mail as Mail;
    expect((await asOther()).links).toEqual([]);
    await w.ok('PATCH', `/api/companies/${company.id}`, { ownerId: other.id });
    expect((await asOther()).links).toEqual([
      { kind: 'company', id: company.id, name: 'Durand SA' },
    ]);
    await w.ok('PATCH', `/api/members/${other.id}`, { recordVisibility: 'all' });
    expect((await asOther()).links).toHaveLength(3);
  });

  it('records a bounce: the sent mail is marked, the person gets it on their timeline', async () => {
    const { w, mailbox, receive, mail } = await mailWorkspace();
    const person = (await w.ok('POST', '/api/people', {
      firstName: 'Gone',
      email: 'gone@client.test',
    })) as { id: string };
    const me = (await w.ok('GET', '/user/me')).workspace as { id: string };
    const sent = await server.app.mail.store.store({
      workspaceId: me.id,
      mailboxId: mailbox.id,
      raw: Buffer.from(
        `From: ${mailbox.address}\r\nTo: gone@client.test\r\nSubject: Our offer\r\nMessage-ID: <offer-${randomUUID()}@x.test>\r\n\r\nHello\r\n`,
      ),
      direction: 'out',
      folder: 'sent',
    });
    const bounced = await mail(sent.id);
    const report = fixture('dsn-bounce.eml')
      .toString('utf8')
      .replace(
        '{{BOUNCED_ID}}',
        (
          await server.database.db
            .select({ messageId: mailMessages.messageId })
            .from(mailMessages)
            .where(eq(mailMessages.id, bounced.id))
        )[0]!.messageId,
      );
    await receive(report, 'MAILER-DAEMON@mx.example.test');
    const after = await mail(sent.id);
    expect(after.status).toBe('bounced');
    expect((after as Mail & { error: string }).error).toContain('550 5.1.1');
    const rows = await server.database.db
      .select()
      .from(mailBounces)
      .where(eq(mailBounces.personId, person.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      address: 'gone@client.test',
      action: 'failed',
      status: '5.1.1',
    });
    const timeline = await w.ok('GET', `/api/people/${person.id}/activity`);
    expect((timeline.items as { kind: string; newValue: string }[])[0]).toMatchObject({
      kind: 'email_bounced',
      newValue: 'gone@client.test',
    });
  });

  it('is not blocked by a client that stalls or speaks nonsense', async () => {
    const { receive } = await mailWorkspace();
    const rude = connect(port, '127.0.0.1');
    await new Promise((resolve) => rude.once('data', resolve));
    rude.write('EHLO rude\r\nNONSENSE COMMAND\r\nMAIL FROM:<<<>>>\r\nRCPT TO:\r\n');
    // While it hangs on, an ordinary delivery goes through.
    const fine = await receive('Subject: fine\r\n\r\nok\r\n');
    expect(fine.subject).toBe('fine');
    rude.destroy();
    const again = await receive('Subject: still fine\r\n\r\nok\r\n');
    expect(again.subject).toBe('still fine');
  });
});
