import { z } from './z.ts';
import { expectedUpdatedAt, id, instant, text } from './fields.ts';
import { endpoint } from './endpoint.ts';
import {
  recordEndpoints,
  selectionSchema,
  sortParamSchema,
  type FilterCondition,
  type FilterFieldKind,
} from './records.ts';

// Tasks (issue 9): what each member must do, when, about whom. Due times are instants; "due
// today" and "overdue" are days in the assignee's time zone (docs/decisions/031-tasks.md).

export const taskTypes = ['todo', 'call', 'email', 'meeting_prep'] as const;
export const taskTypeSchema = z.enum(taskTypes);
export type TaskType = z.infer<typeof taskTypeSchema>;

export const taskPriorities = ['low', 'normal', 'high'] as const;
export const taskPrioritySchema = z.enum(taskPriorities);
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

export const taskStatuses = ['open', 'done', 'skipped'] as const;
export const taskStatusSchema = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/**
 * Where an open task stands against the assignee's day: `overdue` (due before today), `today`,
 * `upcoming` (due after today), `none` (no due date); `closed` when done or skipped.
 */
export const taskDueStates = ['overdue', 'today', 'upcoming', 'none', 'closed'] as const;
export const taskDueStateSchema = z.enum(taskDueStates);
export type TaskDueState = z.infer<typeof taskDueStateSchema>;

export const TASK_TITLE_MAX = 300;
export const TASK_NOTES_MAX = 10_000;

