import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imapLocations, mailboxes, mailMessages } from '../../db/schema/index.ts';
import {
  addMember,
  authed,
  getJson,
  postJson,
  register,
  startTestServer,
  type Json,
  type TestServer,
} from '../../../test/helpers.ts';
import { rawMessage, startImapServer, type TestImapServer } from '../../../test/imap-server.ts';
import { expectCountsExact } from '../../../test/mail-counts.ts';
import { startSmtpPeer, type ReceivedMail } from '../../../test/mail-peers.ts';

// Connected mailboxes against a real IMAP server (dovecot, apps/server/test/imap-server.ts):
// docs/decisions/058-connected-mailboxes-imap.md.

const PASSWORD = 'imap-secret-Pa55word';
let accounts = 0;
/** A new account on the IMAP server. */
async function newAccount(imap: TestImapServer) {
  accounts += 1;
  const account = { user: `member${accounts}-${Date.now()}@example.test`, password: PASSWORD };
  await imap.addUser(account.user, account.password);
  return account;
}

/** Polls `read` until `done` holds (for hooks, where expect.poll may not run). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`still ${JSON.stringify(value)} after ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function connectBody(
  imap: TestImapServer,
  account: { user: string; password: string },
  extra: Json = {},
) {
  return {
    kind: 'connected',
    address: account.user,
    displayName: 'Synced',
    imapHost: imap.host,
    imapPort: imap.port,
    imapSecurity: 'none',
    smtpHost: '127.0.0.1',
    smtpPort: smtpPort,
    smtpSecurity: 'none',
    username: account.user,
    password: account.password,
    ...extra,
  };
}

/** Lines the server logged, kept to look for the password in them. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let imap: TestImapServer;
let server: TestServer;
let smtpPort = 0;
let smtpClose: () => Promise<void> = async () => {};
let sent: ReceivedMail[] = [];

async function mails(token: string, mailboxId: string, label = 'all'): Promise<Json[]> {
  const all: Json[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({
      mailboxId,
      label,
      limit: '100',
      ...(cursor ? { cursor } : {}),
    });
    const page = await getJson(`${server.url}/api/mail/mails?${query}`, token);
    expect(page.status).toBe(200);
    all.push(...(page.body.mails as Json[]));
    cursor = page.body.nextCursor as string | null;
  } while (cursor);
  return all;
}

async function syncOf(token: string, mailboxId: string) {
  const answer = await getJson(
    `${server.url}/api/mail/mailboxes/sync?mailboxId=${mailboxId}`,
    token,
  );
  expect(answer.status).toBe(200);
  return answer.body.sync as {
    status: string;
    error: string | null;
    messages: number;
    lastSyncedAt: string | null;
    folders: { path: string; folder: string; messages: number; initialDone: boolean }[];
  };
}

/** Waits until the mailbox's sync has been through a pass and is idle with `n` messages. */
async function syncedWith(token: string, mailboxId: string, n: number, timeout = 30_000) {
  await expect
    .poll(
      async () => {
        const sync = await syncOf(token, mailboxId);
        return { status: sync.status, messages: sync.messages };
      },
      { timeout, interval: 200 },
    )
    .toEqual({ status: 'idle', messages: n });
}

async function connect(token: string, body: Json) {
  const answer = await postJson(`${server.url}/api/mail/mailboxes/new`, body, authed(token));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body.mailbox as Json).id as string;
}

