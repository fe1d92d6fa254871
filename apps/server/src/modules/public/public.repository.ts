import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  contactMessages,
  launchSignups,
  paymentRequests,
  users,
  workspaces,
} from '../../db/schema/index.ts';

export async function insertContactMessage(
  db: Executor,
  values: { name: string; email: string; company: string; subject: string; message: string },
) {
  const [row] = await db
    .insert(contactMessages)
    .values(values)
    .returning({ id: contactMessages.id });
  return row!.id;
}

/**
 * The workspace that owns this server: the first one registered that is not the demo, or the
 * demo when nobody has registered yet. Its active admins receive the contact messages.
 */
export async function ownerAdmins(db: Executor) {
  const [owner] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .orderBy(sql`${workspaces.demoKey} is not null`, asc(workspaces.createdAt), asc(workspaces.id))
    .limit(1);
  if (!owner) return { workspaceId: null, admins: [] as { email: string; firstName: string }[] };
  const admins = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(eq(users.workspaceId, owner.id), eq(users.role, 'admin'), eq(users.status, 'active')),
    )
    .orderBy(asc(users.createdAt));
  return { workspaceId: owner.id, admins };
}

/** Keeps an address once, whatever its case; a repeat changes nothing. */
export async function insertLaunchSignup(db: Executor, email: string) {
  await db.insert(launchSignups).values({ email: email.toLowerCase() }).onConflictDoNothing();
}

export async function insertPaymentRequest(
  db: Executor,
  values: typeof paymentRequests.$inferInsert,
) {
  const [row] = await db.insert(paymentRequests).values(values).returning();
  return row!;
}
