import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchSignups, outbox, paymentRequests } from '../../db/schema/index.ts';
import { seedDemo } from '../../db/seed.ts';
import {
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

const payment = {
  plan: 'team',
  cycle: 'yearly',
  seats: 5,
  cardholder: 'Ada Lovelace',
  email: 'ada@example.test',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/39',
  securityCode: '123',
  address: '12 rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR',
};

describe('contact form', () => {
  it("stores the message and mails it to the owner workspace's admins, not to the demo's", async () => {
    await seedDemo(server.database.db);
    const owner = await register(server);
    await register(server);
    const response = await postJson(`${server.url}/api/public/contact`, {
      name: 'Grace Hopper',
      email: 'grace@example.test',
      subject: 'Self-hosting for 30 people',
      message: 'Can Beacon run on our own PostgreSQL cluster?',
    });
    expect(response.status).toBe(201);
    expect(response.body.detail).toMatch(/on its way/);
    const mails = await server.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like 'Contact form:%'`);
    // On PostgreSQL other test files' workspaces may be older: check who got it only on PGlite.
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails[0]?.text).toContain('grace@example.test');
    expect(mails.some((m) => m.to === 'demo@beacon.local')).toBe(false);
    if (server.database.kind === 'pglite') expect(mails.map((m) => m.to)).toEqual([owner.email]);
  });

  it('validates every field', async () => {
    const response = await postJson(`${server.url}/api/public/contact`, {
      name: '',
      email: 'nope',
      subject: '',
      message: 'short',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors as object).sort()).toEqual([
      'email',
      'message',
      'name',
      'subject',
    ]);
  });
});

describe('coming-soon sign-up', () => {
  it('keeps each address once, whatever its case', async () => {
    const email = uniqueEmail('launch');
    for (const variant of [email, email.toUpperCase()]) {
      const response = await postJson(`${server.url}/api/public/launch-signups`, {
        email: variant,
      });
      expect(response.status).toBe(201);
    }
    const rows = await server.database.db
      .select()
      .from(launchSignups)
      .where(eq(launchSignups.email, email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect((await postJson(`${server.url}/api/public/launch-signups`, { email: 'x' })).status).toBe(
      400,
    );
  });
});

describe('payment request', () => {
  it('records the request with only the card brand and last four digits, and confirms it', async () => {
    const response = await postJson(`${server.url}/api/public/payment-requests`, payment);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      reference: expect.stringMatching(/^BCN-[A-Z2-9]{8}$/),
      plan: 'team',
      cycle: 'yearly',
      seats: 5,
      amount: 15 * 5 * 12,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    const [row] = await server.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.reference, response.body.reference as string));
    expect(row).toMatchObject({ amountCents: 90000, cardLast4: '4242', cardBrand: 'visa' });
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('"123"');
  });

  it.each([
    [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber'],
    [{ cardNumber: 'abcd' }, 'cardNumber'],
    [{ expiry: '01/20' }, 'expiry'],
    [{ expiry: '13/39' }, 'expiry'],
    [{ securityCode: '12' }, 'securityCode'],
    [{ plan: 'enterprise' }, 'plan'],
    [{ seats: 0 }, 'seats'],
    [{ country: 'France' }, 'country'],
  ])('refuses %j', async (change, field) => {
    const response = await postJson(`${server.url}/api/public/payment-requests`, {
      ...payment,
      ...change,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors as object)).toContain(field);
  });

  it('keeps nothing from a refused request', async () => {
    const before = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentRequests);
    await postJson(`${server.url}/api/public/payment-requests`, { ...payment, cardNumber: '1234' });
    const after = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentRequests);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('limits', () => {
  it('limits the public forms per address', async () => {
    const limited = await startTestServer({
      env: { TRUST_PROXY: 'true' },
      rateLimits: { publicFormsPerIp: { max: 2, windowSeconds: 60 } },
    });
    try {
      const statuses: number[] = [];
      const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
      for (const email of emails) {
        const response = await postJson(
          `${limited.url}/api/public/launch-signups`,
          { email },
          { 'x-forwarded-for': '10.20.30.40' },
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      const kept = await limited.database.db
        .select({ email: launchSignups.email })
        .from(launchSignups)
        .where(inArray(launchSignups.email, emails));
      expect(kept.map((r) => r.email).sort()).toEqual(emails.slice(0, 2).sort());
    } finally {
      await limited.close();
    }
  });
});