beforeAll(async () => {
  imap = await startImapServer();
  const smtp = await startSmtpPeer({ auth: true });
  smtpPort = smtp.port;
  sent = smtp.received;
  smtpClose = smtp.close;
  server = await startTestServer({
    // Runs hand their mailbox back every 15 s: with more mailboxes than workers, each gets a turn.
    env: { IMAP_POLL_INTERVAL: '1s', IMAP_SYNC_WORKERS: '4', IMAP_SYNC_WINDOW: '15s' },
    logger: { level: 'trace', stream: logStream },
    mail: { undoSeconds: 0 },
    // Its sync runs and its log must stay its own: on PostgreSQL a shared database would let the
    // other test servers take its jobs (test/helpers.ts).
    ownDatabase: true,
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await smtpClose();
  await imap?.close();
});

describe('connecting a mailbox', () => {
  it('refuses a wrong password and an unreachable host with a clear 400, and keeps nothing', async () => {
    const owner = await register(server);
    const account = await newAccount(imap);
    const wrong = await postJson(
      `${server.url}/api/mail/mailboxes/new`,
      connectBody(imap, { ...account, password: 'not-the-password' }),
      authed(owner.token),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'MAILBOX_CONNECTION_FAILED' });
    expect(wrong.body.detail).toMatch(/IMAP: the server refused the user name or password/);

    const closed = await postJson(
      `${server.url}/api/mail/mailboxes/new`,
      connectBody(imap, account, { imapPort: 1 }),
      authed(owner.token),
    );
    expect(closed.status).toBe(400);
    expect(closed.body.detail).toMatch(/IMAP: the server could not be reached/);

    const list = await getJson(`${server.url}/api/mail/mailboxes`, owner.token);
    expect(list.body.mailboxes).toEqual([]);
  });

  it('lets no viewer connect one', async () => {
    const owner = await register(server);
    const viewer = await addMember(server, owner.token, 'viewer');
    const answer = await postJson(
      `${server.url}/api/mail/mailboxes/new`,
      connectBody(imap, await newAccount(imap)),
      authed(viewer.token),
    );
    expect(answer.status).toBe(403);
  });

  it('asks for the password again before its servers or user name change', async () => {
    const owner = await register(server);
    const account = await newAccount(imap);
    const mailboxId = await connect(owner.token, connectBody(imap, account));
    const change = (body: Json) =>
      postJson(
        `${server.url}/api/mail/mailboxes/connection`,
        { mailboxId, ...body },
        authed(owner.token),
      );
    // Else whoever may steer it could send the stored password to a server of their choosing.
    for (const body of [
      { imapHost: 'attacker.example.test' },
      { imapPort: 1993 },
      { imapSecurity: 'tls' },
      { smtpHost: 'attacker.example.test' },
      { smtpPort: 2525 },
      { smtpSecurity: 'tls' },
      { username: 'someone-else@example.test' },
    ]) {
      const answer = await change(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { password: [expect.stringContaining('password')] },
      });
    }
    const [row] = await server.database.db
      .select({ imapHost: mailboxes.imapHost, username: mailboxes.username })
      .from(mailboxes)
      .where(eq(mailboxes.id, mailboxId));
    expect(row).toEqual({ imapHost: imap.host, username: account.user });
    // The values it has, given again, move nothing: the stored password serves.
    const same = await change({ imapHost: imap.host, imapPort: imap.port, username: account.user });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });
});

describe('the initial sync', () => {
  it('reads the chosen period of every folder into Beacon folders and labels, with their flags', async () => {
    const owner = await register(server);
    const account = await newAccount(imap);
    const old = new Date(Date.now() - 90 * 86_400_000);
    // Older than the chosen period: APPEND with an old internal date.
    const client = await imap.client(account);
    await client.append('INBOX', rawMessage({ subject: 'Too old', date: old }), [], old);
    await client.logout();
    await imap.append(account, 'INBOX', [
      rawMessage({ subject: 'Hello there', messageId: '<hello@example.test>' }),
      rawMessage({ subject: 'Read already' }),
    ]);
    await imap.append(account, 'INBOX', [rawMessage({ subject: 'Starred one' })], ['\\Flagged']);
    await imap.append(account, 'INBOX', [rawMessage({ subject: 'Seen one' })], ['\\Seen']);
    await imap.append(
      account,
      'Sent',
      [rawMessage({ subject: 'I wrote this', from: account.user, to: 'ada@example.test' })],
      ['\\Seen'],
    );
    await imap.append(account, 'Junk', [rawMessage({ subject: 'Cheap pills' })]);
    await imap.append(account, 'Archive', [rawMessage({ subject: 'Filed away' })]);
    await imap.append(account, 'Trash', [rawMessage({ subject: 'Thrown out' })]);
    const projects = await imap.client(account);
    await projects.mailboxCreate('Projects');
    await projects.logout();
    await imap.append(account, 'Projects', [rawMessage({ subject: 'Project plan' })]);

    const mailboxId = await connect(
      owner.token,
      connectBody(imap, account, {
        syncSince: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      }),
    );
    await syncedWith(owner.token, mailboxId, 9);

    const all = await mails(owner.token, mailboxId, 'all');
    const subjects = (list: Json[]) => list.map((m) => m.subject).sort();
    expect(subjects(await mails(owner.token, mailboxId, 'inbox'))).toEqual([
      'Hello there',
      'Read already',
      'Seen one',
      'Starred one',
    ]);
    expect(subjects(await mails(owner.token, mailboxId, 'sent'))).toEqual(['I wrote this']);
    expect(subjects(await mails(owner.token, mailboxId, 'spam'))).toEqual(['Cheap pills']);
    expect(subjects(await mails(owner.token, mailboxId, 'trash'))).toEqual(['Thrown out']);
    expect(subjects(await mails(owner.token, mailboxId, 'archive'))).toEqual([
      'Filed away',
      'Project plan',
    ]);
    expect(all.find((m) => m.subject === 'Too old')).toBeUndefined();
    expect(all.find((m) => m.subject === 'Starred one')).toMatchObject({
      isStarred: true,
      isUnread: true,
    });
    expect(all.find((m) => m.subject === 'Seen one')).toMatchObject({
      isStarred: false,
      isUnread: false,
    });
    expect(all.find((m) => m.subject === 'I wrote this')).toMatchObject({ direction: 'out' });

    // The folder became a label of the mailbox, and the message carries it.
    const labels = await getJson(
      `${server.url}/api/mail/labels?mailboxId=${mailboxId}`,
      owner.token,
    );
    const projectLabel = (labels.body.labels as Json[]).find((l) => l.name === 'Projects');
    expect(projectLabel).toBeTruthy();
    expect(subjects(await mails(owner.token, mailboxId, projectLabel!.id as string))).toEqual([
      'Project plan',
    ]);

    const sync = await syncOf(owner.token, mailboxId);
    expect(sync.error).toBeNull();
    expect(sync.lastSyncedAt).not.toBeNull();
    expect(sync.folders.find((f) => f.path === 'INBOX')).toMatchObject({
      folder: 'inbox',
      messages: 4,
      initialDone: true,
    });
    expect(sync.folders.find((f) => f.path === 'Projects')).toMatchObject({
      folder: 'custom',
      messages: 1,
    });
  });
});

