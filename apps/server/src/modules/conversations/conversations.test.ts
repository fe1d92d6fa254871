import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/index.ts';
import { crmWorkspace, query } from '../../../test/crm.ts';
import { addMember, startTestServer, until, type TestServer } from '../../../test/helpers.ts';
import { deliver, fakeDns, fixture, startSmtpPeer } from '../../../test/mail-peers.ts';
import { connectRealtime } from '../../../test/ws-client.ts';
import { parseMessage } from '../mail/mail.parse.ts';

// Conversations, the CRM's e-mails and their tracking, through real HTTP on a real database, with
// real peers: the mail goes out to an smtp-server, the replies come in through Beacon's inbound
// SMTP listener (nodemailer as the sending program).

const PUBLIC_URL = 'https://beacon.example.test';
let server: TestServer;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let port = 0;
beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startTestServer({
    env: { SMTP_URL: peer.url, INBOUND_SMTP_PORT: '0', PUBLIC_URL },
    mail: { resolver: fakeDns(), undoSeconds: 0, onInboundSmtp: (a) => (port = a.port) },
    jobs: { pollMs: 200 },
    // Its send jobs must reach SMTP_URL's peer (test/helpers.ts).
    ownDatabase: true,
  });
});
afterAll(async () => {
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

type Conversation = {
  id: string;
  mailId: string;
  mailboxId: string;
  memberId: string | null;
  category: string;
  sortedBy: string;
  rule: string;
  status: string;
  returnDate: string | null;
  personId: string;
  personName: string;
  personEmail: string;
  subject: string;
  doneAt: string | null;
};
type Page = { items: Conversation[]; nextCursor: string | null };
type Email = {
  id: string;
  direction: string;
  status: string;
  subject: string;
  personId: string | null;
  personName: string;
  memberId: string | null;
  tracked: boolean;
  opens: number;
  clicks: number;
};

/** A workspace with a mail domain, the admin's mailbox, a person, and helpers. */
async function world() {
  const w = await crmWorkspace(server);
  const domain = `${randomUUID().slice(0, 8)}.example.test`;
  await w.ok('POST', '/api/mail/domains/new', { domain });
  const mailbox = (
    await w.ok('POST', '/api/mail/mailboxes/new', {
      kind: 'beacon',
      address: `sales@${domain}`,
      displayName: 'Sales',
    })
  ).mailbox as { id: string; address: string };
  const email = `jordan.${randomUUID().slice(0, 6)}@client.test`;
  const person = (await w.ok('POST', '/api/people', {
    firstName: 'Jordan',
    lastName: 'Reyes',
    email,
  })) as { id: string };

  /** Sends through the API, waits until the peer has it; the sent mail and what left. */
  const send = async (subject: string, html = `<p>${subject}</p>`, to = email) => {
    const mail = (
      await w.ok('POST', '/api/mail/send', { mailboxId: mailbox.id, to: [to], subject, html })
    ).mail as { id: string; messageId: string };
    const copy = await until('the peer to receive it', async () =>
      peer.received.find((m) => m.raw.toString().includes(`<${mail.messageId}>`)),
    );
    await until('the mail to be sent', async () => {
      const stored = (await w.ok('GET', `/api/mail/mail?mailId=${mail.id}`)).mail as {
        status: string;
      };
      return stored.status === 'sent';
    });
    return { ...mail, left: await parseMessage(copy.raw) };
  };
  /** A message from the person through the inbound SMTP listener, answering `messageId`. */
  const reply = async (messageId: string, text: string, headers = '', subject = 'Re: Offer') => {
    await deliver(
      port,
      { from: email, to: [mailbox.address] },
      [
        `From: Jordan Reyes <${email}>`,
        `To: ${mailbox.address}`,
        `Subject: ${subject}`,
        `Message-ID: <${randomUUID()}@client.test>`,
        `In-Reply-To: <${messageId}>`,
        `References: <${messageId}>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        ...(headers ? [headers] : []),
        '',
        text,
        '',
      ].join('\r\n'),
    );
  };
  const list = async (params: Record<string, unknown> = {}, token = w.admin.token) =>
    (await w.ok('GET', `/api/conversations?${query(params)}`, undefined, token)) as Page;
  const emails = async (params: Record<string, unknown> = {}, token = w.admin.token) =>
    (await w.ok('GET', `/api/emails?${query(params)}`, undefined, token)) as {
      items: Email[];
      nextCursor: string | null;
    };
  /** Waits for the workspace to have `n` conversations (all statuses). */
  const conversationsWhen = (n: number) =>
    until(`${n} conversations`, async () => {
      const page = await list({ status: 'all' });
      return page.items.length >= n ? page.items : undefined;
    });
  return { w, domain, mailbox, email, person, send, reply, list, emails, conversationsWhen };
}

describe('conversations', () => {
  it('a reply through the inbound SMTP listener lands in conversations, sorted, and on the timeline', async () => {
    const { w, person, send, reply, list } = await world();
    const live = await connectRealtime(server.url, w.admin.token);
    const offer = await send('Pricing for 40 seats');
    await reply(
      offer.messageId,
      'Thanks, this sounds interesting. Can we book a call on Thursday?',
    );
    const [conversation] = (await list()).items;
    expect(conversation).toMatchObject({
      category: 'interested',
      sortedBy: 'rules',
      rule: 'interested_words',
      status: 'open',
      personId: person.id,
      personName: 'Jordan Reyes',
      memberId: w.userId,
      subject: 'Re: Offer',
    });
    const counts = await w.ok('GET', '/api/conversations/counts');
    expect(counts).toMatchObject({ total: 1, counts: { interested: 1, other: 0 } });
    expect(await w.ok('GET', `/api/conversations/${conversation!.id}`)).toMatchObject({
      id: conversation!.id,
    });
    // On the person's timeline, the entry names the message.
    const timeline = (await w.ok('GET', `/api/people/${person.id}/activity`)).items as {
      kind: string;
      mailMessageId: string | null;
    }[];
    expect(timeline.find((a) => a.kind === 'email_received')?.mailMessageId).toBe(
      conversation!.mailId,
    );
    await live.next((m) => m.type === 'conversations.changed');
    live.close();
  });

  it("sorts Gmail's vacation responder as out of office with its return date", async () => {
    const { send, email, mailbox, list } = await world();
    const offer = await send('Offer');
    const vacation = fixture('replies/gmail-vacation.eml')
      .toString()
      .replace(/offer-1@sales\.example\.test/g, offer.messageId)
      .replace('jordan.reyes@gmail.test', email);
    await deliver(port, { from: email, to: [mailbox.address] }, vacation);
    const [conversation] = (await list()).items;
    expect(conversation).toMatchObject({ category: 'out_of_office', rule: 'rfc3834_auto_replied' });
    expect(conversation!.returnDate).toMatch(/^\d{4}-06-16$/);
  });

  it('an unsubscribe request withdraws consent, with the message as its record', async () => {
    const { w, person, send, reply, list } = await world();
    const offer = await send('Offer');
    await reply(offer.messageId, 'Please remove me from your list.');
    const [conversation] = (await list({ category: 'unsubscribe' })).items;
    expect(conversation).toMatchObject({ category: 'unsubscribe' });
    const shown = (await w.ok('GET', `/api/people/${person.id}`)) as {
      person: { consent: { status: string; method: string; note: string; at: string } };
    };
    expect(shown.person.consent).toMatchObject({ status: 'withdrawn', method: 'email' });
    expect(shown.person.consent.note).toContain('Re: Offer');
    const timeline = (await w.ok('GET', `/api/people/${person.id}/activity`)).items as {
      kind: string;
      field: string | null;
      newValue: string | null;
      mailMessageId: string | null;
    }[];
    expect(timeline.find((a) => a.field === 'consentStatus')).toMatchObject({
      kind: 'field_changed',
      newValue: 'withdrawn',
      mailMessageId: conversation!.mailId,
    });
  });

  it('a bounce marks the person bounced, opens a bounce conversation, and a new address clears it', async () => {
    const { w, person, email, mailbox, send, list, emails } = await world();
    const offer = await send('Offer');
    const report = fixture('dsn-bounce.eml')
      .toString()
      .replace(/gone@client\.test/gi, email)
      .replace(/sales@sales\.example\.test/g, mailbox.address)
      .replace(/<[^<>]+@sales\.example\.test>/, `<${offer.messageId}>`);
    // The report names the sent message in its returned headers.
    const withId = report.includes(offer.messageId)
      ? report
      : report.replace(
          /(Content-Type: text\/rfc822-headers\r?\n\r?\n)/,
          `$1Message-ID: <${offer.messageId}>\n`,
        );
    await deliver(port, { from: '', to: [mailbox.address] }, withId);
    const [conversation] = (await list({ category: 'bounce' })).items;
    expect(conversation).toMatchObject({ category: 'bounce', personId: person.id });
    const shown = (await w.ok('GET', `/api/people/${person.id}`)) as {
      person: { emailStatus: string };
    };
    expect(shown.person.emailStatus).toBe('bounced');
    const bounced = (await w.ok(
      'GET',
      `/api/people?${query({ filters: [{ field: 'emailStatus', op: 'equals', value: 'bounced' }] })}`,
    )) as { items: { id: string }[] };
    expect(bounced.items.map((p) => p.id)).toEqual([person.id]);
    expect(
      (await emails({ filters: [{ field: 'status', op: 'equals', value: 'bounced' }] })).items.map(
        (e) => e.id,
      ),
    ).toEqual([offer.id]);
    const changed = (await w.ok('PATCH', `/api/people/${person.id}`, {
      email: `new.${email}`,
    })) as { emailStatus: string };
    expect(changed.emailStatus).toBe('ok');
  });

  it('leaves out mail that is no reply, and mail from strangers', async () => {
    const { w, send, reply, mailbox, email, list } = await world();
    const offer = await send('Offer');
    await deliver(
      port,
      { from: email, to: [mailbox.address] },
      `From: ${email}\r\nTo: ${mailbox.address}\r\nSubject: A new question\r\nMessage-ID: <${randomUUID()}@c.test>\r\n\r\nAre you interested in our catalogue?\r\n`,
    );
    await deliver(
      port,
      { from: 'stranger@else.test', to: [mailbox.address] },
      `From: stranger@else.test\r\nTo: ${mailbox.address}\r\nSubject: Re: Offer\r\nIn-Reply-To: <${offer.messageId}>\r\nMessage-ID: <${randomUUID()}@c.test>\r\n\r\nInterested!\r\n`,
    );
    expect((await list({ status: 'all' })).items).toEqual([]);
    await reply(offer.messageId, 'Who is this?');
    expect((await list()).items.map((c) => c.category)).toEqual(['other']);
    expect((await w.ok('GET', '/api/conversations/counts')).total).toBe(1);
  });

  it('a member re-sorts, marks done, opens again; re-sorting as unsubscribe withdraws consent', async () => {
    const { w, person, send, reply, list } = await world();
    const offer = await send('Offer');
    await reply(offer.messageId, 'Who is this?');
    const [conversation] = (await list()).items;
    const resorted = (await w.ok('PATCH', `/api/conversations/${conversation!.id}`, {
      category: 'not_now',
    })) as Conversation;
    expect(resorted).toMatchObject({ category: 'not_now', sortedBy: 'member' });
    const done = (await w.ok('PATCH', `/api/conversations/${conversation!.id}`, {
      status: 'done',
    })) as Conversation;
    expect(done.status).toBe('done');
    expect(done.doneAt).not.toBeNull();
    expect((await list()).items).toEqual([]);
    expect((await list({ status: 'done' })).items.map((c) => c.id)).toEqual([conversation!.id]);
    expect((await w.ok('GET', '/api/conversations/counts?status=done')).counts).toMatchObject({
      not_now: 1,
    });
    await w.ok('PATCH', `/api/conversations/${conversation!.id}`, { status: 'open' });
    await w.ok('PATCH', `/api/conversations/${conversation!.id}`, { category: 'unsubscribe' });
    const shown = (await w.ok('GET', `/api/people/${person.id}`)) as {
      person: { consent: { status: string } };
    };
    expect(shown.person.consent.status).toBe('withdrawn');
  });

  it('pages by keyset and filters by category, member and mailbox', async () => {
    const { w, mailbox, send, reply, list } = await world();
    const offer = await send('Offer');
    await reply(offer.messageId, 'Interested, send me the pricing.', '', 'Re: one');
    await reply(offer.messageId, 'Not right now, maybe next quarter.', '', 'Re: two');
    await reply(offer.messageId, 'Who is this?', '', 'Re: three');
    const first = await list({ limit: 2 });
    expect(first.items.map((c) => c.subject)).toEqual(['Re: three', 'Re: two']);
    const second = await list({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((c) => c.subject)).toEqual(['Re: one']);
    expect(second.nextCursor).toBeNull();
    expect((await list({ category: 'not_now' })).items.map((c) => c.subject)).toEqual(['Re: two']);
    expect((await list({ memberId: w.userId })).items).toHaveLength(3);
    expect((await list({ mailboxId: mailbox.id })).items).toHaveLength(3);
    // A member or mailbox that is not the workspace's is not there.
    expect((await w.call('GET', `/api/conversations?memberId=${randomUUID()}`)).status).toBe(404);
    expect(
      (await w.call('GET', `/api/conversations/counts?mailboxId=${randomUUID()}`)).status,
    ).toBe(404);
  });

  it('viewers read, contributors act, only on mailboxes they read; other workspaces get 404', async () => {
    const { w, mailbox, send, reply, list } = await world();
    const offer = await send('Offer');
    await reply(offer.messageId, 'Interested!');
    const [conversation] = (await list()).items;
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const contributor = await addMember(server, w.admin.token, 'contributor');
    // The admin's mailbox is not shared: the others do not read it.
    expect((await list({}, contributor.token)).items).toEqual([]);
    expect(
      (await w.call('GET', `/api/conversations/${conversation!.id}`, undefined, contributor.token))
        .status,
    ).toBe(404);
    expect(
      (
        await w.call(
          'PATCH',
          `/api/conversations/${conversation!.id}`,
          { status: 'done' },
          contributor.token,
        )
      ).status,
    ).toBe(404);
    await w.ok('POST', '/api/mail/mailboxes/update', { mailboxId: mailbox.id, shared: true });
    expect((await list({}, viewer.token)).items.map((c) => c.id)).toEqual([conversation!.id]);
    const refused = await w.call(
      'PATCH',
      `/api/conversations/${conversation!.id}`,
      { status: 'done' },
      viewer.token,
    );
    expect(refused.status).toBe(403);
    expect(
      (
        await w.call(
          'PATCH',
          `/api/conversations/${conversation!.id}`,
          { status: 'done' },
          contributor.token,
        )
      ).status,
    ).toBe(200);

    const other = await crmWorkspace(server);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { status: 'open' }],
    ] as const) {
      const answer = await other.call(method, `/api/conversations/${conversation!.id}`, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await other.ok('GET', '/api/conversations')).items).toEqual([]);
  });

  it('answers bad input with 400 and its code', async () => {
    const { w, send, reply, list } = await world();
    const offer = await send('Offer');
    await reply(offer.messageId, 'Interested!');
    const [conversation] = (await list()).items;
    for (const path of [
      '/api/conversations?category=hot',
      '/api/conversations?status=maybe',
      '/api/conversations?cursor=not-a-cursor',
      '/api/conversations?limit=0',
      '/api/conversations?memberId=nobody',
      '/api/conversations/counts?mailboxId=x',
      '/api/conversations/not-an-id',
    ]) {
      const answer = await w.call('GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.code, path).toBe('VALIDATION_FAILED');
    }
    for (const body of [{}, { category: 'hot' }, { status: 'later' }, { category: 1 }]) {
      const answer = await w.call('PATCH', `/api/conversations/${conversation!.id}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await w.call('PATCH', `/api/conversations/${randomUUID()}`, { status: 'done' })).status,
    ).toBe(404);
  });
});

