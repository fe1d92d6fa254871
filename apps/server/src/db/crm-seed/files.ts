import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { ZipArchive } from 'archiver';
import {
  fileKindOf,
  hasThumbnail,
  type FileShareAccess,
  type FileVisibility,
} from '@beacon/contract';
import type { Database } from '../client.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { THUMBNAIL_JOB } from '../../lib/previews/previews.ts';
import type { Storage, StoredFile } from '../../lib/storage/index.ts';

// The demo workspace's files manager (issue 11): folders of realistic files the seed makes
// itself (PDFs, PNG images, CSV and XLSX spreadsheets, notes), shared in different ways. Every
// file is generated here, byte by byte: nothing is read from disk or fetched.

/** A one-page PDF with a title and lines of text (Helvetica), its cross-reference table exact. */
export function makePdf(title: string, lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const content = [
    'BT /F1 20 Tf 56 770 Td',
    `(${escape(title)}) Tj`,
    '/F1 11 Tf 0 -34 Td 16 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG drawn by `pixel(x, y)` (RGB): a banner's gradient, a chart's bars, a logo's shapes.
 */
export function makePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A one-sheet XLSX workbook (Office Open XML, zipped with archiver): strings inline, numbers as such. */
export async function makeXlsx(rows: (string | number)[][]): Promise<Buffer> {
  const column = (index: number) => String.fromCharCode(65 + index);
  const sheetRows = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row
          .map((value, c) =>
            typeof value === 'number'
              ? `<c r="${column(c)}${r + 1}"><v>${value}</v></c>`
              : `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${xml(value)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ],
  ];
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    archive.on('error', reject);
  });
  archive.pipe(out);
  for (const [name, text] of parts) archive.append(Buffer.from(text), { name });
  await archive.finalize();
  await ended;
  return Buffer.concat(chunks);
}

const csv = (rows: (string | number)[][]) =>
  `${rows.map((row) => row.map((v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : v)).join(',')).join('\n')}\n`;

/** A brand colour band with a darker mark: the logos and banners of "Brand". */
const banner = (width: number, height: number, from: number[], to: number[]) =>
  makePng(width, height, (x, y) => {
    const t = x / width;
    const mark = (x - width * 0.15) ** 2 + (y - height / 2) ** 2 < (height * 0.28) ** 2;
    const mix = from.map((f, i) => Math.round(f + (to[i]! - f) * t));
    return (mark ? mix.map((v) => Math.round(v * 0.45)) : mix) as [number, number, number];
  });

/** Bars of a chart on white: the report images. */
const chart = (values: number[], color: [number, number, number]) =>
  makePng(240, 140, (x, y) => {
    const slot = Math.floor((x - 10) / (220 / values.length));
    const inBar = x >= 10 && slot < values.length && (x - 10) % (220 / values.length) > 6;
    const top = 130 - (values[slot] ?? 0);
    if (y === 130 && x >= 8) return [145, 158, 171];
    return inBar && y < 130 && y >= top ? color : [255, 255, 255];
  });

type DemoMember = { id: string; email: string };
type FileSpec = { name: string; bytes: () => Buffer | Promise<Buffer>; by: string; days: number };
type FolderSpec = {
  name: string;
  owner: string;
  visibility: FileVisibility;
  files: FileSpec[];
  folders?: FolderSpec[];
  shares?: [string, FileShareAccess][];
};

const AVA = 'demo@beacon.local';
const LEO = 'leo.dubois@beacon.local';
const MAI = 'mai.nguyen@beacon.local';

const months = ['Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function plan(): FolderSpec[] {
  const pdf = (title: string, lines: string[]) => () => makePdf(title, lines);
  return [
    {
      name: 'Sales collateral',
      owner: AVA,
      visibility: 'workspace',
      files: [
        {
          name: 'Northwind pricing 2026.pdf',
          by: AVA,
          days: 40,
          bytes: pdf('Northwind pricing 2026', [
            'Starter: 29 EUR per seat per month',
            'Growth: 59 EUR per seat per month',
            'Scale: on request, annual contracts',
            'All plans: unlimited pipelines, e-mail sequences, calendar sync',
          ]),
        },
        {
          name: 'Product one-pager.pdf',
          by: LEO,
          days: 25,
          bytes: pdf('Beacon for sales teams', [
            'One workspace for people, companies, deals and outreach.',
            'Sequences that stop when a prospect replies.',
            'Your data on your own server.',
          ]),
        },
        {
          name: 'Case study - Contoso.pdf',
          by: MAI,
          days: 18,
          bytes: pdf('Case study: Contoso Logistics', [
            'Challenge: five tools, no single view of the pipeline.',
            'Result: 32% more meetings booked in one quarter.',
            '"We finally know which deals need attention." - Head of Sales',
          ]),
        },
        {
          name: 'Objection handling.pdf',
          by: LEO,
          days: 9,
          bytes: pdf('Objection handling', [
            '"We already have a CRM" - ask what they export every week.',
            '"Too expensive" - compare with the hours spent on reporting.',
            '"Not now" - agree on a date and put it on the calendar.',
          ]),
        },
      ],
      folders: [
        {
          name: 'Battlecards',
          owner: AVA,
          visibility: 'workspace',
          files: [
            {
              name: 'Versus Fabrikam.pdf',
              by: LEO,
              days: 30,
              bytes: pdf('Versus Fabrikam', [
                'They win on integrations; we win on ownership of data.',
                'Lead with self-hosting and the price per seat.',
              ]),
            },
            {
              name: 'Versus Tailspin.pdf',
              by: MAI,
              days: 12,
              bytes: pdf('Versus Tailspin', [
                'They win on brand; we win on sequences and speed.',
                'Offer a two-week pilot with their own data.',
              ]),
            },
          ],
        },
      ],
    },
    {
      name: 'Brand',
      owner: MAI,
      visibility: 'workspace',
      files: [
        {
          name: 'Logo - primary.png',
          by: MAI,
          days: 60,
          bytes: () => banner(256, 256, [0, 167, 111], [0, 120, 103]),
        },
        {
          name: 'Logo - dark.png',
          by: MAI,
          days: 60,
          bytes: () => banner(256, 256, [33, 43, 54], [69, 79, 91]),
        },
        {
          name: 'Email banner.png',
          by: MAI,
          days: 21,
          bytes: () => banner(600, 160, [24, 119, 242], [142, 51, 255]),
        },
        {
          name: 'Webinar cover.png',
          by: LEO,
          days: 7,
          bytes: () => banner(640, 360, [255, 171, 0], [255, 86, 48]),
        },
        {
          name: 'Brand guidelines.pdf',
          by: MAI,
          days: 55,
          bytes: pdf('Brand guidelines', [
            'Primary green #00A76F, dark #212B36.',
            'Public Sans for headings and text.',
            'Leave the logo a margin of its own height.',
          ]),
        },
      ],
    },
    {
      name: 'Reports',
      owner: AVA,
      visibility: 'workspace',
      files: [
        {
          name: 'Pipeline by month.png',
          by: AVA,
          days: 3,
          bytes: () => chart([40, 62, 55, 90, 78, 110], [0, 167, 111]),
        },
        {
          name: 'Meetings booked.png',
          by: LEO,
          days: 3,
          bytes: () => chart([12, 18, 25, 22, 30, 41], [24, 119, 242]),
        },
      ],
      folders: [
        {
          name: 'Q3 2026',
          owner: AVA,
          visibility: 'workspace',
          files: [
            {
              name: 'Pipeline Q3.csv',
              by: AVA,
              days: 50,
              bytes: () =>
                Buffer.from(
                  csv([
                    ['Month', 'New deals', 'Won', 'Lost', 'Amount won (EUR)'],
                    ...months
                      .slice(0, 3)
                      .map((m, i) => [m, 24 + i * 5, 6 + i, 9 - i, 41000 + i * 12500]),
                  ]),
                ),
            },
            {
              name: 'Forecast Q3.xlsx',
              by: AVA,
              days: 48,
              bytes: () =>
                makeXlsx([
                  ['Owner', 'Commit', 'Best case', 'Pipeline'],
                  ['Ava Martin', 82000, 120000, 260000],
                  ['Léo Dubois', 54000, 71000, 180000],
                  ['Mai Nguyen', 61000, 90000, 210000],
                ]),
            },
            {
              name: 'Q3 review.pdf',
              by: AVA,
              days: 45,
              bytes: pdf('Q3 2026 review', [
                'Won 21 deals for 156,500 EUR, 12% above plan.',
                'Average cycle: 38 days (down from 44).',
                'Focus for Q4: expansion in existing accounts.',
              ]),
            },
          ],
        },
        {
          name: 'Q4 2026',
          owner: AVA,
          visibility: 'workspace',
          files: [
            {
              name: 'Pipeline Q4.csv',
              by: LEO,
              days: 2,
              bytes: () =>
                Buffer.from(
                  csv([
                    ['Month', 'New deals', 'Won', 'Lost', 'Amount won (EUR)'],
                    ...months.slice(3).map((m, i) => [m, 31 + i * 4, 8 + i, 7, 52000 + i * 9800]),
                  ]),
                ),
            },
            {
              name: 'Forecast Q4.xlsx',
              by: AVA,
              days: 1,
              bytes: () =>
                makeXlsx([
                  ['Owner', 'Commit', 'Best case', 'Pipeline'],
                  ['Ava Martin', 95000, 140000, 300000],
                  ['Léo Dubois', 61000, 82000, 190000],
                  ['Mai Nguyen', 70000, 99000, 230000],
                ]),
            },
            {
              name: 'Accounts to expand.csv',
              by: MAI,
              days: 4,
              bytes: () =>
                Buffer.from(
                  csv([
                    ['Company', 'Seats', 'Renewal', 'Owner'],
                    ['Contoso Logistics', 45, '2027-02-01', 'Ava Martin'],
                    ['Fabrikam Retail', 20, '2027-01-15', 'Léo Dubois'],
                    ['Adventure Works', 12, '2026-12-20', 'Mai Nguyen'],
                    ['Wide World Importers', 30, '2027-03-10', 'Ava Martin'],
                  ]),
                ),
            },
          ],
        },
      ],
    },
    {
      name: 'Onboarding',
      owner: LEO,
      visibility: 'workspace',
      files: [
        {
          name: 'Welcome.md',
          by: LEO,
          days: 90,
          bytes: () =>
            Buffer.from(
              '# Welcome to Northwind Sales\n\n1. Read the sales playbook.\n2. Shadow two discovery calls.\n3. Build your first sequence with Mai.\n\nQuestions: ask in the #sales chat.\n',
            ),
        },
        {
          name: 'Sales playbook.pdf',
          by: AVA,
          days: 80,
          bytes: pdf('Sales playbook', [
            'Qualify with BANT before the demo.',
            'Every deal has a next step with a date.',
            'Log every call and meeting on the record.',
            'Hand over to customer success at signature.',
          ]),
        },
        {
          name: 'Call script.txt',
          by: LEO,
          days: 33,
          bytes: () =>
            Buffer.from(
              'Opening: who I am and why I call, in one sentence.\nDiscovery: what do you use today? What does it cost you?\nNext step: propose two slots for a demo.\n',
            ),
        },
        {
          name: 'Org chart.png',
          by: AVA,
          days: 70,
          bytes: () => chart([60, 35, 35, 20], [118, 53, 220]),
        },
      ],
    },
    {
      name: 'Contracts',
      owner: AVA,
      visibility: 'private',
      shares: [
        [LEO, 'edit'],
        [MAI, 'view'],
      ],
      files: [
        {
          name: 'Contoso - master agreement.pdf',
          by: AVA,
          days: 120,
          bytes: pdf('Master services agreement', [
            'Between Northwind Sales and Contoso Logistics.',
            'Term: 24 months from 1 February 2026.',
            'Fees: as per order form, invoiced yearly.',
          ]),
        },
        {
          name: 'Fabrikam - order form.pdf',
          by: LEO,
          days: 35,
          bytes: pdf('Order form', [
            'Customer: Fabrikam Retail',
            'Plan: Growth, 20 seats',
            'Start: 15 January 2026',
          ]),
        },
        {
          name: 'Signed contracts.csv',
          by: AVA,
          days: 5,
          bytes: () =>
            Buffer.from(
              csv([
                ['Customer', 'Signed', 'Value (EUR)', 'Term (months)'],
                ['Contoso Logistics', '2026-01-28', 33840, 24],
                ['Fabrikam Retail', '2026-01-12', 14160, 12],
                ['Adventure Works', '2025-12-18', 8496, 12],
              ]),
            ),
        },
      ],
    },
    {
      name: 'Mai – drafts',
      owner: MAI,
      visibility: 'private',
      files: [
        {
          name: 'Sequence ideas.txt',
          by: MAI,
          days: 6,
          bytes: () =>
            Buffer.from(
              'Step 1: short intro, one question.\nStep 2: case study link.\nStep 3: break-up e-mail after 10 days.\n',
            ),
        },
        {
          name: 'Webinar outline.pdf',
          by: MAI,
          days: 8,
          bytes: pdf('Webinar outline', [
            '1. Why pipelines stall',
            '2. Live: a sequence that stops on reply',
            '3. Q&A',
          ]),
        },
      ],
    },
  ];
}

/** Loose files at the root. */
const looseFiles = (): FileSpec[] => [
  {
    name: 'Team photo.png',
    by: AVA,
    days: 14,
    bytes: () => banner(480, 320, [255, 214, 102], [0, 184, 217]),
  },
  {
    name: 'Price list.csv',
    by: AVA,
    days: 20,
    bytes: () =>
      Buffer.from(
        csv([
          ['Plan', 'Per seat per month (EUR)', 'Minimum seats'],
          ['Starter', 29, 3],
          ['Growth', 59, 5],
          ['Scale', 'on request', 25],
        ]),
      ),
  },
  {
    name: 'Meeting notes 24 Nov.txt',
    by: LEO,
    days: 1,
    bytes: () =>
      Buffer.from(
        'Pipeline review\n- Contoso expansion: Ava sends the proposal on Thursday.\n- Fabrikam renewal: Léo books a call.\n- New webinar: Mai drafts the outline.\n',
      ),
  },
];

/**
 * Fills the demo workspace's files manager when it has no items: every file is stored through the
 * storage first (outside any transaction: the storage reserves its keys on its own connection),
 * then the folders and items are written in one transaction; a second process that got there
 * first leaves its stored files to be removed.
 */
export async function seedDemoFiles(
  db: Database,
  storage: Storage,
  workspaceId: string,
): Promise<void> {
  const empty = async (executor: Pick<Database, 'execute'>) =>
    (
      (await executor.execute(
        sql`select not exists (select 1 from file_items where workspace_id = ${workspaceId}) as empty`,
      )) as unknown as { rows: { empty: boolean }[] }
    ).rows[0]?.empty === true;
  if (!(await empty(db))) return;
  const team = (
    (await db.execute(
      sql`select id, email from users where workspace_id = ${workspaceId}`,
    )) as unknown as { rows: DemoMember[] }
  ).rows;
  const idOf = (email: string) => team.find((m) => m.email === email)?.id ?? team[0]!.id;

  const stored: StoredFile[] = [];
  const store = async (spec: FileSpec) => {
    const file = await storage.put(db, {
      workspaceId,
      createdBy: idOf(spec.by),
      name: spec.name,
      ownerKind: 'file',
      body: await spec.bytes(),
    });
    stored.push(file);
    // The grid shows thumbnails of the demo's images and PDFs (made by the job queue).
    if (hasThumbnail(file.contentType)) {
      await enqueueJob(db, THUMBNAIL_JOB, { workspaceId, fileId: file.id });
    }
    return file;
  };
  type Row = {
    spec: FolderSpec | FileSpec;
    file: StoredFile | null;
    parent: string | null;
    owner: string;
    visibility: FileVisibility;
  };
  const rows: (Row & { id: string; path: string[] })[] = [];
  const walk = async (
    folder: FolderSpec,
    parent: { id: string; path: string[] } | null,
    inherited: { owner: string; visibility: FileVisibility } | null,
  ) => {
    const place =
      inherited?.visibility === 'private'
        ? inherited
        : { owner: folder.owner, visibility: folder.visibility };
    const id = randomUUID();
    const path = parent ? [...parent.path, parent.id] : [];
    rows.push({ id, path, spec: folder, file: null, parent: parent?.id ?? null, ...place });
    for (const spec of folder.files) {
      rows.push({
        id: randomUUID(),
        path: [...path, id],
        spec,
        file: await store(spec),
        parent: id,
        owner: place.visibility === 'private' ? place.owner : spec.by,
        visibility: place.visibility,
      });
    }
    for (const child of folder.folders ?? []) await walk(child, { id, path }, place);
  };
  try {
    for (const folder of plan()) await walk(folder, null, null);
    for (const spec of looseFiles()) {
      rows.push({
        id: randomUUID(),
        path: [],
        spec,
        file: await store(spec),
        parent: null,
        owner: spec.by,
        visibility: 'workspace',
      });
    }
  } catch (error) {
    for (const file of stored) await storage.remove(db, workspaceId, file.id).catch(() => false);
    throw error;
  }

  const written = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('beacon:demo-files-seed'))`);
    if (!(await empty(tx))) return false;
    for (const row of rows) {
      const isFolder = row.file === null;
      const days = 'days' in row.spec ? row.spec.days : 120;
      const by = 'by' in row.spec ? row.spec.by : row.spec.owner;
      await tx.execute(sql`insert into file_items (id, workspace_id, parent_id, path, is_folder, name,
          stored_file_id, size, mime_type, kind, visibility, owner_id, created_by, created_at, updated_at)
        values (${row.id}, ${workspaceId}, ${row.parent}, ${`{${row.path.join(',')}}`}::uuid[], ${isFolder},
          ${row.spec.name}, ${row.file?.id ?? null}, ${row.file ? Number(row.file.size) : 0},
          ${row.file?.contentType ?? 'inode/directory'},
          ${isFolder ? 'folder' : fileKindOf(row.file!.contentType)}, ${row.visibility},
          ${idOf(row.owner)}, ${idOf(by)}, now() - make_interval(days => ${days}),
          now() - make_interval(days => ${days}))`);
      if (row.file) {
        await tx.execute(
          sql`update stored_files set owner_id = ${row.id} where id = ${row.file.id}`,
        );
      }
      if (isFolder) {
        for (const [email, access] of (row.spec as FolderSpec).shares ?? []) {
          await tx.execute(sql`insert into file_shares (item_id, user_id, workspace_id, access, created_by)
            values (${row.id}, ${idOf(email)}, ${workspaceId}, ${access}, ${idOf(row.owner)})`);
        }
      }
    }
    // Ava's stars, and a file of Onboarding shared with Omar (the viewer) by name.
    for (const name of ['Northwind pricing 2026.pdf', 'Forecast Q4.xlsx', 'Reports']) {
      const row = rows.find((r) => r.spec.name === name);
      if (row) {
        await tx.execute(sql`insert into file_stars (item_id, user_id, workspace_id)
          values (${row.id}, ${idOf(AVA)}, ${workspaceId})`);
      }
    }
    const playbook = rows.find((r) => r.spec.name === 'Sales playbook.pdf');
    const omar = team.find((m) => m.email === 'omar.haddad@beacon.local');
    if (playbook && omar) {
      await tx.execute(sql`insert into file_shares (item_id, user_id, workspace_id, access, created_by)
        values (${playbook.id}, ${omar.id}, ${workspaceId}, 'view', ${idOf(LEO)})`);
    }
    return true;
  });
  if (!written) {
    for (const file of stored) await storage.remove(db, workspaceId, file.id).catch(() => false);
  }
}