describe('a synced mailbox', () => {
  let owner: Awaited<ReturnType<typeof register>>;
  let account: { user: string; password: string };
  let mailboxId: string;
  beforeAll(async () => {
    owner = await register(server);
    account = await newAccount(imap);
    await imap.append(account, 'INBOX', [
      rawMessage({ subject: 'First', messageId: '<first@example.test>' }),
      rawMessage({ subject: 'Second', messageId: '<second@example.test>' }),
    ]);
    mailboxId = await connect(owner.token, connectBody(imap, account));
    await until(
      () => syncOf(owner.token, mailboxId),
      (sync) => sync.status === 'idle' && sync.messages === 2,
    );
  });

  it('shows new mail within seconds (IDLE)', async () => {
    const started = Date.now();
    await imap.append(account, 'INBOX', [
      rawMessage({ subject: 'Fresh news', messageId: '<fresh@example.test>' }),
    ]);
    await expect
      .poll(async () => (await mails(owner.token, mailboxId, 'inbox')).map((m) => m.subject), {
        timeout: 10_000,
        interval: 100,
      })
      .toContain('Fresh news');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('takes flags changed on the server', async () => {
    const client = await imap.client(account);
    await client.mailboxOpen('INBOX');
    const [uid] =
      (await client.search({ header: { 'message-id': '<first@example.test>' } }, { uid: true })) ||
      [];
    await client.messageFlagsAdd(String(uid), ['\\Seen', '\\Flagged'], { uid: true });
    await client.logout();
    await expect
      .poll(
        async () => {
          const first = (await mails(owner.token, mailboxId, 'inbox')).find(
            (m) => m.subject === 'First',
          );
          return { unread: first?.isUnread, starred: first?.isStarred };
        },
        { timeout: 10_000, interval: 100 },
      )
      .toEqual({ unread: false, starred: true });
    // The label counters followed the sync's flag changes (docs/decisions/062).
    await expectCountsExact(server.database.db, mailboxId);
  });

  it('writes flags changed in Beacon to the server', async () => {
    const second = (await mails(owner.token, mailboxId, 'inbox')).find(
      (m) => m.subject === 'Second',
    )!;
    expect(
      (
        await postJson(
          `${server.url}/api/mail/star`,
          { mailIds: [second.id], value: true },
          authed(owner.token),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await postJson(
          `${server.url}/api/mail/read`,
          { mailIds: [second.id], value: true },
          authed(owner.token),
        )
      ).status,
    ).toBe(200);
    const flagsOnServer = async () => {
      const client = await imap.client(account);
      try {
        await client.mailboxOpen('INBOX');
        const uids =
          (await client.search(
            { header: { 'message-id': '<second@example.test>' } },
            { uid: true },
          )) || [];
        const message = await client.fetchOne(String(uids[0]), { flags: true }, { uid: true });
        return message ? [...(message.flags ?? [])].sort() : [];
      } finally {
        await client.logout();
      }
    };
    await expect
      .poll(flagsOnServer, { timeout: 10_000, interval: 200 })
      .toEqual(['\\Flagged', '\\Seen']);

    await postJson(
      `${server.url}/api/mail/star`,
      { mailIds: [second.id], value: false },
      authed(owner.token),
    );
    await expect.poll(flagsOnServer, { timeout: 10_000, interval: 200 }).toEqual(['\\Seen']);
  });

  it('re-syncs a folder whose UIDVALIDITY changed without losing or doubling a message', async () => {
    const before = await mails(owner.token, mailboxId, 'inbox');
    const ids = before.map((m) => m.id).sort();
    const uidValidity = 900_000 + Math.floor(Math.random() * 1000);
    imap.setUidValidity(account, 'INBOX', uidValidity);
    await postJson(`${server.url}/api/mail/mailboxes/sync-now`, { mailboxId }, authed(owner.token));
    await expect
      .poll(
        async () => {
          const rows = await server.database.db
            .select({ uidValidity: imapLocations.uidValidity })
            .from(imapLocations)
            .where(
              and(eq(imapLocations.mailboxId, mailboxId), eq(imapLocations.folderPath, 'INBOX')),
            );
          return rows.map((r) => r.uidValidity);
        },
        { timeout: 15_000, interval: 200 },
      )
      .toEqual(before.map(() => uidValidity));
    const after = await mails(owner.token, mailboxId, 'inbox');
    expect(after.map((m) => m.id).sort()).toEqual(ids);
    // The flags made before stay.
    expect(after.find((m) => m.subject === 'First')).toMatchObject({
      isStarred: true,
      isUnread: false,
    });
    await expectCountsExact(server.database.db, mailboxId);
  });

  it('follows a message deleted on the server', async () => {
    await imap.append(account, 'INBOX', [
      rawMessage({ subject: 'Short-lived', messageId: '<short@example.test>' }),
    ]);
    await expect
      .poll(async () => (await mails(owner.token, mailboxId, 'inbox')).map((m) => m.subject), {
        timeout: 10_000,
      })
      .toContain('Short-lived');
    const client = await imap.client(account);
    await client.mailboxOpen('INBOX');
    const uids =
      (await client.search({ header: { 'message-id': '<short@example.test>' } }, { uid: true })) ||
      [];
    await client.messageDelete(uids.join(','), { uid: true });
    await client.logout();
    await expect
      .poll(async () => (await mails(owner.token, mailboxId, 'inbox')).map((m) => m.subject), {
        timeout: 10_000,
      })
      .not.toContain('Short-lived');
    await expectCountsExact(server.database.db, mailboxId);
  });

  it('pauses and resumes', async () => {
    const paused = await postJson(
      `${server.url}/api/mail/mailboxes/pause`,
      { mailboxId },
      authed(owner.token),
    );
    expect(paused.status).toBe(200);
    expect((paused.body.sync as Json).status).toBe('paused');
    await imap.append(account, 'INBOX', [rawMessage({ subject: 'While paused' })]);
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await mails(owner.token, mailboxId, 'inbox')).map((m) => m.subject)).not.toContain(
      'While paused',
    );
    expect((await syncOf(owner.token, mailboxId)).status).toBe('paused');

    const resumed = await postJson(
      `${server.url}/api/mail/mailboxes/resume`,
      { mailboxId },
      authed(owner.token),
    );
    expect(resumed.status).toBe(200);
    await expect
      .poll(async () => (await mails(owner.token, mailboxId, 'inbox')).map((m) => m.subject), {
        timeout: 10_000,
      })
      .toContain('While paused');
  });

  it('sends through the mailbox’s own SMTP server and keeps the copy in its Sent folder, once', async () => {
    const subject = `Proposal ${Date.now()}`;
    const answer = await postJson(
      `${server.url}/api/mail/send`,
      { mailboxId, to: ['ada@example.test'], subject, text: 'Here is the proposal.' },
      authed(owner.token),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const mailId = (answer.body.mail as Json).id as string;
    await expect
      .poll(() => sent.filter((m) => m.raw.toString().includes(subject)).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const delivered = sent.find((m) => m.raw.toString().includes(subject))!;
    expect(delivered.to).toEqual(['ada@example.test']);
    expect(delivered.raw.toString()).toContain(`From: Synced <${account.user}>`);

    const inSent = async () => {
      const client = await imap.client(account);
      try {
        await client.mailboxOpen('Sent');
        return ((await client.search({ subject }, { uid: true })) || []).length;
      } finally {
        await client.logout();
      }
    };
    await expect.poll(inSent, { timeout: 20_000 }).toBe(1);
    // The sync sees the copy in Sent and binds it to the sent mail: no second message.
    await postJson(`${server.url}/api/mail/mailboxes/sync-now`, { mailboxId }, authed(owner.token));
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .select({ folder: imapLocations.folderPath })
              .from(imapLocations)
              .where(eq(imapLocations.messageId, mailId))
          ).map((r) => r.folder),
        { timeout: 15_000 },
      )
      .toEqual(['Sent']);
    const copies = (await mails(owner.token, mailboxId, 'sent')).filter(
      (m) => m.subject === subject,
    );
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ id: mailId, status: 'sent' });
  });

  it('keeps the password sealed, out of every answer and every log line', async () => {
    const [row] = await server.database.db
      .select()
      .from(mailboxes)
      .where(eq(mailboxes.id, mailboxId));
    expect(row!.passwordSealed).toBeTruthy();
    expect(row!.passwordSealed).not.toContain(PASSWORD);
    const answers = [
      await getJson(`${server.url}/api/mail/mailboxes`, owner.token),
      await getJson(`${server.url}/api/mail/mailboxes/sync?mailboxId=${mailboxId}`, owner.token),
    ];
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(PASSWORD);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(PASSWORD);
  });
});

