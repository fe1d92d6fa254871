import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDetails, FileItem, FileUse } from '@beacon/contract';
import { crmWorkspace } from '../../../test/crm.ts';
import {
  addMember,
  authed,
  startTestServer,
  uploadFile,
  type TestServer,
} from '../../../test/helpers.ts';

// "Where used" in a file's details (issue 11; docs/decisions/065-files-where-used.md): the other
// places of the workspace holding the same bytes, each only for a member who may see it. The
// rows are SQL over the stored files' SHA-256, the same on both storage drivers: the disk one here.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Workspace = Awaited<ReturnType<typeof crmWorkspace>>;

/** A file of the files manager, uploaded by `token`'s member. */
async function fileItem(token: string, name: string, content: Buffer | string): Promise<FileItem> {
  const response = await fetch(`${server.url}/api/files/upload?${new URLSearchParams({ name })}`, {
    method: 'POST',
    headers: { ...authed(token), 'content-type': 'application/octet-stream' },
    body: content,
  });
  const body = (await response.json()) as { item: FileItem };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.item;
}

/** A card named `name` holding `content` as an attachment named `fileName`. */
async function cardWith(w: Workspace, name: string, fileName: string, content: Buffer) {
  const columnId = (await w.ok('POST', '/api/kanban/columns/new', { name: 'To do' })).id as string;
  const cardId = (await w.ok('POST', '/api/kanban/cards/new', { columnId, card: { name } }))
    .id as string;
  await w.ok('POST', '/api/kanban/cards/attachments/attach', {
    cardId,
    uploadIds: [await uploadFile(server, w.admin.token, fileName, content)],
  });
  return cardId;
}

/** Puts an image as the member's avatar, or as the workspace's logo (admins). */
async function putImage(token: string, path: string, content: Buffer) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'PUT',
    headers: { ...authed(token), 'content-type': 'application/octet-stream' },
    body: content,
  });
  expect(response.status, await response.text()).toBe(200);
}

/** A Beacon mailbox of the admin's (shared with the workspace when asked). */
async function mailbox(w: Workspace, shared: boolean) {
  const domain = `${randomUUID().slice(0, 8)}.example.test`;
  await w.ok('POST', '/api/mail/domains/new', { domain });
  const answer = await w.ok('POST', '/api/mail/mailboxes/new', {
    kind: 'beacon',
    address: `sales@${domain}`,
    displayName: 'Sales',
    shared,
  });
  return (answer.mailbox as { id: string }).id;
}

