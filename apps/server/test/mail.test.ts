import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema/index.ts';
import { postJson, register, startTestServer, uniqueEmail, type TestServer } from './helpers.ts';
import { startSmtpPeer } from './mail-peers.ts';

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Beacon <hello@beacon.test>' },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends the verification code and the reset code, and marks them sent', async () => {
    const account = await register(server);
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(account.email)).length)
      .toBe(1);
    const welcome = smtp.received.find((m) => m.to.includes(account.email))!;
    expect(welcome.from).toBe('hello@beacon.test');
    expect(welcome.raw.toString()).toMatch(/Subject: Your Beacon verification code: \d{6}/);

    await postJson(`${server.url}/api/auth/reset-password`, { email: account.email });
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(account.email)).length)
      .toBe(2);
    expect(smtp.received.at(-1)!.raw.toString()).toMatch(/password reset code: \d{6}/);

    const rows = await server.database.db.select().from(outbox).where(eq(outbox.to, account.email));
    await expect
      .poll(async () =>
        (await server.database.db.select().from(outbox).where(eq(outbox.to, account.email))).map(
          (r) => r.status,
        ),
      )
      .toEqual(['sent', 'sent']);
    expect(rows).toHaveLength(2);
  });
});

describe('mail when the SMTP server is down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('still registers the user, and records the failure on the outbox row', async () => {
    const email = uniqueEmail();
    const response = await postJson(`${server.url}/register`, {
      email,
      password: 'password-123',
      first_name: 'Down',
      last_name: 'Time',
    });
    expect(response.status).toBe(201);
    await expect
      .poll(
        async () =>
          (await server.database.db.select().from(outbox).where(eq(outbox.to, email)))[0]?.status,
        { timeout: 15_000 },
      )
      .toBe('failed');
    const [row] = await server.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(row?.error).toBeTruthy();
  });
});
