import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  BackupError,
  backupDatabase,
  backupTables,
  latestMigration,
  restoreDatabase,
} from '../src/db/backup.ts';
import {
  openDatabase,
  type Database,
  type DatabaseHandle,
  type Executor,
} from '../src/db/client.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/db/seed.ts';
import { unmovedFiles } from '../src/lib/files-moved.ts';
import { TEST_SECRET, getJson, postForm, relaxedLimits } from './helpers.ts';
import { expectCountsExact } from './mail-counts.ts';
import { SERVER_DIR, childEnv, children } from './processes.ts';
import { testDatabaseOptions } from './databases.ts';

/**
 * Backup and restore (docs/decisions/025): the demo workspace, plus a row with awkward values in
 * every other table, goes from the embedded database to a file, into a fresh PostgreSQL database,
 * back to a file and into a fresh embedded database; every table must come back row for row.
 * The PostgreSQL databases are created on the server of TEST_POSTGRES_URL, else of DATABASE_URL,
 * else the local one, and dropped afterwards.
 */
const adminUrl = new URL(
  process.env.TEST_POSTGRES_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
);
adminUrl.pathname = '/postgres';
const stamp = `${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
const databaseName = `beacon_backup_${stamp}`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'beacon-backup-'));
const sourceDir = path.join(dir, 'source');
const fromPglite = path.join(dir, 'from-pglite.beacon.gz');
const fromPostgres = path.join(dir, 'from-postgres.beacon.gz');

let source: DatabaseHandle;
let postgres: DatabaseHandle | undefined;
const opened: DatabaseHandle[] = [];
/** Every table's rows in the source, as PostgreSQL's JSON of each row. */
let expected: Record<string, string[]>;

/** Every row of every table, each as its JSON (UTC timestamps), sorted. */
async function dump(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const table of backupTables()) {
      const result = (await tx.execute(
        sql`select to_jsonb(t)::text as row from ${sql.raw(`"${table.name}"`)} t`,
      )) as unknown as { rows: { row: string }[] };
      out[table.name] = result.rows.map((r) => r.row).sort();
    }
    return out;
  });
}

/** The tables whose rows differ, so a failure names them. */
function differing(actual: Record<string, string[]>, wanted: Record<string, string[]>): string[] {
  const names = new Set([...Object.keys(actual), ...Object.keys(wanted)]);
  return [...names].filter((name) => JSON.stringify(actual[name]) !== JSON.stringify(wanted[name]));
}

const counts = (d: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(d).map(([name, rows]) => [name, rows.length]));

/** A row with awkward values in each table the demo seed leaves empty. */
async function fillEveryTable(db: Database): Promise<void> {
  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  const { workspace, user } = await one<{ workspace: string; user: string }>(
    sql`select workspace_id as workspace, id as user from users where email = ${DEMO_EMAIL}`,
  );
  const { card } = await one<{ card: string }>(
    sql`select id as card from kanban_cards where workspace_id = ${workspace} order by id limit 1`,
  );
  const { list } = await one<{ list: string }>(
    sql`select id as list from record_lists where workspace_id = ${workspace} order by id limit 1`,
  );
  // Every byte value, then enough random-looking bytes to span many gzip chunks.
  const bytes = Buffer.concat([
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919 + (i >> 3)) % 251)),
  ]);
  const odd =
    'Line one\nline "two"\t\\ back\u00e9\u4e2d\u{1F600} \u0627\u0644\u0639\u0631\u0628\u064a\u0629';
  await db.execute(sql`
    insert into auth_codes (user_id, purpose, code_hash, attempts, expires_at, consumed_at, created_at)
    values (${user}, 'reset_password', 'hash$x', 2, '2026-01-02 03:04:05.123456+00',
            null, '2026-01-02 02:04:05.000001+00')`);
  await db.execute(sql`
    insert into outbox (workspace_id, "to", subject, text, html, status, error, created_at, sent_at)
    values (null, 'a@example.test', ${odd}, ${odd}, '<p>é</p>', 'failed', 'timeout',
            '2025-12-31 23:59:59.999999+00', null)`);
  await db.execute(sql`
    insert into rate_limits (key, count, window_started_at)
    values ('token:ip:10.0.0.1', 7, '2026-11-01 00:00:00.5+00'), ('Z-upper', 1, now())`);
  await db.execute(sql`
    insert into calendar_feeds (user_id, workspace_id, token) values (${user}, ${workspace}, 'tok_-x')`);
  // A series whose changed occurrence sorts before it by id, more than one insert batch (1,000
  // rows) away: the restore loads rows in key order, so the occurrence's series is not there yet.
  await db.execute(sql`
    insert into calendar_events (id, workspace_id, title, start_at, end_at, rrule, time_zone)
    values ('ffffffff-ffff-4fff-bfff-ffffffffffff', ${workspace}, 'Weekly', '2027-01-04 09:00+00',
            '2027-01-04 10:00+00', 'FREQ=WEEKLY', 'Europe/Paris')`);
  await db.execute(sql`
    insert into calendar_events (id, workspace_id, title, start_at, end_at, series_id, recurrence_id)
    values ('00000000-0000-4000-8000-000000000001', ${workspace}, 'Weekly, moved',
            '2027-01-11 11:00+00', '2027-01-11 12:00+00', 'ffffffff-ffff-4fff-bfff-ffffffffffff',
            '2027-01-11 09:00+00')`);
  await db.execute(sql`
    insert into calendar_events (workspace_id, title, start_at, end_at)
    select ${workspace}, 'Filler ' || n, now(), now() + interval '1 hour'
    from generate_series(1, 1000) n`);
  await db.execute(sql`
    insert into kanban_attachments (card_id, name, mime_type, size, content, created_by)
    values (${card}, 'every byte.bin', 'application/octet-stream', ${bytes.length}, ${bytes}, ${user}),
           (${card}, 'empty.txt', 'text/plain', 0, ''::bytea, null)`);
  await db.execute(sql`
    insert into contact_messages (name, email, company, subject, message)
    values ('Zoë', 'zoe@example.test', '', 'Hi', ${odd})`);
  await db.execute(sql`insert into launch_signups (email) values ('Early@Example.test')`);
  await db.execute(sql`
    insert into payment_requests (reference, plan, cycle, seats, amount_cents, cardholder, email,
      card_brand, card_last4, address, city, postal_code, country)
    values ('PR-1', 'team', 'yearly', 12, 123456, 'Zoë Ä', 'zoe@example.test', 'visa', '4242',
            '1 rue de l''Église', 'Lyon', '69001', 'FR')`);
  // A list of deals (issue 9), and a note on a deal.
  const dealList = await one<{ id: string }>(sql`
    insert into record_lists (workspace_id, name, kind) values (${workspace}, 'Hot deals', 'deals')
    returning id`);
  await db.execute(sql`
    insert into list_deals (list_id, deal_id)
    select ${dealList.id}, id from deals where workspace_id = ${workspace} order by id limit 3`);
  await db.execute(sql`
    insert into notes (workspace_id, deal_id, body, author_id)
    select ${workspace}, id, ${odd}, ${user} from deals where workspace_id = ${workspace} limit 1`);
  await db.execute(sql`
    insert into saved_views (workspace_id, owner_id, entity, name, shared, q, filters, sort, columns)
    values (${workspace}, ${user}, 'people', 'Mine \u{1F600}', true, 'acme',
            ${JSON.stringify([
              { field: 'stage', op: 'in', value: ['replied', 'interested'] },
              { field: 'email', op: 'contains', value: odd },
            ])}::jsonb,
            '-lastActivityAt', '["firstName","email",{"n":1.5e3,"null":null}]'::jsonb)`);
  await db.execute(sql`
    insert into imports (workspace_id, entity, file_name, content, status, columns, preview, mapping,
      list_id, total_rows, processed_rows, errors, failure, created_by, finished_at)
    values (${workspace}, 'people', 'contacts.csv', ${`Name,Email\r\n"Doe, Jane",jane@x.test\r\n${odd}\r\n`},
            'failed', '["Name","Email"]'::jsonb, '[["Doe, Jane","jane@x.test"]]'::jsonb,
            '{"Name":"firstName","Email":null}'::jsonb, ${list}, 2, 1,
            '[{"row":2,"message":"bad"}]'::jsonb, 'stopped', ${user}, '2026-11-02 10:00:00.000123+00')`);
  await db.execute(sql`
    insert into jobs (kind, payload, status, run_at, attempts, locked_by, locked_until, last_error)
    values ('import', '{"importId":"x","nested":{"a":[1,2,{"b":true}]}}'::jsonb, 'queued',
            '2026-11-24 12:00:00.654321+00', 1, null, null, 'first try failed'),
           ('import', '{}'::jsonb, 'running', now(), 1, 'host:123', now() + interval '1 minute', null)`);
  // Issue 10's tables the demo leaves empty: images as bytes, a chat attachment, the account's
  // sessions, recovery codes and a pending e-mail change, a presence row (idempotent where the
  // demo may have one).
  await db.execute(sql`
    insert into member_images (user_id, workspace_id, kind, mime_type, content)
    values (${user}, ${workspace}, 'avatar', 'image/png', ${bytes}) on conflict do nothing`);
  await db.execute(sql`
    insert into workspace_logos (workspace_id, mime_type, size, content)
    values (${workspace}, 'image/png', ${bytes.length}, ${bytes}) on conflict do nothing`);
  await db.execute(sql`
    insert into chat_attachments (workspace_id, conversation_id, name, mime_type, size, content, created_by)
    select ${workspace}, id, ${odd}, 'application/octet-stream', ${bytes.length}, ${bytes}, ${user}
    from chat_conversations where workspace_id = ${workspace} order by id limit 1`);
  await db.execute(sql`
    insert into sessions (workspace_id, user_id, user_agent, ip, expires_at)
    values (${workspace}, ${user}, ${odd}, '10.0.0.9', '2027-01-01 00:00:00.000001+00')`);
  await db.execute(sql`
    insert into recovery_codes (workspace_id, user_id, code_hash, used_at)
    values (${workspace}, ${user}, 'hash$r1', null), (${workspace}, ${user}, 'hash$r2', now())`);
  await db.execute(sql`
    insert into email_changes (workspace_id, user_id, new_email, token_hash, expires_at)
    values (${workspace}, ${user}, 'new@example.test', 'hash$e', '2026-12-01 00:00:00+00')`);
  await db.execute(sql`
    insert into chat_presence (workspace_id, user_id, instance_id, connections)
    values (${workspace}, ${user}, 'host:1', 0) on conflict do nothing`);
  await db.execute(sql`
    insert into notification_preferences (workspace_id, user_id, kind, in_app, email)
    values (${workspace}, ${user}, 'chat_mention', false, true) on conflict do nothing`);
  // Issue 11's storage: a stored file (its bytes are not in the backup), a key waiting for the
  // purge, and a resumable upload under way with one piece.
  await db.execute(sql`
    insert into stored_files (workspace_id, storage_key, name, size, content_type, sha256, created_by, owner_kind, owner_id)
    values (${workspace}, ${`${workspace}/ab/abcdef00-0000-4000-8000-000000000000`}, ${odd},
            ${bytes.length}, 'application/octet-stream', ${'0'.repeat(64)}, ${user}, 'kanban_attachment', ${card})`);
  await db.execute(sql`
    insert into stored_file_purges (storage_key, due_at, holder)
    values (${`${workspace}/cd/cdef0000-0000-4000-8000-000000000000`}, '2026-11-25 00:00:00.000001+00', 'host:42')`);
  await db.execute(sql`
    insert into resumable_uploads (id, workspace_id, user_id, size, "offset", metadata, chunks)
    values ('ef000000-0000-4000-8000-000000000000', ${workspace}, ${user}, 100, 10,
            ${JSON.stringify({ filename: odd })}::jsonb,
            ${JSON.stringify([{ key: `${workspace}/tus/ef000000-0000-4000-8000-000000000000/0`, start: 0, length: 10 }])}::jsonb)`);
  // Issue 11's files manager and issue 12's mail: a folder with a file, starred, shared and
  // linked; a domain, a mailbox with a thread, a labelled message linked to a person, a bounce,
  // the message's IMAP location and a sync lease.
  const folder = 'f0000000-0000-4000-8000-000000000001';
  const item = 'f0000000-0000-4000-8000-000000000002';
  await db.execute(sql`
    insert into file_items (id, workspace_id, parent_id, path, is_folder, name, size, mime_type, kind, owner_id, created_by)
    values (${folder}, ${workspace}, null, '{}', true, ${odd}, 0, 'inode/directory', 'folder', ${user}, ${user}),
           (${item}, ${workspace}, ${folder}, ${`{${folder}}`}::uuid[], false, 'notes.txt', 5, 'text/plain', 'text', ${user}, ${user})`);
  await db.execute(
    sql`insert into file_stars (item_id, user_id, workspace_id) values (${item}, ${user}, ${workspace})`,
  );
  await db.execute(
    sql`insert into file_shares (item_id, user_id, workspace_id, access) values (${item}, ${user}, ${workspace}, 'edit')`,
  );
  await db.execute(sql`
    insert into file_links (workspace_id, item_id, token_hash, password_hash, expires_at, created_by)
    values (${workspace}, ${item}, 'hash$link', 'hash$pw', '2026-12-01 00:00:00+00', ${user})`);
  const domain = 'd0000000-0000-4000-8000-000000000001';
  const mailbox = 'd0000000-0000-4000-8000-000000000002';
  const thread = 'd0000000-0000-4000-8000-000000000003';
  const message = 'd0000000-0000-4000-8000-000000000004';
  const label = 'd0000000-0000-4000-8000-000000000005';
  await db.execute(
    sql`insert into mail_domains (id, workspace_id, domain) values (${domain}, ${workspace}, 'backup.test')`,
  );
  await db.execute(sql`
    insert into mailboxes (id, workspace_id, kind, address, owner_id, domain_id)
    values (${mailbox}, ${workspace}, 'beacon', 'sales@backup.test', ${user}, ${domain})`);
  await db.execute(sql`
    insert into mail_threads (id, workspace_id, mailbox_id, subject_key, message_count)
    values (${thread}, ${workspace}, ${mailbox}, 'hello', 2)`);
  await db.execute(sql`
    insert into mail_messages (id, workspace_id, mailbox_id, thread_id, folder, direction, status, message_id, "references", subject, text)
    values (${message}, ${workspace}, ${mailbox}, ${thread}, 'inbox', 'in', 'received', '<a@backup.test>', array['<z@backup.test>'], ${odd}, 'Hello')`);
  // A draft of a reply to it (record 064): it points at the message in the same table and sorts
  // before it, so the restore loads it first (the key is deferrable, checked at commit).
  await db.execute(sql`
    insert into mail_messages (id, workspace_id, mailbox_id, thread_id, folder, direction, status, message_id, in_reply_to, "references", subject, text, responds_to_id, responds_mode)
    values ('d0000000-0000-4000-8000-000000000000', ${workspace}, ${mailbox}, ${thread}, 'drafts', 'out', 'draft', '<draft@backup.test>', '<a@backup.test>', array['<a@backup.test>'], 'Re: hello', 'Soon', ${message}, 'replyAll')`);
  await db.execute(sql`
    insert into mail_labels (id, workspace_id, mailbox_id, name, color) values (${label}, ${workspace}, ${mailbox}, 'Follow up', 'default')`);
  await db.execute(sql`
    insert into mail_message_labels (label_id, message_id, workspace_id, date) values (${label}, ${message}, ${workspace}, now())`);
  await db.execute(sql`
    insert into mail_links (workspace_id, message_id, person_id, date, direction)
    values (${workspace}, ${message}, (select id from people where workspace_id = ${workspace} order by id limit 1), now(), 'in')`);
  await db.execute(sql`
    insert into mail_bounces (workspace_id, mailbox_id, address, action, status)
    values (${workspace}, ${mailbox}, 'gone@example.test', 'failed', '5.1.1')`);
  await db.execute(sql`
    insert into imap_locations (workspace_id, mailbox_id, message_id, folder_path, uid_validity, uid, seen, starred)
    values (${workspace}, ${mailbox}, ${message}, 'INBOX', 7, 42, true, false)`);
  await db.execute(sql`
    insert into imap_sync_leases (mailbox_id, holder, until) values (${mailbox}, 'host:42', '2026-11-25 00:00:00+00')`);
  // Issue 12's conversations and tracking: the message sorted as a reply, sent tracked with a
  // link, opened and clicked.
  await db.execute(sql`
    insert into conversations (workspace_id, mailbox_id, message_id, thread_id, person_id, category, rule, return_date, date)
    values (${workspace}, ${mailbox}, ${message}, ${thread},
            (select id from people where workspace_id = ${workspace} order by id limit 1),
            'out_of_office', 'auto-reply', '2026-12-01', now())`);
  await db.execute(sql`
    insert into mail_tracked (message_id, workspace_id) values (${message}, ${workspace})`);
  await db.execute(sql`
    insert into mail_trusted_senders (workspace_id, user_id, address)
    values (${workspace}, ${user}, 'news@trusted.test')`);
  await db.execute(sql`
    insert into mail_tracked_links (workspace_id, message_id, position, url)
    values (${workspace}, ${message}, 0, ${`https://example.test/?q=${odd}`})`);
  await db.execute(sql`
    insert into mail_tracking_events (workspace_id, message_id, kind, position, proxy)
    values (${workspace}, ${message}, 'open', null, 'google'), (${workspace}, ${message}, 'click', 0, '')`);
  // A workspace of its own, and an array with commas and quotes.
  await db.execute(sql`
    update people set tags = array['a,b', 'say "hi"', 'back\\slash', ''] where id =
      (select id from people where workspace_id = ${workspace} order by id limit 1)`);
}

function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: SERVER_DIR,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.once('close', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

async function openPostgres(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl.toString(), poolSize: 4 });
  opened.push(handle);
  return handle;
}

async function openMemory(): Promise<DatabaseHandle> {
  const handle = await openDatabase(await testDatabaseOptions(undefined));
  opened.push(handle);
  return handle;
}

beforeAll(async () => {
  await admin(`create database "${databaseName}"`);
  source = await openDatabase({ kind: 'pglite', dataDir: sourceDir });
  await seedDemo(source.db);
  await fillEveryTable(source.db);
  expected = await dump(source.db);
}, 180_000);

afterAll(async () => {
  for (const handle of opened) await handle.close().catch(() => {});
  await source?.close().catch(() => {});
  await admin(`drop database if exists "${databaseName}" with (force)`);
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/**
 * The mail app's label counters are derived (drizzle/0026_mail_counts.sql): left out of the
 * backup, a restore rebuilds them through their triggers, equal to a fresh count(*).
 */
async function expectMailCounts(db: Executor) {
  const boxes = (
    (await db.execute(sql`select id from mailboxes`)) as unknown as { rows: { id: string }[] }
  ).rows;
  expect(boxes.length).toBeGreaterThan(0);
  const counted = await expectCountsExact(db, ...boxes.map((b) => b.id));
  expect(counted.some((c) => Object.keys(c).length > 0)).toBe(true);
}

describe('backup and restore', () => {
  it('the source holds rows in every table', () => {
    for (const [name, rows] of Object.entries(expected)) {
      expect(rows.length, `rows of ${name}`).toBeGreaterThan(0);
    }
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(26);
  });

  it('PGlite to a file to PostgreSQL: every row of every table, and the demo user signs in', async () => {
    const backup = await backupDatabase(source.db, fromPglite, { database: 'pglite' });
    expect(backup.rows).toEqual(counts(expected));
    const lines = gunzipSync(readFileSync(fromPglite)).toString('utf8').trim().split('\n');
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(header).toMatchObject({
      format: 'beacon-backup',
      version: 1,
      migration: latestMigration(),
      tables: backupTables().map((t) => t.name),
    });
    expect(JSON.parse(lines.at(-1)!)).toEqual({ complete: true, rows: counts(expected) });

    postgres = await openPostgres();
    const restored = await restoreDatabase(postgres.db, fromPglite);
    expect(restored.rows).toEqual(counts(expected));
    expect(differing(await dump(postgres.db), expected)).toEqual([]);
    await expectMailCounts(postgres.db);

    // The real app on the restored database: the demo account signs in and finds its records.
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'app'),
      DATABASE_URL: databaseUrl.toString(),
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      config,
      database: postgres,
      webDir: null,
      logger: false,
      rateLimits: relaxedLimits,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const url = `http://127.0.0.1:${address.port}`;
      const login = await postForm(`${url}/token`, {
        username: DEMO_EMAIL,
        password: DEMO_PASSWORD,
      });
      expect(login.status).toBe(200);
      const token = login.body.access_token as string;
      const people = await getJson(`${url}/api/people?limit=50`, token);
      expect(people.status).toBe(200);
      const items = people.body.items as { id: string; email: string }[];
      expect(items).toHaveLength(50);
      const [one] = (
        (await source.db.execute(
          sql`select id, email from people where id = ${items[7]!.id}`,
        )) as unknown as { rows: { id: string; email: string }[] }
      ).rows;
      expect(one?.email).toBe(items[7]!.email);
      const board = await getJson(`${url}/api/kanban/board`, token);
      expect(Object.keys(board.body.cards as object)).toHaveLength(expected.kanban_cards!.length);
      // The start moves the bytes the areas kept in the database into the storage
      // (lib/files-moved.ts): let it finish, so what changed is known.
      for (let i = 0; (await unmovedFiles(postgres.db)) > 0; i++) {
        if (i > 300) throw new Error('the files were not moved');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await app.close();
    }
  });

  it('PostgreSQL to a file to PGlite: every row of every table', async () => {
    expect(postgres).toBeDefined();
    // Signing in wrote the rate limiter's counters, opened a session, wrote its audit entry and
    // the member's last activity, starting the app queued the due-tasks job's next run, the
    // storage's purge took the key that was due (its bytes were never there), and the start moved
    // the files the areas kept in the database into the storage: the rest is as restored.
    const now = await dump(postgres!.db);
    expect(differing(now, expected).sort()).toEqual([
      'audit_log',
      'chat_attachments',
      'jobs',
      'kanban_attachments',
      'member_images',
      'rate_limits',
      'sessions',
      'stored_file_purges',
      'stored_files',
      'users',
      'workspace_logos',
    ]);
    await backupDatabase(postgres!.db, fromPostgres, { database: 'postgres' });
    const target = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'target') });
    opened.push(target);
    await restoreDatabase(target.db, fromPostgres);
    expect(differing(await dump(target.db), now)).toEqual([]);
    await expectMailCounts(target.db);
  });

  it('refuses a database that holds data, unless forced, and then replaces it', async () => {
    const target = await openMemory();
    await target.db.execute(sql`insert into workspaces (name) values ('Already here')`);
    await expect(restoreDatabase(target.db, fromPglite)).rejects.toThrow(
      /The target database is not empty \(workspaces hold data\).*--force/,
    );
    const before = await dump(target.db);
    expect(before.workspaces).toHaveLength(1);
    expect(before.people).toHaveLength(0);
    await restoreDatabase(target.db, fromPglite, { force: true });
    expect(differing(await dump(target.db), expected)).toEqual([]);
    await expectMailCounts(target.db);
  });

  it('answers a truncated or damaged file with a clear error and writes nothing', async () => {
    const whole = readFileSync(fromPglite);
    const text = gunzipSync(whole).toString('utf8');
    const damaged: [string, Buffer, RegExp][] = [
      ['cut.gz', whole.subarray(0, Math.floor(whole.length * 0.6)), /damaged or incomplete/],
      [
        'flipped.gz',
        Buffer.concat([whole.subarray(0, 5000), Buffer.alloc(64, 0x55), whole.subarray(5064)]),
        /nothing was restored/,
      ],
      // Valid gzip, but the lines stop half-way through the people.
      [
        'short.gz',
        gzipSync(text.slice(0, text.indexOf('{"end":"people"') - 1) + '\n'),
        /incomplete \(it ends before its last line\); nothing was restored/,
      ],
      // A row that lost a value.
      [
        'row.gz',
        gzipSync(text.replace(', "Northwind Sales"', '')),
        /a row of workspaces without its \d+ values/,
      ],
      ['plain.txt', Buffer.from('name,email\n'), /is not a Beacon backup/],
      ['other.gz', gzipSync('{"hello":"world"}\n'), /is not a Beacon backup/],
    ];
    const empty = await openMemory();
    const full = postgres!;
    const before = await dump(full.db);
    for (const [name, content, message] of damaged) {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      const error = await restoreDatabase(empty.db, file).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(BackupError);
      expect((error as Error).message, name).toMatch(message);
      // Into a database that holds data, with --force: the emptying is undone too.
      await expect(restoreDatabase(full.db, file, { force: true }), name).rejects.toThrow(message);
    }
    expect(Object.values(counts(await dump(empty.db))).every((n) => n === 0)).toBe(true);
    expect(differing(await dump(full.db), before)).toEqual([]);
  });

  it('refuses a file made by a newer Beacon', async () => {
    const lines = gunzipSync(readFileSync(fromPglite)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { migration: { tag: string; when: number } };
    header.migration = { tag: '0099_future', when: header.migration.when + 1 };
    lines[0] = JSON.stringify(header);
    const file = path.join(dir, 'newer.gz');
    writeFileSync(file, gzipSync(lines.join('\n')));
    const target = await openMemory();
    await expect(restoreDatabase(target.db, file)).rejects.toThrow(
      /made by a newer Beacon \(.*schema 0099_future\).*Upgrade Beacon/,
    );
  });

  it('the command refuses an embedded database a server has open, and backs it up once closed', async () => {
    const file = path.join(dir, 'cli.beacon.gz');
    const locked = await runCli(['backup', file], { DATA_DIR: sourceDir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(
      new RegExp(
        `A Beacon server is using the embedded database in ${sourceDir} \\(pid ${process.pid}\\)\\. Stop it`,
      ),
    );
    expect(existsSync(file)).toBe(false);

    await source.close();
    const done = await runCli(['backup', file], { DATA_DIR: sourceDir });
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/Done: [\d,]+ rows/);
    const target = await openMemory();
    await restoreDatabase(target.db, file);
    expect(differing(await dump(target.db), expected)).toEqual([]);

    const usage = await runCli(['restore'], { DATA_DIR: sourceDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage:/);
    // Three command processes, each compiling the server's code and opening a database.
  }, 180_000);
});
