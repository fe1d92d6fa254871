import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Deal, DealPerson, DealPersonRole, DealStageChange } from '@beacon/contract';
import {
  companies,
  dealPeople,
  deals,
  dealStageChanges,
  people,
  pipelineStages,
  workspaces,
} from '../../db/schema/index.ts';
import { rowsOf, uuidArray, type Executor } from '../../lib/records/sql.ts';
import { positionExpr, staleExpr } from './deals.entity.ts';
import { amountSumSql, weightedRawSql } from './money.ts';

// Every SQL statement over deals, the people on them and their stage history. Each takes the
// workspace id and filters by it (the pipelines' own: pipelines.repository.ts).

export const dealColumns = {
  id: deals.id,
  name: deals.name,
  pipelineId: deals.pipelineId,
  stageId: deals.stageId,
  status: deals.status,
  amount: deals.amount,
  currency: deals.currency,
  expectedCloseDate: deals.expectedCloseDate,
  ownerId: deals.ownerId,
  companyId: deals.companyId,
  companyName: deals.companyName,
  source: deals.source,
  tags: deals.tags,
  lostReason: deals.lostReason,
  nextStep: deals.nextStep,
  position: deals.position,
  stageChangedAt: deals.stageChangedAt,
  lastActivityAt: deals.lastActivityAt,
  createdAt: deals.createdAt,
  updatedAt: deals.updatedAt,
  closedAt: deals.closedAt,
  stale: sql<boolean>`${staleExpr}`.as('stale'),
};

/** The columns as the records engine selects them (`stale` is an expression, not a column). */
export const dealSelect = dealColumns as unknown as Record<string, PgColumn>;

export type DealRow = Omit<
  typeof deals.$inferSelect,
  'workspaceId' | 'searchText' | 'createdBy'
> & {
  stale: boolean;
};

/** A deal as answered, without its people (`withPeople` adds them). */
export const toDeal = (row: DealRow): Deal => ({
  id: row.id,
  name: row.name,
  pipelineId: row.pipelineId,
  stageId: row.stageId,
  status: row.status,
  amount: Number(row.amount),
  currency: row.currency,
  expectedCloseDate: row.expectedCloseDate,
  ownerId: row.ownerId,
  companyId: row.companyId,
  companyName: row.companyName,
  people: [],
  source: row.source,
  tags: row.tags,
  lostReason: row.lostReason,
  nextStep: row.nextStep,
  position: row.position,
  stageChangedAt: new Date(row.stageChangedAt).toISOString(),
  lastActivityAt: new Date(row.lastActivityAt).toISOString(),
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
  closedAt: row.closedAt ? new Date(row.closedAt).toISOString() : null,
  stale: row.stale === true || (row.stale as unknown) === 't',
});

/** The people of these deals, by deal, in the order they were added. */
export async function peopleOfDeals(
  db: Executor,
  workspaceId: string,
  dealIds: string[],
): Promise<Map<string, DealPerson[]>> {
  const byDeal = new Map<string, DealPerson[]>();
  if (dealIds.length === 0) return byDeal;
  const rows = await db
    .select({
      dealId: dealPeople.dealId,
      personId: dealPeople.personId,
      role: dealPeople.role,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
    })
    .from(dealPeople)
    .innerJoin(people, eq(people.id, dealPeople.personId))
    .where(and(eq(dealPeople.workspaceId, workspaceId), inArray(dealPeople.dealId, dealIds)))
    .orderBy(asc(dealPeople.addedAt), asc(dealPeople.personId));
  for (const row of rows) {
    const list = byDeal.get(row.dealId) ?? [];
    list.push({
      personId: row.personId,
      role: row.role,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
    });
    byDeal.set(row.dealId, list);
  }
  return byDeal;
}

/** Fills in the people of a page of deals (one query). */
export async function withPeople(db: Executor, workspaceId: string, items: Deal[]) {
  const byDeal = await peopleOfDeals(
    db,
    workspaceId,
    items.map((d) => d.id),
  );
  for (const item of items) item.people = byDeal.get(item.id) ?? [];
  return items;
}