export const taskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    type: taskTypeSchema,
    /** The due instant (ISO 8601, UTC), or null for a task without a due date. */
    dueAt: z.string().nullable(),
    priority: taskPrioritySchema,
    status: taskStatusSchema,
    assigneeId: z.string().nullable(),
    personId: z.string().nullable(),
    companyId: z.string().nullable(),
    dealId: z.string().nullable(),
    notes: z.string(),
    createdBy: z.string().nullable(),
    completedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Computed at read time in the assignee's time zone (the caller's when unassigned). */
    dueState: taskDueStateSchema,
    /** The IANA zone the due state was computed in. */
    timeZone: z.string(),
    /** Names of the related records, for lists; '' without one. */
    personName: z.string(),
    companyName: z.string(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;

export const taskFields = {
  title: text(TASK_TITLE_MAX).min(1, { message: 'Required' }),
  type: taskTypeSchema,
  dueAt: instant.nullable(),
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  assigneeId: id('member').nullable(),
  personId: id('person').nullable(),
  companyId: id('company').nullable(),
  dealId: id('deal').nullable(),
  notes: z.string().max(TASK_NOTES_MAX),
};

/** A task as a client sends it to create one; the assignee defaults to the caller. */
export const newTaskSchema = z
  .object({
    title: taskFields.title,
    type: taskFields.type.default('todo'),
    dueAt: taskFields.dueAt.default(null),
    priority: taskFields.priority.default('normal'),
    assigneeId: taskFields.assigneeId.optional(),
    personId: taskFields.personId.default(null),
    companyId: taskFields.companyId.default(null),
    dealId: taskFields.dealId.default(null),
    notes: taskFields.notes.default(''),
  })
  .meta({ id: 'NewTask' });
export type NewTask = z.input<typeof newTaskSchema>;

export const taskPatchSchema = z
  .object(taskFields)
  .partial()
  .extend({ expectedUpdatedAt })
  .meta({ id: 'TaskPatch' });
export type TaskPatch = z.input<typeof taskPatchSchema>;

/** The tabs of the tasks screen, and `due` (overdue or today: what the queue walks through). */
export const taskDueFilters = ['today', 'overdue', 'upcoming', 'due', 'none'] as const;
export const taskSorts = [
  'dueAt',
  '-dueAt',
  'createdAt',
  '-createdAt',
  'completedAt',
  '-completedAt',
  'priority',
  '-priority',
  'title',
  '-title',
] as const;
export type TaskSort = (typeof taskSorts)[number];

/**
 * Every field the records engine filters tasks on (the `filters` parameter, saved views, bulk by
 * filter), with its kind. `dueState` is computed per row in the assignee's time zone (the
 * creator's when unassigned): a registry extension, docs/adding-an-area.md.
 */
export const taskFieldKinds = {
  title: 'text',
  type: 'enum',
  status: 'enum',
  priority: 'enum',
  dueAt: 'date',
  dueState: 'enum',
  assigneeId: 'ref',
  createdBy: 'ref',
  personId: 'ref',
  companyId: 'ref',
  dealId: 'ref',
  notes: 'text',
  completedAt: 'date',
  createdAt: 'date',
  updatedAt: 'date',
  lastActivityAt: 'date',
} as const satisfies Record<string, FilterFieldKind>;
export type TaskFilterField = keyof typeof taskFieldKinds;

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The query string of GET /api/tasks (and /count and /counts, and a bulk action's filter). `due`
 * is computed in each task's assignee's time zone and keeps open tasks only; `status=closed` is
 * done or skipped. These shortcuts are conditions of the records engine, and-ed with `filters`
 * (the JSON text of conditions on any of `taskFieldKinds`, as people's); `sort` takes any
 * sortable field (`taskSorts` are the tabs'), `-` for descending.
 */
export const taskQuerySchema = z.object({
  mine: flag.optional(),
  assignee: id('member').optional(),
  due: z.enum(taskDueFilters).optional(),
  type: taskTypeSchema.optional(),
  status: z.enum([...taskStatuses, 'closed']).optional(),
  priority: taskPrioritySchema.optional(),
  person: id('person').optional(),
  company: id('company').optional(),
  deal: id('deal').optional(),
  q: z.string().trim().max(200).optional(),
  filters: z.string().max(16_000).optional(),
  sort: sortParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2000).optional(),
});
export type TaskQuery = z.input<typeof taskQuerySchema>;

/** The tabs' `due` shortcuts as due states (`upcoming` also holds the open tasks without one). */
export const taskDueStatesOf = {
  today: ['today'],
  overdue: ['overdue'],
  upcoming: ['upcoming', 'none'],
  due: ['overdue', 'today'],
  none: ['none'],
} as const satisfies Record<(typeof taskDueFilters)[number], readonly TaskDueState[]>;

/**
 * A task query's shortcuts (`mine`, `due`, `status`, `person`, …) as the records engine's
 * conditions, after the query's own `filters` (already parsed): the one rule the server's list
 * and the screen's CSV export (the engine's export takes conditions only) both follow.
 */
export function taskQueryConditions(
  query: Omit<TaskQuery, 'filters' | 'limit' | 'cursor' | 'sort' | 'q' | 'mine'> & {
    mine?: TaskQuery['mine'] | boolean;
  },
  filters: readonly FilterCondition[],
  callerId: string,
): FilterCondition[] {
  const conditions = [...filters];
  const equals = (field: string, value: string | undefined) => {
    if (value !== undefined) conditions.push({ field, op: 'equals', value });
  };
  // The server has it parsed (a boolean), the screen as typed in the address.
  const mine: unknown = query.mine;
  if (mine === true || mine === 'true' || mine === '1') equals('assigneeId', callerId);
  equals('assigneeId', query.assignee);
  if (query.due) {
    conditions.push({ field: 'dueState', op: 'in', value: [...taskDueStatesOf[query.due]] });
  }
  if (query.status === 'closed') {
    conditions.push({ field: 'status', op: 'in', value: ['done', 'skipped'] });
  } else equals('status', query.status);
  equals('type', query.type);
  equals('priority', query.priority);
  equals('personId', query.person);
  equals('companyId', query.company);
  equals('dealId', query.deal);
  return conditions;
}

export const taskPageSchema = z
  .object({ items: z.array(taskSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'TaskPage' });
export type TaskPage = z.infer<typeof taskPageSchema>;

/** GET /api/tasks/counts: the size of each tab for the same filters (due and status aside). */
export const taskCountsSchema = z
  .object({
    today: z.number().int(),
    overdue: z.number().int(),
    upcoming: z.number().int(),
    done: z.number().int(),
  })
  .meta({ id: 'TaskCounts' });
export type TaskCounts = z.infer<typeof taskCountsSchema>;

export const taskBulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('complete') }),
  z.object({ type: z.literal('reopen') }),
  z.object({ type: z.literal('skip') }),
  z.object({ type: z.literal('reassign'), assigneeId: id('member').nullable() }),
  z.object({ type: z.literal('reschedule'), dueAt: instant.nullable() }),
  z.object({ type: z.literal('delete') }),
]);
export type TaskBulkAction = z.infer<typeof taskBulkActionSchema>;
/** The most tasks one bulk action changes ("select all" of a filter beyond it answers 413). */
export const TASK_BULK_LIMIT = 10_000;
/**
 * A bulk action's selection: given ids, or every task a filter matches (the list's filters:
 * "select all overdue", then complete, reassign or reschedule them).
 */
export const taskSelectionFilterSchema = taskQuerySchema.omit({
  sort: true,
  limit: true,
  cursor: true,
});
export const taskBulkRequestSchema = z
  .union([
    z.object({ ids: z.array(id('task')).min(1).max(1000), action: taskBulkActionSchema }),
    z.object({ filter: taskSelectionFilterSchema, action: taskBulkActionSchema }),
    /** The records engine's selection (ids, or `{ q, filters }` as a saved view holds them). */
    z.object({ selection: selectionSchema, action: taskBulkActionSchema }),
  ])
  .meta({ id: 'TaskBulkRequest' });
