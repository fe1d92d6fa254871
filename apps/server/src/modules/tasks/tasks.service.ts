import type { z } from 'zod';
import { and, sql, type SQL } from 'drizzle-orm';
import type {
  BulkResult,
  FilterCondition,
  MemberTimeZones,
  TimeZoneSetting,
  PersonBulkRequest,
  RecordCount,
  Task,
  TaskBulkRequest,
  TaskCounts,
  TaskPage,
  newTaskSchema,
  taskPatchSchema,
  taskQuerySchema,
} from '@beacon/contract';
import { TASK_BULK_LIMIT, TASKS_CHANGED, taskQueryConditions } from '@beacon/contract';
import type { Database, Executor } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { recordActivities } from '../../lib/records/activity.ts';
import { changedFields } from '../../lib/records/caller.ts';
import { compileFilters, parseFilters, selectionFilter } from '../../lib/records/filters.ts';
import { countWhere, filterWhere, type ListQuery } from '../../lib/records/query.ts';
import { requireVisible, scopePredicate } from '../../lib/records/scope.ts';
import { RecordService, type ExportQuery } from '../../lib/records/record-module.ts';
import { column, columnReader, iso, rowsOf, uuidArray } from '../../lib/records/sql.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { effectiveZoneOf } from '../../lib/time-zones.ts';
import { nonMembers } from '../members/members.repository.ts';
import { taskCsvColumns, tasksCsvContext } from './tasks.csv.ts';
import { dueStateExpr, taskZoneExpr, tasksEntity } from './tasks.entity.ts';
import * as repo from './tasks.repository.ts';
import { records } from '../record-entities.ts';
import { namedLink } from '../../lib/records/links.ts';
import { companiesEntity } from '../companies/companies.entity.ts';
import { peopleEntity } from '../people/people.entity.ts';

type NewTask = z.output<typeof newTaskSchema>;
type TaskPatch = z.output<typeof taskPatchSchema>;
type TaskQuery = z.output<typeof taskQuerySchema>;
/** The list's shortcuts and filters, without paging (a count's or a bulk action's). */
type TaskFilter = Omit<TaskQuery, 'limit' | 'cursor' | 'sort'> & { limit?: number };

const taskNotFound = () => notFound('No such task');

/** What a page selects: the stored columns, the due state and zone, the related names. */
const taskColumns = {
  id: tasks.id,
  title: tasks.title,
  type: tasks.type,
  dueAt: tasks.dueAt,
  priority: tasks.priority,
  status: tasks.status,
  assigneeId: tasks.assigneeId,
  personId: tasks.personId,
  companyId: tasks.companyId,
  dealId: tasks.dealId,
  notes: tasks.notes,
  createdBy: tasks.createdBy,
  completedAt: tasks.completedAt,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  dueState: sql<string>`${dueStateExpr}`.as('dueState'),
  timeZone: sql<string>`${taskZoneExpr}`.as('timeZone'),
  personName:
    sql<string>`coalesce((select coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email)
    from people p where p.id = "tasks"."person_id"), '')`.as('personName'),
  companyName: sql<string>`coalesce((select c.name from companies c
    where c.id = "tasks"."company_id"), '')`.as('companyName'),
};

