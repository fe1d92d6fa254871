import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../client.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { THUMBNAIL_JOB } from '../../lib/previews/previews.ts';
import { samplePdf } from '../../lib/previews/sample-pdf.ts';
import type { Storage, StoredFile } from '../../lib/storage/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A chart-like picture made in code: bars of the demo's pipeline on a light ground. */
async function pipelineChart(): Promise<Buffer> {
  const bars = [120, 210, 160, 260, 190, 300]
    .map(
      (height, i) =>
        `<rect x="${60 + i * 110}" y="${380 - height}" width="70" height="${height}" rx="8" fill="#2065d1"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="440">
    <rect width="760" height="440" fill="#f4f6f8"/>
    <rect x="40" y="380" width="680" height="3" fill="#637381"/>${bars}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A photo-like picture: a soft gradient with a few shapes, as JPEG. */
async function officePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffd666"/><stop offset="1" stop-color="#ff7a45"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <circle cx="900" cy="260" r="150" fill="#fff7e6" opacity="0.7"/>
    <rect x="120" y="480" width="620" height="220" rx="24" fill="#5c3d2e" opacity="0.8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function store(
  db: Database,
  storage: Storage,
  input: { workspaceId: string; createdBy: string | null; name: string; body: Buffer },
  owner: { ownerKind: string; ownerId: string },
): Promise<StoredFile> {
  const file = await storage.put(db, { ...input, ...owner });
  await enqueueJob(db, THUMBNAIL_JOB, { workspaceId: file.workspaceId, fileId: file.id });
  return file;
}

/**
 * The demo's attachments (issue 11), stored through the storage: a chart, a brief (PDF) and notes
 * on the first cards of the board, and a photo sent in the team's group chat. Their thumbnails
 * are made by the job once the server runs. Added once: a board that has attachments keeps its
 * own.
 */
export async function seedDemoAttachments(
  db: Database,
  storage: Storage,
  workspaceId: string,
): Promise<void> {
  const [already] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from kanban_attachments a
      join kanban_cards c on c.id = a.card_id where c.workspace_id = ${workspaceId}`),
  );
  if ((already?.n ?? 0) > 0) return;
  const cards = rowsOf<{ id: string; name: string; created_by: string | null }>(
    await db.execute(sql`select c.id, c.name, c.created_by from kanban_cards c
      join kanban_columns k on k.id = c.column_id
      where c.workspace_id = ${workspaceId}
      order by k.position collate "C", c.position collate "C", c.id limit 3`),
  );
  if (cards.length === 0) return;

  const files: { card: number; name: string; body: Buffer }[] = [
    { card: 0, name: 'Pipeline by stage.png', body: await pipelineChart() },
    {
      card: 0,
      name: 'Account brief.pdf',
      body: samplePdf(['Account brief', 'Stakeholders', 'Next steps']),
    },
    {
      card: 1,
      name: 'Call notes.txt',
      body: Buffer.from(
        'Discovery call\n- Budget approved for Q1\n- Wants SSO and audit log\n- Next: demo with IT\n',
      ),
    },
    { card: 2, name: 'Security questionnaire.pdf', body: samplePdf(['Security questionnaire']) },
  ];
  for (const { card: index, name, body } of files) {
    const card = cards[index];
    if (!card) continue;
    const [row] = rowsOf<{ id: string }>(await db.execute(sql`select gen_random_uuid() as id`));
    const file = await store(
      db,
      storage,
      { workspaceId, createdBy: card.created_by, name, body },
      { ownerKind: 'kanban_attachment', ownerId: row!.id },
    );
    await db.execute(sql`insert into kanban_attachments
        (id, card_id, name, mime_type, size, stored_file_id, created_by)
      values (${row!.id}, ${card.id}, ${name}, ${file.contentType}, ${file.size}, ${file.id},
              ${card.created_by})`);
  }

  // A photo in the team's group conversation, as its own message from its first member.
  const [group] = rowsOf<{ id: string; user_id: string }>(
    await db.execute(sql`select c.id, p.user_id from chat_conversations c
      join chat_participants p on p.conversation_id = c.id
      where c.workspace_id = ${workspaceId} and c.name = 'Sales team'
      order by p.joined_at, p.user_id limit 1`),
  );
  if (!group) return;
  const [ids] = rowsOf<{ attachment: string; message: string; seq: number }>(
    await db.execute(sql`update chat_conversations set last_seq = last_seq + 1
      where id = ${group.id}
      returning gen_random_uuid() as attachment, gen_random_uuid() as message, last_seq as seq`),
  );
  const photo = await store(
    db,
    storage,
    { workspaceId, createdBy: group.user_id, name: 'Offsite venue.jpg', body: await officePhoto() },
    { ownerKind: 'chat_attachment', ownerId: ids!.attachment },
  );
  await db.execute(sql`insert into chat_messages
      (id, workspace_id, conversation_id, seq, sender_id, body, content_type)
    values (${ids!.message}, ${workspaceId}, ${group.id}, ${ids!.seq}, ${group.user_id},
            'The venue for the offsite', 'image')`);
  await db.execute(sql`insert into chat_attachments
      (id, workspace_id, conversation_id, message_id, name, mime_type, size, stored_file_id,
       created_by)
    values (${ids!.attachment}, ${workspaceId}, ${group.id}, ${ids!.message}, 'Offsite venue.jpg',
            ${photo.contentType}, ${photo.size}, ${photo.id}, ${group.user_id})`);
}
