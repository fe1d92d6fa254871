import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { INTERRUPTED_ERROR } from './mail.sender.ts';
import {
  PASSWORD,
  killChildren,
  startServer,
  stopServer,
  withTimeout,
} from '../../../test/processes.ts';
import { startSmtpPeer } from '../../../test/mail-peers.ts';

// kill -9 while a mail is being handed to the mail server (a real smtp-server peer that holds
// its answer): after a restart nothing is sent twice and nothing is lost. The server process
// runs on the embedded database, as the other process tests do.

const dirs: string[] = [];
afterEach(() => killChildren());
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Mail = { id: string; status: string; error: string | null; messageId: string };

describe('sending through a kill -9', () => {
  it('never sends a mail twice and loses none', { timeout: 300_000 }, async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const peer = await startSmtpPeer({
      hold: async () => {
        const last = peer.received.at(-1)!;
        if (last.raw.toString().includes('Subject: Kill A')) {
          holding = true;
          await held;
        }
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-mail-kill-'));
    dirs.push(dataDir);
    const env = { SMTP_URL: peer.url };
    const first = await startServer(dataDir, env);
    const email = `kill-${Date.now()}@example.test`;
    const registered = await fetch(`${first.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, first_name: 'Kill', last_name: 'Test' }),
    });
    const token = ((await registered.json()) as { access_token: string }).access_token;
    const call = async (url: string, method: string, p: string, body?: unknown) => {
      const response = await fetch(`${url}${p}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (response.status >= 300) throw new Error(`${p}: ${JSON.stringify(answer)}`);
      return answer;
    };
    await call(first.url, 'POST', '/api/mail/domains/new', { domain: 'kill.example.test' });
    const mailbox = (
      await call(first.url, 'POST', '/api/mail/mailboxes/new', {
        kind: 'beacon',
        address: 'sales@kill.example.test',
      })
    ).mailbox as { id: string };
    const send = async (subject: string, delayMs: number) =>
      (
        await call(first.url, 'POST', '/api/mail/send', {
          mailboxId: mailbox.id,
          to: ['customer@customer.test'],
          subject,
          text: `The mail ${subject}`,
          sendAt: new Date(Date.now() + delayMs).toISOString(),
        })
      ).mail as Mail;
    const a = await send('Kill A', 1500);
    const b = await send('Kill B', 2500);
    const c = await send('Kill C', 2500);

    // A is handed over, the peer holds its answer: the server is killed meanwhile.
    await expect.poll(() => holding, { timeout: 60_000, interval: 50 }).toBe(true);
    first.child.kill('SIGKILL');
    await withTimeout(first.exited, 10_000, 'the killed server did not exit');
    release();

    const second = await startServer(dataDir, env);
    const mail = async (id: string) =>
      (await call(second.url, 'GET', `/api/mail/mail?mailId=${id}`)).mail as Mail;
    // B and C go out after the restart; A's send job comes back when its lease runs out, finds
    // the hand-over cut short and does not send again.
    await expect
      .poll(async () => [(await mail(b.id)).status, (await mail(c.id)).status], {
        timeout: 120_000,
        interval: 500,
      })
      .toEqual(['sent', 'sent']);
    await expect
      .poll(async () => (await mail(a.id)).status, { timeout: 150_000, interval: 1000 })
      .toBe('failed');
    expect((await mail(a.id)).error).toBe(INTERRUPTED_ERROR);
    const copies = (m: Mail) =>
      peer.received.filter((r) => r.raw.toString().includes(`Message-ID: <${m.messageId}>`)).length;
    expect([copies(a), copies(b), copies(c)]).toEqual([1, 1, 1]);
    await stopServer(second, 'SIGTERM');
    await peer.close();
  });
});
