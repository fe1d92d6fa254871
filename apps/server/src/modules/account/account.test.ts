import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationKinds } from '@beacon/contract';
import {
  addMember,
  authed,
  getJson,
  postForm,
  register,
  relaxedLimits,
  startTestServer,
  TEST_SECRET,
  uniqueEmail,
  type Json,
  type JsonResponse,
  type TestServer,
} from '../../../test/helpers.ts';
import { auditLog, emailChanges, outbox, tasks, users } from '../../db/schema/index.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createCryptoBox } from '../../lib/crypto-box.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { DUE_TASKS_JOB } from '../notifications/notifications.job.ts';
import { totpCode } from '../auth/two-factor.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function call(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...authed(token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed as Json };
}

/** Signs in with the password grant, from a browser of the given User-Agent. */
async function signIn(email: string, password: string, userAgent = FIREFOX_MAC) {
  return postForm(
    `${server.url}/token`,
    { username: email, password, grant_type: 'password' },
    { 'user-agent': userAgent },
  );
}

async function tokenOf(email: string, password: string, userAgent?: string) {
  const response = await signIn(email, password, userAgent);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.access_token as string;
}

const sidOf = (token: string) => decodeJwt(token).sid as string;

async function newestMail(to: string) {
  const [row] = await server.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row;
}

async function auditKinds(userId: string) {
  const rows = await server.database.db
    .select({ kind: auditLog.kind })
    .from(auditLog)
    .where(eq(auditLog.subject, `user:${userId}`))
    .orderBy(auditLog.createdAt);
  return rows.map((row) => row.kind);
}