/** A message arriving in the mailbox with `content` attached as `fileName` (inbound's store). */
async function mailWith(
  workspaceId: string,
  mailboxId: string,
  subject: string,
  fileName: string,
  content: Buffer,
) {
  const boundary = `b-${randomUUID()}`;
  const raw = [
    'From: Client <client@customer.test>',
    'To: sales@x.test',
    `Subject: ${subject}`,
    `Message-ID: <${randomUUID()}@customer.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The picture, as promised.',
    `--${boundary}`,
    `Content-Type: image/png; name="${fileName}"`,
    `Content-Disposition: attachment; filename="${fileName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    content.toString('base64'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
  const stored = await server.app.mail.store.store({
    workspaceId,
    mailboxId,
    raw: Buffer.from(raw),
    direction: 'in',
    folder: 'inbox',
  });
  return stored.id;
}

async function details(token: string, id: string): Promise<FileDetails> {
  const response = await fetch(`${server.url}/api/files/${id}`, { headers: authed(token) });
  const body = (await response.json()) as FileDetails;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** The places as kind, title and name, in a stable order for comparing. */
const places = (uses: FileUse[]) =>
  uses.map((u) => [u.kind, u.title, u.fileName]).sort((a, b) => a.join().localeCompare(b.join()));

describe("a file's details: where the same bytes are used", () => {
  it('lists the places of other areas each member may see, never another workspace', async () => {
    const w = await crmWorkspace(server);
    const workspace = (await w.ok('GET', '/user/me')).workspace as { id: string; name: string };
    const workspaceId = workspace.id;
    const ann = await addMember(server, w.admin.token, 'contributor');
    const bob = await addMember(server, w.admin.token, 'contributor');
    const item = await fileItem(w.admin.token, 'Logo.png', PNG);

    // On the board (every member's), in a conversation of the admin's with Ann, in a mail of the
    // admin's own mailbox and one of a shared mailbox, as Bob's avatar and the workspace's logo.
    const cardId = await cardWith(w, 'Launch plan', 'shot.png', PNG);
    const direct = (
      (await w.ok('POST', '/api/chat/conversation/new', { participantIds: [ann.id] }))
        .conversation as { id: string }
    ).id;
    const chatAttachment = (
      (await w.ok('POST', '/api/chat/attachments/attach', {
        conversationId: direct,
        uploadIds: [await uploadFile(server, w.admin.token, 'dot.png', PNG)],
      })) as { attachments: { id: string }[] }
    ).attachments[0]!.id;
    await w.ok('POST', '/api/chat/messages/new', {
      conversationId: direct,
      body: '',
      attachmentIds: [chatAttachment],
    });
    // Attached to a message not sent yet: nowhere to be seen.
    await w.ok('POST', '/api/chat/attachments/attach', {
      conversationId: direct,
      uploadIds: [await uploadFile(server, w.admin.token, 'unsent.png', PNG)],
    });
    const ownBox = await mailbox(w, false);
    const sharedBox = await mailbox(w, true);
    const privateMail = await mailWith(workspaceId, ownBox, 'Pilot photos', 'photo.png', PNG);
    const sharedMail = await mailWith(workspaceId, sharedBox, 'Team photo', 'team.png', PNG);
    await putImage(bob.token, '/api/members/me/avatar', PNG);
    await putImage(w.admin.token, '/api/workspace/logo', PNG);
    // Another workspace's card with the same bytes, and a file of other bytes here.
    const other = await crmWorkspace(server);
    await cardWith(other, 'Not yours', 'same.png', PNG);
    const pdf = await fileItem(w.admin.token, 'Brief.pdf', '%PDF-1.4\n%%EOF\n');

    const annName = 'Contributor Member';
    const bobName = 'Contributor Member';
    const mine = await details(w.admin.token, item.id);
    expect(places(mine.usedIn)).toEqual(
      places([
        { kind: 'kanban_card', title: 'Launch plan', fileName: 'shot.png' },
        { kind: 'chat_conversation', title: annName, fileName: 'dot.png' },
        { kind: 'mail_message', title: 'Pilot photos', fileName: 'photo.png' },
        { kind: 'mail_message', title: 'Team photo', fileName: 'team.png' },
        { kind: 'avatar', title: bobName, fileName: 'avatar' },
        { kind: 'logo', title: workspace.name, fileName: 'logo' },
      ] as FileUse[]),
    );
    const byKind = (kind: string, uses = mine.usedIn) => uses.filter((u) => u.kind === kind);
    expect(byKind('kanban_card')[0]).toMatchObject({ recordId: cardId, mailboxId: null });
    expect(byKind('chat_conversation')[0]).toMatchObject({ recordId: direct, mailboxId: null });
    expect(
      byKind('mail_message')
        .map((u) => [u.recordId, u.mailboxId])
        .sort(),
    ).toEqual(
      [
        [privateMail, ownBox],
        [sharedMail, sharedBox],
      ].sort(),
    );
    expect(byKind('avatar')[0]).toMatchObject({ recordId: bob.id });
    expect(byKind('logo')[0]).toMatchObject({ recordId: workspaceId });
    for (const use of mine.usedIn) expect(Date.parse(use.createdAt)).not.toBeNaN();

    // Bob is not in the conversation and does not read the admin's own mailbox.
    const his = await details(bob.token, item.id);
    expect(places(his.usedIn)).toEqual(
      places(
        mine.usedIn.filter(
          (u) =>
            u.kind !== 'chat_conversation' &&
            !(u.kind === 'mail_message' && u.mailboxId === ownBox),
        ),
      ),
    );
    // Ann is in the conversation, where the conversation is named after the admin.
    const hers = await details(ann.token, item.id);
    expect(byKind('chat_conversation', hers.usedIn)).toEqual([
      expect.objectContaining({ recordId: direct, title: 'Test User', fileName: 'dot.png' }),
    ]);

    // Other bytes are used nowhere; a folder holds no bytes.
    expect((await details(w.admin.token, pdf.id)).usedIn).toEqual([]);
    const folder = await w.ok('POST', '/api/files/folders', { name: 'Photos' });
    expect((await details(w.admin.token, (folder.item as { id: string }).id)).usedIn).toEqual([]);

    // A place that goes is no longer listed.
    await w.ok('POST', '/api/kanban/cards/delete', { cardId });
    expect(byKind('kanban_card', (await details(w.admin.token, item.id)).usedIn)).toEqual([]);
  });
});