describe('the e-mails page', () => {
  it('lists e-mail activity with people: direction, status, member; filters, views, pages', async () => {
    const { w, person, send, reply, emails } = await world();
    const first = await send('First offer');
    const second = await send('Second offer');
    await reply(second.messageId, 'Interested, tell me more.');
    const page = await emails();
    expect(page.items.map((e) => [e.subject, e.direction, e.status])).toEqual([
      ['Re: Offer', 'in', 'received'],
      ['Second offer', 'out', 'replied'],
      ['First offer', 'out', 'sent'],
    ]);
    expect(page.items[1]).toMatchObject({
      personId: person.id,
      personName: 'Jordan Reyes',
      memberId: w.userId,
      tracked: false,
    });
    const out = await emails({ filters: [{ field: 'direction', op: 'equals', value: 'out' }] });
    expect(out.items.map((e) => e.id)).toEqual([second.id, first.id]);
    const replied = await emails({ filters: [{ field: 'status', op: 'in', value: ['replied'] }] });
    expect(replied.items.map((e) => e.id)).toEqual([second.id]);
    expect(
      (await emails({ filters: [{ field: 'personId', op: 'equals', value: person.id }] })).items,
    ).toHaveLength(3);
    expect((await emails({ q: 'first' })).items.map((e) => e.id)).toEqual([first.id]);
    const one = await emails({ limit: 1, sort: 'subject' });
    expect(one.items.map((e) => e.subject)).toEqual(['First offer']);
    const next = await emails({ limit: 1, sort: 'subject', cursor: one.nextCursor });
    expect(next.items.map((e) => e.subject)).toEqual(['Re: Offer']);
    // A saved view of the page, checked as the list checks its filters.
    const view = await w.call('POST', '/api/views', {
      entity: 'emails',
      name: 'Replied',
      filters: [{ field: 'status', op: 'equals', value: 'replied' }],
      sort: '-date',
    });
    expect(view.status).toBe(201);
    expect(
      ((await w.ok('GET', '/api/views?entity=emails')) as unknown as { name: string }[]).map(
        (v) => v.name,
      ),
    ).toEqual(['Replied']);
    expect(
      (
        await w.call('POST', '/api/views', {
          entity: 'emails',
          name: 'Bad',
          filters: [{ field: 'stage', op: 'equals', value: 'x' }],
        })
      ).status,
    ).toBe(400);
    const detail = await w.ok('GET', `/api/emails/${second.id}`);
    expect(detail).toMatchObject({
      email: { id: second.id, status: 'replied' },
      tracking: { tracked: false },
    });
  });

  it('shows a member only the mailboxes they read; other workspaces get 404; bad input 400', async () => {
    const { w, mailbox, send, emails } = await world();
    const sent = await send('Offer');
    const contributor = await addMember(server, w.admin.token, 'contributor');
    expect((await emails({}, contributor.token)).items).toEqual([]);
    expect(
      (await w.call('GET', `/api/emails/${sent.id}`, undefined, contributor.token)).status,
    ).toBe(404);
    await w.ok('POST', '/api/mail/mailboxes/update', { mailboxId: mailbox.id, shared: true });
    expect((await emails({}, contributor.token)).items.map((e) => e.id)).toEqual([sent.id]);
    const other = await crmWorkspace(server);
    expect((await other.call('GET', `/api/emails/${sent.id}`)).status).toBe(404);
    for (const path of [
      `/api/emails?${query({ filters: [{ field: 'stage', op: 'equals', value: 'x' }] })}`,
      `/api/emails?${query({ filters: [{ field: 'status', op: 'equals', value: 'lost' }] })}`,
      '/api/emails?filters=nonsense',
      '/api/emails?sort=snippet',
      '/api/emails?cursor=zzz',
      '/api/emails/not-an-id',
    ]) {
      const answer = await w.call('GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.code, path).toBe('VALIDATION_FAILED');
    }
  });
});

describe('open and click tracking', () => {
  it('is off by default, an admin turns it on; sent HTML then carries the pixel and tracked links', async () => {
    const { w, send, emails } = await world();
    const html =
      '<p>Our <a href="https://example.org/pricing?plan=team&amp;seats=40">pricing</a> and <a href="mailto:sales@x.test">mail</a></p>';
    const untracked = await send('Untracked', html);
    expect(untracked.left.rawHtml).toContain('https://example.org/pricing?plan=team&amp;seats=40');
    expect(untracked.left.rawHtml).not.toContain('/t/');
    expect((await w.ok('GET', '/api/workspace')).emailTracking).toBe(false);

    const contributor = await addMember(server, w.admin.token, 'contributor');
    expect(
      (await w.call('PATCH', '/api/workspace', { emailTracking: true }, contributor.token)).status,
    ).toBe(403);
    expect((await w.call('PATCH', '/api/workspace', { emailTracking: 'yes' })).status).toBe(400);
    expect((await w.ok('PATCH', '/api/workspace', { emailTracking: true })).emailTracking).toBe(
      true,
    );

    const tracked = await send('Tracked', html);
    const left = tracked.left.rawHtml!;
    const click = /href="(https:\/\/beacon\.example\.test\/t\/c\/[^"]+)"/.exec(left)![1]!;
    const pixel = /src="(https:\/\/beacon\.example\.test\/t\/o\/[^"]+)"/.exec(left)![1]!;
    expect(left).toContain('href="mailto:sales@x.test"');
    expect(left).not.toContain('example.org/pricing');
    // The copy in Sent keeps the links as written.
    const stored = (await w.ok('GET', `/api/mail/mail?mailId=${tracked.id}`)).mail as {
      html: string;
    };
    expect(stored.html).toContain('example.org/pricing');
    expect(stored.html).not.toContain('/t/');

    const local = (address: string) => address.replace(PUBLIC_URL, server.url);
    const opened = await fetch(local(pixel), {
      headers: { 'user-agent': 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' },
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/gif');
    expect((await opened.arrayBuffer()).byteLength).toBeGreaterThan(20);
    await fetch(local(pixel));
    const clicked = await fetch(local(click), { redirect: 'manual' });
    expect(clicked.status).toBe(302);
    expect(clicked.headers.get('location')).toBe('https://example.org/pricing?plan=team&seats=40');

    const detail = (await w.ok('GET', `/api/emails/${tracked.id}`)) as {
      email: Email;
      tracking: {
        tracked: boolean;
        opens: { count: number };
        links: { url: string; clicks: number }[];
        events: { kind: string; proxy: boolean }[];
      };
    };
    expect(detail.email).toMatchObject({ tracked: true, opens: 2, clicks: 1 });
    expect(detail.tracking.links).toEqual([
      expect.objectContaining({ url: 'https://example.org/pricing?plan=team&seats=40', clicks: 1 }),
    ]);
    expect(detail.tracking.events.filter((e) => e.proxy)).toHaveLength(1);
    const row = (await emails()).items.find((e) => e.id === tracked.id)!;
    expect(row).toMatchObject({ opens: 2, clicks: 1, tracked: true });
  });

  it('answers 404 to forged, changed and swapped tokens, and never redirects elsewhere', async () => {
    const { w, send } = await world();
    await w.ok('PATCH', '/api/workspace', { emailTracking: true });
    const tracked = await send('Tracked', '<p><a href="https://example.org/a">a</a></p>');
    const left = tracked.left.rawHtml!;
    const clickToken = /\/t\/c\/([^"]+)"/.exec(left)![1]!;
    const openToken = /\/t\/o\/([^"]+)"/.exec(left)![1]!;
    const flip = (token: string) =>
      token.slice(0, -3) + (token.at(-3) === 'A' ? 'B' : 'A') + token.slice(-2);
    for (const path of [
      `/t/c/${flip(clickToken)}`,
      `/t/o/${flip(openToken)}`,
      `/t/c/${openToken}`,
      `/t/o/${clickToken}`,
      `/t/c/${tracked.id}:0`,
      '/t/o/cb1.x.y.z',
      `/t/c/${clickToken}?to=https://evil.test`,
    ]) {
      const answer = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      if (path.includes('evil')) {
        // The query is ignored: the redirect goes to the link's own address.
        expect(answer.headers.get('location')).toBe('https://example.org/a');
        continue;
      }
      expect(answer.status, path).toBe(404);
      expect(((await answer.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });
});

describe('demo data', () => {
  it(
    'fills conversations with replies of every kind, bounced people, a withdrawn consent and tracked mail',
    { timeout: 300_000 },
    async () => {
      const { sql } = await import('drizzle-orm');
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
      const rows = (
        (await db.execute(
          sql`select category, count(*)::int as n, count(return_date)::int as dated
              from conversations where workspace_id = ${demo!.id} group by category`,
        )) as unknown as { rows: { category: string; n: number; dated: number }[] }
      ).rows;
      const counts = Object.fromEntries(rows.map((r) => [r.category, r.n]));
      for (const category of [
        'interested',
        'not_now',
        'out_of_office',
        'unsubscribe',
        'bounce',
        'other',
      ]) {
        expect(counts[category] ?? 0, category).toBeGreaterThan(0);
      }
      expect(rows.find((r) => r.category === 'out_of_office')!.dated).toBeGreaterThan(0);
      const [facts] = (
        (await db.execute(sql`select
            (select count(*)::int from people where workspace_id = ${demo!.id} and email_status = 'bounced') as bounced,
            (select count(*)::int from people where workspace_id = ${demo!.id} and consent_status = 'withdrawn' and consent_method = 'email') as withdrawn,
            (select count(*)::int from mail_tracking_events where workspace_id = ${demo!.id}) as events`)) as unknown as {
          rows: { bounced: number; withdrawn: number; events: number }[];
        }
      ).rows;
      expect(facts!.bounced).toBeGreaterThan(0);
      expect(facts!.withdrawn).toBeGreaterThan(0);
      expect(facts!.events).toBeGreaterThan(0);
    },
  );
});
