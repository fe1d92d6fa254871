import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemoteImage, isPublicAddress } from './mail.remote-image.ts';
import { crmWorkspace } from '../../../test/crm.ts';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { connectRealtime } from '../../../test/ws-client.ts';

// Remote images held back until the reader allows them for that sender
// (docs/decisions/059-mail-app.md): the member's trusted senders, through real HTTP on a real
// database, and what `GET /api/mail/mail` and `/thread` answer about them.

// A sender's image host on loopback (the test server may reach private addresses for it).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const hits: string[] = [];
let images: Server;
let imageBase = '';

let server: TestServer;
beforeAll(async () => {
  images = createServer((request, response) => {
    hits.push(request.url ?? '');
    const path = (request.url ?? '').split('?')[0];
    if (path === '/p.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    } else if (path === '/moved') {
      response.writeHead(302, { location: '/p.png' }).end();
    } else if (path === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    } else if (path === '/huge.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.alloc(6 * 1024 * 1024));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { MAIL_REMOTE_IMAGES_ALLOW_PRIVATE: 'true' } });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => images.close(resolve));
});

type Mail = {
  id: string;
  html: string | null;
  hasRemoteImages: boolean;
  remoteImagesAllowed: boolean;
};

const htmlMail = (from: string, subject: string, html: string) =>
  [
    `From: Sender <${from}>`,
    'To: sales@example.test',
    `Subject: ${subject}`,
    `Message-ID: <${randomUUID()}@example.test>`,
    'Date: Tue, 24 Nov 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
  ].join('\r\n');

async function mailWorkspace() {
  const w = await crmWorkspace(server);
  const workspaceId = ((await w.ok('GET', '/user/me')).workspace as { id: string }).id;
  const domain = `${randomUUID().slice(0, 8)}.example.test`;
  await w.ok('POST', '/api/mail/domains/new', { domain });
  const mailbox = (
    await w.ok('POST', '/api/mail/mailboxes/new', {
      kind: 'beacon',
      address: `sales@${domain}`,
      displayName: 'Sales',
      shared: true,
    })
  ).mailbox as { id: string };
  const arrive = async (raw: string) =>
    server.app.mail.store.store({
      workspaceId,
      mailboxId: mailbox.id,
      raw: Buffer.from(raw),
      direction: 'in',
      folder: 'inbox',
    });
  const mail = async (id: string, token = w.admin.token) =>
    (await w.ok('GET', `/api/mail/mail?mailId=${id}`, undefined, token)).mail as Mail;
  return { w, mailbox, arrive, mail };
}

describe('trusted senders', () => {
  it('holds remote images back until the reader trusts the sender, for that reader only', async () => {
    const { w, arrive, mail } = await mailWorkspace();
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const stored = await arrive(
      htmlMail(
        'News@Shop.example',
        'Offers',
        '<p>Hi</p><img src="https://tracker.example/pixel.png" alt="pixel"><script>alert(1)</script>',
      ),
    );
    const before = await mail(stored.id);
    expect(before.hasRemoteImages).toBe(true);
    expect(before.remoteImagesAllowed).toBe(false);
    expect(before.html).toContain('data-remote-src="https://tracker.example/pixel.png"');
    expect(before.html).not.toContain('<script');
    expect(before.html).not.toMatch(/\ssrc="https:/);

    // Trusted in any case: stored lower-cased, and a second call changes nothing.
    const live = await connectRealtime(server.url, w.admin.token);
    const added = await w.call('POST', '/api/mail/trusted-senders/add', {
      address: 'NEWS@shop.example',
    });
    expect(added.status).toBe(201);
    expect((added.body.sender as { address: string }).address).toBe('news@shop.example');
    const event = await live.next((m) => m.type === 'mail.senders.changed');
    expect(event.data).toEqual({ address: 'news@shop.example', trusted: true });
    live.close();
    expect(
      (await w.call('POST', '/api/mail/trusted-senders/add', { address: 'news@shop.example' }))
        .status,
    ).toBe(201);
    const listed = (await w.ok('GET', '/api/mail/trusted-senders')).senders as {
      address: string;
    }[];
    expect(listed.map((s) => s.address)).toEqual(['news@shop.example']);

    expect((await mail(stored.id)).remoteImagesAllowed).toBe(true);
    const thread = (await w.ok('GET', `/api/mail/thread?mailId=${stored.id}`)).mails as Mail[];
    expect(thread.map((m) => m.remoteImagesAllowed)).toEqual([true]);
    // Another reader of the shared mailbox still has them held back; a viewer may keep their own.
    expect((await mail(stored.id, viewer.token)).remoteImagesAllowed).toBe(false);
    expect(
      (
        await w.call(
          'POST',
          '/api/mail/trusted-senders/add',
          { address: 'news@shop.example' },
          viewer.token,
        )
      ).status,
    ).toBe(201);
    expect((await mail(stored.id, viewer.token)).remoteImagesAllowed).toBe(true);

    const removed = await w.call('POST', '/api/mail/trusted-senders/remove', {
      address: 'news@shop.example',
    });
    expect(removed.status).toBe(204);
    expect((await mail(stored.id)).remoteImagesAllowed).toBe(false);
    expect((await w.ok('GET', '/api/mail/trusted-senders')).senders).toEqual([]);
    // Removing what is not there is a no-op.
    expect(
      (await w.call('POST', '/api/mail/trusted-senders/remove', { address: 'x@y.example' })).status,
    ).toBe(204);
  });

  it('answers false for a mail with nothing remote, even from a trusted sender', async () => {
    const { w, arrive, mail } = await mailWorkspace();
    await w.ok('POST', '/api/mail/trusted-senders/add', { address: 'plain@shop.example' });
    const stored = await arrive(htmlMail('plain@shop.example', 'Plain', '<p>No images</p>'));
    const answer = await mail(stored.id);
    expect(answer.hasRemoteImages).toBe(false);
    expect(answer.remoteImagesAllowed).toBe(false);
  });

  it('refuses bad input, and keeps each workspace’s lists apart', async () => {
    const { w } = await mailWorkspace();
    for (const body of [{}, { address: 'not an address' }, { address: 'a@b.c\r\nBcc: x@y.z' }]) {
      const answer = await w.call('POST', '/api/mail/trusted-senders/add', body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      expect(typeof answer.body.detail).toBe('string');
    }
    expect((await w.call('GET', '/api/mail/trusted-senders', undefined, 'nope')).status).toBe(401);
    await w.ok('POST', '/api/mail/trusted-senders/add', { address: 'a@shop.example' });
    const other = await crmWorkspace(server);
    expect((await other.ok('GET', '/api/mail/trusted-senders')).senders).toEqual([]);
  });

  it('lists a member’s trusted senders with their ids and deletes one by id, theirs only', async () => {
    const { w, arrive, mail } = await mailWorkspace();
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const viewer = await addMember(server, w.admin.token, 'viewer');
    const stored = await arrive(
      htmlMail('news@shop.example', 'Offers', '<img src="https://tracker.example/p.png">'),
    );
    type Sender = { id: string; address: string; createdAt: string };
    const added = (await w.ok('POST', '/api/mail/trusted-senders/add', {
      address: 'news@shop.example',
    })) as { sender: Sender };
    await w.ok('POST', '/api/mail/trusted-senders/add', { address: 'alpha@shop.example' });
    // Trusting again answers the same row.
    const twice = (await w.ok('POST', '/api/mail/trusted-senders/add', {
      address: 'News@Shop.example',
    })) as { sender: Sender };
    expect(twice.sender.id).toBe(added.sender.id);
    const listed = (await w.ok('GET', '/api/mail/trusted-senders')).senders as Sender[];
    expect(listed.map((s) => s.address)).toEqual(['alpha@shop.example', 'news@shop.example']);
    expect(listed[1]).toEqual(added.sender);
    // The colleague trusts the same sender: a row of their own.
    const theirs = (
      (await w.ok(
        'POST',
        '/api/mail/trusted-senders/add',
        { address: 'news@shop.example' },
        colleague.token,
      )) as { sender: Sender }
    ).sender;
    expect(theirs.id).not.toBe(added.sender.id);

    // Another member's row, another workspace's, an unknown id: 404, and nothing is removed.
    const stranger = await crmWorkspace(server);
    const strangers = (
      (await stranger.ok('POST', '/api/mail/trusted-senders/add', {
        address: 'news@shop.example',
      })) as { sender: Sender }
    ).sender;
    for (const senderId of [theirs.id, strangers.id, randomUUID()]) {
      const answer = await w.call('POST', '/api/mail/trusted-senders/delete', { senderId });
      expect(answer.status, senderId).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(
      (
        (await w.ok('GET', '/api/mail/trusted-senders', undefined, colleague.token))
          .senders as Sender[]
      ).map((s) => s.id),
    ).toEqual([theirs.id]);
    expect(
      ((await stranger.ok('GET', '/api/mail/trusted-senders')).senders as Sender[]).map(
        (s) => s.id,
      ),
    ).toEqual([strangers.id]);
    // Bad input.
    for (const body of [{}, { senderId: 'nope' }, { senderId: 42 }]) {
      const answer = await w.call('POST', '/api/mail/trusted-senders/delete', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }

    // The owner deletes theirs: the images are held back again, the member's tabs hear it.
    expect((await mail(stored.id)).remoteImagesAllowed).toBe(true);
    const live = await connectRealtime(server.url, w.admin.token);
    const removed = await w.call('POST', '/api/mail/trusted-senders/delete', {
      senderId: added.sender.id,
    });
    expect(removed.status).toBe(204);
    const event = await live.next((m) => m.type === 'mail.senders.changed');
    expect(event.data).toEqual({ address: 'news@shop.example', trusted: false });
    live.close();
    expect((await mail(stored.id)).remoteImagesAllowed).toBe(false);
    expect(
      ((await w.ok('GET', '/api/mail/trusted-senders')).senders as Sender[]).map((s) => s.address),
    ).toEqual(['alpha@shop.example']);
    // Deleted already: 404. The colleague's own trust is untouched.
    expect(
      (await w.call('POST', '/api/mail/trusted-senders/delete', { senderId: added.sender.id }))
        .status,
    ).toBe(404);
    expect((await mail(stored.id, colleague.token)).remoteImagesAllowed).toBe(true);

    // A viewer keeps their own list too (a reading preference), and deletes from it.
    const viewers = (
      (await w.ok(
        'POST',
        '/api/mail/trusted-senders/add',
        { address: 'v@shop.example' },
        viewer.token,
      )) as { sender: Sender }
    ).sender;
    expect(
      (
        await w.call(
          'POST',
          '/api/mail/trusted-senders/delete',
          { senderId: viewers.id },
          viewer.token,
        )
      ).status,
    ).toBe(204);
    expect(
      (await w.call('POST', '/api/mail/trusted-senders/delete', { senderId: viewers.id }, 'nope'))
        .status,
    ).toBe(401);
  });

  it('fetches a held-back image for a reader through the server, and nothing else', async () => {
    const { w, arrive } = await mailWorkspace();
    const stored = await arrive(
      htmlMail(
        'news@shop.example',
        'Pictures',
        `<img src="${imageBase}/p.png"><img src="${imageBase}/moved?a=1&amp;b=2">` +
          `<img src="${imageBase}/page.html"><img src="${imageBase}/huge.png">`,
      ),
    );
    const image = (url: string, token = w.admin.token) =>
      fetch(
        `${server.url}/api/mail/remote-image?mailId=${stored.id}&url=${encodeURIComponent(url)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
    expect(hits).toEqual([]);
    const answer = await image(`${imageBase}/p.png`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(PNG);
    expect(hits).toEqual(['/p.png']);
    // Entities in the stored HTML are the address's own characters; a redirect is followed.
    expect((await image(`${imageBase}/moved?a=1&b=2`)).status).toBe(200);
    // Not an image, or too large: refused with the reason.
    const page = await image(`${imageBase}/page.html`);
    expect(page.status).toBe(415);
    expect(((await page.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await image(`${imageBase}/huge.png`)).status).toBe(413);
    // Only what the mail holds: no open proxy.
    const before = hits.length;
    const other = await image(`${imageBase}/secret.png`);
    expect(other.status).toBe(404);
    expect(hits.length).toBe(before);
    // Another workspace cannot ask for it.
    const stranger = await crmWorkspace(server);
    expect((await image(`${imageBase}/p.png`, stranger.admin.token)).status).toBe(404);
    const bad = await fetch(`${server.url}/api/mail/remote-image?mailId=nope&url=x`, {
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    expect(bad.status).toBe(400);
  });

  it('reaches public addresses only, unless told otherwise', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '1.1.1.1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    await expect(fetchRemoteImage(`${imageBase}/p.png`)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(fetchRemoteImage('http://localhost:1/p.png')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(fetchRemoteImage('file:///etc/passwd')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const image = await fetchRemoteImage(`${imageBase}/p.png`, { allowPrivate: true });
    expect(image.contentType).toBe('image/png');
  });
});
