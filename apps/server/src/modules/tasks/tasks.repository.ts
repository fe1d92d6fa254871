import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type {
  Task,
  TaskCounts,
  TaskDueState,
  TaskQuery,
  TaskSort,
  TaskStatus,
} from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { companies, deals, people, tasks, users, workspaces } from '../../db/schema/index.ts';
import { todayStartSql, tomorrowStartSql } from '../../lib/time-zones.ts';

// Every SQL statement over the tasks table. Each takes the workspace id and filters by it.
// "Today" is a day in the assignee's time zone (the caller's for unassigned tasks): the bounds
// are computed per row in SQL (lib/time-zones.ts, `todayStartSql`), so one query serves members
// in many zones (docs/decisions/031-tasks.md).

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as Rows<T>).rows;

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/** The list's filters, already parsed (the contract's query, less paging). */
export type TaskFilter = Omit<TaskQuery, 'limit' | 'cursor' | 'sort' | 'mine'> & {
  mine?: boolean;
};

/** The zone each row's day is counted in. */
const zoneOf = (callerZone: string) => sql`coalesce(a.time_zone, ${callerZone})`;

/**
 * One assignee's tasks: their zone is one value (an init plan), so the due bounds are constants
 * and the (workspace, assignee, status, due) index gives the range; else each row's own zone.
 */
function zoneFor(filter: TaskFilter, userId: string, callerZone: string): SQL {
  const assignee = filter.mine ? userId : filter.assignee;
  return assignee
    ? sql`coalesce((select u.time_zone from users u where u.id = ${assignee}), ${callerZone})`
    : zoneOf(callerZone);
}

/*
 * Each zone's day bounds are computed per row, which no index can range over; so each condition
 * also carries the bounds that hold in every zone (local midnight is within the last 24 hours,
 * the next one within the next 24; 27 hours, as a day with a clock change lasts 23 to 25 and a
 * zone's offset may change by up to two), which the (workspace, status, due) index can.
 */
function dueCondition(due: NonNullable<TaskFilter['due']>, zone: SQL): SQL {
  const open = sql`t.status = 'open'`;
  switch (due) {
    case 'today':
      return sql`${open} and t.due_at >= now() - interval '27 hours' and t.due_at < now() + interval '27 hours'
        and t.due_at >= ${todayStartSql(zone)} and t.due_at < ${tomorrowStartSql(zone)}`;
    case 'overdue':
      return sql`${open} and t.due_at <= now() and t.due_at < ${todayStartSql(zone)}`;
    case 'upcoming':
      return sql`${open} and (t.due_at is null or (t.due_at > now() and t.due_at >= ${tomorrowStartSql(zone)}))`;
    case 'due':
      return sql`${open} and t.due_at < now() + interval '27 hours' and t.due_at < ${tomorrowStartSql(zone)}`;
    case 'none':
      return sql`${open} and t.due_at is null`;
  }
}

function conditions(
  workspaceId: string,
  userId: string,
  callerZone: string,
  filter: TaskFilter,
): SQL[] {
  const zone = zoneFor(filter, userId, callerZone);
  const where: SQL[] = [sql`t.workspace_id = ${workspaceId}`];
  if (filter.mine) where.push(sql`t.assignee_id = ${userId}`);
  if (filter.assignee) where.push(sql`t.assignee_id = ${filter.assignee}`);
  if (filter.due) where.push(dueCondition(filter.due, zone));
  if (filter.status === 'closed') where.push(sql`t.status in ('done', 'skipped')`);
  else if (filter.status) where.push(sql`t.status = ${filter.status}`);
  if (filter.type) where.push(sql`t.type = ${filter.type}`);
  if (filter.priority) where.push(sql`t.priority = ${filter.priority}`);
  if (filter.person) where.push(sql`t.person_id = ${filter.person}`);
  if (filter.company) where.push(sql`t.company_id = ${filter.company}`);
  if (filter.deal) where.push(sql`t.deal_id = ${filter.deal}`);
  if (filter.q) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`lower(t.title) like ${pattern}`);
  }
  return where;
}

