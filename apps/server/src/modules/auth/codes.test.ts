import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCodes, outbox, users } from '../../db/schema/index.ts';
import {
  getJson,
  postForm,
  postJson,
  register,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The newest e-mail to an address, as the outbox keeps it. */
async function lastMail(to: string) {
  const [mail] = await server.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return mail;
}

async function lastCode(to: string): Promise<string> {
  const mail = await lastMail(to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function mailsTo(to: string) {
  const rows = await server.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(eq(outbox.to, to));
  return rows[0]?.n ?? 0;
}

describe('e-mail verification', () => {
  it('mails a six-digit code at registration, kept in the outbox and marked logged', async () => {
    const account = await register(server);
    const mail = await lastMail(account.email);
    expect(mail?.subject).toMatch(/verification code: \d{6}$/);
    expect(mail?.text).toContain('Hello Test');
    await expect.poll(async () => (await lastMail(account.email))?.status).toBe('logged');
    const [user] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, account.email));
    const [code] = await server.database.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.userId, user!.id));
    // Only a hash of the code is stored.
    expect(code?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(code?.codeHash).not.toContain(await lastCode(account.email));
  });

  it('verifies the address with the right code, once', async () => {
    const account = await register(server);
    const code = await lastCode(account.email);
    const ok = await postJson(`${server.url}/api/auth/verify`, { email: account.email, code });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ detail: 'Your e-mail address is verified.' });
    const me = await getJson(`${server.url}/user/me`, account.token);
    expect(me.body.email_verified).toBe(true);
    // Verifying again is harmless.
    const again = await postJson(`${server.url}/api/auth/verify`, { email: account.email, code });
    expect(again.status).toBe(200);
  });

  it('refuses a wrong code, and spends the code after five wrong guesses', async () => {
    const account = await register(server);
    const code = await lastCode(account.email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await postJson(`${server.url}/api/auth/verify`, {
        email: account.email,
        code: otherCode(code),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('INVALID_CODE');
    }
    const right = await postJson(`${server.url}/api/auth/verify`, { email: account.email, code });
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('INVALID_CODE');
  });

  it('counts each guess before checking it: parallel guesses get no more than five checks', async () => {
    const account = await register(server);
    const code = await lastCode(account.email);
    const wrong = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      wrong.map((guess) =>
        postJson(`${server.url}/api/auth/verify`, { email: account.email, code: guess }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(wrong.map(() => 400));
    const [row] = await server.database.db
      .select({ attempts: authCodes.attempts })
      .from(authCodes)
      .innerJoin(users, eq(users.id, authCodes.userId))
      .where(eq(users.email, account.email));
    expect(row?.attempts).toBe(5);
    // Spent: the right code is refused too.
    const right = await postJson(`${server.url}/api/auth/verify`, { email: account.email, code });
    expect(right.status).toBe(400);
  });

  it('refuses an expired code', async () => {
    const account = await register(server);
    const code = await lastCode(account.email);
    const [user] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, account.email));
    await server.database.db
      .update(authCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authCodes.userId, user!.id));
    const response = await postJson(`${server.url}/api/auth/verify`, {
      email: account.email,
      code,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_CODE');
  });

  it('resends a new code that replaces the old one, and says the same for unknown e-mails', async () => {
    const account = await register(server);
    const first = await lastCode(account.email);
    const resend = await postJson(`${server.url}/api/auth/verify/resend`, { email: account.email });
    expect(resend.status).toBe(202);
    const second = await lastCode(account.email);
    expect(await mailsTo(account.email)).toBe(2);
    if (first !== second) {
      const old = await postJson(`${server.url}/api/auth/verify`, {
        email: account.email,
        code: first,
      });
      expect(old.status).toBe(400);
    }
    const ok = await postJson(`${server.url}/api/auth/verify`, {
      email: account.email,
      code: second,
    });
    expect(ok.status).toBe(200);

    const ghost = uniqueEmail('ghost');
    const unknown = await postJson(`${server.url}/api/auth/verify/resend`, { email: ghost });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(resend.body);
    expect(await mailsTo(ghost)).toBe(0);
  });

  it('validates the code format and the e-mail', async () => {
    for (const body of [
      { email: 'someone@example.test', code: '12345' },
      { email: 'someone@example.test', code: 'abcdef' },
      { email: 'nope', code: '123456' },
      { code: '123456' },
    ]) {
      const response = await postJson(`${server.url}/api/auth/verify`, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    const unknown = await postJson(`${server.url}/api/auth/verify`, {
      email: uniqueEmail(),
      code: '123456',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('INVALID_CODE');
  });
});

describe('password reset', () => {
  it('mails a code, sets the new password with it, and signs out older tokens', async () => {
    const account = await register(server);
    const asked = await postJson(`${server.url}/api/auth/reset-password`, { email: account.email });
    expect(asked.status).toBe(202);
    const mail = await lastMail(account.email);
    expect(mail?.subject).toMatch(/password reset code/);
    const code = await lastCode(account.email);

    // Tokens are compared by the second: make sure the change is in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await postJson(`${server.url}/api/auth/new-password`, {
      email: account.email,
      code,
      password: 'a brand new password',
    });
    expect(changed.status).toBe(200);

    const oldPassword = await postForm(`${server.url}/token`, {
      username: account.email,
      password: account.password,
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await postForm(`${server.url}/token`, {
      username: account.email,
      password: 'a brand new password',
    });
    expect(newPassword.status).toBe(200);

    const oldToken = await getJson(`${server.url}/user/me`, account.token);
    expect(oldToken.status).toBe(401);
    const newToken = await getJson(
      `${server.url}/user/me`,
      newPassword.body.access_token as string,
    );
    expect(newToken.status).toBe(200);
    // Receiving the code proved the address.
    expect(newToken.body.email_verified).toBe(true);

    const reuse = await postJson(`${server.url}/api/auth/new-password`, {
      email: account.email,
      code,
      password: 'yet another password',
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('INVALID_CODE');
  });

  it('does not accept the verification code as a reset code', async () => {
    const account = await register(server);
    const verifyCode = await lastCode(account.email);
    const response = await postJson(`${server.url}/api/auth/new-password`, {
      email: account.email,
      code: verifyCode,
      password: 'sneaky password',
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_CODE');
  });

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const response = await postJson(`${server.url}/api/auth/reset-password`, { email: ghost });
    expect(response.status).toBe(202);
    expect(await mailsTo(ghost)).toBe(0);
  });

  it('keeps the old password when the new one is invalid or the code is wrong', async () => {
    const account = await register(server);
    await postJson(`${server.url}/api/auth/reset-password`, { email: account.email });
    const code = await lastCode(account.email);
    const short = await postJson(`${server.url}/api/auth/new-password`, {
      email: account.email,
      code,
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('VALIDATION_FAILED');
    const wrong = await postJson(`${server.url}/api/auth/new-password`, {
      email: account.email,
      code: otherCode(code),
      password: 'long enough password',
    });
    expect(wrong.status).toBe(400);
    const login = await postForm(`${server.url}/token`, {
      username: account.email,
      password: account.password,
    });
    expect(login.status).toBe(200);
  });
});