/** The sync runs of a mailbox waiting in the job queue or running (none once it is paused). */
async function syncJobs(mailboxId: string): Promise<string[]> {
  const { sql } = await import('drizzle-orm');
  const result = (await server.database.db.execute(
    sql`select status from jobs where kind = 'mail.imap-sync'
      and payload->>'mailboxId' = ${mailboxId} and status in ('queued', 'running')`,
  )) as unknown as { rows: { status: string }[] };
  return result.rows.map((r) => r.status);
}

describe('pausing a sync (record 064)', { timeout: 240_000 }, () => {
  it('stops a first sync in the middle of its pass, runs nothing while paused, and resumes where it stopped', async () => {
    const owner = await register(server);
    const account = await newAccount(imap);
    const total = 400;
    await imap.append(
      account,
      'INBOX',
      Array.from({ length: total }, (_, i) =>
        rawMessage({ subject: `Paused ${i}`, messageId: `<paused-${i}@example.test>` }),
      ),
    );
    const mailboxId = await connect(owner.token, connectBody(imap, account));
    // The first batches are in: pause while the pass is under way.
    await expect
      .poll(async () => (await syncOf(owner.token, mailboxId)).messages, {
        timeout: 90_000,
        interval: 50,
      })
      .toBeGreaterThan(0);
    const paused = await postJson(
      `${server.url}/api/mail/mailboxes/pause`,
      { mailboxId },
      authed(owner.token),
    );
    expect(paused.status).toBe(200);
    expect((paused.body.sync as Json).status).toBe('paused');
    const atPause = (await syncOf(owner.token, mailboxId)).messages;

    // The run ends at its next commit: no run waits or works for the mailbox any more.
    await expect.poll(() => syncJobs(mailboxId), { timeout: 30_000, interval: 200 }).toEqual([]);
    const stopped = await syncOf(owner.token, mailboxId);
    await new Promise((r) => setTimeout(r, 3_000));
    const later = await syncOf(owner.token, mailboxId);
    expect(later.status).toBe('paused');
    // At most the batch that was committing as the pause came (25 messages) landed after it.
    expect(later.messages).toBeLessThanOrEqual(atPause + 25);
    expect(later.messages).toBe(stopped.messages);
    expect(later.messages).toBeLessThan(total);

    // "Sync now" on a paused mailbox queues nothing.
    const now = await postJson(
      `${server.url}/api/mail/mailboxes/sync-now`,
      { mailboxId },
      authed(owner.token),
    );
    expect(now.status).toBe(202);
    expect(await syncJobs(mailboxId)).toEqual([]);
    // It shows as paused in the mailboxes list too.
    const list = await getJson(`${server.url}/api/mail/mailboxes`, owner.token);
    const mailbox = (list.body.mailboxes as Json[]).find((m) => m.id === mailboxId)!;
    expect((mailbox.connection as Json).syncStatus).toBe('paused');

    const resumed = await postJson(
      `${server.url}/api/mail/mailboxes/resume`,
      { mailboxId },
      authed(owner.token),
    );
    expect(resumed.status).toBe(200);
    await syncedWith(owner.token, mailboxId, total, 150_000);
    const rows = await server.database.db
      .select({ messageId: mailMessages.messageId })
      .from(mailMessages)
      .where(eq(mailMessages.mailboxId, mailboxId));
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(total);
    await expectCountsExact(server.database.db, mailboxId);
  });

  it('lets only the owner (or an admin) pause, and never a viewer', async () => {
    const owner = await register(server);
    const account = await newAccount(imap);
    const mailboxId = await connect(owner.token, connectBody(imap, account, { shared: true }));
    const viewer = await addMember(server, owner.token, 'viewer');
    const colleague = await addMember(server, owner.token, 'contributor');
    const byViewer = await postJson(
      `${server.url}/api/mail/mailboxes/pause`,
      { mailboxId },
      authed(viewer.token),
    );
    expect(byViewer.status).toBe(403);
    const byColleague = await postJson(
      `${server.url}/api/mail/mailboxes/pause`,
      { mailboxId },
      authed(colleague.token),
    );
    expect(byColleague.status).toBe(403);
    expect(byColleague.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await syncOf(owner.token, mailboxId)).status).not.toBe('paused');
  });
});