type SortDef = { expr: SQL; cast: string; nullable: boolean };
const sortDefs: Record<string, SortDef> = {
  dueAt: { expr: sql`t.due_at`, cast: 'timestamptz', nullable: true },
  createdAt: { expr: sql`t.created_at`, cast: 'timestamptz', nullable: false },
  completedAt: { expr: sql`t.completed_at`, cast: 'timestamptz', nullable: true },
  priority: { expr: sql`t.priority`, cast: 'task_priority', nullable: false },
  title: { expr: sql`t.title`, cast: 'text', nullable: false },
};

export type Cursor = { s: string; v: string | null; id: string };

/** The keyset condition for the page after `cursor` (nulls after values ascending, first descending). */
function afterCursor(sort: TaskSort, cursor: Cursor | null): SQL[] {
  if (!cursor) return [];
  const desc = sort.startsWith('-');
  const def = sortDefs[desc ? sort.slice(1) : sort]!;
  const col = def.expr;
  const lastId = sql`${cursor.id}::uuid`;
  if (cursor.v === null) {
    return desc
      ? [sql`((${col} is null and t.id < ${lastId}) or ${col} is not null)`]
      : [sql`(${col} is null and t.id > ${lastId})`];
  }
  const value = sql`${cursor.v}::${sql.raw(def.cast)}`;
  if (desc) return [sql`(${col}, t.id) < (${value}, ${lastId})`];
  return def.nullable
    ? [sql`((${col}, t.id) > (${value}, ${lastId}) or ${col} is null)`]
    : [sql`(${col}, t.id) > (${value}, ${lastId})`];
}

function orderBy(sort: TaskSort): SQL {
  const desc = sort.startsWith('-');
  const def = sortDefs[desc ? sort.slice(1) : sort]!;
  return desc
    ? sql`${def.expr} desc nulls first, t.id desc`
    : sql`${def.expr} asc nulls last, t.id asc`;
}

export type TaskRow = Task & { sortValue: string | null };

function selectTasks(callerZone: string, sortExpr: SQL) {
  const zone = zoneOf(callerZone);
  return sql`
    select t.id, t.title, t.type, t.due_at as "dueAt", t.priority, t.status,
      t.assignee_id as "assigneeId", t.person_id as "personId", t.company_id as "companyId",
      t.deal_id as "dealId", t.notes, t.created_by as "createdBy", t.completed_at as "completedAt",
      t.created_at as "createdAt", t.updated_at as "updatedAt", ${zone} as "timeZone",
      case when t.status <> 'open' then 'closed'
        when t.due_at is null then 'none'
        when t.due_at < ${todayStartSql(zone)} then 'overdue'
        when t.due_at < ${tomorrowStartSql(zone)} then 'today'
        else 'upcoming' end as "dueState",
      coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email, '') as "personName",
      coalesce(c.name, '') as "companyName",
      ${sortExpr}::text as "sortValue"
    from tasks t
      left join users a on a.id = t.assignee_id
      left join people p on p.id = t.person_id
      left join companies c on c.id = t.company_id`;
}