type TaskRow = Omit<Task, 'dueAt' | 'completedAt' | 'createdAt' | 'updatedAt'> & {
  dueAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const toTask = (row: TaskRow): Task => ({
  ...row,
  dueAt: iso(row.dueAt),
  completedAt: iso(row.completedAt),
  createdAt: iso(row.createdAt)!,
  updatedAt: iso(row.updatedAt)!,
});

/** The fields a change records on the task's timeline, in this order. */
const timelineFields = [
  'title',
  'type',
  'status',
  'priority',
  'dueAt',
  'assigneeId',
  'personId',
  'companyId',
  'dealId',
  'notes',
] as const;

/**
 * The list's shortcuts (mine, assignee, due, type, status, priority, person, company, deal) as
 * conditions of the records engine, after the `filters` the caller wrote.
 */
function conditionsOf(caller: Caller, filter: TaskFilter): FilterCondition[] {
  return taskQueryConditions(filter, parseFilters(filter.filters), caller.userId);
}

/**
 * The rules of tasks: related records and assignees must belong to the workspace; finishing
 * stamps `completedAt`; a due time moved to the future is announced again when it comes. Every
 * write runs in a transaction and publishes `tasks.changed` inside it.
 */
export class TasksService {
  /** The records engine over the tasks' registry entry: pages, counts, the CSV export. */
  private readonly records: RecordService<TaskRow, Task, PersonBulkRequest>;
  private readonly reader = columnReader('tasks', taskColumns);

  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {
    this.records = new RecordService<TaskRow, Task, PersonBulkRequest>(db, {
      entity: tasksEntity,
      table: tasks,
      columns: taskColumns,
      toItem: toTask,
      csvColumns: taskCsvColumns,
      csvContext: tasksCsvContext,
      links: [
        namedLink<Task, 'personId', 'personName'>(peopleEntity, 'personId', 'personName'),
        namedLink<Task, 'companyId', 'companyName'>(companiesEntity, 'companyId', 'companyName'),
      ],
    });
  }

  /** The list's query as the records engine takes it (the shortcuts become conditions). */
  private listQuery(caller: Caller, query: TaskFilter & Partial<TaskQuery>): ListQuery {
    return {
      q: query.q,
      filters: JSON.stringify(conditionsOf(caller, query)),
      sort: query.sort,
      limit: query.limit ?? 50,
      cursor: query.cursor,
    };
  }

  /** The WHERE of the tasks a filter matches, as the list builds it. */
  private async filterWhere(db: Executor, caller: Caller, filter: TaskFilter): Promise<SQL> {
    const query = this.listQuery(caller, filter);
    return filterWhere(db, tasksEntity, caller, parseFilters(query.filters), query.q);
  }

  async list(caller: Caller, query: TaskQuery): Promise<TaskPage> {
    return this.records.list(caller, this.listQuery(caller, query));
  }

  async count(caller: Caller, query: TaskQuery): Promise<RecordCount> {
    return countWhere(this.db, tasksEntity, await this.filterWhere(this.db, caller, query));
  }

  /** Each tab's size for the other filters, in one query over the same WHERE. */
  async counts(caller: Caller, query: TaskQuery): Promise<TaskCounts> {
    const { due: _due, status: _status, ...rest } = query;
    const where = await this.filterWhere(this.db, caller, rest);
    const state = (...states: string[]) =>
      compileFilters(tasksEntity, [{ field: 'dueState', op: 'in', value: states }]).where[0]!;
    const [row] = await rowsOf<Record<keyof TaskCounts, number | string>>(
      this.db,
      sql`select
        count(*) filter (where ${state('today')})::int as today,
        count(*) filter (where ${state('overdue')})::int as overdue,
        count(*) filter (where ${state('upcoming', 'none')})::int as upcoming,
        count(*) filter (where ${state('closed')})::int as done
      from "tasks" where ${where}`,
    );
    return {
      today: Number(row?.today ?? 0),
      overdue: Number(row?.overdue ?? 0),
      upcoming: Number(row?.upcoming ?? 0),
      done: Number(row?.done ?? 0),
    };
  }

  async exportCsv(caller: Caller, query: ExportQuery): Promise<AsyncIterable<string>> {
    return this.records.exportCsv(caller, query);
  }

  async get(caller: Caller, id: string, db: Executor = this.db): Promise<Task> {
    const rows = this.reader.decode<TaskRow>(
      await rowsOf<Record<string, unknown>>(
        db,
        sql`select ${this.reader.list} from "tasks"
          where ${and(
            sql`${column('tasks', 'workspace_id')} = ${caller.workspaceId}::uuid`,
            ...scopePredicate(tasksEntity, caller),
            sql`${column('tasks', 'id')} = any(${uuidArray([id])})`,
          )}`,
      ),
    );
    if (!rows[0]) throw taskNotFound();
    const [task] = await this.records.shown(caller, [toTask(rows[0])], db);
    return task!;
  }

  /** The member's own zone (null when never set) and the effective one days are counted in. */
  async timeZone(caller: Caller): Promise<TimeZoneSetting> {
    const [timeZone, effectiveTimeZone] = await Promise.all([
      repo.timeZoneOf(this.db, caller.userId),
      effectiveZoneOf(this.db, caller),
    ]);
    return { timeZone, effectiveTimeZone };
  }

  /** Each active member's zone: the web enters and shows a task's due time in its assignee's. */
  async memberTimeZones(caller: Caller): Promise<MemberTimeZones> {
    return { items: await repo.memberTimeZones(this.db, caller.workspaceId) };
  }

  async setTimeZone(caller: Caller, zone: string): Promise<TimeZoneSetting> {
    if (!(await repo.databaseKnowsZone(this.db, zone))) {
      throw fieldError('timeZone', 'Use an IANA time zone such as Europe/Paris');
    }
    await this.db.transaction(async (tx) => {
      await repo.setTimeZone(tx, caller.userId, zone);
      // The member's tasks change day; screens read them again.
      await this.publish(tx, caller, []);
    });
    return { timeZone: zone, effectiveTimeZone: zone };
  }

  /**
   * Refuses an assignee who is not a member (400 on the field) and a related record from outside
   * the workspace (404, as people do for a company of another workspace).
   */
  private async checkLinks(
    db: Executor,
    caller: Caller,
    links: {
      assigneeId?: string | null;
      personId?: string | null;
      companyId?: string | null;
      dealId?: string | null;
    },
  ) {
    if (links.assigneeId) {
      const missing = await nonMembers(db, caller.workspaceId, [links.assigneeId]);
      if (missing.length > 0) {
        throw fieldError('assigneeId', 'Not a member of this workspace');
      }
    }
    if (links.personId && !(await repo.personInWorkspace(db, caller.workspaceId, links.personId)))
      throw notFound('No such person');
    if (
      links.companyId &&
      !(await repo.companyInWorkspace(db, caller.workspaceId, links.companyId))
    )
      throw notFound('No such company');
    if (links.dealId && !(await repo.dealInWorkspace(db, caller.workspaceId, links.dealId)))
      throw notFound('No such deal');
    // Record visibility: a record the member does not see is not theirs to link (404).
    if (links.personId)
      await requireVisible(db, records.entity('people'), caller, [links.personId]);
    if (links.companyId) {
      await requireVisible(db, records.entity('companies'), caller, [links.companyId]);
    }
    if (links.dealId) await requireVisible(db, records.entity('deals'), caller, [links.dealId]);
  }

  /**
   * A due time already past when its own assignee sets it raises no notification (they know);
   * one in the future (or set by someone else) is announced when it comes.
   */
  private dueNotified(dueAt: Date | null, assigneeId: string | null, caller: Caller) {
    if (dueAt && dueAt.getTime() <= Date.now() && assigneeId === caller.userId) return new Date();
    return null;
  }

  async create(caller: Caller, input: NewTask): Promise<Task> {
    const assigneeId = input.assigneeId === undefined ? caller.userId : input.assigneeId;
    const dueAt = input.dueAt === null ? null : new Date(input.dueAt);
    return this.db.transaction(async (tx) => {
      await this.checkLinks(tx, caller, { ...input, assigneeId });
      const id = await repo.insertTask(tx, caller.workspaceId, caller.userId, {
        title: input.title,
        type: input.type,
        dueAt,
        priority: input.priority,
        assigneeId,
        personId: input.personId,
        companyId: input.companyId,
        dealId: input.dealId,
        notes: input.notes,
        dueNotifiedAt: this.dueNotified(dueAt, assigneeId, caller),
      });
      await recordActivities(tx, caller.workspaceId, caller.userId, { type: 'task', id }, [
        { kind: 'created' },
      ]);
      await this.publish(tx, caller, [id]);
      return this.get(caller, id, tx);
    });
  }

  async patch(caller: Caller, id: string, patch: TaskPatch): Promise<Task> {
    return this.db.transaction(async (tx) => {
      // Record visibility: a task the caller does not see answers 404 as another workspace's.
      await requireVisible(tx, tasksEntity, caller, [id]);
      const current = await repo.findTask(tx, caller.workspaceId, id);
      if (!current) throw taskNotFound();
      if (
        patch.expectedUpdatedAt !== undefined &&
        new Date(patch.expectedUpdatedAt).getTime() !== current.updatedAt.getTime()
      ) {
        throw new AppError(
          'EDIT_CONFLICT',
          'Someone changed this task since you opened it; reload it and try again',
        );
      }
      await this.checkLinks(tx, caller, patch);
      const { expectedUpdatedAt: _e, dueAt: dueText, ...rest } = patch;
      const values: repo.TaskValues = { ...rest };
      const assigneeChanged =
        patch.assigneeId !== undefined && patch.assigneeId !== current.assigneeId;
      if (dueText !== undefined || assigneeChanged) {
        // A new due time, or a new assignee, is announced again (to the new assignee, once due).
        const dueAt =
          dueText === undefined ? current.dueAt : dueText === null ? null : new Date(dueText);
        if (dueText !== undefined) values.dueAt = dueAt;
        const assignee = patch.assigneeId === undefined ? current.assigneeId : patch.assigneeId;
        values.dueNotifiedAt = this.dueNotified(dueAt, assignee, caller);
      }
      const statusChanged = patch.status !== undefined && patch.status !== current.status;
      if (statusChanged) values.completedAt = patch.status === 'open' ? null : new Date();
      await repo.updateTask(tx, caller.workspaceId, id, values);
      // Each changed field on the task's timeline (which moves its last activity).
      const { changes } = changedFields(timelineFields, current, values);
      await recordActivities(tx, caller.workspaceId, caller.userId, { type: 'task', id }, changes);
      // Finishing or reopening a task is work on what it concerns: its deal's rotting clock
      // restarts, in this transaction (as the task's own links are after the change).
      if (statusChanged) {
        await repo.touchRelated(tx, {
          personId: values.personId === undefined ? current.personId : values.personId,
          companyId: values.companyId === undefined ? current.companyId : values.companyId,
          dealId: values.dealId === undefined ? current.dealId : values.dealId,
        });
      }
      await this.publish(tx, caller, [id]);
      return this.get(caller, id, tx);
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await requireVisible(tx, tasksEntity, caller, [id]);
      if (!(await repo.deleteTask(tx, caller.workspaceId, id))) throw taskNotFound();
      await this.publish(tx, caller, []);
    });
  }

  /** The WHERE of a bulk action's selection: ids, the list's filter, or the engine's selection. */
  private async selectionWhere(
    db: Executor,
    caller: Caller,
    request: TaskBulkRequest,
  ): Promise<SQL> {
    if ('filter' in request) return this.filterWhere(db, caller, request.filter);
    // Record visibility: ids of tasks the caller does not see are not theirs to change (404).
    if ('ids' in request) await requireVisible(db, tasksEntity, caller, request.ids);
    const selection = 'ids' in request ? { ids: request.ids } : request.selection;
    const selected = selectionFilter(tasksEntity, selection);
    return and(
      sql`${column('tasks', 'workspace_id')} = ${caller.workspaceId}::uuid`,
      ...scopePredicate(tasksEntity, caller),
      ...selected.where,
    )!;
  }

  async bulk(caller: Caller, request: TaskBulkRequest): Promise<BulkResult> {
    const { action } = request;
    return this.db.transaction(async (tx) => {
      // A filter selects what the list shows with it now, in the same transaction.
      const where = await this.selectionWhere(tx, caller, request);
      const ids = (
        await rowsOf<{ id: string }>(
          tx,
          sql`select "tasks"."id" from "tasks" where ${where} limit ${TASK_BULK_LIMIT + 1}`,
        )
      ).map((row) => row.id);
      if (ids.length > TASK_BULK_LIMIT) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The selection holds more than ${TASK_BULK_LIMIT} tasks; narrow it first`,
        );
      }
      if (ids.length === 0) return { affected: 0 };
      const setStatus = (status: 'done' | 'skipped' | 'open') =>
        repo.bulkSet(tx, caller, ids, {
          field: 'status',
          // Tasks already in that status stay as they are (their completion time is kept).
          set: sql`status = ${status}::task_status, completed_at = ${status === 'open' ? null : sql`now()`}`,
          differs: sql`tasks.status <> ${status}::task_status`,
          oldText: sql`tasks.status::text`,
          newText: sql`${status}::text`,
          touchRelated: true,
        });
      let changed: string[];
      switch (action.type) {
        case 'complete':
          changed = await setStatus('done');
          break;
        case 'skip':
          changed = await setStatus('skipped');
          break;
        case 'reopen':
          changed = await setStatus('open');
          break;
        case 'reassign': {
          await this.checkLinks(tx, caller, { assigneeId: action.assigneeId });
          const assignee = action.assigneeId;
          changed = await repo.bulkSet(tx, caller, ids, {
            field: 'assigneeId',
            // Their new assignee hears of the tasks that are due (not the caller, of their own).
            set:
              assignee === caller.userId
                ? sql`assignee_id = ${assignee}::uuid`
                : sql`assignee_id = ${assignee}::uuid, due_notified_at = null`,
            differs: sql`tasks.assignee_id is distinct from ${assignee}::uuid`,
            oldText: sql`tasks.assignee_id::text`,
            newText: sql`${assignee}::text`,
            touchRelated: false,
          });
          break;
        }
        case 'reschedule': {
          const dueAt = action.dueAt === null ? null : new Date(action.dueAt).toISOString();
          const past = dueAt !== null && Date.parse(dueAt) <= Date.now();
          changed = await repo.bulkSet(tx, caller, ids, {
            field: 'dueAt',
            // Announced again when the new time comes; a past time set on the caller's own
            // tasks is not (as for one task).
            set: past
              ? sql`due_at = ${dueAt}::timestamptz,
                  due_notified_at = case when target.assignee_id = ${caller.userId}::uuid then now() end`
              : sql`due_at = ${dueAt}::timestamptz, due_notified_at = null`,
            differs: sql`tasks.due_at is distinct from ${dueAt}::timestamptz`,
            oldText: sql`to_char(tasks.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
            newText: sql`to_char(${dueAt}::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
            touchRelated: false,
          });
          break;
        }
        case 'delete':
          changed = await repo.bulkDelete(tx, caller.workspaceId, ids);
          break;
      }
      if (changed.length > 0) {
        await this.publish(tx, caller, action.type === 'delete' ? [] : changed.slice(0, 100));
      }
      return { affected: changed.length };
    });
  }

  private publish(tx: Executor, caller: Caller, ids: string[]) {
    return this.realtime.publish(tx, caller.workspaceId, {
      type: TASKS_CHANGED,
      data: { ids, by: caller.userId },
    });
  }
}
