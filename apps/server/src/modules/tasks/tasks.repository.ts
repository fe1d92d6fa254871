import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Task } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { companies, deals, people, tasks, users } from '../../db/schema/index.ts';
import { uuidArray } from '../../lib/records/sql.ts';
import { effectiveZoneSql } from '../../lib/time-zones.ts';

// The tasks' own writes and look-ups. Each takes the workspace id and filters by it. Reading
// tasks (filters, sort, pages, counts, the due state in each assignee's zone) is the records
// engine's, over the registry entry in tasks.entity.ts (docs/decisions/044).

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as Rows<T>).rows;

/**
 * One change over the workspace's tasks among `ids` that do not hold the value yet, in one
 * statement: the update, a `field_changed` entry on each task's timeline, and, when `touch` is
 * set (a status change), the last activity of the person, company and deal each task concerns
 * (a deal's rotting clock restarts). Answers the ids changed.
 */
export async function bulkSet(
  db: Executor,
  caller: { workspaceId: string; userId: string },
  ids: string[],
  change: {
    field: string;
    set: SQL;
    differs: SQL;
    oldText: SQL;
    newText: SQL;
    touchRelated: boolean;
  },
): Promise<string[]> {
  const touched = change.touchRelated
    ? sql`, people_touched as (
        update people set last_activity_at = now()
        where id in (select person_id from changed where person_id is not null)
      ), companies_touched as (
        update companies set last_activity_at = now()
        where id in (select company_id from changed where company_id is not null)
      ), deals_touched as (
        update deals set last_activity_at = now()
        where id in (select deal_id from changed where deal_id is not null)
      )`
    : sql``;
  const rows = await rowsOf<{ id: string }>(
    db.execute(sql`with changed as (
      update tasks as target
      set ${change.set}, updated_at = now(), last_activity_at = now()
      from (
        select tasks.id as target_id, ${change.oldText} as old_text, ${change.newText} as new_text
        from tasks
        where tasks.workspace_id = ${caller.workspaceId}::uuid
          and tasks.id = any(${uuidArray(ids)}) and ${change.differs}
      ) t
      where target.id = t.target_id
      returning target.id, t.old_text, t.new_text, target.person_id, target.company_id, target.deal_id
    ), recorded as (
      insert into activities (workspace_id, task_id, kind, actor_id, field, old_value, new_value)
      select ${caller.workspaceId}::uuid, id, 'field_changed', ${caller.userId}::uuid,
             ${change.field}, old_text, new_text
      from changed
    )${touched}
    select id from changed`),
  );
  return rows.map((row) => row.id);
}

/**
 * Moves the last activity of the person, company and deal a task concerns to now (completing or
 * reopening it is work on them: a deal's rotting clock restarts).
 */
export async function touchRelated(
  db: Executor,
  related: { personId: string | null; companyId: string | null; dealId: string | null },
): Promise<void> {
  for (const [table, id] of [
    ['people', related.personId],
    ['companies', related.companyId],
    ['deals', related.dealId],
  ] as const) {
    if (!id) continue;
    await db.execute(
      sql`update ${sql.raw(`"${table}"`)} set last_activity_at = now() where id = ${id}::uuid`,
    );
  }
}

/** The caller's stored zone (null when never set). */
export async function timeZoneOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  return row?.timeZone ?? null;
}

export async function setTimeZone(db: Executor, userId: string, zone: string): Promise<void> {
  await db.update(users).set({ timeZone: zone }).where(eq(users.id, userId));
}

/** True when PostgreSQL knows the zone (it computes the days, so it has the last word). */
export async function databaseKnowsZone(db: Executor, zone: string): Promise<boolean> {
  const [row] = await rowsOf<{ known: boolean }>(
    db.execute(sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`),
  );
  return row?.known === true;
}

export type TaskValues = {
  title?: string;
  type?: Task['type'];
  dueAt?: Date | null;
  priority?: Task['priority'];
  status?: Task['status'];
  assigneeId?: string | null;
  personId?: string | null;
  companyId?: string | null;
  dealId?: string | null;
  notes?: string;
  completedAt?: Date | null;
  dueNotifiedAt?: Date | null;
};

export async function insertTask(
  db: Executor,
  workspaceId: string,
  createdBy: string,
  values: TaskValues & { title: string },
): Promise<string> {
  const [row] = await db
    .insert(tasks)
    .values({ ...values, workspaceId, createdBy })
    .returning({ id: tasks.id });
  return row!.id;
}

/** The stored row (for the rules of a change), or undefined when not in the workspace. */
export async function findTask(db: Executor, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)))
    .for('update');
  return row;
}

export async function updateTask(
  db: Executor,
  workspaceId: string,
  id: string,
  values: TaskValues,
): Promise<void> {
  await db
    .update(tasks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)));
}

export async function deleteTask(db: Executor, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

export async function bulkDelete(db: Executor, workspaceId: string, ids: string[]) {
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.id, ids)))
    .returning({ id: tasks.id });
  return rows.map((r) => r.id);
}

export async function personInWorkspace(db: Executor, workspaceId: string, id: string) {
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.workspaceId, workspaceId), eq(people.id, id)));
  return rows.length === 1;
}

export async function companyInWorkspace(db: Executor, workspaceId: string, id: string) {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.workspaceId, workspaceId), eq(companies.id, id)));
  return rows.length === 1;
}

export async function dealInWorkspace(db: Executor, workspaceId: string, id: string) {
  const rows = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.workspaceId, workspaceId), eq(deals.id, id)));
  return rows.length === 1;
}

/** Each active member of the workspace and their effective zone (lib/time-zones.ts). */
export async function memberTimeZones(
  db: Executor,
  workspaceId: string,
): Promise<{ userId: string; timeZone: string }[]> {
  return db
    .select({
      userId: users.id,
      timeZone: sql<string>`${effectiveZoneSql(sql`${users.id}`, sql`${users.workspaceId}`)}`,
    })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.status, 'active')))
    .orderBy(users.id);
}
