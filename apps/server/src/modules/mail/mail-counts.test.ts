import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxes, mailMessages } from '../../db/schema/index.ts';
import { crmWorkspace } from '../../../test/crm.ts';
import { countedOf, expectCountsExact, type Counts } from '../../../test/mail-counts.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import * as imap from '../mail-imap/mail-imap.repository.ts';
import { compactCounts } from './mail.repository.ts';

// The label counters (docs/decisions/062-mail-counts.md) through real HTTP on a real database:
// after every kind of change — storing, moving, labelling, flags, read and unread, trash, delete
// for good, sending, drafts, the IMAP sync's own statements, concurrent writers, a deleted label
// or mailbox — the counters equal a fresh count(*), and `GET /api/mail/labels` answers them.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ mail: { undoSeconds: 60 }, jobs: { pollMs: 60_000 } });
});
afterAll(async () => {
  await server.close();
});

type Label = { id: string; unreadCount: number; totalCount: number };

const simple = (subject: string, from = 'client@customer.test') =>
  `From: Client <${from}>\r\nTo: sales@x.test\r\nSubject: ${subject}\r\nMessage-ID: <${randomUUID()}@customer.test>\r\n\r\nHello about ${subject}\r\n`;

async function mailWorkspace() {
  const w = await crmWorkspace(server);
  const workspaceId = ((await w.ok('GET', '/user/me')).workspace as { id: string }).id;
  const domain = `${randomUUID().slice(0, 8)}.example.test`;
  await w.ok('POST', '/api/mail/domains/new', { domain });
  const newMailbox = async (name: string) =>
    (
      (
        await w.ok('POST', '/api/mail/mailboxes/new', {
          kind: 'beacon',
          address: `${name}@${domain}`,
        })
      ).mailbox as { id: string }
    ).id;
  const mailboxId = await newMailbox('sales');
  const arrive = async (raw: string, extra: object = {}, into = mailboxId) =>
    server.app.mail.store.store({
      workspaceId,
      mailboxId: into,
      raw: Buffer.from(raw),
      direction: 'in',
      folder: 'inbox',
      ...extra,
    });
  const newLabel = async (name: string, into = mailboxId) =>
    ((await w.ok('POST', '/api/mail/labels/new', { mailboxId: into, name })).label as Label).id;
  /** The counters equal count(*), and the API's labels say the same. */
  const exact = async (into = mailboxId): Promise<Counts> => {
    const [counted] = await expectCountsExact(server.database.db, into);
    const labels = (await w.ok('GET', `/api/mail/labels?mailboxId=${into}`)).labels as Label[];
    for (const label of labels) {
      const expected =
        label.id === 'all'
          ? ['inbox', 'sent', 'archive'].reduce(
              (sum, key) => ({
                total: sum.total + (counted![key]?.total ?? 0),
                unread: sum.unread + (counted![key]?.unread ?? 0),
              }),
              { total: 0, unread: 0 },
            )
          : (counted![label.id] ?? { total: 0, unread: 0 });
      expect(
        { id: label.id, total: label.totalCount, unread: label.unreadCount },
        `label ${label.id}`,
      ).toEqual({ id: label.id, ...expected });
    }
    return counted!;
  };
  return { w, workspaceId, mailboxId, newMailbox, arrive, newLabel, exact };
}