describe('GET and PATCH /api/account', () => {
  it('answers the account, and changes names, phone, time zone, language and signature', async () => {
    const me = await register(server, { first_name: 'Ada', last_name: 'Lovelace' });
    const before = await call('GET', '/api/account', me.token);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      email: me.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: null,
      timeZone: null,
      language: null,
      emailSignature: '',
      twoFactorEnabled: false,
      recoveryCodesLeft: 0,
      pendingEmail: null,
    });
    const changed = await call('PATCH', '/api/account', me.token, {
      firstName: ' Augusta ',
      phone: '+33 6 12 34 56 78',
      timeZone: 'Europe/Paris',
      language: 'ar',
      emailSignature: 'Ada\nBeacon',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      phone: '+33612345678',
      timeZone: 'Europe/Paris',
      language: 'ar',
      emailSignature: 'Ada\nBeacon',
    });
    // Empty values clear what they name; the rest stays.
    const cleared = await call('PATCH', '/api/account', me.token, {
      phone: '',
      timeZone: '',
      language: '',
      emailSignature: ' ',
    });
    expect(cleared.body).toMatchObject({
      firstName: 'Augusta',
      phone: null,
      timeZone: null,
      language: null,
      emailSignature: '',
    });
    expect((await getJson(`${server.url}/user/me`, me.token)).body.first_name).toBe('Augusta');
  });

  it('refuses bad values with 400 on the field, and changes nothing', async () => {
    const me = await register(server);
    for (const [body, field] of [
      [{ phone: '12345' }, 'phone'],
      [{ phone: '+1 555 0000 0000 0000' }, 'phone'],
      [{ phone: 42 }, 'phone'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ language: 'de' }, 'language'],
      [{ firstName: '' }, 'firstName'],
      [{ firstName: null }, 'firstName'],
      [{ emailSignature: 'x'.repeat(2001) }, 'emailSignature'],
      [{ email: 'other@example.test' }, ''],
    ] as const) {
      const response = await call('PATCH', '/api/account', me.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
      if (field) expect(Object.keys(response.body.errors as object)).toContain(field);
    }
    const huge = await call('PATCH', '/api/account', me.token, {
      emailSignature: 'x'.repeat(100_000),
    });
    expect(huge.status).toBe(413);
    const after = await call('GET', '/api/account', me.token);
    expect(after.body).toMatchObject({ firstName: 'Test', phone: null, timeZone: null });
  });

  it('lets a viewer change their own account', async () => {
    const admin = await register(server);
    const viewer = await addMember(server, admin.token, 'viewer');
    const response = await call('PATCH', '/api/account', viewer.token, { lastName: 'Reader' });
    expect(response.status).toBe(200);
    expect(response.body.lastName).toBe('Reader');
  });

  it('answers 401 without a token', async () => {
    expect((await getJson(`${server.url}/api/account`)).status).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  it('changes the password with the current one, signs the other sessions out and keeps this one', async () => {
    const me = await register(server);
    const here = await tokenOf(me.email, me.password);
    const elsewhere = await tokenOf(me.email, me.password, CHROME_ANDROID);
    const wrong = await call('POST', '/api/account/password', here, {
      currentPassword: 'not the password',
      newPassword: 'a brand new password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('currentPassword');
    expect((await getJson(`${server.url}/user/me`, elsewhere)).status).toBe(200);

    const changed = await call('POST', '/api/account/password', here, {
      currentPassword: me.password,
      newPassword: 'a brand new password',
    });
    expect(changed.status).toBe(204);
    // At once: this session goes on, every other one (the registration's too) is refused.
    expect((await getJson(`${server.url}/user/me`, here)).status).toBe(200);
    const refused = await getJson(`${server.url}/user/me`, elsewhere);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
    expect((await getJson(`${server.url}/user/me`, me.token)).status).toBe(401);

    expect((await signIn(me.email, me.password)).status).toBe(401);
    expect((await signIn(me.email, 'a brand new password')).status).toBe(200);
    const userId = decodeJwt(here).sub!;
    expect(await auditKinds(userId)).toContain('auth.password_changed');
    expect((await newestMail(me.email))?.subject).toBe('Your Beacon password was changed');
  });

  it('refuses a new password too short or too long, and a missing current one', async () => {
    const me = await register(server);
    for (const body of [
      { currentPassword: me.password, newPassword: 'short' },
      { currentPassword: me.password, newPassword: 'x'.repeat(129) },
      { newPassword: 'a brand new password' },
      { currentPassword: 7, newPassword: 'a brand new password' },
      { currentPassword: me.password, newPassword: 'a brand new password', extra: 1 },
    ]) {
      const response = await call('POST', '/api/account/password', me.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await signIn(me.email, me.password)).status).toBe(200);
  });

  it('is rate limited per account (429), and the limit counts wrong passwords', async () => {
    const limited = await startTestServer({
      rateLimits: { ...relaxedLimits, accountChangesPerAccount: { max: 3, windowSeconds: 600 } },
    });
    try {
      const me = await register(limited);
      const attempt = () =>
        fetch(`${limited.url}/api/account/password`, {
          method: 'POST',
          headers: { ...authed(me.token), 'content-type': 'application/json' },
          body: JSON.stringify({ currentPassword: 'guess', newPassword: 'a brand new password' }),
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(400);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('lists the devices with browser, system, address and which one is this', async () => {
    const me = await register(server);
    const mac = await tokenOf(me.email, me.password, FIREFOX_MAC);
    const phone = await tokenOf(me.email, me.password, CHROME_ANDROID);
    const list = await call('GET', '/api/account/sessions', mac);
    expect(list.status).toBe(200);
    const items = list.body.items as Json[];
    expect(items).toHaveLength(3); // the registration's, too
    expect(items.find((s) => s.id === sidOf(mac))).toMatchObject({
      browser: 'Firefox 133',
      os: expect.stringMatching(/^macOS/),
      deviceType: 'desktop',
      ip: expect.any(String),
      current: true,
    });
    expect(items.find((s) => s.id === sidOf(phone))).toMatchObject({
      browser: 'Chrome 131',
      os: 'Android 14',
      deviceType: 'mobile',
      current: false,
    });
    expect(items.filter((s) => s.current)).toHaveLength(1);
  });

  it('signs one device out at once, and then all the others, keeping this one', async () => {
    const me = await register(server);
    const here = await tokenOf(me.email, me.password);
    const phone = await tokenOf(me.email, me.password, CHROME_ANDROID);
    const revoked = await call('DELETE', `/api/account/sessions/${sidOf(phone)}`, here);
    expect(revoked.status).toBe(204);
    expect((await getJson(`${server.url}/user/me`, phone)).status).toBe(401);
    expect((await getJson(`${server.url}/user/me`, here)).status).toBe(200);
    // Gone is gone: a second time is a 404.
    expect((await call('DELETE', `/api/account/sessions/${sidOf(phone)}`, here)).status).toBe(404);

    const other = await tokenOf(me.email, me.password, CHROME_ANDROID);
    const others = await call('POST', '/api/account/sessions/revoke-others', here);
    expect(others.status).toBe(200);
    expect(others.body).toEqual({ revoked: 2 }); // the registration's and `other`
    expect((await getJson(`${server.url}/user/me`, other)).status).toBe(401);
    expect((await getJson(`${server.url}/user/me`, me.token)).status).toBe(401);
    const left = await call('GET', '/api/account/sessions', here);
    expect((left.body.items as Json[]).map((s) => s.id)).toEqual([sidOf(here)]);

    // Signing this device out is deleting its own session.
    expect((await call('DELETE', `/api/account/sessions/${sidOf(here)}`, here)).status).toBe(204);
    expect((await getJson(`${server.url}/user/me`, here)).status).toBe(401);
    const kinds = await auditKinds(decodeJwt(here).sub!);
    expect(kinds).toContain('auth.session_revoked');
    expect(kinds).toContain('auth.sign_out');
    expect(kinds).toContain('auth.sign_in');
  });

  it("answers 404 for another member's session, in the workspace or not, and ends nothing", async () => {
    const admin = await register(server);
    const colleague = await addMember(server, admin.token, 'contributor');
    const stranger = await register(server);
    for (const token of [colleague.token, stranger.token]) {
      const response = await call('DELETE', `/api/account/sessions/${sidOf(admin.token)}`, token);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect((await getJson(`${server.url}/user/me`, admin.token)).status).toBe(200);
    const bad = await call('DELETE', '/api/account/sessions/not-a-uuid', admin.token);
    expect(bad.status).toBe(400);
  });

  it('refuses a token whose session has expired, and sweeps it', async () => {
    const me = await register(server);
    const token = await tokenOf(me.email, me.password);
    await server.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${sidOf(token)}`,
    );
    expect((await getJson(`${server.url}/user/me`, token)).status).toBe(401);
  });
});

/** A six-digit code that none of the window's steps make. */
function wrongCode(secret: string): string {
  const now = Date.now();
  const right = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, now + d)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!right.has(code)) return code;
  }
}

async function enableTwoFactor(token: string) {
  const setup = await call('POST', '/api/account/two-factor/setup', token);
  expect(setup.status).toBe(201);
  const secret = setup.body.secret as string;
  const enabled = await call('POST', '/api/account/two-factor/enable', token, {
    code: totpCode(secret),
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describe('two-factor sign-in', () => {
  it('sets up with a QR code drawn locally and enables only with a right code', async () => {
    const me = await register(server);
    const setup = await call('POST', '/api/account/two-factor/setup', me.token);
    expect(setup.status).toBe(201);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Beacon:.+\?.*secret=/);
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from((setup.body.qrCode as string).split(',')[1]!, 'base64').toString();
    expect(svg).toContain('<svg');

    const wrong = await call('POST', '/api/account/two-factor/enable', me.token, {
      code: wrongCode(setup.body.secret as string),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CODE');
    for (const code of ['12345', 'abcdef', 123456, '']) {
      expect(
        (await call('POST', '/api/account/two-factor/enable', me.token, { code })).status,
      ).toBe(400);
    }
    expect((await call('GET', '/api/account', me.token)).body.twoFactorEnabled).toBe(false);

    const enabled = await call('POST', '/api/account/two-factor/enable', me.token, {
      code: totpCode(setup.body.secret as string),
    });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call('GET', '/api/account', me.token)).body).toMatchObject({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    // Stored hashed: no code appears in the database.
    const stored = await server.database.db.execute(
      sql`select code_hash from recovery_codes where user_id = ${decodeJwt(me.token).sub!}`,
    );
    const hashes = (stored as unknown as { rows: { code_hash: string }[] }).rows;
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(codes).not.toContain(row.code_hash);
    // A second setup while on is a conflict.
    expect((await call('POST', '/api/account/two-factor/setup', me.token)).status).toBe(409);
  });

  it('asks the password grant for a second step, and refuses wrong, reused and used codes', async () => {
    const me = await register(server);
    const { secret, recoveryCodes } = await enableTwoFactor(me.token);

    const first = await signIn(me.email, me.password);
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ error: 'mfa_required', code: 'MFA_REQUIRED' });
    expect(first.body).not.toHaveProperty('access_token');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const mfaToken = first.body.mfa_token as string;
    expect(mfaToken).toEqual(expect.any(String));
    // A wrong password still reads as any wrong password: no hint that 2FA is on.
    expect((await signIn(me.email, 'not the password')).body).toMatchObject({
      error: 'invalid_grant',
    });

    const second = (fields: Record<string, string>) =>
      postForm(`${server.url}/token`, { grant_type: 'mfa_otp', mfa_token: mfaToken, ...fields });

    const wrong = await second({ otp: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_grant', code: 'INVALID_MFA_CODE' });

    // The step after the one enabling used: a code not used yet.
    const code = totpCode(secret, Date.now() + 30_000);
    const ok = await second({ otp: code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await getJson(`${server.url}/user/me`, ok.body.access_token as string)).status).toBe(
      200,
    );
    // The same code again (replay within its window) is refused.
    const replay = await second({ otp: code });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('INVALID_MFA_CODE');
    // So is the code of the step enabling used, now older than the last one taken.
    expect((await second({ otp: totpCode(secret) })).status).toBe(401);

    // A recovery code works once, typed in any case and with or without its dash.
    const recovery = recoveryCodes[3]!;
    const byRecovery = await second({ recovery_code: recovery.toUpperCase().replace('-', '') });
    expect(byRecovery.status).toBe(200);
    const used = await second({ recovery_code: recovery });
    expect(used.status).toBe(401);
    expect((await second({ recovery_code: 'aaaaa-bbbbb' })).status).toBe(401);
    expect((await call('GET', '/api/account', me.token)).body.recoveryCodesLeft).toBe(9);

    // Tokens that are not the second step's are refused.
    for (const bad of [me.token, 'garbage', '']) {
      const response = await postForm(`${server.url}/token`, {
        grant_type: 'mfa_otp',
        mfa_token: bad,
        otp: totpCode(secret, Date.now() + 30_000),
      });
      expect(response.status, bad).toBe(401);
    }
    // The second step needs its fields.
    expect((await postForm(`${server.url}/token`, { grant_type: 'mfa_otp' })).status).toBe(400);
    expect(
      (await postForm(`${server.url}/token`, { grant_type: 'mfa_otp', mfa_token: mfaToken }))
        .status,
    ).toBe(400);

    const kinds = await auditKinds(decodeJwt(me.token).sub!);
    expect(kinds).toContain('auth.two_factor_enabled');
    expect(kinds).toContain('auth.recovery_code_used');
    expect(kinds).toContain('auth.sign_in_failed');
  });

  it('makes new recovery codes and turns off only with the password', async () => {
    const me = await register(server);
    const { recoveryCodes } = await enableTwoFactor(me.token);
    const renewed = await call('POST', '/api/account/two-factor/recovery-codes', me.token, {
      password: me.password,
    });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    // The old codes are gone.
    const first = await signIn(me.email, me.password);
    const old = await postForm(`${server.url}/token`, {
      grant_type: 'mfa_otp',
      mfa_token: first.body.mfa_token as string,
      recovery_code: recoveryCodes[0]!,
    });
    expect(old.status).toBe(401);

    const wrong = await call('POST', '/api/account/two-factor/disable', me.token, {
      password: 'not the password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('password');
    expect((await call('GET', '/api/account', me.token)).body.twoFactorEnabled).toBe(true);

    const off = await call('POST', '/api/account/two-factor/disable', me.token, {
      password: me.password,
    });
    expect(off.status).toBe(204);
    expect((await call('GET', '/api/account', me.token)).body).toMatchObject({
      twoFactorEnabled: false,
      recoveryCodesLeft: 0,
    });
    // Stock password-grant clients work again.
    expect((await signIn(me.email, me.password)).status).toBe(200);
    expect(await auditKinds(decodeJwt(me.token).sub!)).toContain('auth.two_factor_disabled');
    // Without two-factor sign-in there are no codes to renew.
    expect(
      (
        await call('POST', '/api/account/two-factor/recovery-codes', me.token, {
          password: me.password,
        })
      ).status,
    ).toBe(409);
  });
});

describe('two-factor secret at rest', () => {
  async function storedSecrets(userId: string) {
    const [row] = await server.database.db
      .select({ secret: users.twoFactorSecret, pending: users.twoFactorPendingSecret })
      .from(users)
      .where(eq(users.id, userId));
    return row!;
  }

  it('keeps the secret and the one being set up sealed, never as the app reads it', async () => {
    const me = await register(server);
    const userId = decodeJwt(me.token).sub!;
    const setup = await call('POST', '/api/account/two-factor/setup', me.token);
    const secret = setup.body.secret as string;
    const pending = await storedSecrets(userId);
    expect(pending.pending).toMatch(/^cb1\./);
    expect(pending.pending).not.toContain(secret);
    await call('POST', '/api/account/two-factor/enable', me.token, { code: totpCode(secret) });
    const enabled = await storedSecrets(userId);
    expect(enabled.secret).toMatch(/^cb1\./);
    expect(enabled.secret).not.toContain(secret);
    expect(enabled.pending).toBeNull();
    const box = createCryptoBox(TEST_SECRET);
    expect(box.open(enabled.secret!, `totp:${userId}`)).toBe(secret);
    // Bound to its member: it does not open as another member's.
    expect(() => box.open(enabled.secret!, `totp:${randomUUID()}`)).toThrow();
  });

  it('seals plain secrets of before at start, and seals again under a new ENCRYPTION_KEY', async () => {
    const before = await register(server);
    const beforeId = decodeJwt(before.token).sub!;
    const plain = await enableTwoFactor(before.token);
    // As an install from before sealing began kept it.
    await server.database.db
      .update(users)
      .set({ twoFactorSecret: plain.secret })
      .where(eq(users.id, beforeId));
    // Plain secrets still work until the next start.
    const firstStep = await signIn(before.email, before.password);
    const step = await postForm(`${server.url}/token`, {
      grant_type: 'mfa_otp',
      mfa_token: firstStep.body.mfa_token as string,
      otp: totpCode(plain.secret, Date.now() + 30_000),
    });
    expect(step.status, JSON.stringify(step.body)).toBe(200);

    const sealed = await register(server);
    const sealedId = decodeJwt(sealed.token).sub!;
    const underOldKey = await enableTwoFactor(sealed.token);
    const oldValue = (await storedSecrets(sealedId)).secret!;

    // Another process starts with a new key, the old one kept as previous.
    const newKey = 'a-new-encryption-key-that-is-long-enough-01';
    const config = loadConfig({
      DATA_DIR: server.config.dataDir,
      JWT_SECRET: TEST_SECRET,
      ENCRYPTION_KEY: newKey,
      ENCRYPTION_KEY_PREVIOUS: TEST_SECRET,
      LOG_LEVEL: 'silent',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    });
    const other = await buildApp({
      config,
      database: server.database,
      webDir: null,
      logger: false,
      rateLimits: relaxedLimits,
    });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const address = other.server.address() as AddressInfo;
      const otherUrl = `http://127.0.0.1:${address.port}`;
      const box = createCryptoBox(newKey);
      const now = await storedSecrets(beforeId);
      expect(now.secret).toMatch(/^cb1\./);
      expect(box.open(now.secret!, `totp:${beforeId}`)).toBe(plain.secret);
      const resealed = (await storedSecrets(sealedId)).secret!;
      expect(resealed).not.toBe(oldValue);
      expect(box.open(resealed, `totp:${sealedId}`)).toBe(underOldKey.secret);

      // Both sign in through the new process: one with the app's next code (the one from
      // before used the step after this one already, so a recovery code), one with its app.
      for (const [who, code] of [
        [before, { recovery_code: plain.recoveryCodes[0]! }],
        [sealed, { otp: totpCode(underOldKey.secret, Date.now() + 30_000) }],
      ] as const) {
        const first = await postForm(`${otherUrl}/token`, {
          username: who.email,
          password: who.password,
          grant_type: 'password',
        });
        expect(first.status).toBe(403);
        const second = await postForm(`${otherUrl}/token`, {
          grant_type: 'mfa_otp',
          mfa_token: first.body.mfa_token as string,
          ...code,
        });
        expect(second.status, JSON.stringify(second.body)).toBe(200);
      }
    } finally {
      await other.close();
    }
  });
});

describe('notification choices', () => {
  it('answers every kind with its default, and keeps what the member chooses', async () => {
    const me = await register(server);
    const defaults = await call('GET', '/api/account/notifications', me.token);
    expect(defaults.status).toBe(200);
    // Every kind of the contract, each in the app and not by e-mail until chosen otherwise.
    expect(defaults.body).toEqual({
      items: notificationKinds.map((kind) => ({ kind, inApp: true, email: false })),
    });
    const set = await call('PUT', '/api/account/notifications', me.token, {
      items: [{ kind: 'task_due', inApp: false, email: true }],
    });
    expect(set.status).toBe(200);
    const kindOf = (body: unknown, kind: string) =>
      (body as { items: { kind: string }[] }).items.find((item) => item.kind === kind);
    expect(kindOf(set.body, 'task_due')).toEqual({ kind: 'task_due', inApp: false, email: true });
    expect(kindOf(set.body, 'chat_mention')).toEqual({
      kind: 'chat_mention',
      inApp: true,
      email: false,
    });
    for (const items of [
      [{ kind: 'nope', inApp: true, email: true }],
      [{ kind: 'task_due', inApp: 'yes', email: true }],
      [{ kind: 'task_due', inApp: true }],
      'all',
    ]) {
      expect((await call('PUT', '/api/account/notifications', me.token, { items })).status).toBe(
        400,
      );
    }
    // A kind given twice: the last wins, without an error.
    const twice = await call('PUT', '/api/account/notifications', me.token, {
      items: [
        { kind: 'task_due', inApp: true, email: true },
        { kind: 'task_due', inApp: true, email: false },
      ],
    });
    expect(kindOf(twice.body, 'task_due')).toEqual({ kind: 'task_due', inApp: true, email: false });
  });

  it('the task-due job notifies in the app or by e-mail as each member chose', async () => {
    const byMail = await register(server);
    const inApp = await register(server);
    await call('PUT', '/api/account/notifications', byMail.token, {
      items: [{ kind: 'task_due', inApp: false, email: true }],
    });
    const due = new Date(Date.now() - 1000).toISOString();
    for (const member of [byMail, inApp]) {
      const created = await call('POST', '/api/tasks', member.token, {
        title: `Due for ${member.first_name} ${member.email}`,
        dueAt: due,
      });
      expect(created.status).toBe(201);
      // A task one makes already due is not announced to oneself: make it wait for the job.
      await server.database.db
        .update(tasks)
        .set({ dueNotifiedAt: null })
        .where(eq(tasks.id, created.body.id as string));
    }
    const announced = async () => {
      const rows = await server.database.db
        .select({ at: tasks.dueNotifiedAt })
        .from(tasks)
        .where(
          sql`${tasks.title} in (${`Due for Test ${byMail.email}`}, ${`Due for Test ${inApp.email}`})`,
        );
      return rows.every((row) => row.at !== null);
    };
    for (let i = 0; i < 200 && !(await announced()); i += 1) {
      if (i % 20 === 0) await enqueueJob(server.database.db, DUE_TASKS_JOB, {});
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await announced()).toBe(true);
    const unread = async (token: string) =>
      (await call('GET', '/api/notifications/unread', token)).body.unread;
    expect(await unread(byMail.token)).toBe(0);
    expect(await unread(inApp.token)).toBe(1);
    expect((await newestMail(byMail.email))?.subject).toBe(
      `Task due: Due for Test ${byMail.email}`,
    );
    expect((await newestMail(inApp.email))?.subject).not.toMatch(/^Task due/);
  });
});

describe('e-mail change', () => {
  const linkToken = (text: string) => /confirm-email\?token=([\w-]+)/.exec(text)?.[1];

  it('mails a link to the new address, changes nothing until it is followed, and tells the old one', async () => {
    const me = await register(server);
    const newEmail = uniqueEmail('moved');
    const wrong = await call('POST', '/api/account/email', me.token, {
      email: newEmail,
      password: 'not the password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('password');
    const asked = await call(
      'POST',
      '/api/account/email',
      me.token,
      { email: newEmail.toUpperCase(), password: me.password },
      { 'x-forwarded-host': 'evil.example' },
    );
    expect(asked.status).toBe(202);
    const mail = await newestMail(newEmail);
    expect(mail?.subject).toBe('Confirm your new Beacon e-mail address');
    expect(mail?.text).toContain(`${server.url}/dashboard/user/account/confirm-email?token=`);
    const token = linkToken(mail!.text)!;
    expect(token.length).toBeGreaterThan(40);

    let account = await call('GET', '/api/account', me.token);
    expect(account.body).toMatchObject({ email: me.email, pendingEmail: newEmail });
    expect((await signIn(newEmail, me.password)).status).toBe(401);

    const bad = await call('POST', '/api/account/email/confirm', me.token, {
      token: `${token.slice(0, -1)}x`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_CODE');
    // Another member cannot use the link.
    const other = await register(server);
    expect((await call('POST', '/api/account/email/confirm', other.token, { token })).status).toBe(
      400,
    );

    const confirmed = await call('POST', '/api/account/email/confirm', me.token, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await newestMail(me.email))?.subject).toBe('Your Beacon e-mail address was changed');
    expect((await signIn(newEmail, me.password)).status).toBe(200);
    expect((await signIn(me.email, me.password)).status).toBe(401);
    // Once only.
    expect((await call('POST', '/api/account/email/confirm', me.token, { token })).status).toBe(
      400,
    );
    account = await call('GET', '/api/account', me.token);
    expect(account.body.email).toBe(newEmail);
    expect(await auditKinds(decodeJwt(me.token).sub!)).toContain('auth.email_changed');
  });

  it('refuses an expired link', async () => {
    const me = await register(server);
    const newEmail = uniqueEmail('late');
    await call('POST', '/api/account/email', me.token, { email: newEmail, password: me.password });
    const token = linkToken((await newestMail(newEmail))!.text)!;
    await server.database.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(emailChanges.newEmail, newEmail)));
    const late = await call('POST', '/api/account/email/confirm', me.token, { token });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('INVALID_CODE');
    expect((await call('GET', '/api/account', me.token)).body).toMatchObject({
      email: me.email,
      pendingEmail: null,
    });
  });

  it('refuses an address in use and its own address, and a taken one at confirmation', async () => {
    const me = await register(server);
    const other = await register(server);
    const taken = await call('POST', '/api/account/email', me.token, {
      email: other.email,
      password: me.password,
    });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
    const same = await call('POST', '/api/account/email', me.token, {
      email: me.email,
      password: me.password,
    });
    expect(same.status).toBe(400);
    expect(same.body.errors).toHaveProperty('email');

    // Someone registers the address between the request and the confirmation.
    const newEmail = uniqueEmail('raced');
    await call('POST', '/api/account/email', me.token, { email: newEmail, password: me.password });
    const token = linkToken((await newestMail(newEmail))!.text)!;
    await register(server, { email: newEmail });
    const raced = await call('POST', '/api/account/email/confirm', me.token, { token });
    expect(raced.status).toBe(400);
    expect(raced.body.code).toBe('EMAIL_TAKEN');
    expect((await call('GET', '/api/account', me.token)).body.email).toBe(me.email);
  });
});
