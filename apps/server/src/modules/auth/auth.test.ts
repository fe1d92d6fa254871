import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@beacon/contract';
import { users } from '../../db/schema/index.ts';
import {
  TEST_SECRET,
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

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs arbitrary claims with the server's secret (or another), for forged-token cases. */
async function sign(claims: Record<string, unknown>, secret = TEST_SECRET, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));
}

describe('POST /register', () => {
  it('creates a workspace with the user as admin and answers the spec fields', async () => {
    const email = uniqueEmail('Reg');
    const response = await postJson(`${server.url}/register`, {
      email: `  ${email.toUpperCase()}  `,
      password: 'a good password',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      access_token: expect.any(String),
      email: email.toLowerCase(),
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    const claims = decodeJwt(response.body.access_token as string);
    expect(claims).toMatchObject({ role: 'admin', iss: 'beacon', aud: 'beacon' });
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);

    const me = await getJson(`${server.url}/user/me`, response.body.access_token as string);
    expect(me.status).toBe(200);
    const user = currentUserSchema.parse(me.body);
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'admin',
      email_verified: false,
      workspace: { name: "Ada's workspace" },
    });
    expect(claims.sub).toBe(user.id);
    expect(claims.wid).toBe(user.workspace.id);
  });

  it('gives every registration its own workspace', async () => {
    const a = await register(server);
    const b = await register(server);
    const meA = await getJson(`${server.url}/user/me`, a.token);
    const meB = await getJson(`${server.url}/user/me`, b.token);
    expect((meA.body.workspace as { id: string }).id).not.toBe(
      (meB.body.workspace as { id: string }).id,
    );
  });

  it('answers 400 with a detail for a taken e-mail, whatever its case, and keeps the first account', async () => {
    const first = await register(server);
    const again = await postJson(`${server.url}/register`, {
      email: first.email.toUpperCase(),
      password: 'another password',
      first_name: 'Other',
      last_name: 'Person',
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      detail: 'An account with this e-mail address already exists',
      code: 'EMAIL_TAKEN',
    });
    const login = await postForm(`${server.url}/token`, {
      username: first.email,
      password: first.password,
    });
    expect(login.status).toBe(200);
  });

  it('lets only one of two simultaneous registrations of an e-mail through', async () => {
    const email = uniqueEmail('race');
    const body = { email, password: 'password-123', first_name: 'R', last_name: 'C' };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => postJson(`${server.url}/register`, body)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    const rows = await server.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{}, ['email', 'password', 'first_name', 'last_name']],
    [{ email: 'not-an-email', password: 'longenough', first_name: 'A', last_name: 'B' }, ['email']],
    [{ email: uniqueEmail(), password: 'short', first_name: 'A', last_name: 'B' }, ['password']],
    [
      { email: uniqueEmail(), password: 'x'.repeat(129), first_name: 'A', last_name: 'B' },
      ['password'],
    ],
    [
      { email: uniqueEmail(), password: 'longenough', first_name: '   ', last_name: 'B' },
      ['first_name'],
    ],
    [
      { email: 42, password: true, first_name: ['A'], last_name: { a: 1 } },
      ['email', 'password', 'first_name', 'last_name'],
    ],
  ])('refuses malformed input %j with per-field errors', async (body, fields) => {
    const response = await postJson(`${server.url}/register`, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(typeof response.body.detail).toBe('string');
    expect(Object.keys(response.body.errors as object).sort()).toEqual([...fields].sort());
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    for (const password of ['12345678', 'p'.repeat(128)]) {
      const response = await postJson(`${server.url}/register`, {
        email: uniqueEmail(),
        password,
        first_name: 'Edge',
        last_name: 'Case',
      });
      expect(response.status).toBe(201);
    }
  });

  it('stores the password as Argon2id with the decided parameters', async () => {
    const account = await register(server);
    const [row] = await server.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, account.email));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a form-encoded body with 415', async () => {
    const response = await postForm(`${server.url}/register`, {
      email: uniqueEmail(),
      password: 'longenough',
      first_name: 'A',
      last_name: 'B',
    });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses malformed JSON with 400 and a body over 16 KiB with 413', async () => {
    const bad = await fetch(`${server.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'BAD_REQUEST' });

    const huge = await postJson(`${server.url}/register`, {
      email: uniqueEmail(),
      password: 'longenough',
      first_name: 'x'.repeat(20_000),
      last_name: 'B',
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({
      detail: 'The request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });
});

describe('POST /token', () => {
  it('signs in with form-encoded username and password, e-mail in any case', async () => {
    const account = await register(server);
    const response = await postForm(`${server.url}/token`, {
      username: ` ${account.email.toUpperCase()} `,
      password: account.password,
      grant_type: 'password',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: server.config.jwtTtlSeconds,
    });
    const me = await getJson(`${server.url}/user/me`, response.body.access_token as string);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(account.email);
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and empty fields', async () => {
    const account = await register(server);
    const cases = [
      { username: account.email, password: 'wrong password' },
      { username: uniqueEmail('nobody'), password: account.password },
      { username: '', password: '' },
    ];
    for (const fields of cases) {
      const response = await postForm(`${server.url}/token`, fields);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        detail: 'Invalid credentials',
        code: 'INVALID_CREDENTIALS',
        error: 'invalid_grant',
      });
    }
  });

  it('refuses a disabled user with the same 401', async () => {
    const account = await register(server);
    await server.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.email, account.email));
    const response = await postForm(`${server.url}/token`, {
      username: account.email,
      password: account.password,
    });
    expect(response.status).toBe(401);
    expect(response.body.detail).toBe('Invalid credentials');
  });

  it('takes as long for an unknown e-mail as for a wrong password', async () => {
    const account = await register(server);
    const time = async (username: string) => {
      const started = performance.now();
      await postForm(`${server.url}/token`, { username, password: 'not the password' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      known.push(await time(account.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Both do one Argon2 verification; without it an unknown e-mail answers ~50x faster. The
    // bounds are loose so that a busy machine's noise does not fail them.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
    expect(median(known)).toBeGreaterThan(median(unknown) * 0.3);
  });

  it('refuses JSON with 415, a wrong grant type with 400, and a huge body with 413', async () => {
    const json = await postJson(`${server.url}/token`, { username: 'a@b.co', password: 'x' });
    expect(json.status).toBe(415);
    const grant = await postForm(`${server.url}/token`, {
      username: 'a@b.co',
      password: 'whatever1',
      grant_type: 'client_credentials',
    });
    expect(grant.status).toBe(400);
    expect(grant.body.code).toBe('VALIDATION_FAILED');
    const huge = await postForm(`${server.url}/token`, {
      username: 'a@b.co',
      password: 'p'.repeat(40_000),
    });
    expect(huge.status).toBe(413);
  });
});

describe('POST /token for OAuth2 clients', () => {
  it('answers expires_in in seconds, matching the token, and is never cached', async () => {
    const account = await register(server);
    const response = await postForm(`${server.url}/token`, {
      username: account.email,
      password: account.password,
      grant_type: 'password',
    });
    expect(response.status).toBe(200);
    expect(response.body.expires_in).toBe(server.config.jwtTtlSeconds);
    const claims = decodeJwt(response.body.access_token as string);
    expect(claims.exp! - claims.iat!).toBe(response.body.expires_in);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
  });

  it("answers OAuth2's error code next to detail and code, never cached", async () => {
    const account = await register(server);
    const cases: [Record<string, string> | string, number, string, string][] = [
      [
        { username: account.email, password: 'wrong password' },
        401,
        'INVALID_CREDENTIALS',
        'invalid_grant',
      ],
      [
        { username: account.email, password: account.password, grant_type: 'client_credentials' },
        400,
        'VALIDATION_FAILED',
        'unsupported_grant_type',
      ],
      [
        { username: account.email, password: account.password, grant_type: 'refresh_token' },
        400,
        'VALIDATION_FAILED',
        'unsupported_grant_type',
      ],
      [{ username: account.email }, 400, 'VALIDATION_FAILED', 'invalid_request'],
      [
        { username: account.email, password: 'p'.repeat(40_000) },
        413,
        'PAYLOAD_TOO_LARGE',
        'invalid_request',
      ],
      ['{"username":"a@b.co","password":"x"}', 415, 'UNSUPPORTED_MEDIA_TYPE', 'invalid_request'],
    ];
    for (const [fields, status, code, error] of cases) {
      const response =
        typeof fields === 'string'
          ? await postJson(`${server.url}/token`, JSON.parse(fields))
          : await postForm(`${server.url}/token`, fields);
      expect(response.status, error).toBe(status);
      expect(response.body).toMatchObject({ detail: expect.any(String), code, error });
      expect(response.headers.get('cache-control'), error).toBe('no-store');
      expect(response.headers.get('pragma'), error).toBe('no-cache');
    }
  });
});

describe('GET /user/me and token checks', () => {
  let account: Awaited<ReturnType<typeof register>>;
  let claims: { sub: string; wid: string; sid: string; role: string };
  beforeAll(async () => {
    account = await register(server);
    const decoded = decodeJwt(account.token);
    claims = {
      sub: decoded.sub!,
      wid: decoded.wid as string,
      sid: decoded.sid as string,
      role: decoded.role as string,
    };
  });

  const now = () => Math.floor(Date.now() / 1000);
  const good = () => ({ ...claims, iss: 'beacon', aud: 'beacon', iat: now(), exp: now() + 600 });

  it('answers the user for a valid token', async () => {
    const me = await getJson(`${server.url}/user/me`, await sign(good()));
    expect(me.status).toBe(200);
  });

  it('answers 401 without a token or with a malformed header', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      'Basic dXNlcjpwYXNz',
      `Token ${account.token}`,
    ]) {
      const response = await fetch(`${server.url}/user/me`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  const forged: [string, () => Promise<string>][] = [
    ['alg none', async () => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(good())}.`],
    ['a wrong signature', async () => sign(good(), 'another-secret-that-is-long-enough-000000')],
    [
      'a wrong algorithm (HS512 with the right secret)',
      async () => sign(good(), TEST_SECRET, 'HS512'),
    ],
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = account.token.split('.');
        return `${header}.${b64url({ ...good(), role: 'admin', sub: claims.sub })}.${signature}`;
      },
    ],
    ['a wrong issuer', async () => sign({ ...good(), iss: 'someone-else' })],
    ['a wrong audience', async () => sign({ ...good(), aud: 'another-app' })],
    [
      'no exp',
      async () => {
        const { exp: _exp, ...rest } = good();
        return sign(rest);
      },
    ],
    ['a truncated token', async () => account.token.slice(0, -10)],
    ['garbage', async () => 'not.a.token'],
    [
      'another workspace id',
      async () => sign({ ...good(), wid: '00000000-0000-4000-8000-000000000000' }),
    ],
    [
      'an unknown user',
      async () => sign({ ...good(), sub: '00000000-0000-4000-8000-000000000000' }),
    ],
    ['a non-uuid subject', async () => sign({ ...good(), sub: "x' or 1=1 --" })],
    [
      'an unknown session',
      async () => sign({ ...good(), sid: '00000000-0000-4000-8000-000000000000' }),
    ],
    [
      'no session id',
      async () => {
        const { sid: _sid, ...withoutSession } = good();
        return sign(withoutSession);
      },
    ],
    [
      'a hand-made HS256 token signed with an empty key',
      async () => {
        const body = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(good())}`;
        return `${body}.${createHmac('sha256', '').update(body).digest('base64url')}`;
      },
    ],
  ];

  it.each(forged)('answers 401 for %s', async (_name, make) => {
    const response = await getJson(`${server.url}/user/me`, await make());
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 TOKEN_EXPIRED for an expired token', async () => {
    const token = await sign({ ...good(), iat: now() - 100, exp: now() - 10 });
    const response = await getJson(`${server.url}/user/me`, token);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Token expired', code: 'TOKEN_EXPIRED' });
  });

  it('answers 401 for a deleted user and for a disabled one', async () => {
    const doomed = await register(server);
    await server.database.db.delete(users).where(eq(users.email, doomed.email));
    expect((await getJson(`${server.url}/user/me`, doomed.token)).status).toBe(401);

    const disabled = await register(server);
    await server.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.email, disabled.email));
    expect((await getJson(`${server.url}/user/me`, disabled.token)).status).toBe(401);
  });

  it('refuses a token on the very next request once its user is disabled or deleted', async () => {
    // Each token is used first, so anything remembered about it or its user is in place.
    const disabled = await register(server);
    const deleted = await register(server);
    for (const account of [disabled, deleted]) {
      expect((await getJson(`${server.url}/user/me`, account.token)).status).toBe(200);
      expect((await getJson(`${server.url}/api/people`, account.token)).status).toBe(200);
    }
    await server.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.email, disabled.email));
    await server.database.db.delete(users).where(eq(users.email, deleted.email));
    for (const account of [disabled, deleted]) {
      expect((await getJson(`${server.url}/user/me`, account.token)).status).toBe(401);
      expect((await getJson(`${server.url}/api/people`, account.token)).status).toBe(401);
    }
  });

  it('takes the role from the database, not from the token', async () => {
    const member = await register(server);
    await server.database.db
      .update(users)
      .set({ role: 'viewer' })
      .where(eq(users.email, member.email));
    const me = await getJson(`${server.url}/user/me`, member.token);
    expect(me.body.role).toBe('viewer');
  });
});