function toTask(row: Record<string, unknown>): TaskRow {
  return {
    id: row.id as string,
    title: row.title as string,
    type: row.type as Task['type'],
    dueAt: iso(row.dueAt),
    priority: row.priority as Task['priority'],
    status: row.status as Task['status'],
    assigneeId: (row.assigneeId as string | null) ?? null,
    personId: (row.personId as string | null) ?? null,
    companyId: (row.companyId as string | null) ?? null,
    dealId: (row.dealId as string | null) ?? null,
    notes: row.notes as string,
    createdBy: (row.createdBy as string | null) ?? null,
    completedAt: iso(row.completedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    dueState: row.dueState as TaskDueState,
    timeZone: row.timeZone as string,
    personName: row.personName as string,
    companyName: row.companyName as string,
    sortValue: (row.sortValue as string | null) ?? null,
  };
}

export async function listTasks(
  db: Executor,
  caller: { workspaceId: string; userId: string; timeZone: string },
  filter: TaskFilter,
  sort: TaskSort,
  cursor: Cursor | null,
  limit: number,
): Promise<TaskRow[]> {
  const desc = sort.startsWith('-');
  const def = sortDefs[desc ? sort.slice(1) : sort]!;
  const where = [
    ...conditions(caller.workspaceId, caller.userId, caller.timeZone, filter),
    ...afterCursor(sort, cursor),
  ];
  const rows = await rowsOf<Record<string, unknown>>(
    db.execute(sql`${selectTasks(caller.timeZone, def.expr)}
      where ${sql.join(where, sql` and `)}
      order by ${orderBy(sort)}
      limit ${limit}`),
  );
  return rows.map(toTask);
}

export async function getTasks(
  db: Executor,
  caller: { workspaceId: string; timeZone: string },
  ids: string[],
): Promise<Task[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<Record<string, unknown>>(
    db.execute(sql`${selectTasks(caller.timeZone, sql`t.id`)}
      where t.workspace_id = ${caller.workspaceId}
        and t.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
  );
  return rows.map((row) => {
    const { sortValue: _sortValue, ...task } = toTask(row);
    return task;
  });
}

/** The ids of the tasks a filter matches (a bulk action's selection), at most `limit`. */
export async function matchingIds(
  db: Executor,
  caller: { workspaceId: string; userId: string; timeZone: string },
  filter: TaskFilter,
  limit: number,
): Promise<string[]> {
  const where = conditions(caller.workspaceId, caller.userId, caller.timeZone, filter);
  const rows = await rowsOf<{ id: string }>(
    db.execute(sql`select t.id from tasks t left join users a on a.id = t.assignee_id
      where ${sql.join(where, sql` and `)} limit ${limit}`),
  );
  return rows.map((row) => row.id);
}

export async function countTasks(
  db: Executor,
  caller: { workspaceId: string; userId: string; timeZone: string },
  filter: TaskFilter,
): Promise<number> {
  const where = conditions(caller.workspaceId, caller.userId, caller.timeZone, filter);
  const [row] = await rowsOf<{ count: number | string }>(
    db.execute(sql`select count(*)::int as count from tasks t
      left join users a on a.id = t.assignee_id
      where ${sql.join(where, sql` and `)}`),
  );
  return Number(row?.count ?? 0);
}

export async function countTabs(
  db: Executor,
  caller: { workspaceId: string; userId: string; timeZone: string },
  filter: TaskFilter,
): Promise<TaskCounts> {
  const { due: _due, status: _status, ...rest } = filter;
  const where = conditions(caller.workspaceId, caller.userId, caller.timeZone, rest);
  const zone = zoneFor(filter, caller.userId, caller.timeZone);
  const [row] = await rowsOf<Record<keyof TaskCounts, number | string>>(
    db.execute(sql`select
        count(*) filter (where ${dueCondition('today', zone)})::int as today,
        count(*) filter (where ${dueCondition('overdue', zone)})::int as overdue,
        count(*) filter (where ${dueCondition('upcoming', zone)})::int as upcoming,
        count(*) filter (where t.status in ('done', 'skipped'))::int as done
      from tasks t left join users a on a.id = t.assignee_id
      where ${sql.join(where, sql` and `)}`),
  );
  return {
    today: Number(row?.today ?? 0),
    overdue: Number(row?.overdue ?? 0),
    upcoming: Number(row?.upcoming ?? 0),
    done: Number(row?.done ?? 0),
  };
}

/** The caller's stored zone (null when never set). */
export async function timeZoneOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  return row?.timeZone ?? null;
}

/** The zone of a member who has not set their own: the workspace's (admin panel). */
export async function workspaceTimeZone(db: Executor, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.timeZone ?? 'UTC';
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

/** Applies one change to the workspace's tasks among `ids`; answers the ids changed. */
export async function bulkUpdate(
  db: Executor,
  workspaceId: string,
  ids: string[],
  values: Record<string, unknown>,
): Promise<string[]> {
  const rows = await db
    .update(tasks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        inArray(tasks.id, ids),
        // A status change leaves tasks already in that status as they are (their completion
        // time stays the one they were done at).
        values.status === undefined ? undefined : ne(tasks.status, values.status as TaskStatus),
      ),
    )
    .returning({ id: tasks.id });
  return rows.map((r) => r.id);
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

/** Each active member of the workspace and their zone (null when never set). */
export async function memberTimeZones(
  db: Executor,
  workspaceId: string,
): Promise<{ userId: string; timeZone: string | null }[]> {
  return db
    .select({ userId: users.id, timeZone: users.timeZone })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.status, 'active')))
    .orderBy(users.id);
}