export async function getDealRow(
  db: Executor,
  workspaceId: string,
  id: string,
  lock = false,
): Promise<DealRow | undefined> {
  const query = db
    .select(dealColumns)
    .from(deals)
    .where(and(eq(deals.workspaceId, workspaceId), eq(deals.id, id)));
  const [row] = lock ? await query.for('update', { of: deals }) : await query;
  return row as DealRow | undefined;
}

export async function getDeal(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<Deal | undefined> {
  const row = await getDealRow(db, workspaceId, id);
  if (!row) return undefined;
  return (await withPeople(db, workspaceId, [toDeal(row)]))[0];
}

/** Replaces the people of a deal. */
export async function setDealPeople(
  db: Executor,
  workspaceId: string,
  dealId: string,
  links: { personId: string; role: DealPersonRole }[],
) {
  await db.delete(dealPeople).where(eq(dealPeople.dealId, dealId));
  if (links.length === 0) return;
  await db.insert(dealPeople).values(
    links.map((link, i) => ({
      workspaceId,
      dealId,
      personId: link.personId,
      role: link.role,
      // Distinct times keep the order the client gave.
      addedAt: sql`clock_timestamp() + ${`${i} microseconds`}::interval`,
    })),
  );
}

/** The ids among `ids` that are not people of the workspace. */
export async function unknownPeople(
  db: Executor,
  workspaceId: string,
  ids: string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.workspaceId, workspaceId), inArray(people.id, unique)));
  const known = new Set(found.map((r) => r.id));
  return unique.filter((id) => !known.has(id));
}

export async function companyOf(db: Executor, workspaceId: string, id: string) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.workspaceId, workspaceId), eq(companies.id, id)));
  return row;
}

export async function recordStageChange(
  db: Executor,
  values: {
    workspaceId: string;
    dealId: string;
    from: { id: string; name: string } | null;
    to: { id: string; name: string };
    byId: string | null;
    at?: Date;
  },
) {
  await db.insert(dealStageChanges).values({
    workspaceId: values.workspaceId,
    dealId: values.dealId,
    fromStageId: values.from?.id ?? null,
    fromStageName: values.from?.name ?? null,
    toStageId: values.to.id,
    toStageName: values.to.name,
    byId: values.byId,
    at: values.at ?? sql`clock_timestamp()`,
  });
}

export async function stageHistory(
  db: Executor,
  workspaceId: string,
  dealId: string,
): Promise<DealStageChange[]> {
  const rows = await db
    .select()
    .from(dealStageChanges)
    .where(and(eq(dealStageChanges.workspaceId, workspaceId), eq(dealStageChanges.dealId, dealId)))
    .orderBy(asc(dealStageChanges.at), asc(dealStageChanges.id));
  return rows.map((r) => ({
    id: r.id,
    dealId: r.dealId,
    fromStageId: r.fromStageId,
    toStageId: r.toStageId ?? '',
    fromStageName: r.fromStageName,
    toStageName: r.toStageName,
    byId: r.byId,
    at: r.at.toISOString(),
  }));
}

export type Positioned = { id: string; position: string };

const inStage = (workspaceId: string, stageId: string, except: string | null): SQL =>
  and(
    eq(deals.workspaceId, workspaceId),
    eq(deals.stageId, stageId),
    except ? sql`${deals.id} <> ${except}::uuid` : undefined,
  )!;

