import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import {
  addMember,
  authed,
  getJson,
  relaxedLimits,
  startTestServer,
  until,
  type TestServer,
} from '../../test/helpers.ts';
import { crmWorkspace } from '../../test/crm.ts';
import { startS3, type S3Peer } from '../../test/s3.ts';
import { FILES_MOVE_JOB, unmovedFiles } from './files-moved.ts';
import { samplePdf } from './previews/sample-pdf.ts';

let server: TestServer;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await server.database.db.execute(query)) as unknown as { rows: T[] };

/**
 * Another start of the server on the same database and the same files: the start-up step finds
 * the rows that still hold their bytes and queues their move.
 */
async function startAgain(): Promise<FastifyInstance> {
  return buildApp({
    config: server.config,
    database: server.database,
    webDir: null,
    logger: false,
    rateLimits: relaxedLimits,
    checkResponses: true,
    jobs: { pollMs: 200 },
  });
}

/** What a client sees of a download: status, type, disposition kind and name, and the bytes. */
async function fetched(path: string, token: string) {
  const response = await fetch(`${server.url}${path}`, { headers: authed(token) });
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: disposition.split(';')[0],
    name: /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? null,
    nosniff: response.headers.get('x-content-type-options'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A workspace whose files are all kept the old way: rows written with their bytes, as before. */
async function legacyWorkspace() {
  const w = await crmWorkspace(server);
  const me = await getJson(`${server.url}/user/me`, w.admin.token);
  const workspaceId = (me.body.workspace as { id: string }).id;
  const ann = await addMember(server, w.admin.token, 'contributor');
  const outsider = await addMember(server, w.admin.token, 'contributor');
  const column = (await w.ok('POST', '/api/kanban/columns/new', { name: 'To do' })).id as string;
  const card = (
    await w.ok('POST', '/api/kanban/cards/new', { columnId: column, card: { name: 'Deck' } })
  ).id as string;
  const conversation = (
    (await w.ok('POST', '/api/chat/conversation/new', { participantIds: [ann.id] })) as {
      conversation: { id: string };
    }
  ).conversation.id;

  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const avatar = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 250, g: 180, b: 0 } },
  })
    .jpeg()
    .toBuffer();
  const logo = await sharp({
    create: { width: 120, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
  })
    .webp()
    .toBuffer();
  const binary = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31 + 7) % 256));
  const pdf = samplePdf(['Quarterly report', 'Appendix']);

  const [kanbanPhoto] = (
    await rows<{ id: string }>(sql`insert into kanban_attachments
      (card_id, name, mime_type, size, content, created_by)
      values (${card}, 'site photo.png', 'image/png', ${photo.length}, ${photo}, ${w.userId})
      returning id`)
  ).rows;
  const [kanbanBinary] = (
    await rows<{ id: string }>(sql`insert into kanban_attachments
      (card_id, name, mime_type, size, content, created_by)
      values (${card}, 'dump ../é.bin', 'application/octet-stream', ${binary.length}, ${binary}, null)
      returning id`)
  ).rows;
  const [chatPdf] = (
    await rows<{ id: string }>(sql`insert into chat_attachments
      (workspace_id, conversation_id, name, mime_type, size, content, created_by)
      values (${workspaceId}, ${conversation}, 'report.pdf', 'application/pdf', ${pdf.length},
              ${pdf}, ${w.userId})
      returning id`)
  ).rows;
  await server.database.db.execute(sql`insert into member_images
      (user_id, workspace_id, kind, mime_type, content)
      values (${w.userId}, ${workspaceId}, 'avatar', 'image/jpeg', ${avatar})`);
  await server.database.db.execute(
    sql`update users set avatar_updated_at = now() where id = ${w.userId}`,
  );
  await server.database.db.execute(sql`insert into workspace_logos
      (workspace_id, mime_type, size, content) values (${workspaceId}, 'image/webp', ${logo.length}, ${logo})`);
  // The PDF is sent in a message, so Ann (in the conversation) may read it.
  await w.ok('POST', '/api/chat/messages/new', {
    conversationId: conversation,
    body: 'The report',
    attachmentIds: [chatPdf!.id],
  });

  const paths = {
    photo: `/api/kanban/attachments/${kanbanPhoto!.id}`,
    binary: `/api/kanban/attachments/${kanbanBinary!.id}`,
    pdf: `/api/chat/attachments/${chatPdf!.id}`,
    avatar: `/api/members/${w.userId}/avatar`,
    logo: '/api/workspace/logo',
  };
  const bytes = { photo, binary, pdf, avatar, logo };
  return {
    w,
    ann,
    outsider,
    workspaceId,
    card,
    conversation,
    ids: { photo: kanbanPhoto!.id, binary: kanbanBinary!.id, pdf: chatPdf!.id },
    paths,
    bytes,
  };
}

