import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Invitation, Role } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { invitations, users, workspaces } from '../../db/schema/index.ts';

export type InvitationRow = typeof invitations.$inferSelect;

export function invitationStatus(row: InvitationRow, now = new Date()): Invitation['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(row),
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The invitations not accepted nor revoked (pending or expired), newest first. */
export async function openInvitations(db: Executor, workspaceId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(1000);
}

export async function openInvitationFor(
  db: Executor,
  workspaceId: string,
  email: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.email, email),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .for('update');
  return row;
}

export async function insertInvitation(
  db: Executor,
  values: {
    workspaceId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    ttlDays: number;
  },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(invitations)
    .values({
      workspaceId: values.workspaceId,
      email: values.email,
      role: values.role,
      tokenHash: values.tokenHash,
      invitedBy: values.invitedBy,
      expiresAt: sql`now() + make_interval(days => ${values.ttlDays})`,
    })
    .returning();
  return row!;
}

export async function getInvitation(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
    .for('update');
  return row;
}

export async function renewInvitation(
  db: Executor,
  id: string,
  tokenHash: string,
  ttlDays: number,
): Promise<InvitationRow> {
  const [row] = await db
    .update(invitations)
    .set({
      tokenHash,
      expiresAt: sql`now() + make_interval(days => ${ttlDays})`,
      lastSentAt: sql`now()`,
    })
    .where(eq(invitations.id, id))
    .returning();
  return row!;
}

export async function revokeInvitation(db: Executor, id: string): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(eq(invitations.id, id));
}

/** The invitation a link's token names, with its workspace's name; locked when `lock`. */
export async function invitationByToken(db: Executor, tokenHash: string, lock = false) {
  const query = db
    .select({
      invitation: invitations,
      workspaceName: workspaces.name,
      inviterFirst: users.firstName,
      inviterLast: users.lastName,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  return row;
}

export async function markAccepted(db: Executor, id: string, userId: string): Promise<void> {
  await db
    .update(invitations)
    .set({ acceptedAt: sql`now()`, acceptedUserId: userId })
    .where(eq(invitations.id, id));
}

export async function workspaceName(db: Executor, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.name ?? 'Beacon';
}
