import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/index.ts';
import { totpCode } from '../src/modules/auth/two-factor.ts';
import {
  authed,
  postForm,
  postJson,
  register,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from './helpers.ts';

/** Small limits, so the tests meet them; each limit is tested on its own server. */
const tight = {
  tokenPerIp: { max: 100_000, windowSeconds: 60 },
  tokenFailuresPerAccount: { max: 3, windowSeconds: 60 },
  registerPerIp: { max: 100_000, windowSeconds: 60 },
  codesPerIp: { max: 100_000, windowSeconds: 60 },
  codesPerAccount: { max: 4, windowSeconds: 60 },
};

describe('per-account sign-in limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: tight });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 429 after repeated failures, then forgives when the window ends', async () => {
    const account = await register(server);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await postForm(`${server.url}/token`, {
        username: account.email,
        password: 'nope-nope',
      });
      expect(wrong.status).toBe(401);
    }
    const blocked = await postForm(`${server.url}/token`, {
      username: account.email,
      password: account.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringContaining('Too many'),
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another account is not affected.
    const other = await register(server);
    const fine = await postForm(`${server.url}/token`, {
      username: other.email,
      password: other.password,
    });
    expect(fine.status).toBe(200);

    // The owner is not locked out for good: once the window has ended (moved into the past here,
    // rather than waited for), the right password works again.
    await server.database.db
      .update(rateLimits)
      .set({ windowStartedAt: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimits.key, `token:account:${account.email}`));
    const after = await postForm(`${server.url}/token`, {
      username: account.email,
      password: account.password,
    });
    expect(after.status).toBe(200);
  });

  it('counts each guess before checking it: parallel wrong passwords get no more than the limit', async () => {
    const account = await register(server);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postForm(`${server.url}/token`, { username: account.email, password: `wrong-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([401, 401, 401, ...Array.from({ length: 7 }, () => 429)]);
  });

  it('counts each second-step code before checking it, in parallel too', async () => {
    const account = await register(server);
    const setup = await postJson(
      `${server.url}/api/account/two-factor/setup`,
      {},
      authed(account.token),
    );
    const secret = setup.body.secret as string;
    const enabled = await postJson(
      `${server.url}/api/account/two-factor/enable`,
      { code: totpCode(secret) },
      authed(account.token),
    );
    expect(enabled.status).toBe(200);
    const first = await postForm(`${server.url}/token`, {
      username: account.email,
      password: account.password,
    });
    expect(first.status).toBe(403);
    const right = totpCode(secret, Date.now() + 30_000);
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postForm(`${server.url}/token`, {
          grant_type: 'mfa_otp',
          mfa_token: first.body.mfa_token as string,
          otp: wrong(i),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([401, 401, 401, ...Array.from({ length: 7 }, () => 429)]);
    // The right code is refused too until the window ends.
    const blocked = await postForm(`${server.url}/token`, {
      grant_type: 'mfa_otp',
      mfa_token: first.body.mfa_token as string,
      otp: right,
    });
    expect(blocked.status).toBe(429);
  });

  it('clears the failures on a successful sign-in', async () => {
    const account = await register(server);
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 2; i += 1) {
        await postForm(`${server.url}/token`, { username: account.email, password: 'nope-nope' });
      }
      const ok = await postForm(`${server.url}/token`, {
        username: account.email,
        password: account.password,
      });
      expect(ok.status).toBe(200);
    }
  });

  it('limits codes per account on verify, resend and reset', async () => {
    const account = await register(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await postJson(`${server.url}/api/auth/reset-password`, {
        email: account.email,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 429, 429]);
  });
});

/** A client address of its own for each test, as a proxy in front would report it. */
function clientAddress(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` };
}

describe('per-address limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { TRUST_PROXY: 'true' },
      rateLimits: {
        ...tight,
        tokenPerIp: { max: 5, windowSeconds: 60 },
        registerPerIp: { max: 2, windowSeconds: 60 },
        codesPerIp: { max: 3, windowSeconds: 60 },
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('limits /token per address, counting malformed requests too', async () => {
    const address = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await postJson(`${server.url}/token`, { not: 'a form' }, address);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([415, 415, 415, 415, 415, 429, 429]);
    // Another address is not affected.
    const other = await postJson(`${server.url}/token`, { not: 'a form' }, clientAddress());
    expect(other.status).toBe(415);
  });

  it('limits /register per address', async () => {
    const body = () => ({
      email: uniqueEmail(),
      password: 'password-1',
      first_name: 'A',
      last_name: 'B',
    });
    const address = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await postJson(`${server.url}/register`, body(), address)).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('limits the code endpoints per address', async () => {
    const address = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await postJson(
        `${server.url}/api/auth/verify/resend`,
        { email: uniqueEmail() },
        address,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
