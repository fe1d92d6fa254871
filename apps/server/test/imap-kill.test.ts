import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { rawMessage, startImapServer, type TestImapServer } from './imap-server.ts';
import { startSmtpPeer } from './mail-peers.ts';
import { killChildren, PASSWORD, startServer, stopServer } from './processes.ts';

/**
 * `kill -9` of the server process while it syncs a connected mailbox (docs/decisions/058): the
 * messages and the folder's state are committed together, so the process started again on the
 * same data goes on from the last commit. Nothing is lost and nothing is stored twice. Real
 * processes on the embedded database (apps/server/test/processes.ts), a real IMAP server.
 */

const TOTAL = 300;
const account = { user: 'kill-test@example.test', password: 'kill-test-password' };
let imap: TestImapServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let dataDir: string;

beforeAll(async () => {
  imap = await startImapServer([account]);
  smtp = await startSmtpPeer({ auth: true });
  await imap.append(
    account,
    'INBOX',
    Array.from({ length: TOTAL }, (_, i) =>
      rawMessage({
        subject: `Message ${i}`,
        messageId: `<kill-${i}@example.test>`,
        text: `Body ${i} `.repeat(200),
      }),
    ),
  );
  dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-imap-kill-'));
}, 300_000);

afterEach(() => killChildren());

afterAll(async () => {
  await imap?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

async function syncOf(url: string, token: string, mailboxId: string) {
  const answer = await json(`${url}/api/mail/mailboxes/sync?mailboxId=${mailboxId}`, { token });
  return answer.body?.sync as { status: string; messages: number } | undefined;
}

describe('kill -9 during a sync', () => {
  it('loses nothing and doubles nothing after the restart', { timeout: 300_000 }, async () => {
    const env = { IMAP_POLL_INTERVAL: '1s', IMAP_SYNC_WORKERS: '1' };
    const first = await startServer(dataDir, env);
    const registered = await json(`${first.url}/register`, {
      method: 'POST',
      body: JSON.stringify({
        email: 'kill@example.test',
        password: PASSWORD,
        first_name: 'K',
        last_name: 'T',
      }),
    });
    const token = registered.body.access_token as string;
    const created = await json(`${first.url}/api/mail/mailboxes/new`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        kind: 'connected',
        address: account.user,
        imapHost: imap.host,
        imapPort: imap.port,
        imapSecurity: 'none',
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpSecurity: 'none',
        username: account.user,
        password: account.password,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mailboxId = (created.body.mailbox as { id: string }).id;

    // Kill it once some, not all, of the messages are in.
    let before = 0;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      before = (await syncOf(first.url, token, mailboxId))?.messages ?? 0;
      if (before > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(TOTAL);

    const second = await startServer(dataDir, env);
    await expect
      .poll(async () => syncOf(second.url, token, mailboxId), { timeout: 180_000, interval: 500 })
      .toMatchObject({ status: 'idle', messages: TOTAL });
    await stopServer(second, 'SIGTERM');

    // Read the database the processes left: each message once, each with its copy on the server.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = (await database.db.execute(sql`
        select m.message_id, count(l.uid)::int as copies
          from mail_messages m left join imap_locations l on l.message_id = m.id
         where m.mailbox_id = ${mailboxId} group by m.message_id`)) as unknown as {
        rows: { message_id: string; copies: number }[];
      };
      expect(rows.rows).toHaveLength(TOTAL);
      expect(rows.rows.every((r) => r.copies === 1)).toBe(true);
      expect(new Set(rows.rows.map((r) => r.message_id)).size).toBe(TOTAL);
    } finally {
      await database.close();
    }
  });
});
