import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '@beacon/contract';
import type { Executor } from '../client.ts';
import { invitations, users } from '../schema/index.ts';

/** The demo team's profiles (issue 10), by e-mail. */
const profiles: Record<string, { title: string; about: string; timeZone: string }> = {
  'demo@beacon.local': {
    title: 'Head of Sales',
    about:
      'Runs the Northwind sales team: pipeline reviews on Mondays, forecasts on Fridays. Ask me about enterprise renewals.',
    timeZone: 'Europe/Paris',
  },
  'leo.dubois@beacon.local': {
    title: 'Account Executive, EMEA',
    about: 'Closes mid-market deals across France and Benelux. Previously in logistics software.',
    timeZone: 'Europe/Paris',
  },
  'mai.nguyen@beacon.local': {
    title: 'Account Executive, APAC',
    about:
      'Looks after our customers in Vietnam and Singapore; speaks Vietnamese, English and French.',
    timeZone: 'Asia/Ho_Chi_Minh',
  },
  'omar.haddad@beacon.local': {
    title: 'Revenue Analyst',
    about: 'Reads the numbers: win rates, cycle times and the forecast. Views only, by choice.',
    timeZone: 'Asia/Dubai',
  },
};

const pending: { email: string; role: Role; daysAgo: number }[] = [
  { email: 'sofia.rossi@example.com', role: 'contributor', daysAgo: 1 },
  { email: 'kenji.sato@example.com', role: 'viewer', daysAgo: 3 },
  { email: 'amira.benali@example.com', role: 'contributor', daysAgo: 9 },
];

/**
 * Fills the demo team: profile details for each member who has none yet, and invitations (two
 * pending, one expired) when the workspace has none. Their links are random and never mailed.
 */
export async function seedDemoTeam(db: Executor, workspaceId: string): Promise<void> {
  for (const [email, profile] of Object.entries(profiles)) {
    await db
      .update(users)
      .set({
        title: profile.title,
        about: profile.about,
        timeZone: sql`coalesce(${users.timeZone}, ${profile.timeZone})`,
      })
      .where(and(eq(users.workspaceId, workspaceId), eq(users.email, email), isNull(users.title)));
  }
  const [any] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(eq(invitations.workspaceId, workspaceId))
    .limit(1);
  if (any) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.role, 'admin')))
    .limit(1);
  for (const invite of pending) {
    await db.insert(invitations).values({
      workspaceId,
      email: invite.email,
      role: invite.role,
      tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      invitedBy: admin?.id ?? null,
      createdAt: sql`now() - make_interval(days => ${invite.daysAgo})`,
      lastSentAt: sql`now() - make_interval(days => ${invite.daysAgo})`,
      expiresAt: sql`now() + make_interval(days => ${7 - invite.daysAgo})`,
    });
  }
}
