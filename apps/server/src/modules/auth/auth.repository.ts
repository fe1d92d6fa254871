import { and, desc, eq, gt, isNotNull, isNull, notLike, or, sql } from 'drizzle-orm';
import type { Role } from '@beacon/contract';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import type { Database, Executor } from '../../db/client.ts';
import { authCodes, recoveryCodes, sessions, users, workspaces } from '../../db/schema/index.ts';
import { insertDefaultPipeline } from '../deals/pipelines.repository.ts';
import { openTotpSecret, sealTotpSecret } from './two-factor.ts';

export type CodePurpose = (typeof authCodes.$inferSelect)['purpose'];

export type UserRow = typeof users.$inferSelect;

/** E-mails are unique across the server, so sign-in looks them up without a workspace. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** The signed-in user with their workspace, scoped by the token's workspace. */
export async function findActiveUserInWorkspace(db: Executor, userId: string, workspaceId: string) {
  const [row] = await db
    .select({ user: users, workspace: { id: workspaces.id, name: workspaces.name } })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .where(
      and(eq(users.id, userId), eq(users.workspaceId, workspaceId), eq(users.status, 'active')),
    );
  return row;
}

export type ActiveUser = NonNullable<Awaited<ReturnType<typeof findActiveUserInWorkspace>>>;

/** The signed-in user, their workspace and when their session was last used. */
export type SessionUser = ActiveUser & { session: { lastUsedAt: Date } };

/**
 * The per-request lookup: the token's user, active, in the token's workspace, with the token's
 * session still there (decision 046), as one named prepared statement built once: every
 * signed-in request runs it, so the query is neither rebuilt nor re-planned per request
 * (decision 027).
 */
export function activeUserLookup(
  db: Database,
): (userId: string, workspaceId: string, sessionId: string) => Promise<SessionUser | undefined> {
  const statement = db
    .select({
      user: users,
      workspace: { id: workspaces.id, name: workspaces.name },
      session: { lastUsedAt: sessions.lastUsedAt },
    })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(users.workspaceId, sql.placeholder('workspaceId')),
        eq(users.status, 'active'),
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('beacon_session_user');
  return async (userId, workspaceId, sessionId) => {
    const [row] = await statement.execute({ userId, workspaceId, sessionId });
    return row;
  };
}

/** Moves a session's last use to now, unless another request did within the minute. */
export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(sessions.id, sessionId), sql`${sessions.lastUsedAt} < now() - interval '1 minute'`),
    );
}

/** Opens a session for a sign-in; its id goes into the token. */
export async function insertSession(
  db: Executor,
  values: {
    workspaceId: string;
    userId: string;
    userAgent: string | null;
    ip: string | null;
    ttlSeconds: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      workspaceId: values.workspaceId,
      userId: values.userId,
      userAgent: values.userAgent?.slice(0, 512) ?? null,
      ip: values.ip,
      expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  // Sessions past their token's expiry are of no use: drop the user's old ones as we go.
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, values.userId), sql`${sessions.expiresAt} <= now()`));
  return row.id;
}

/** Signs every session of a user out (a password reset). */
export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function createWorkspace(
  db: Executor,
  values: { name: string; demoKey?: string },
): Promise<{ id: string; name: string }> {
  const [row] = await db
    .insert(workspaces)
    .values({ name: values.name, demoKey: values.demoKey ?? null })
    .returning({ id: workspaces.id, name: workspaces.name });
  if (!row) throw new Error('workspace insert returned nothing');
  await insertDefaultPipeline(db, row.id);
  return row;
}

export async function insertUser(
  db: Executor,
  values: {
    workspaceId: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    role: Role;
    emailVerifiedAt?: Date | null;
  },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function markEmailVerified(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function updatePassword(db: Executor, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: sql`now()`,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** Replaces any live code of that purpose: only the newest code works. */
export async function replaceCode(
  db: Executor,
  values: { userId: string; purpose: CodePurpose; codeHash: string; ttlSeconds: number },
): Promise<void> {
  await db
    .update(authCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(authCodes.userId, values.userId),
        eq(authCodes.purpose, values.purpose),
        isNull(authCodes.consumedAt),
      ),
    );
  await db.insert(authCodes).values({
    userId: values.userId,
    purpose: values.purpose,
    codeHash: values.codeHash,
    expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
  });
}

export async function findLiveCode(db: Executor, userId: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(
      and(
        eq(authCodes.userId, userId),
        eq(authCodes.purpose, purpose),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  return row;
}

export async function recordFailedAttempt(db: Executor, codeId: string): Promise<void> {
  await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(eq(authCodes.id, codeId));
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: Executor, codeId: string): Promise<boolean> {
  const rows = await db
    .update(authCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(authCodes.id, codeId), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  return rows.length === 1;
}

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Seals the TOTP secrets kept plain (before sealing began) or under an earlier key, at start. Each
 * row is written only if it still holds what was read, so processes starting together do not
 * clash. Answers how many rows were sealed again, and the ids of those that did not open (a key
 * missing from ENCRYPTION_KEY_PREVIOUS): they are left as they are.
 */
export async function resealTotpSecrets(
  db: Database,
  box: CryptoBox,
): Promise<{ resealed: number; unreadable: string[] }> {
  type SecretColumn = typeof users.twoFactorSecret | typeof users.twoFactorPendingSecret;
  const stale = (column: SecretColumn) =>
    and(isNotNull(column), notLike(column, box.currentPattern));
  const rows = await db
    .select({
      id: users.id,
      secret: users.twoFactorSecret,
      pending: users.twoFactorPendingSecret,
    })
    .from(users)
    .where(or(stale(users.twoFactorSecret), stale(users.twoFactorPendingSecret)));
  let resealed = 0;
  const unreadable: string[] = [];
  const again = (id: string, value: string | null) =>
    value === null || !box.needsReseal(value)
      ? value
      : sealTotpSecret(box, id, openTotpSecret(box, id, value));
  for (const row of rows) {
    let secret: string | null;
    let pending: string | null;
    try {
      secret = again(row.id, row.secret);
      pending = again(row.id, row.pending);
    } catch {
      unreadable.push(row.id);
      continue;
    }
    const same = (column: SecretColumn, value: string | null) =>
      value === null ? isNull(column) : eq(column, value);
    const written = await db
      .update(users)
      .set({ twoFactorSecret: secret, twoFactorPendingSecret: pending })
      .where(
        and(
          eq(users.id, row.id),
          same(users.twoFactorSecret, row.secret),
          same(users.twoFactorPendingSecret, row.pending),
        ),
      )
      .returning({ id: users.id });
    resealed += written.length;
  }
  return { resealed, unreadable };
}

/**
 * Takes the TOTP step of a code just checked, only when it is newer than the last one taken: a
 * code used once (or an older one) is refused, even by two requests at once.
 */
export async function takeTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.twoFactorLastStep} is null or ${users.twoFactorLastStep} < ${step})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Spends one recovery code; false when it is not one of the user's, or was used. */
export async function useRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}
