import { and, desc, eq, sql } from 'drizzle-orm';
import { HOME_ACTIVITY_LIMIT, type HomeActivity } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { activities, companies, people, users } from '../../db/schema/index.ts';
import { records } from '../record-entities.ts';

export type { Executor };

const personName = sql<string>`nullif(trim(${people.firstName} || ' ' || ${people.lastName}), '')`;

/**
 * The workspace's latest activities, newest first, with the names of their subject and actor:
 * one index range scan (activities_workspace_created_idx) and a key lookup per row shown.
 */
export async function recentActivity(
  db: Executor,
  workspaceId: string,
  limit = HOME_ACTIVITY_LIMIT,
): Promise<HomeActivity[]> {
  const rows = await db
    .select({
      id: activities.id,
      kind: activities.kind,
      personId: activities.personId,
      companyId: activities.companyId,
      personName: sql<string | null>`coalesce(${personName}, nullif(${people.email}, ''))`,
      companyName: companies.name,
      actorId: activities.actorId,
      actorFirst: users.firstName,
      actorLast: users.lastName,
      field: activities.field,
      newValue: activities.newValue,
      listName: activities.listName,
      createdAt: activities.createdAt,
    })
    .from(activities)
    .leftJoin(people, eq(people.id, activities.personId))
    .leftJoin(companies, eq(companies.id, activities.companyId))
    .leftJoin(users, eq(users.id, activities.actorId))
    .where(and(eq(activities.workspaceId, workspaceId)))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
  return rows.map((row) => {
    const subject = records.subjectOf(row);
    const name = subject.type === 'person' ? row.personName : row.companyName;
    const actorName = row.actorId
      ? `${row.actorFirst ?? ''} ${row.actorLast ?? ''}`.trim() || null
      : null;
    return {
      id: row.id,
      kind: row.kind,
      subjectType: subject.type,
      subject: { type: subject.type, id: subject.id, name: name ?? '' },
      actorId: row.actorId,
      actorName,
      field: row.field,
      newValue: row.newValue,
      listName: row.listName,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