// Each waits for its mailbox's turn on a worker (up to the 15 s window) and for retries.
describe('trouble', { timeout: 180_000 }, () => {
  it('marks a password refused later as an error and waits for the member', async () => {
    const owner = await register(server);
    const account = await newAccount(imap);
    const mailboxId = await connect(owner.token, connectBody(imap, account));
    await syncedWith(owner.token, mailboxId, 0);
    // The password is changed on the server (another account line wins: the first match counts).
    const changed = { ...account, password: 'changed-elsewhere' };
    await imap.replaceUser(changed.user, changed.password);
    // The open session goes on; the next login (a new run) is refused.
    await postJson(`${server.url}/api/mail/mailboxes/pause`, { mailboxId }, authed(owner.token));
    await postJson(`${server.url}/api/mail/mailboxes/resume`, { mailboxId }, authed(owner.token));
    await expect
      .poll(async () => syncOf(owner.token, mailboxId), { timeout: 20_000, interval: 200 })
      .toMatchObject({
        status: 'error',
        error: 'IMAP: the server refused the user name or password',
      });

    // A new password through the API reconnects it.
    const fixed = await postJson(
      `${server.url}/api/mail/mailboxes/connection`,
      { mailboxId, password: changed.password },
      authed(owner.token),
    );
    expect(fixed.status).toBe(200);
    await syncedWith(owner.token, mailboxId, 0);
  });

  it('survives the server going away mid-sync: the rest comes when it is back, nothing doubled', async () => {
    const owner = await register(server);
    const account = await newAccount(imap);
    const total = 120;
    await imap.append(
      account,
      'INBOX',
      Array.from({ length: total }, (_, i) =>
        rawMessage({ subject: `Bulk ${i}`, messageId: `<bulk-${i}@example.test>` }),
      ),
    );
    const mailboxId = await connect(owner.token, connectBody(imap, account));
    await expect
      .poll(async () => (await syncOf(owner.token, mailboxId)).messages, {
        timeout: 60_000,
        interval: 50,
      })
      .toBeGreaterThan(0);
    await imap.kill();
    await expect
      .poll(async () => (await syncOf(owner.token, mailboxId)).status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('error');
    expect((await syncOf(owner.token, mailboxId)).error).toMatch(/^IMAP: /);
    await imap.start();
    await syncedWith(owner.token, mailboxId, total, 60_000);
    const rows = await server.database.db
      .select({ messageId: mailMessages.messageId })
      .from(mailMessages)
      .where(eq(mailMessages.mailboxId, mailboxId));
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(total);
  });
});
