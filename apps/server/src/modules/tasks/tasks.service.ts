import type { z } from 'zod';
import type {
  BulkResult,
  MemberTimeZones,
  Task,
  TaskBulkRequest,
  TaskCounts,
  TaskPage,
  TaskSort,
  newTaskSchema,
  taskPatchSchema,
  taskQuerySchema,
} from '@beacon/contract';
import { TASK_BULK_LIMIT, TASKS_CHANGED } from '@beacon/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { isTimestamp, isUuid } from '../../lib/records/sql.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { nonMembers } from '../members/members.repository.ts';
import * as repo from './tasks.repository.ts';

type NewTask = z.output<typeof newTaskSchema>;
type TaskPatch = z.output<typeof taskPatchSchema>;
type TaskQuery = z.output<typeof taskQuerySchema>;

const taskNotFound = () => notFound('No such task');

function encodeCursor(sort: string, last: { id: string; sortValue: string | null }): string {
  return Buffer.from(JSON.stringify({ s: sort, v: last.sortValue, id: last.id })).toString(
    'base64url',
  );
}

function decodeCursor(sort: string, cursor: string | undefined): repo.Cursor | null {
  if (!cursor) return null;
  let body: repo.Cursor;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as repo.Cursor;
  } catch {
    throw fieldError('cursor', 'Not a cursor of this list; start again without one');
  }
  if (
    !body ||
    typeof body !== 'object' ||
    !isUuid(body.id) ||
    (body.v !== null && typeof body.v !== 'string')
  ) {
    throw fieldError('cursor', 'Not a cursor of this list; start again without one');
  }
  if (body.s !== sort) {
    throw fieldError('cursor', `The cursor was made for the sort "${body.s}", not "${sort}"`);
  }
  if (body.v !== null) {
    const name = sort.replace(/^-/, '');
    const fits =
      name === 'dueAt' || name === 'createdAt' || name === 'completedAt'
        ? isTimestamp(body.v)
        : name === 'priority'
          ? ['low', 'normal', 'high'].includes(body.v)
          : true;
    if (!fits) throw fieldError('cursor', 'Not a cursor of this list; start again without one');
  }
  return body;
}

/**
 * The rules of tasks: related records and assignees must belong to the workspace; finishing
 * stamps `completedAt`; a due time moved to the future is announced again when it comes. Every
 * write runs in a transaction and publishes `tasks.changed` inside it.
 */
export class TasksService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  private async scope(caller: Caller, db: Executor = this.db) {
    // A member without a zone of their own counts days in the workspace's (admin panel).
    const timeZone =
      (await repo.timeZoneOf(db, caller.userId)) ??
      (await repo.workspaceTimeZone(db, caller.workspaceId));
    return { workspaceId: caller.workspaceId, userId: caller.userId, timeZone };
  }

  async list(caller: Caller, query: TaskQuery): Promise<TaskPage> {
    const { limit, cursor, sort: sortParam, ...filter } = query;
    const sort: TaskSort = sortParam ?? 'dueAt';
    const scope = await this.scope(caller);
    const rows = await repo.listTasks(
      this.db,
      scope,
      filter,
      sort,
      decodeCursor(sort, cursor),
      limit + 1,
    );
    const more = rows.length > limit;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(({ sortValue: _sortValue, ...task }) => task),
      nextCursor: more && last ? encodeCursor(sort, last) : null,
    };
  }

  async count(caller: Caller, query: TaskQuery): Promise<{ count: number }> {
    const { limit: _l, cursor: _c, sort: _s, ...filter } = query;
    return { count: await repo.countTasks(this.db, await this.scope(caller), filter) };
  }

  async counts(caller: Caller, query: TaskQuery): Promise<TaskCounts> {
    const { limit: _l, cursor: _c, sort: _s, ...filter } = query;
    return repo.countTabs(this.db, await this.scope(caller), filter);
  }

  async get(caller: Caller, id: string, db: Executor = this.db): Promise<Task> {
    const [task] = await repo.getTasks(db, await this.scope(caller, db), [id]);
    if (!task) throw taskNotFound();
    return task;
  }

  async timeZone(caller: Caller): Promise<{ timeZone: string | null }> {
    return { timeZone: await repo.timeZoneOf(this.db, caller.userId) };
  }

  /** Each active member's zone: the web enters and shows a task's due time in its assignee's. */
  async memberTimeZones(caller: Caller): Promise<MemberTimeZones> {
    return { items: await repo.memberTimeZones(this.db, caller.workspaceId) };
  }

  async setTimeZone(caller: Caller, zone: string): Promise<{ timeZone: string | null }> {
    if (!(await repo.databaseKnowsZone(this.db, zone))) {
      throw fieldError('timeZone', 'Use an IANA time zone such as Europe/Paris');
    }
    await this.db.transaction(async (tx) => {
      await repo.setTimeZone(tx, caller.userId, zone);
      // The member's tasks change day; screens read them again.
      await this.publish(tx, caller, []);
    });
    return { timeZone: zone };
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
      await this.publish(tx, caller, [id]);
      return this.get(caller, id, tx);
    });
  }

  async patch(caller: Caller, id: string, patch: TaskPatch): Promise<Task> {
    return this.db.transaction(async (tx) => {
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
      if (patch.status !== undefined && patch.status !== current.status) {
        values.completedAt = patch.status === 'open' ? null : new Date();
      }
      await repo.updateTask(tx, caller.workspaceId, id, values);
      await this.publish(tx, caller, [id]);
      return this.get(caller, id, tx);
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteTask(tx, caller.workspaceId, id))) throw taskNotFound();
      await this.publish(tx, caller, []);
    });
  }

  async bulk(caller: Caller, request: TaskBulkRequest): Promise<BulkResult> {
    const { action } = request;
    return this.db.transaction(async (tx) => {
      // A filter selects what the list shows with it now, in the same transaction.
      const ids =
        'ids' in request
          ? [...new Set(request.ids)]
          : await repo.matchingIds(
              tx,
              await this.scope(caller, tx),
              request.filter,
              TASK_BULK_LIMIT + 1,
            );
      if (ids.length > TASK_BULK_LIMIT) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The filter matches more than ${TASK_BULK_LIMIT} tasks; narrow it first`,
        );
      }
      if (ids.length === 0) return { affected: 0 };
      let changed: string[];
      switch (action.type) {
        case 'complete':
        case 'skip':
          changed = await repo.bulkUpdate(tx, caller.workspaceId, ids, {
            status: action.type === 'complete' ? 'done' : 'skipped',
            completedAt: new Date(),
          });
          break;
        case 'reopen':
          changed = await repo.bulkUpdate(tx, caller.workspaceId, ids, {
            status: 'open',
            completedAt: null,
          });
          break;
        case 'reassign':
          await this.checkLinks(tx, caller, { assigneeId: action.assigneeId });
          // Their new assignee hears of the tasks that are due (not the caller, of their own).
          changed = await repo.bulkUpdate(tx, caller.workspaceId, ids, {
            assigneeId: action.assigneeId,
            ...(action.assigneeId === caller.userId ? {} : { dueNotifiedAt: null }),
          });
          break;
        case 'reschedule': {
          const dueAt = action.dueAt === null ? null : new Date(action.dueAt);
          changed = await repo.bulkUpdate(tx, caller.workspaceId, ids, {
            dueAt,
            // Announced again when the new time comes; a past time set on the caller's own
            // tasks is not (as for one task).
            dueNotifiedAt:
              dueAt && dueAt.getTime() <= Date.now()
                ? sql`case when ${tasks.assigneeId} = ${caller.userId} then now() end`
                : null,
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
