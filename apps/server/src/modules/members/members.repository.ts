import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Member } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export async function listMembers(db: Database, workspaceId: string): Promise<Member[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.status, 'active')))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/** The ids among `ids` that are not active members of the workspace. */
export async function nonMembers(
  db: Pick<Database, 'select'>,
  workspaceId: string,
  ids: string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.workspaceId, workspaceId),
        eq(users.status, 'active'),
        inArray(users.id, unique),
      ),
    );
  const known = new Set(found.map((r) => r.id));
  return unique.filter((id) => !known.has(id));
}