/** The first deal of a stage's column after (position, id), or the first of all. */
export async function nextInStage(
  db: Executor,
  workspaceId: string,
  stageId: string,
  except: string | null,
  after: Positioned | null,
): Promise<Positioned | undefined> {
  const [row] = await db
    .select({ id: deals.id, position: deals.position })
    .from(deals)
    .where(
      and(
        inStage(workspaceId, stageId, except),
        after
          ? sql`(${positionExpr}, ${deals.id}) > (${after.position}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(positionExpr), asc(deals.id))
    .limit(1);
  return row;
}

/** The last deal of a stage's column before (position, id), or the last of all. */
export async function previousInStage(
  db: Executor,
  workspaceId: string,
  stageId: string,
  except: string | null,
  before: Positioned | null,
): Promise<Positioned | undefined> {
  const [row] = await db
    .select({ id: deals.id, position: deals.position })
    .from(deals)
    .where(
      and(
        inStage(workspaceId, stageId, except),
        before
          ? sql`(${positionExpr}, ${deals.id}) < (${before.position}, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(positionExpr), desc(deals.id))
    .limit(1);
  return row;
}

/** The deals of a stage (but one) that share a position key, in (position, id) order. */
export async function sameKey(
  db: Executor,
  workspaceId: string,
  stageId: string,
  except: string | null,
  position: string,
): Promise<Positioned[]> {
  return db
    .select({ id: deals.id, position: deals.position })
    .from(deals)
    .where(and(inStage(workspaceId, stageId, except), sql`${positionExpr} = ${position}`))
    .orderBy(asc(deals.id));
}

/** The largest key below `position` and the smallest above it in a stage (null at the ends). */
export async function keysAround(
  db: Executor,
  workspaceId: string,
  stageId: string,
  position: string,
): Promise<{ below: string | null; above: string | null }> {
  const [row] = await rowsOf<{ below: string | null; above: string | null }>(
    db,
    sql`select
      (select max(${positionExpr}) from deals where ${inStage(workspaceId, stageId, null)}
         and ${positionExpr} < ${position}) as below,
      (select min(${positionExpr}) from deals where ${inStage(workspaceId, stageId, null)}
         and ${positionExpr} > ${position}) as above`,
  );
  return { below: row?.below ?? null, above: row?.above ?? null };
}

export async function setPosition(db: Executor, id: string, position: string) {
  await db.update(deals).set({ position }).where(eq(deals.id, id));
}

/** Sums of the deals `where` matches, by stage and currency (one query for the whole board). */
export async function stageSums(
  db: Executor,
  where: SQL,
): Promise<{ stageId: string; currency: string; count: number; amount: string }[]> {
  const rows = await rowsOf<{ stage_id: string; currency: string; n: number; amount: string }>(
    db,
    sql`select "deals"."stage_id", "deals"."currency", count(*)::int as n,
               coalesce(sum("deals"."amount"), 0)::text as amount
        from "deals" where ${where}
        group by "deals"."stage_id", "deals"."currency"`,
  );
  return rows.map((r) => ({
    stageId: r.stage_id,
    currency: r.currency,
    count: Number(r.n),
    amount: r.amount,
  }));
}

/** The kept totals of these stages by currency (no filter: the board's usual call). */
export async function keptStageSums(
  db: Executor,
  workspaceId: string,
  stageIds: string[],
): Promise<{ stageId: string; currency: string; count: number; amount: string }[]> {
  const rows = await rowsOf<{ stage_id: string; currency: string; n: number; amount: string }>(
    db,
    sql`select stage_id, currency, count::int as n, amount::text as amount
        from deal_stage_totals
        where workspace_id = ${workspaceId}::uuid and stage_id = any(${uuidArray(stageIds)})
          and count > 0`,
  );
  return rows.map((r) => ({
    stageId: r.stage_id,
    currency: r.currency,
    count: Number(r.n),
    amount: r.amount,
  }));
}

/**
 * The open deals of a pipeline expected to close in [first, end) (dates), by month and currency:
 * count, exact sum and exact Σ(amount × probability) (money.ts makes the weighted sum of it).
 */
export async function forecastSums(
  db: Executor,
  workspaceId: string,
  pipelineId: string,
  first: string,
  end: string,
  /** Record visibility: only this member's deals, or every deal when null. */
  ownerId: string | null = null,
): Promise<{ month: string; currency: string; count: number; amount: string; raw: string }[]> {
  const rows = await db
    .select({
      month: sql<string>`to_char(${deals.expectedCloseDate}, 'YYYY-MM')`,
      currency: deals.currency,
      count: sql<number>`count(*)::int`,
      amount: amountSumSql,
      raw: weightedRawSql,
    })
    .from(deals)
    .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
    .where(
      and(
        eq(deals.workspaceId, workspaceId),
        eq(deals.status, 'open'),
        eq(deals.pipelineId, pipelineId),
        ownerId === null ? undefined : eq(deals.ownerId, ownerId),
        sql`${deals.expectedCloseDate} >= ${first}::date`,
        sql`${deals.expectedCloseDate} < ${end}::date`,
      ),
    )
    .groupBy(sql`1`, deals.currency);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** A new deal's currency when none is given: the workspace's default (admin panel). */
export async function workspaceCurrency(db: Executor, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ currency: workspaces.defaultCurrency })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.currency ?? 'EUR';
}