// The same move on both drivers: files on disk, and on an S3 server (s3rver) started here.
describe.each(['disk', 's3'] as const)(
  'moving the files kept in the database into the storage (%s)',
  (driver) => {
    let s3: S3Peer | undefined;
    beforeAll(async () => {
      if (driver === 's3') s3 = await startS3();
      server = await startTestServer({
        jobs: { pollMs: 200 },
        ...(s3 ? { env: { STORAGE_URL: s3.url } } : {}),
        // On PostgreSQL the other test servers keep their files on disk: this server's move and
        // purge jobs must not be taken by them (test/helpers.ts).
        ownDatabase: driver === 's3',
      });
    });
    afterAll(async () => {
      await server.close();
      await s3?.close();
    });

    it('moves every area’s rows at start, bytes equal, served with the same answers', async () => {
      const l = await legacyWorkspace();
      const token = l.w.admin.token;

      // Before the move: each row is served from its old column.
      const before = Object.fromEntries(
        await Promise.all(
          Object.entries(l.paths).map(async ([key, path]) => [key, await fetched(path, token)]),
        ),
      ) as Record<keyof typeof l.paths, Awaited<ReturnType<typeof fetched>>>;
      for (const [key, answer] of Object.entries(before)) {
        expect(answer.status, key).toBe(200);
        expect(answer.bytes.equals(l.bytes[key as keyof typeof l.bytes]), key).toBe(true);
      }
      // No thumbnail for a row still in the database.
      const board = await l.w.ok('GET', '/api/kanban/board');
      const attachments = (
        board as {
          cards: Record<string, { attachments: { id: string; previewUrl: string | null }[] }>;
        }
      ).cards[l.card]!.attachments;
      expect(attachments.map((a) => a.previewUrl)).toEqual([null, null]);
      expect(await unmovedFiles(server.database.db)).toBeGreaterThanOrEqual(5);

      const again = await startAgain();
      try {
        await until('every row moved', async () => (await unmovedFiles(server.database.db)) === 0);
      } finally {
        await again.close();
      }

      // Each row points at a stored file with the same bytes, owned by the row's record, and no
      // longer holds its bytes.
      const moved = (
        await rows<{
          owner_kind: string;
          owner_id: string;
          sha256: string;
          size: string;
          content_type: string;
          name: string;
        }>(sql`select owner_kind, owner_id, sha256, size::text, content_type, name
        from stored_files where workspace_id = ${l.workspaceId} and owner_kind <> 'thumbnail'
        order by owner_kind, name`)
      ).rows;
      expect(moved.map((f) => [f.owner_kind, f.name])).toEqual([
        ['avatar', 'avatar'],
        ['chat_attachment', 'report.pdf'],
        ['kanban_attachment', 'dump ../é.bin'],
        ['kanban_attachment', 'site photo.png'],
        ['logo', 'logo'],
      ]);
      const byName = Object.fromEntries(moved.map((f) => [f.name, f]));
      expect(byName['site photo.png']).toMatchObject({
        owner_id: l.ids.photo,
        sha256: sha256(l.bytes.photo),
        size: String(l.bytes.photo.length),
        content_type: 'image/png',
      });
      expect(byName['dump ../é.bin']).toMatchObject({
        owner_id: l.ids.binary,
        sha256: sha256(l.bytes.binary),
      });
      expect(byName['report.pdf']).toMatchObject({
        owner_id: l.ids.pdf,
        sha256: sha256(l.bytes.pdf),
        content_type: 'application/pdf',
      });
      expect(byName.avatar).toMatchObject({ owner_id: l.w.userId, sha256: sha256(l.bytes.avatar) });
      expect(byName.logo).toMatchObject({ owner_id: l.workspaceId, sha256: sha256(l.bytes.logo) });
      for (const table of [
        'kanban_attachments',
        'chat_attachments',
        'member_images',
        'workspace_logos',
      ]) {
        const left = await rows<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table)}
          where content is not null or stored_file_id is null`,
        );
        expect(left.rows[0]!.n, table).toBe(0);
      }

      // Served from the storage now, with the same bytes, type and disposition as before.
      for (const [key, path] of Object.entries(l.paths)) {
        const after = await fetched(path, token);
        const old = before[key as keyof typeof before];
        expect(after.status, key).toBe(200);
        expect(after.bytes.equals(old.bytes), key).toBe(true);
        expect(after.type, key).toBe(old.type);
        expect(after.disposition, key).toBe(old.disposition);
        expect(after.nosniff, key).toBe('nosniff');
        // The one difference: the storage saves a name's path separators as `_` (lib/storage/names.ts).
        if (old.name) expect(after.name, key).toBe(old.name.replaceAll('%2F', '_'));
      }
      // Ann, in the conversation, reads the PDF; a member outside it does not.
      expect((await fetched(l.paths.pdf, l.ann.token)).status).toBe(200);
      expect((await fetched(l.paths.pdf, l.outsider.token)).status).toBe(404);

      // The moved image and PDF get thumbnails; the other file does not.
      const boardAfter = (await l.w.ok('GET', '/api/kanban/board')) as {
        cards: Record<string, { attachments: { id: string; previewUrl: string | null }[] }>;
      };
      const previews = Object.fromEntries(
        boardAfter.cards[l.card]!.attachments.map((a) => [a.id, a.previewUrl]),
      );
      expect(previews[l.ids.binary]).toBeNull();
      const photoPreview = previews[l.ids.photo]!;
      expect(photoPreview).toMatch(/^\/api\/storage\/files\/[0-9a-f-]+\/preview\?size=small$/);
      const thumbnail = await until('the thumbnail', async () => {
        const answer = await fetched(photoPreview, token);
        return answer.status === 200 ? answer : undefined;
      });
      expect(thumbnail.type).toBe('image/webp');
      expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({
        format: 'webp',
        width: 480,
        height: 320,
      });
    });

    it('does nothing at a start when every row has moved, and queues no job', async () => {
      await until('no row left', async () => (await unmovedFiles(server.database.db)) === 0);
      const queuedBefore = await rows<{ n: number }>(
        sql`select count(*)::int as n from jobs where kind = ${FILES_MOVE_JOB}`,
      );
      const again = await startAgain();
      await again.close();
      const queuedAfter = await rows<{ n: number }>(
        sql`select count(*)::int as n from jobs where kind = ${FILES_MOVE_JOB}`,
      );
      expect(queuedAfter.rows[0]!.n).toBe(queuedBefore.rows[0]!.n);
    });
  },
);
