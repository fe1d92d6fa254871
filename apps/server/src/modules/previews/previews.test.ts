import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_TEXT_MAX_BYTES, type KanbanCard } from '@beacon/contract';
import { kanbanAttachments } from '../../db/schema/index.ts';
import { THUMBNAIL_JOB } from '../../lib/previews/previews.ts';
import { samplePdf } from '../../lib/previews/sample-pdf.ts';
import {
  addMember,
  authed,
  startTestServer,
  until,
  uploadFile,
  type TestServer,
} from '../../../test/helpers.ts';
import { crmWorkspace } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  // Its thumbnail jobs run here, not on another test server of a shared PostgreSQL database.
  server = await startTestServer({ jobs: { pollMs: 200 }, ownDatabase: true });
});
afterAll(async () => {
  await server.close();
});

const get = (path: string, token: string) =>
  fetch(`${server.url}${path}`, { headers: authed(token) });

/** A workspace with a card, and a way to attach a file to it as its admin. */
async function board() {
  const w = await crmWorkspace(server);
  const column = (await w.ok('POST', '/api/kanban/columns/new', { name: 'To do' })).id as string;
  const cardId = (
    await w.ok('POST', '/api/kanban/cards/new', { columnId: column, card: { name: 'Launch' } })
  ).id as string;
  const attach = async (name: string, body: Buffer) => {
    const uploadId = await uploadFile(server, w.admin.token, name, body);
    const response = await w.call('POST', '/api/kanban/cards/attachments/attach', {
      cardId,
      uploadIds: [uploadId],
    });
    expect(response.status).toBe(201);
    const card = response.body as unknown as KanbanCard;
    return card.attachments.find((a) => a.name === name)!;
  };
  /** The stored file that holds an attachment's bytes. */
  const storedFileOf = async (attachmentId: string) => {
    const [row] = await server.database.db
      .select({ id: kanbanAttachments.storedFileId })
      .from(kanbanAttachments)
      .where(eq(kanbanAttachments.id, attachmentId));
    return row!.id!;
  };
  return { w, cardId, attach, storedFileOf };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();

describe('previews', () => {
  it('makes thumbnails of an image in the background: 404 until made, then WebP of each size', async () => {
    const { w, attach } = await board();
    const attachment = await attach('team photo.jpg', await photo(2400, 1600));
    expect(attachment.mimeType).toBe('image/jpeg');
    const small = attachment.previewUrl!;
    expect(small).toMatch(/^\/api\/storage\/files\/[0-9a-f-]{36}\/preview\?size=small$/);

    const answer = await until('the thumbnail', async () => {
      const response = await get(small, w.admin.token);
      if (response.status === 404) return undefined;
      return response;
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/webp');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-disposition')).toMatch(/^inline/);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=86400');
    const etag = answer.headers.get('etag')!;
    expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 320,
    });
    // The same thumbnail again: not modified.
    const again = await fetch(`${server.url}${small}`, {
      headers: { ...authed(w.admin.token), 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    // Each size is its own stored file: the large one may come a moment after the small one.
    const large = await until('the large thumbnail', async () => {
      const response = await get(small.replace('size=small', 'size=large'), w.admin.token);
      return response.status === 404 ? undefined : response;
    });
    expect(large.status).toBe(200);
    expect(await sharp(Buffer.from(await large.arrayBuffer())).metadata()).toMatchObject({
      width: 1600,
      height: 1067,
    });
    const bad = await get(small.replace('size=small', 'size=huge'), w.admin.token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('draws the first page of a PDF; other files get no thumbnail', async () => {
    const { w, attach } = await board();
    const pdf = await attach('brief.pdf', samplePdf(['Launch brief', 'Timeline']));
    expect(pdf.mimeType).toBe('application/pdf');
    const answer = await until('the PDF thumbnail', async () => {
      const response = await get(pdf.previewUrl!, w.admin.token);
      return response.status === 200 ? response : undefined;
    });
    const image = sharp(Buffer.from(await answer.arrayBuffer()));
    expect(await image.metadata()).toMatchObject({ format: 'webp', width: 371, height: 480 });

    const text = await attach('notes.txt', Buffer.from('Call Ann on Monday\n'));
    expect(text.previewUrl).toBeNull();
  });

  it('leaves an image it cannot decode without a thumbnail, and finishes its job', async () => {
    const { w, attach, storedFileOf } = await board();
    // A PNG cut short: its header says PNG, its image data ends half-way.
    const whole = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const broken = whole.subarray(0, Math.floor(whole.length / 2));
    const attachment = await attach('broken.png', broken);
    expect(attachment.mimeType).toBe('image/png');
    const fileId = await storedFileOf(attachment.id);
    await until('the job to end', async () => {
      const result = (await server.database.db.execute(
        sql`select status from jobs where kind = ${THUMBNAIL_JOB} and payload->>'fileId' = ${fileId}`,
      )) as unknown as { rows: { status: string }[] };
      return result.rows[0]?.status === 'done';
    });
    expect((await get(attachment.previewUrl!, w.admin.token)).status).toBe(404);
  });

  it('shows the head of a text file as text, and refuses a file that is not text', async () => {
    const { w, attach, storedFileOf } = await board();
    const csv = 'name,city\nAnn,Lyon\nBéa,Hà Nội\n';
    const small = await attach('clients.csv', Buffer.from(csv));
    const text = await get(
      `/api/storage/files/${await storedFileOf(small.id)}/text`,
      w.admin.token,
    );
    expect(text.status).toBe(200);
    expect(await text.json()).toEqual({ text: csv, truncated: false, contentType: 'text/csv' });

    const long = 'é'.repeat(PREVIEW_TEXT_MAX_BYTES); // two bytes each: twice the limit
    const big = await attach('long.txt', Buffer.from(long));
    const head = (await (
      await get(`/api/storage/files/${await storedFileOf(big.id)}/text`, w.admin.token)
    ).json()) as { text: string; truncated: boolean };
    expect(head.truncated).toBe(true);
    expect(head.text).toBe('é'.repeat(PREVIEW_TEXT_MAX_BYTES / 2));

    const image = await attach('photo.jpg', await photo(20, 20));
    const refused = await get(
      `/api/storage/files/${await storedFileOf(image.id)}/text`,
      w.admin.token,
    );
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('is read by whoever may read the file’s record, and by no one else', async () => {
    const { w, attach, storedFileOf } = await board();
    const attachment = await attach('plan.jpg', await photo(300, 200));
    await until('the thumbnail', async () => {
      return (await get(attachment.previewUrl!, w.admin.token)).status === 200;
    });
    // A viewer of the workspace sees the board, so the preview too.
    const viewer = await addMember(server, w.admin.token, 'viewer');
    expect((await get(attachment.previewUrl!, viewer.token)).status).toBe(200);
    // Another workspace: 404; no sign-in: 401.
    const other = await crmWorkspace(server);
    expect((await get(attachment.previewUrl!, other.admin.token)).status).toBe(404);
    expect((await fetch(`${server.url}${attachment.previewUrl!}`)).status).toBe(401);
    // A thumbnail's own id, an unknown id and a malformed one.
    const [thumbnail] = (
      (await server.database.db.execute(
        sql`select id from stored_files where owner_kind = 'thumbnail'
          and owner_id = ${await storedFileOf(attachment.id)} limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    expect((await get(`/api/storage/files/${thumbnail!.id}/preview`, w.admin.token)).status).toBe(
      404,
    );
    expect(
      (await get('/api/storage/files/00000000-0000-4000-8000-000000000000/preview', w.admin.token))
        .status,
    ).toBe(404);
    expect((await get('/api/storage/files/not-an-id/preview', w.admin.token)).status).toBe(400);

    // A chat image: its conversation's participants see the preview, other members do not.
    const ann = await addMember(server, w.admin.token, 'contributor');
    const bob = await addMember(server, w.admin.token, 'contributor');
    const conversation = (
      (await w.ok('POST', '/api/chat/conversation/new', { participantIds: [ann.id] })) as {
        conversation: { id: string };
      }
    ).conversation.id;
    const taken = await w.ok('POST', '/api/chat/attachments/attach', {
      conversationId: conversation,
      uploadIds: [await uploadFile(server, w.admin.token, 'shot.jpg', await photo(200, 200))],
    });
    const [shot] = (taken as { attachments: { id: string; previewUrl: string }[] }).attachments;
    if (!shot) throw new Error('no attachment');
    await w.ok('POST', '/api/chat/messages/new', {
      conversationId: conversation,
      body: '',
      attachmentIds: [shot.id],
    });
    await until('the chat thumbnail', async () => {
      return (await get(shot.previewUrl, w.admin.token)).status === 200;
    });
    expect((await get(shot.previewUrl, ann.token)).status).toBe(200);
    expect((await get(shot.previewUrl, bob.token)).status).toBe(404);
  });

  it('removes the thumbnails with the file, and the file with its attachment', async () => {
    const { w, attach, storedFileOf } = await board();
    const attachment = await attach('gone.jpg', await photo(640, 480));
    const fileId = await storedFileOf(attachment.id);
    await until('the thumbnail', async () => {
      return (await get(attachment.previewUrl!, w.admin.token)).status === 200;
    });
    const count = async () =>
      (
        (await server.database.db.execute(
          sql`select count(*)::int as n from stored_files where id = ${fileId}
            or (owner_kind = 'thumbnail' and owner_id = ${fileId})`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    // The file and its two thumbnails (stored one after the other).
    await until('both thumbnails', async () => (await count()) === 3);
    await w.ok('POST', '/api/kanban/cards/attachments/delete', { attachmentId: attachment.id });
    expect(await count()).toBe(0);
    expect((await get(attachment.previewUrl!, w.admin.token)).status).toBe(404);
  });
});
