import { sql, type SQL } from 'drizzle-orm';
import {
  taskDueStates,
  taskFieldKinds,
  taskPriorities,
  taskStatuses,
  taskTypes,
  type TaskDueState,
} from '@beacon/contract';
import { fieldsOf, type EntityDef } from '../../lib/records/fields.ts';
import { rowsOf, type Executor } from '../../lib/records/sql.ts';
import { effectiveZoneSql, todayStartSql, tomorrowStartSql } from '../../lib/time-zones.ts';

const t = fieldsOf('tasks');

/**
 * The zone a task's day is counted in: the effective zone (lib/time-zones.ts) of its assignee, of
 * its creator when unassigned. Read per row, so one query serves a workspace whose members live in
 * many zones (docs/decisions/031, 044, 055).
 */
export const taskZoneExpr = effectiveZoneSql(
  sql`coalesce("tasks"."assignee_id", "tasks"."created_by")`,
  sql`"tasks"."workspace_id"`,
);

/**
 * Where an open task stands against its assignee's day (the contract's `taskDueStates`): a
 * computed field of the registry, filtered with `equals` / `in` like a stored enum.
 */
export const dueStateExpr = sql`(case when "tasks"."status" <> 'open' then 'closed'
  when "tasks"."due_at" is null then 'none'
  when "tasks"."due_at" < ${todayStartSql(taskZoneExpr)} then 'overdue'
  when "tasks"."due_at" < ${tomorrowStartSql(taskZoneExpr)} then 'today'
  else 'upcoming' end)`;

/**
 * What every task in one of `states` meets on stored columns, so the (workspace, status, due)
 * and (workspace, assignee, status, due) indexes narrow the rows whose own zone is then checked:
 * a local midnight is within the last 27 hours in every zone (a day with a clock change lasts 23
 * to 25 hours, and a zone's offset may change by up to two), the next one within the next 27.
 */
export function narrowDueStates(states: readonly string[]): SQL[] {
  const wanted = new Set(states as readonly TaskDueState[]);
  if (wanted.size === 1 && wanted.has('closed')) return [sql`"tasks"."status" <> 'open'`];
  if (wanted.has('closed')) return [];
  const conditions = [sql`"tasks"."status" = 'open'`];
  const due = sql`"tasks"."due_at"`;
  const only = (...allowed: TaskDueState[]) => [...wanted].every((s) => allowed.includes(s));
  if (only('none')) conditions.push(sql`${due} is null`);
  else if (only('today')) {
    conditions.push(
      sql`${due} >= now() - interval '27 hours' and ${due} < now() + interval '27 hours'`,
    );
  } else if (only('overdue')) conditions.push(sql`${due} <= now()`);
  else if (only('today', 'overdue')) conditions.push(sql`${due} < now() + interval '27 hours'`);
  else if (only('upcoming')) conditions.push(sql`${due} > now()`);
  return conditions;
}

/** Deletes the selected tasks; their notes, timeline and notifications go with them. */
async function deleteTasks(db: Executor, match: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with removed as (delete from "tasks" where ${match} returning 1)
        select count(*)::int as n from removed`,
  );
  return Number(row?.n ?? 0);
}

/** Tasks in the records registry (registered in modules/record-entities.ts). */
export const tasksEntity: EntityDef = {
  name: 'tasks',
  subject: 'task',
  notFound: 'No such task',
  subjectKey: 'taskId',
  table: 'tasks',
  // Record visibility `own`: a member sees the tasks assigned to them (docs/decisions/045).
  ownerColumn: 'assignee_id',
  fields: {
    id: t('id', 'uuid'),
    title: t('title'),
    type: t('type', 'task_type', { values: taskTypes }),
    status: t('status', 'task_status', { values: taskStatuses }),
    priority: t('priority', 'task_priority', { values: taskPriorities }),
    dueAt: t('due_at', 'timestamptz', { nullable: true }),
    dueState: t('due_state', 'text', {
      values: taskDueStates,
      sortable: false,
      expr: dueStateExpr,
      narrow: narrowDueStates,
    }),
    assigneeId: t('assignee_id', 'uuid', { nullable: true }),
    createdBy: t('created_by', 'uuid', { nullable: true }),
    personId: t('person_id', 'uuid', { nullable: true }),
    companyId: t('company_id', 'uuid', { nullable: true }),
    dealId: t('deal_id', 'uuid', { nullable: true }),
    notes: t('notes'),
    completedAt: t('completed_at', 'timestamptz', { nullable: true }),
    createdAt: t('created_at', 'timestamptz'),
    updatedAt: t('updated_at', 'timestamptz'),
    lastActivityAt: t('last_activity_at', 'timestamptz'),
  },
  kinds: taskFieldKinds,
  defaultSort: 'dueAt',
  deleteWhere: deleteTasks,
};
