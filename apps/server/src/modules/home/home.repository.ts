import { and, asc, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import {
  HOME_ACTIVITY_LIMIT,
  HOME_COUNT_CAP,
  type HomeActivity,
  type HomeTask,
} from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { activities, companies, people, tasks, users } from '../../db/schema/index.ts';
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

/** The member's own time zone, null when never set. */
export async function memberTimeZone(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.timeZone ?? null;
}

/**
 * The member's open tasks due in [from, to) (either end open): a capped count and the first
 * `limit` by due time, both from one range of tasks_assignee_due_idx.
 */
export async function openTasksDue(
  db: Executor,
  workspaceId: string,
  assigneeId: string,
  range: { from?: Date; to: Date },
  limit: number,
): Promise<{ count: number; items: HomeTask[] }> {
  const where = and(
    eq(tasks.workspaceId, workspaceId),
    eq(tasks.assigneeId, assigneeId),
    eq(tasks.status, 'open'),
    range.from ? gte(tasks.dueAt, range.from) : isNotNull(tasks.dueAt),
    lt(tasks.dueAt, range.to),
  );
  const capped = db
    .select({ one: sql`1` })
    .from(tasks)
    .where(where)
    .limit(HOME_COUNT_CAP)
    .as('capped');
  const [[counted], rows] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int` }).from(capped),
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        type: tasks.type,
        priority: tasks.priority,
        dueAt: tasks.dueAt,
        personId: tasks.personId,
        personName: sql<string | null>`coalesce(${personName}, nullif(${people.email}, ''))`,
        companyId: tasks.companyId,
        companyName: companies.name,
      })
      .from(tasks)
      .leftJoin(people, eq(people.id, tasks.personId))
      .leftJoin(companies, eq(companies.id, tasks.companyId))
      .where(where)
      .orderBy(asc(tasks.dueAt), asc(tasks.id))
      .limit(limit),
  ]);
  return {
    count: counted?.count ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      type: row.type,
      priority: row.priority,
      dueAt: row.dueAt?.toISOString() ?? null,
      subject: row.personId
        ? { type: 'person', id: row.personId, name: row.personName ?? '' }
        : row.companyId
          ? { type: 'company', id: row.companyId, name: row.companyName ?? '' }
          : null,
    })),
  };
}

/** How many tasks the member completed on each day of the week (day starts given, in order). */
export async function tasksDoneByDay(
  db: Executor,
  workspaceId: string,
  assigneeId: string,
  days: Date[],
  end: Date,
): Promise<number[]> {
  const bounds = sql.join(
    days.map((d) => sql`${d.toISOString()}::timestamptz`),
    sql`, `,
  );
  const rows = await db
    .select({
      day: sql<number>`width_bucket(${tasks.completedAt}, array[${bounds}]::timestamptz[])::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        eq(tasks.assigneeId, assigneeId),
        eq(tasks.status, 'done'),
        gte(tasks.completedAt, days[0]!),
        lt(tasks.completedAt, end),
      ),
    )
    .groupBy(sql`1`);
  const counts = days.map(() => 0);
  for (const row of rows)
    if (row.day >= 1 && row.day <= days.length) counts[row.day - 1] = row.count;
  return counts;
}