export type TaskBulkRequest = z.infer<typeof taskBulkRequestSchema>;

/**
 * The caller's time zone (IANA; null: never set) and the effective one their days are counted in:
 * their own, else the workspace's, else UTC (record 055).
 */
export const timeZoneSettingSchema = z
  .object({ timeZone: z.string().nullable(), effectiveTimeZone: z.string() })
  .meta({ id: 'TimeZoneSetting' });
export type TimeZoneSetting = z.infer<typeof timeZoneSettingSchema>;
/**
 * GET /api/tasks/time-zones: each active member's effective zone (their own, else the
 * workspace's, else UTC), so a task's due time is entered and shown in its assignee's zone, as
 * the server counts its day.
 */
export const memberTimeZonesSchema = z
  .object({
    items: z.array(z.object({ userId: z.string(), timeZone: z.string() })),
  })
  .meta({ id: 'MemberTimeZones' });
export type MemberTimeZones = z.infer<typeof memberTimeZonesSchema>;
export const timeZoneRequestSchema = z
  .object({ timeZone: z.string().trim().min(1).max(64) })
  .meta({ id: 'TimeZoneRequest' });

/**
 * The realtime messages of tasks: `tasks.changed` names the changed tasks (empty when many or
 * deleted ones) and who changed them; screens read their tasks again.
 */
export const TASKS_CHANGED = 'tasks.changed';
export const tasksRealtimeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(TASKS_CHANGED),
    data: z.object({ ids: z.array(z.string()), by: z.string().nullable() }),
  }),
]);
export type TasksRealtime = z.infer<typeof tasksRealtimeSchema>;

/**
 * Tasks' generic records endpoints (docs/decisions/044): list, count, create, read, change,
 * delete, bulk and the CSV export under `/api/tasks`, as people's. Notes and the timeline
 * (`/api/tasks/:id/notes`, `/activity`) come with every registry entry (`recordNotesEndpoints`).
 */
export const taskRecordEndpoints = recordEndpoints(
  'tasks',
  {
    page: taskPageSchema,
    record: taskSchema,
    detail: taskSchema,
    create: newTaskSchema,
    patch: taskPatchSchema,
    bulk: taskBulkRequestSchema,
  },
  {
    subject: 'task',
    create: 'Add a task (assigned to the caller unless another member is named)',
    detail: 'One task',
    remove: 'Delete a task (its notes and timeline go with it)',
  },
);

/** The tasks API (`apps/server/src/modules/tasks/tasks.routes.ts`); any member reads, writers write. */
export const tasksEndpoints = {
  ...taskRecordEndpoints,
  list: {
    ...taskRecordEndpoints.list,
    summary:
      'Tasks: filtered (mine, assignee, due today/overdue/upcoming, type, status, record, any field), sorted, keyset pages',
    query: taskQuerySchema,
  },
  count: {
    ...taskRecordEndpoints.count,
    summary: 'How many tasks match the filters (exact up to 100,000, then an estimate)',
    query: taskQuerySchema,
  },
  counts: endpoint({
    method: 'GET',
    path: '/api/tasks/counts',
    summary: 'The size of each tab (due today, overdue, upcoming, done) for the other filters',
    query: taskQuerySchema,
    response: taskCountsSchema,
  }),
  timeZone: endpoint({
    method: 'GET',
    path: '/api/tasks/time-zone',
    summary: "The caller's time zone, which their tasks' days are counted in",
    response: timeZoneSettingSchema,
  }),
  memberTimeZones: endpoint({
    method: 'GET',
    path: '/api/tasks/time-zones',
    summary: "Each active member's time zone, which their tasks' due times are shown in",
    response: memberTimeZonesSchema,
  }),
  /** Any role may set their own zone (registered with `readAt`). */
  setTimeZone: endpoint({
    method: 'PUT',
    path: '/api/tasks/time-zone',
    summary: "Set the caller's time zone (IANA); any role may set their own",
    body: timeZoneRequestSchema,
    response: timeZoneSettingSchema,
  }),
  /** The one task (the records endpoints' `detail`, by its older name). */
  get: taskRecordEndpoints.detail,
  bulk: {
    ...taskRecordEndpoints.bulk,
    summary:
      'Complete, skip, reopen, reassign, reschedule or delete tasks by id, or every task a filter matches (at most 10,000)',
  },
  patch: {
    ...taskRecordEndpoints.patch,
    summary: 'Change a task (only the fields given); status done or skipped stamps completedAt',
  },
};