describe('label counters', () => {
  it('stay exact through storing, flags, labels, moves, trash and delete for good', async () => {
    const { w, mailboxId, arrive, newLabel, exact } = await mailWorkspace();
    const customers = await newLabel('Customers');
    const later = await newLabel('Later');
    expect(await exact()).toEqual({});

    const a = (await arrive(simple('Alpha'), { labelIds: [customers] })).id;
    const b = (await arrive(simple('Beta'), { starred: true, labelIds: [customers, later] })).id;
    const c = (await arrive(simple('Gamma'), { seen: true, important: true })).id;
    const d = (await arrive(simple('Delta'))).id;
    expect(await exact()).toMatchObject({
      inbox: { total: 4, unread: 3 },
      starred: { total: 1, unread: 1 },
      important: { total: 1, unread: 0 },
      [customers]: { total: 2, unread: 2 },
      [later]: { total: 1, unread: 1 },
    });

    // A message stored again merges flags and labels.
    const again = simple('Epsilon');
    const e = (await arrive(again)).id;
    expect((await arrive(again, { seen: true, starred: true, labelIds: [later] })).created).toBe(
      false,
    );
    await exact();

    await w.ok('POST', '/api/mail/read', { mailIds: [a, b], value: true });
    expect((await exact())[customers]).toEqual({ total: 2, unread: 0 });
    await w.ok('POST', '/api/mail/read', { mailIds: [b], value: false });
    await exact();
    await w.ok('POST', '/api/mail/star', { mailIds: [a, d], value: true });
    await exact();
    await w.ok('POST', '/api/mail/important', { mailIds: [a], value: true });
    await exact();
    await w.ok('POST', '/api/mail/labels/apply', { mailIds: [c, d, a], labelId: later });
    await exact();
    await w.ok('POST', '/api/mail/labels/remove', { mailIds: [b], labelId: customers });
    await exact();
    await w.ok('POST', '/api/mail/archive', { mailIds: [a] });
    await exact();
    // Spam and trash hold starred and important mail out of those labels' counts.
    await w.ok('POST', '/api/mail/move', { mailIds: [a, b], folder: 'spam' });
    expect((await exact()).starred).toEqual({ total: 2, unread: 1 });
    await w.ok('POST', '/api/mail/move', { mailIds: [a], folder: 'inbox' });
    await exact();
    await w.ok('POST', '/api/mail/trash', { mailIds: [b, c, e] });
    await exact();
    await w.ok('POST', '/api/mail/read', { mailIds: [b], value: true });
    await exact();
    await w.ok('POST', '/api/mail/delete', { mailIds: [b, c] });
    const left = await exact();
    expect(left.trash).toEqual({ total: 1, unread: 0 });
    expect(left[later]).toEqual({ total: 3, unread: 1 });

    // Renaming answers the counts; deleting a label takes its counters with it.
    const renamed = (
      await w.ok('POST', '/api/mail/labels/update', { labelId: later, name: 'Soon' })
    ).label as Label;
    expect(renamed).toMatchObject({ totalCount: 3, unreadCount: 1 });
    await w.ok('POST', '/api/mail/labels/delete', { labelId: later });
    await exact();
    const [orphans] = (
      (await server.database.db.execute(
        sql`select count(*)::int as n from mail_counts where key = ${later}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(orphans!.n).toBe(0);
    expect(mailboxId).toBeTruthy();
  });

  it('stay exact through drafts, sending, undo and a waiting mail moved to the trash', async () => {
    const { w, mailboxId, exact } = await mailWorkspace();
    const draft = (
      await w.ok('POST', '/api/mail/drafts/save', {
        mailboxId,
        to: ['someone@customer.test'],
        subject: 'A draft',
        text: 'Not yet',
      })
    ).mail as { id: string };
    expect((await exact()).drafts).toEqual({ total: 1, unread: 0 });
    // Sending the draft replaces it.
    const sent = (
      await w.ok('POST', '/api/mail/send', {
        mailboxId,
        draftId: draft.id,
        to: ['someone@customer.test'],
        subject: 'A draft',
        text: 'Now',
      })
    ).mail as { id: string };
    expect(await exact()).toMatchObject({ sent: { total: 1, unread: 0 } });
    await w.ok('POST', '/api/mail/undo-send', { mailId: sent.id });
    expect((await exact()).drafts).toEqual({ total: 1, unread: 0 });
    const scheduled = (
      await w.ok('POST', '/api/mail/send', {
        mailboxId,
        to: ['later@customer.test'],
        subject: 'Later',
        text: 'Tomorrow',
        sendAt: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).mail as { id: string };
    expect((await exact()).scheduled).toEqual({ total: 1, unread: 0 });
    await w.ok('POST', '/api/mail/trash', { mailIds: [scheduled.id] });
    await exact();
    await w.ok('POST', '/api/mail/delete', { mailIds: [sent.id, scheduled.id] });
    expect(await exact()).toEqual({});
  });

  it('stay exact through the IMAP sync’s statements: server flags, placing and deleting', async () => {
    const { workspaceId, mailboxId, arrive, newLabel, exact } = await mailWorkspace();
    const db = server.database.db;
    const folderLabel = await imap.folderLabel(db, { id: mailboxId, workspaceId }, 'Projects');
    await newLabel('Hand made');
    const ids: string[] = [];
    for (let uid = 1; uid <= 4; uid++) {
      const id = (
        await arrive(simple(`Synced ${uid}`), { imap: { folder: 'INBOX', uidValidity: 7, uid } })
      ).id;
      ids.push(id);
      await imap.addLocation(db, {
        workspaceId,
        mailboxId,
        messageId: id,
        folderPath: 'INBOX',
        uidValidity: 7,
        uid,
        seen: false,
        starred: false,
      });
    }
    await imap.addLocation(db, {
      workspaceId,
      mailboxId,
      messageId: ids[0]!,
      folderPath: 'Projects',
      uidValidity: 9,
      uid: 1,
      seen: false,
      starred: false,
    });
    await imap.writeSyncState(db, mailboxId, {
      folders: {
        INBOX: {
          uidValidity: '7',
          lastUid: 4,
          modseq: null,
          initialDone: true,
          folder: 'inbox',
          labelId: null,
        },
        Projects: {
          uidValidity: '9',
          lastUid: 1,
          modseq: null,
          initialDone: true,
          folder: 'custom',
          labelId: folderLabel,
        },
      },
      orphans: [],
    });
    await imap.placeMessage(db, mailboxId, ids[0]!);
    expect((await exact())[folderLabel]).toEqual({ total: 1, unread: 1 });

    // Flags changed on the server come in as the sync takes them.
    await imap.applyServerFlags(
      db,
      mailboxId,
      'INBOX',
      7,
      new Map([
        [1, { seen: true, starred: true }],
        [2, { seen: true, starred: false }],
        [3, { seen: false, starred: true }],
      ]),
    );
    expect(await exact()).toMatchObject({
      inbox: { total: 4, unread: 2 },
      starred: { total: 2, unread: 1 },
      [folderLabel]: { total: 1, unread: 0 },
    });
    await imap.applyServerFlags(
      db,
      mailboxId,
      'INBOX',
      7,
      new Map([[1, { seen: false, starred: true }]]),
    );
    await exact();
    // The copy in INBOX gone: the message shows where its other copy is (Projects → archive).
    await imap.removeLocations(db, mailboxId, 'INBOX', 7, [1]);
    await imap.placeMessage(db, mailboxId, ids[0]!);
    expect((await exact()).archive).toEqual({ total: 1, unread: 1 });
    await imap.deleteMessage(db, mailboxId, ids[0]!);
    await imap.deleteMessage(db, mailboxId, ids[3]!);
    expect((await exact()).inbox).toEqual({ total: 2, unread: 1 });
  });

  it('stay exact under concurrent writers, folds and re-deliveries', async () => {
    const { w, mailboxId, arrive, newLabel, exact } = await mailWorkspace();
    const labels = [await newLabel('One'), await newLabel('Two')];
    const raws = Array.from({ length: 12 }, (_, i) => simple(`Concurrent ${i}`));
    // Each message delivered twice at once: stored once.
    const stored = await Promise.all(
      [...raws, ...raws].map((raw, i) => arrive(raw, { labelIds: [labels[i % 2]!] })),
    );
    expect(stored.filter((s) => s.created)).toHaveLength(12);
    const ids = [...new Set(stored.map((s) => s.id))];
    await exact();
    const pick = (i: number) => [ids[i % ids.length]!, ids[(i * 7 + 3) % ids.length]!];
    const db = server.database.db;
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      const mailIds = pick(i);
      const step = i % 8;
      if (step === 0) calls.push(w.ok('POST', '/api/mail/read', { mailIds, value: i % 3 === 0 }));
      if (step === 1) calls.push(w.ok('POST', '/api/mail/star', { mailIds, value: i % 2 === 0 }));
      if (step === 2)
        calls.push(w.ok('POST', '/api/mail/labels/apply', { mailIds, labelId: labels[i % 2] }));
      if (step === 3)
        calls.push(w.ok('POST', '/api/mail/labels/remove', { mailIds, labelId: labels[i % 2] }));
      if (step === 4) calls.push(w.ok('POST', '/api/mail/move', { mailIds, folder: 'archive' }));
      if (step === 5) calls.push(w.ok('POST', '/api/mail/move', { mailIds, folder: 'inbox' }));
      if (step === 6) calls.push(compactCounts(db, mailboxId));
      if (step === 7) calls.push(arrive(simple(`More ${i}`), { labelIds: labels }));
    }
    const results = await Promise.allSettled(calls);
    // A deadlock between two bulk writers is the database's to break: one of them fails whole.
    for (const result of results) {
      if (result.status === 'rejected') expect(String(result.reason)).toMatch(/deadlock/i);
    }
    await exact();
    // Folded, one row per key, the same sums.
    const before = await countedOf(db, mailboxId);
    await compactCounts(db, mailboxId);
    const rows = (
      (await db.execute(
        sql`select key, count(*)::int as n from mail_counts where mailbox_id = ${mailboxId}::uuid group by key`,
      )) as unknown as { rows: { key: string; n: number }[] }
    ).rows;
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(await exact()).toEqual(before);
  });

  it('fold themselves when a read finds many rows, and go with a deleted mailbox', async () => {
    const { w, mailboxId, newMailbox, arrive, exact } = await mailWorkspace();
    const other = await newMailbox('other');
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await arrive(simple(`Many ${i}`))).id);
    await arrive(simple('Elsewhere'), {}, other);
    // Each statement adds rows; 250 flag changes pass the slack of a read.
    for (let i = 0; i < 125; i++) {
      await w.ok('POST', '/api/mail/read', { mailIds: [ids[i % 30]!], value: true });
      await w.ok('POST', '/api/mail/read', { mailIds: [ids[i % 30]!], value: false });
    }
    const rowCount = async (id: string) =>
      (
        (await server.database.db.execute(
          sql`select count(*)::int as n from mail_counts where mailbox_id = ${id}::uuid`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await rowCount(mailboxId)).toBeGreaterThan(200);
    expect((await exact()).inbox).toEqual({ total: 30, unread: 30 });
    expect(await rowCount(mailboxId)).toBeLessThan(5);
    await exact(other);

    await w.ok('POST', '/api/mail/mailboxes/delete', { mailboxId });
    expect(await rowCount(mailboxId)).toBe(0);
    const [gone] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailMessages)
      .where(eq(mailMessages.mailboxId, mailboxId));
    expect(gone!.n).toBe(0);
    await exact(other);
    const [left] = await server.database.db
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(eq(mailboxes.id, other));
    expect(left).toBeTruthy();
  });
});
