import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { rateLimited } from './errors.ts';

export type RateRule = { max: number; windowSeconds: number };

/** The limits of the auth endpoints; tests pass their own. */
export type RateLimits = {
  /** Every request to /token from one address. */
  tokenPerIp: RateRule;
  /** Failed sign-ins for one account; a success clears it, a window's end forgives it. */
  tokenFailuresPerAccount: RateRule;
  /** Registrations from one address. */
  registerPerIp: RateRule;
  /** Verify, resend, reset and new-password requests from one address. */
  codesPerIp: RateRule;
  /** The same, for one account: codes e-mailed or guessed. */
  codesPerAccount: RateRule;
  /** Password changes, e-mail changes and two-factor changes of one signed-in account. */
  accountChangesPerAccount: RateRule;
  /** The public pages' forms (contact, coming-soon sign-up, payment) from one address. */
  publicFormsPerIp: RateRule;
  /** Invitations mailed (new and resent) by one workspace (issue 10). */
  invitationsPerWorkspace: RateRule;
  /** Wrong passwords given to one public link of the files manager, and from one address (issue 11). */
  fileLinkPasswords: RateRule;
};

export const defaultRateLimits: RateLimits = {
  tokenPerIp: { max: 30, windowSeconds: 60 },
  tokenFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { max: 20, windowSeconds: 60 * 60 },
  codesPerIp: { max: 30, windowSeconds: 15 * 60 },
  codesPerAccount: { max: 10, windowSeconds: 15 * 60 },
  publicFormsPerIp: { max: 10, windowSeconds: 60 * 60 },
  invitationsPerWorkspace: { max: 50, windowSeconds: 60 * 60 },
  accountChangesPerAccount: { max: 10, windowSeconds: 15 * 60 },
  fileLinkPasswords: { max: 10, windowSeconds: 15 * 60 },
};

/**
 * Fixed-window counters in the database, so that every server process shares them. A window ends
 * by itself: nobody is locked out for longer than one window.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    readonly limits: RateLimits,
  ) {}

  /** Counts one hit; throws 429 when the window already holds `max` hits. */
  async hit(key: string, rule: RateRule): Promise<void> {
    const expired = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        retryAfter: sql<number>`extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${rule.windowSeconds}) - now()))::float8`,
      });
    if (row && row.count > rule.max) throw rateLimited(row.retryAfter);
    if (Math.random() < 0.01) void this.sweep().catch(() => {});
  }

  /** Throws 429 when the window holds `max` hits, without counting one. */
  async check(key: string, rule: RateRule): Promise<void> {
    const [row] = await this.db
      .select({
        count: rateLimits.count,
        retryAfter: sql<number>`extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${rule.windowSeconds}) - now()))::float8`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    if (row && row.retryAfter > 0 && row.count >= rule.max) throw rateLimited(row.retryAfter);
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Drops windows that ended more than a day ago. */
  async sweep(): Promise<void> {
    await this.db
      .delete(rateLimits)
      .where(sql`${rateLimits.windowStartedAt} < now() - interval '1 day'`);
  }
}
