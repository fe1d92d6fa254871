import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  HOME_ACTIVITY_LIMIT,
  HOME_COUNT_CAP,
  type HomeActivity,
  type HomeClosing,
  type HomeMoney,
  type HomeStage,
  type HomeTask,
} from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import {
  activities,
  companies,
  deals,
  people,
  pipelineStages,
  pipelines,
  tasks,
  users,
} from '../../db/schema/index.ts';
import { keptStageSums, stageSums } from '../deals/deals.repository.ts';
import {
  addMinor,
  amountSumSql,
  weightedFromRaw,
  weightedRawSql,
  weighMinor,
} from '../deals/money.ts';
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
  /** Record visibility `own`: only the entries on records this member owns. */
  ownerId: string | null = null,
): Promise<HomeActivity[]> {
  const owned =
    ownerId === null
      ? undefined
      : sql`coalesce(${people.ownerId}, ${companies.ownerId}, ${deals.ownerId}) = ${ownerId}::uuid`;
  const rows = await db
    .select({
      id: activities.id,
      kind: activities.kind,
      personId: activities.personId,
      companyId: activities.companyId,
      personName: sql<string | null>`coalesce(${personName}, nullif(${people.email}, ''))`,
      companyName: companies.name,
      dealId: activities.dealId,
      dealName: deals.name,
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
    .leftJoin(deals, eq(deals.id, activities.dealId))
    .leftJoin(users, eq(users.id, activities.actorId))
    // People's, companies' and deals' timelines; a task's own (its notes and changes) stays on
    // the task (docs/decisions/044): the home page's tasks card shows the work.
    .where(and(eq(activities.workspaceId, workspaceId), isNull(activities.taskId), owned))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
  return rows.map((row) => {
    const subject = records.subjectOf(row);
    const name =
      subject.type === 'person'
        ? row.personName
        : subject.type === 'company'
          ? row.companyName
          : row.dealName;
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
        dealId: tasks.dealId,
        dealName: deals.name,
      })
      .from(tasks)
      .leftJoin(people, eq(people.id, tasks.personId))
      .leftJoin(companies, eq(companies.id, tasks.companyId))
      .leftJoin(deals, eq(deals.id, tasks.dealId))
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
          : row.dealId
            ? { type: 'deal', id: row.dealId, name: row.dealName ?? '' }
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

/** The workspace's default pipeline (the first by position when none is marked). */
export async function defaultPipeline(db: Executor, workspaceId: string) {
  const [row] = await db
    .select({ id: pipelines.id, name: pipelines.name, key: pipelines.key })
    .from(pipelines)
    .where(eq(pipelines.workspaceId, workspaceId))
    .orderBy(desc(pipelines.isDefault), asc(pipelines.position), asc(pipelines.id))
    .limit(1);
  return row ?? null;
}

/**
 * The open stages of a pipeline with their deals' count and sums by currency, from the totals
 * the deals area keeps (deal_stage_totals, by triggers on deals): a few rows whatever the number
 * of deals. A stage's probability weighs its sum.
 */
export async function openStages(
  db: Executor,
  workspaceId: string,
  pipelineId: string,
  /** Record visibility `own`: only this member's deals. */
  ownerId: string | null = null,
): Promise<HomeStage[]> {
  const stages = await db
    .select({
      id: pipelineStages.id,
      name: pipelineStages.name,
      key: pipelineStages.key,
      probability: pipelineStages.probability,
    })
    .from(pipelineStages)
    .where(
      and(
        eq(pipelineStages.workspaceId, workspaceId),
        eq(pipelineStages.pipelineId, pipelineId),
        eq(pipelineStages.kind, 'open'),
      ),
    )
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.id));
  if (stages.length === 0) return [];
  const sums =
    ownerId === null
      ? await keptStageSums(
          db,
          workspaceId,
          stages.map((s) => s.id),
        )
      : await stageSums(
          db,
          and(
            eq(deals.workspaceId, workspaceId),
            eq(deals.pipelineId, pipelineId),
            eq(deals.ownerId, ownerId),
          )!,
        );
  sums.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  return stages.map((stage) => {
    const rows = sums.filter((row) => row.stageId === stage.id);
    return {
      ...stage,
      count: rows.reduce((n, row) => n + row.count, 0),
      totals: rows.map((row) => ({
        currency: row.currency,
        amount: row.amount,
        weighted: weighMinor(row.amount, stage.probability),
      })),
    };
  });
}

/**
 * Open deals expected to close between two dates (inclusive): count and sums by currency, and
 * the first `limit` by close date, from the range of deals_status_close_idx.
 */
export async function openDealsClosing(
  db: Executor,
  workspaceId: string,
  first: string,
  last: string,
  limit: number,
  /** Record visibility `own`: only this member's deals. */
  ownerId: string | null = null,
): Promise<Omit<HomeClosing, 'month'>> {
  const where = and(
    eq(deals.workspaceId, workspaceId),
    ownerId === null ? undefined : eq(deals.ownerId, ownerId),
    eq(deals.status, 'open'),
    gte(deals.expectedCloseDate, first),
    lte(deals.expectedCloseDate, last),
  );
  const [sums, rows] = await Promise.all([
    db
      .select({
        currency: deals.currency,
        count: sql<number>`count(*)::int`,
        amount: amountSumSql,
        raw: weightedRawSql,
      })
      .from(deals)
      .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
      .where(where)
      .groupBy(deals.currency)
      .orderBy(deals.currency),
    db
      .select({
        id: deals.id,
        name: deals.name,
        amount: deals.amount,
        currency: deals.currency,
        closeDate: deals.expectedCloseDate,
        stageName: pipelineStages.name,
        stageKey: pipelineStages.key,
        companyName: deals.companyName,
      })
      .from(deals)
      .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
      .where(where)
      .orderBy(asc(deals.expectedCloseDate), asc(deals.id))
      .limit(limit),
  ]);
  return {
    count: sums.reduce((n, row) => n + row.count, 0),
    totals: sums.map((row) => ({
      currency: row.currency,
      amount: row.amount,
      weighted: weightedFromRaw(row.raw),
    })),
    items: rows.map((row) => ({ ...row, companyName: row.companyName || null })),
  };
}

/** The member's deals won in [days[0], end): how many on each day, and their sums by currency. */
export async function dealsWonByDay(
  db: Executor,
  workspaceId: string,
  ownerId: string,
  days: Date[],
  end: Date,
): Promise<{ perDay: number[]; won: HomeMoney[] }> {
  const bounds = sql.join(
    days.map((d) => sql`${d.toISOString()}::timestamptz`),
    sql`, `,
  );
  const rows = await db
    .select({
      day: sql<number>`width_bucket(${deals.closedAt}, array[${bounds}]::timestamptz[])::int`,
      currency: deals.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${deals.amount})::text`,
    })
    .from(deals)
    .where(
      and(
        eq(deals.workspaceId, workspaceId),
        eq(deals.ownerId, ownerId),
        eq(deals.status, 'won'),
        gte(deals.closedAt, days[0]!),
        lt(deals.closedAt, end),
      ),
    )
    .groupBy(sql`1`, deals.currency);
  const perDay = days.map(() => 0);
  const byCurrency = new Map<string, string>();
  for (const row of rows) {
    if (row.day >= 1 && row.day <= days.length) perDay[row.day - 1]! += row.count;
    byCurrency.set(row.currency, addMinor(byCurrency.get(row.currency) ?? '0', row.amount));
  }
  const won = [...byCurrency]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, amount]) => ({ currency, amount, weighted: amount }));
  return { perDay, won };
}
