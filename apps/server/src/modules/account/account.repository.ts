import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { NotificationPreference } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import {
  emailChanges,
  notificationPreferences,
  recoveryCodes,
  sessions,
  users,
} from '../../db/schema/index.ts';

// Every SQL statement of a member's own account (decision 046). Each takes the workspace and the
// user, and filters by both.

export type Owner = { workspaceId: string; userId: string };

const mine = (owner: Owner) =>
  and(eq(users.id, owner.userId), eq(users.workspaceId, owner.workspaceId));

export async function findAccount(db: Executor, owner: Owner) {
  const [row] = await db
    .select({
      user: users,
      recoveryCodesLeft: sql<number>`(select count(*)::int from recovery_codes rc
        where rc.user_id = "users"."id" and rc.used_at is null)`,
      pendingEmail: sql<string | null>`(select ec.new_email from email_changes ec
        where ec.user_id = "users"."id" and ec.consumed_at is null and ec.expires_at > now()
        order by ec.created_at desc limit 1)`,
    })
    .from(users)
    .where(mine(owner));
  return row;
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export async function updateProfile(
  db: Executor,
  owner: Owner,
  values: Partial<{
    firstName: string;
    lastName: string;
    phone: string | null;
    timeZone: string | null;
    language: string | null;
    emailSignature: string | null;
  }>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(mine(owner));
}

export async function setPasswordHash(db: Executor, owner: Owner, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(mine(owner));
}

export async function listSessions(db: Executor, owner: Owner) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, owner.userId),
        eq(sessions.workspaceId, owner.workspaceId),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Ends one session of the owner's; false when it is not one of theirs. */
export async function deleteSession(db: Executor, owner: Owner, sessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, owner.userId),
        eq(sessions.workspaceId, owner.workspaceId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Ends every session of the owner's but `keep`; answers how many ended. */
export async function deleteOtherSessions(db: Executor, owner: Owner, keep: string) {
  const rows = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, owner.userId),
        eq(sessions.workspaceId, owner.workspaceId),
        ne(sessions.id, keep),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function setPendingSecret(db: Executor, owner: Owner, secret: string) {
  await db.update(users).set({ twoFactorPendingSecret: secret }).where(mine(owner));
}

/** Turns two-factor sign-in on with the pending secret; false when it changed meanwhile. */
export async function enableTwoFactor(
  db: Executor,
  owner: Owner,
  secret: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      twoFactorSecret: secret,
      twoFactorPendingSecret: null,
      twoFactorEnabledAt: sql`now()`,
      twoFactorLastStep: step,
      updatedAt: sql`now()`,
    })
    .where(
      and(mine(owner), eq(users.twoFactorPendingSecret, secret), isNull(users.twoFactorEnabledAt)),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function disableTwoFactor(db: Executor, owner: Owner) {
  await db
    .update(users)
    .set({
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorEnabledAt: null,
      twoFactorLastStep: null,
      updatedAt: sql`now()`,
    })
    .where(mine(owner));
  await db
    .delete(recoveryCodes)
    .where(
      and(eq(recoveryCodes.userId, owner.userId), eq(recoveryCodes.workspaceId, owner.workspaceId)),
    );
}

/** Replaces the owner's recovery codes with these (hashed). */
export async function replaceRecoveryCodes(db: Executor, owner: Owner, hashes: string[]) {
  await db
    .delete(recoveryCodes)
    .where(
      and(eq(recoveryCodes.userId, owner.userId), eq(recoveryCodes.workspaceId, owner.workspaceId)),
    );
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ ...owner, codeHash })));
}

export async function listNotificationPreferences(db: Executor, owner: Owner) {
  return db
    .select({
      kind: notificationPreferences.kind,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, owner.userId),
        eq(notificationPreferences.workspaceId, owner.workspaceId),
      ),
    );
}

export async function saveNotificationPreferences(
  db: Executor,
  owner: Owner,
  items: NotificationPreference[],
) {
  if (items.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(items.map((item) => ({ ...owner, ...item })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        updatedAt: sql`now()`,
      },
    });
}

/** Starts an e-mail change, replacing any other pending one of the owner's. */
export async function insertEmailChange(
  db: Executor,
  owner: Owner,
  values: { newEmail: string; tokenHash: string; ttlSeconds: number },
) {
  await db
    .update(emailChanges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailChanges.userId, owner.userId), isNull(emailChanges.consumedAt)));
  await db.insert(emailChanges).values({
    ...owner,
    newEmail: values.newEmail,
    tokenHash: values.tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
  });
}

/** Spends the owner's live e-mail change of this token; answers the new address, or undefined. */
export async function consumeEmailChange(db: Executor, owner: Owner, tokenHash: string) {
  const [row] = await db
    .update(emailChanges)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(emailChanges.userId, owner.userId),
        eq(emailChanges.workspaceId, owner.workspaceId),
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.consumedAt),
        gt(emailChanges.expiresAt, sql`now()`),
      ),
    )
    .returning({ newEmail: emailChanges.newEmail });
  return row?.newEmail;
}

export async function setEmail(db: Executor, owner: Owner, email: string) {
  await db
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(mine(owner));
}
