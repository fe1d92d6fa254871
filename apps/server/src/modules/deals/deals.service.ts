import { and, eq, sql } from 'drizzle-orm';
import { recordDeletion } from '../audit/audit.repository.ts';
import type { dealFields } from '@beacon/contract';
import {
  type Deal,
  type DealBoard,
  type dealBoardQuerySchema,
  type DealForecast,
  type dealForecastQuerySchema,
  type DealBulkRequest,
  type DealDetail,
  type DealMoveRequest,
  type DealPatch,
  type DealsRealtime,
  type FilterCondition,
  type newDealSchema,
  type PersonBulkRequest,
  type PipelineStage,
} from '@beacon/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { deals } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { keyBetween } from '../../lib/positions.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { recordActivities } from '../../lib/records/activity.ts';
import { runBulk } from '../../lib/records/bulk.ts';
import { changedFields, checkUnchanged, display, type Caller } from '../../lib/records/caller.ts';
import { parseFilters, selectionFilter } from '../../lib/records/filters.ts';
import { RecordService } from '../../lib/records/record-module.ts';
import { checkLists, filterWhere, type ListQuery } from '../../lib/records/query.ts';
import {
  ownerScope,
  requireVisible,
  scopedEntity,
  scopePredicate,
} from '../../lib/records/scope.ts';
import { rowsOf, type Executor } from '../../lib/records/sql.ts';
import { effectiveZoneOf, utcToWall } from '../../lib/time-zones.ts';
import { linkedCompany } from '../companies/companies.repository.ts';
import { companiesEntity } from '../companies/companies.entity.ts';
import { peopleEntity } from '../people/people.entity.ts';
import { namedLink } from '../../lib/records/links.ts';
import { listsOf } from '../lists/lists.repository.ts';
import { nonMembers } from '../members/members.repository.ts';
import { dealCsvColumns, dealCsvContext } from './deals.csv.ts';
import { dealsEntity } from './deals.entity.ts';
import * as repo from './deals.repository.ts';
import { compareMinor, weightedFromRaw, weighMinor } from './money.ts';
import { enterStage, enterStageSql, movedDealsRecordsSql } from './stage-entry.ts';
import { defaultPipelineId, getPipeline, getStage, listStages } from './pipelines.repository.ts';
import { records } from '../record-entities.ts';

type NewDealValues = z.output<typeof newDealSchema>;
type BoardQuery = z.output<typeof dealBoardQuerySchema>;
type ForecastQuery = z.output<typeof dealForecastQuerySchema>;

export const dealNotFound = () => notFound('No such deal');

/** The plain fields a patch may change, each recorded on the timeline when it does. */
const plainFields = [
  'name',
  'amount',
  'currency',
  'expectedCloseDate',
  'ownerId',
  'source',
  'tags',
  'lostReason',
  'nextStep',
] as const satisfies readonly (keyof typeof dealFields)[];

/** Where a deal goes in its stage's column. */
type Place = { afterId?: string | null; beforeId?: string | null } | 'end';

export class DealsService extends RecordService<repo.DealRow, Deal, DealBulkRequest> {
  constructor(
    db: Database,
    private readonly realtime: Realtime,
    private readonly now: () => number = Date.now,
  ) {
    super(db, {
      entity: dealsEntity,
      table: deals,
      columns: repo.dealSelect,
      toItem: repo.toDeal,
      csvColumns: dealCsvColumns,
      csvContext: dealCsvContext,
      links: [
        namedLink<Deal, 'companyId', 'companyName'>(companiesEntity, 'companyId', 'companyName'),
        {
          entity: peopleEntity,
          ids: (deal) => deal.people.map((p) => p.personId),
          hide: (deal, unseen) => ({
            ...deal,
            people: deal.people.map((p) =>
              unseen.has(p.personId) ? { ...p, name: '', email: '' } : p,
            ),
          }),
        },
      ],
    });
  }
  /** The workspace's default pipeline (every workspace has one: record 030). */
  private async defaultPipeline(db: Executor, caller: Caller): Promise<string> {
    const id = await defaultPipelineId(db, caller.workspaceId);
    if (!id) throw notFound('This workspace has no default pipeline');
    return id;
  }

  /** A page of deals, with their people. */
  override async list(caller: Caller, query: ListQuery) {
    const page = await super.list(caller, query);
    await repo.withPeople(this.db, caller.workspaceId, page.items);
    return { ...page, items: await this.shown(caller, page.items) };
  }

  /** A page of deals without their people (the board fills them once for every column). */
  private bare(caller: Caller, query: ListQuery) {
    return super.list(caller, query);
  }

  // -------------------------------------------------------------------------------------------
  // Checks (each a 400 on its field: nothing is written).

  private async checkOwner(db: Executor, caller: Caller, ownerId: string | null | undefined) {
    if (!ownerId) return;
    if ((await nonMembers(db, caller.workspaceId, [ownerId])).length > 0) {
      throw fieldError('ownerId', 'Not a member of your workspace');
    }
  }

  private async checkCompany(db: Executor, caller: Caller, companyId: string | null) {
    if (!companyId) return '';
    const company = await repo.companyOf(db, caller.workspaceId, companyId);
    if (!company) throw notFound('No such company');
    // Record visibility: a company the member does not see is not theirs to link (404).
    await requireVisible(db, records.entity('companies'), caller, [companyId]);
    return company.name;
  }

  private async checkPeople(db: Executor, caller: Caller, links: NewDealValues['people']) {
    const unique = new Map(links.map((l) => [l.personId, l]));
    const unknown = await repo.unknownPeople(db, caller.workspaceId, [...unique.keys()]);
    if (unknown.length > 0) throw notFound('No such person');
    await requireVisible(db, records.entity('people'), caller, [...unique.keys()]);
    return [...unique.values()];
  }

  /**
   * The stage a deal goes to, from what the client named. A stage or pipeline the workspace does
   * not have is a 404 (as any record of another workspace); a stage of another pipeline a 400.
   */
  private async resolveStage(
    db: Executor,
    caller: Caller,
    pipelineId: string | undefined,
    stageId: string | undefined,
  ): Promise<PipelineStage> {
    if (stageId) {
      const stage = await getStage(db, caller.workspaceId, stageId);
      if (!stage) throw notFound('No such stage');
      if (pipelineId && stage.pipelineId !== pipelineId) {
        throw fieldError('stageId', 'This stage is not a stage of the pipeline given');
      }
      return stage;
    }
    const pipeline = pipelineId ?? (await this.defaultPipeline(db, caller));
    const stages = await listStages(db, caller.workspaceId, pipeline);
    if (stages.length === 0) throw notFound('No such pipeline');
    return stages.find((s) => s.kind === 'open') ?? stages[0]!;
  }

  private static needLostReason(stage: PipelineStage, reason: string | undefined) {
    if (stage.kind === 'lost' && !reason?.trim()) {
      throw fieldError('lostReason', 'Say why the deal was lost');
    }
  }

  /**
   * The position key for a deal in a stage's column: between the neighbours the client named
   * (read now, so a concurrent move elsewhere does not matter), at the top without any, or at the
   * end. Two concurrent moves to one place get equal keys; the next move between them spreads
   * that run of equal keys (a few rows), never the column.
   */
  private async place(
    tx: Executor,
    workspaceId: string,
    stageId: string,
    dealId: string | null,
    place: Place,
  ): Promise<string> {
    const find = async (id: string, field: string) => {
      if (id === dealId) throw fieldError(field, 'A deal cannot be placed next to itself');
      const [row] = await tx
        .select({ id: deals.id, position: deals.position })
        .from(deals)
        .where(
          and(eq(deals.workspaceId, workspaceId), eq(deals.stageId, stageId), eq(deals.id, id)),
        );
      if (!row) throw fieldError(field, 'Not a deal of that stage');
      return row;
    };
    const neighbours = async () => {
      if (place === 'end') {
        return { a: await repo.previousInStage(tx, workspaceId, stageId, dealId, null), b: null };
      }
      if (place.afterId) {
        const a = await find(place.afterId, 'afterId');
        return { a, b: await repo.nextInStage(tx, workspaceId, stageId, dealId, a) };
      }
      if (place.beforeId) {
        const b = await find(place.beforeId, 'beforeId');
        return { a: await repo.previousInStage(tx, workspaceId, stageId, dealId, b), b };
      }
      return { a: null, b: await repo.nextInStage(tx, workspaceId, stageId, dealId, null) };
    };
    let { a, b } = await neighbours();
    if (a && b && a.position >= b.position) {
      // Equal keys (concurrent moves to one place): spread that run between its neighbours.
      const run = await repo.sameKey(tx, workspaceId, stageId, dealId, a.position);
      const { below, above } = await repo.keysAround(tx, workspaceId, stageId, a.position);
      let previous = below;
      const moved = new Map<string, string>();
      for (const row of run) {
        const key = keyBetween(previous, above);
        await repo.setPosition(tx, row.id, key);
        moved.set(row.id, key);
        previous = key;
      }
      a = { id: a.id, position: moved.get(a.id) ?? a.position };
      b = { id: b.id, position: moved.get(b.id) ?? b.position };
    }
    return keyBetween(a?.position ?? null, b?.position ?? null);
  }

  // -------------------------------------------------------------------------------------------
  // Writes.

  async create(caller: Caller, input: NewDealValues): Promise<Deal> {
    return this.db.transaction(async (tx) => {
      const stage = await this.resolveStage(tx, caller, input.pipelineId, input.stageId);
      DealsService.needLostReason(stage, input.lostReason);
      await this.checkOwner(tx, caller, input.ownerId);
      const companyName = await this.checkCompany(tx, caller, input.companyId);
      const links = await this.checkPeople(tx, caller, input.people);
      const position = await this.place(tx, caller.workspaceId, stage.id, null, 'end');
      const [row] = await tx
        .insert(deals)
        .values({
          workspaceId: caller.workspaceId,
          name: input.name,
          pipelineId: stage.pipelineId,
          stageId: stage.id,
          amount: input.amount,
          currency: input.currency ?? (await repo.workspaceCurrency(tx, caller.workspaceId)),
          expectedCloseDate: input.expectedCloseDate,
          ownerId: input.ownerId,
          companyId: input.companyId,
          companyName,
          source: input.source,
          tags: [...new Set(input.tags)],
          nextStep: input.nextStep,
          position,
          createdBy: caller.userId,
          ...enterStage(stage, input.lostReason, true),
        })
        .returning({ id: deals.id });
      const id = row!.id;
      await repo.setDealPeople(tx, caller.workspaceId, id, links);
      await repo.recordStageChange(tx, {
        workspaceId: caller.workspaceId,
        dealId: id,
        from: null,
        to: stage,
        byId: caller.userId,
      });
      await recordActivities(tx, caller.workspaceId, caller.userId, subject(id), [
        { kind: 'created' },
      ]);
      return (
        await this.shown(caller, [(await repo.getDeal(tx, caller.workspaceId, id))!], tx)
      )[0]!;
    });
  }

  async detail(caller: Caller, id: string): Promise<DealDetail> {
    const deal = await repo.getDeal(this.db, caller.workspaceId, id);
    if (!deal) throw dealNotFound();
    const [[shown], company, stages, lists] = await Promise.all([
      this.shown(caller, [deal]),
      linkedCompany(this.db, caller, deal.companyId),
      repo.stageHistory(this.db, caller.workspaceId, id),
      listsOf(this.db, caller, 'deals', id),
    ]);
    return { deal: shown!, company, stages, lists };
  }

  async patch(caller: Caller, id: string, patch: DealPatch): Promise<Deal> {
    return this.db.transaction(async (tx) => {
      const old = await repo.getDealRow(tx, caller.workspaceId, id, true);
      if (!old) throw dealNotFound();
      checkUnchanged(old.updatedAt, patch.expectedUpdatedAt, 'deal');
      if (patch.ownerId !== undefined) await this.checkOwner(tx, caller, patch.ownerId);
      const wanted: Record<string, unknown> = { ...patch };
      if (patch.tags) wanted.tags = [...new Set(patch.tags)];
      const set: Record<string, unknown> = {};
      const changes: Parameters<typeof recordActivities>[4] = [];

      // The stage: a new stage, or a new pipeline (its first open stage).
      const stageWanted =
        (patch.stageId !== undefined && patch.stageId !== old.stageId) ||
        (patch.pipelineId !== undefined && patch.pipelineId !== old.pipelineId);
      let moved: { from: PipelineStage; to: PipelineStage } | null = null;
      if (stageWanted) {
        const to = await this.resolveStage(
          tx,
          caller,
          patch.pipelineId ?? (patch.stageId ? undefined : old.pipelineId),
          patch.stageId,
        );
        if (to.id !== old.stageId) {
          const reason = patch.lostReason ?? '';
          DealsService.needLostReason(to, reason);
          const from = (await getStage(tx, caller.workspaceId, old.stageId))!;
          Object.assign(set, {
            pipelineId: to.pipelineId,
            stageId: to.id,
            stageChangedAt: sql`now()`,
            position: await this.place(tx, caller.workspaceId, to.id, id, 'end'),
            ...enterStage(to, reason),
          });
          moved = { from, to };
          changes.push({
            kind: 'field_changed',
            field: 'stage',
            oldValue: from.name,
            newValue: to.name,
          });
        }
      } else if (patch.stageId !== undefined && patch.pipelineId !== undefined) {
        // Both given and unchanged: still refuse a mismatch.
        await this.resolveStage(tx, caller, patch.pipelineId, patch.stageId);
      }
      if (patch.lostReason !== undefined && !moved) {
        if (old.status !== 'lost' && patch.lostReason !== '') {
          throw fieldError('lostReason', 'Only a lost deal has a lost reason');
        }
        if (old.status === 'lost' && !patch.lostReason.trim()) {
          throw fieldError('lostReason', 'Say why the deal was lost');
        }
      }
      if (moved) delete wanted.lostReason;
      if (patch.companyId !== undefined && patch.companyId !== old.companyId) {
        set.companyId = patch.companyId;
        set.companyName = await this.checkCompany(tx, caller, patch.companyId);
        changes.push({
          kind: 'field_changed',
          field: 'company',
          oldValue: old.companyName || null,
          newValue: (set.companyName as string) || null,
        });
      }
      const plain = changedFields(plainFields, old, wanted);
      Object.assign(set, plain.next);
      changes.push(...plain.changes);
      if (patch.people !== undefined) {
        const links = await this.checkPeople(tx, caller, patch.people);
        const before = (await repo.peopleOfDeals(tx, caller.workspaceId, [id])).get(id) ?? [];
        const same =
          before.length === links.length &&
          before.every((p, i) => p.personId === links[i]!.personId && p.role === links[i]!.role);
        if (!same) {
          await repo.setDealPeople(tx, caller.workspaceId, id, links);
          const after = (await repo.peopleOfDeals(tx, caller.workspaceId, [id])).get(id) ?? [];
          changes.push({
            kind: 'field_changed',
            field: 'people',
            oldValue: display(before.map((p) => p.name || p.email)),
            newValue: display(after.map((p) => p.name || p.email)),
          });
        }
      }
      if (Object.keys(set).length > 0 || changes.length > 0) {
        await tx
          .update(deals)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(deals.id, id));
      }
      if (moved) {
        await repo.recordStageChange(tx, {
          workspaceId: caller.workspaceId,
          dealId: id,
          from: moved.from,
          to: moved.to,
          byId: caller.userId,
        });
      }
      await recordActivities(tx, caller.workspaceId, caller.userId, subject(id), changes);
      if (moved) {
        const deal = (await repo.getDealRow(tx, caller.workspaceId, id))!;
        await this.publish(tx, caller, {
          type: 'deals.moved',
          data: {
            dealId: id,
            pipelineId: deal.pipelineId,
            fromStageId: moved.from.id,
            toStageId: moved.to.id,
            position: deal.position,
            by: caller.userId,
          },
        });
      }
      return (
        await this.shown(caller, [(await repo.getDeal(tx, caller.workspaceId, id))!], tx)
      )[0]!;
    });
  }

  /**
   * Moves a deal on the board: to a stage (of its pipeline or another) between two neighbours.
   * Only the moved deal's key is written (but for a run of equal keys, see `place`).
   */
  async move(caller: Caller, id: string, request: DealMoveRequest): Promise<Deal> {
    await this.requireVisible(caller, [id]);
    return this.db.transaction(async (tx) => {
      const old = await repo.getDealRow(tx, caller.workspaceId, id, true);
      if (!old) throw dealNotFound();
      checkUnchanged(old.updatedAt, request.expectedUpdatedAt, 'deal');
      const to = await getStage(tx, caller.workspaceId, request.stageId);
      if (!to) throw notFound('No such stage');
      if (to.pipelineId !== old.pipelineId) {
        throw fieldError('stageId', "This stage is not a stage of the deal's pipeline");
      }
      const changing = to.id !== old.stageId;
      const reason = request.lostReason ?? (changing ? '' : old.lostReason);
      if (changing || request.lostReason !== undefined) DealsService.needLostReason(to, reason);
      const position = await this.place(tx, caller.workspaceId, to.id, id, {
        afterId: request.afterId,
        beforeId: request.beforeId,
      });
      const set: Record<string, unknown> = { position };
      const changes: Parameters<typeof recordActivities>[4] = [];
      if (changing) {
        const from = (await getStage(tx, caller.workspaceId, old.stageId))!;
        Object.assign(set, { stageId: to.id, stageChangedAt: sql`now()` });
        Object.assign(set, enterStage(to, reason), { updatedAt: sql`now()` });
        await repo.recordStageChange(tx, {
          workspaceId: caller.workspaceId,
          dealId: id,
          from,
          to,
          byId: caller.userId,
        });
        changes.push({
          kind: 'field_changed',
          field: 'stage',
          oldValue: from.name,
          newValue: to.name,
        });
        if (to.kind === 'lost' && reason !== old.lostReason) {
          changes.push({
            kind: 'field_changed',
            field: 'lostReason',
            oldValue: old.lostReason || null,
            newValue: reason,
          });
        }
      } else if (to.kind === 'lost' && reason !== old.lostReason) {
        Object.assign(set, { lostReason: reason, updatedAt: sql`now()` });
        changes.push({
          kind: 'field_changed',
          field: 'lostReason',
          oldValue: old.lostReason || null,
          newValue: reason,
        });
      }
      await tx.update(deals).set(set).where(eq(deals.id, id));
      await recordActivities(tx, caller.workspaceId, caller.userId, subject(id), changes);
      await this.publish(tx, caller, {
        type: 'deals.moved',
        data: {
          dealId: id,
          pipelineId: to.pipelineId,
          fromStageId: old.stageId,
          toStageId: to.id,
          position,
          by: caller.userId,
        },
      });
      return (
        await this.shown(caller, [(await repo.getDeal(tx, caller.workspaceId, id))!], tx)
      )[0]!;
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(deals)
        .where(and(eq(deals.workspaceId, caller.workspaceId), eq(deals.id, id)))
        .returning({ id: deals.id });
      if (!row) throw dealNotFound();
      await recordDeletion(tx, caller, 'deals', id);
    });
  }

  // -------------------------------------------------------------------------------------------
  // Bulk actions: the shared ones run through the records engine; the stage is the deals' own.

  override async bulk(caller: Caller, request: DealBulkRequest) {
    const action = request.action;
    if (action.type === 'set_owner' && action.ownerId) {
      await this.checkOwner(this.db, caller, action.ownerId);
    }
    if (action.type !== 'set_stage') {
      // The other actions have the same shape as people's.
      return runBulk(this.db, dealsEntity, caller, request as PersonBulkRequest);
    }
    const stage = await getStage(this.db, caller.workspaceId, action.stageId);
    if (!stage) throw notFound('No such stage');
    DealsService.needLostReason(stage, action.lostReason);
    const selected = selectionFilter(scopedEntity(dealsEntity, caller), request.selection);
    // Record visibility: a member who sees only their own deals moves only those (as runBulk).
    const match = and(
      sql`"deals".workspace_id = ${caller.workspaceId}::uuid`,
      ...scopePredicate(dealsEntity, caller),
      ...selected.where,
    )!;
    return this.db.transaction(async (tx) => {
      await checkLists(tx, caller.workspaceId, 'deals', selected.listIds);
      const lostReason = stage.kind === 'lost' ? (action.lostReason ?? '').trim() : '';
      // One statement: move every selected deal not in the stage yet (to the end of the column,
      // in their order), keep each stage change and put it on the timeline.
      const last = await repo.previousInStage(tx, caller.workspaceId, stage.id, null, null);
      const [row] = await rowsOf<{ n: number }>(
        tx,
        sql`with picked as (
          select "deals".id, "deals".stage_id as from_id,
                 row_number() over (order by "deals".created_at, "deals".id) as n
          from "deals" where ${match} and "deals".stage_id <> ${stage.id}::uuid
        ), moved as (
          update "deals" set
            stage_id = ${stage.id}::uuid, pipeline_id = ${stage.pipelineId}::uuid,
            ${enterStageSql(stage, lostReason)},
            position = ${last?.position ?? ''}::text || lpad(p.n::text, 8, '0') || 'V',
            stage_changed_at = now(), updated_at = now(), last_activity_at = now()
          from picked p where "deals".id = p.id
          returning "deals".id, p.from_id
        ), ${movedDealsRecordsSql(caller.workspaceId, caller.userId, stage)}
        select count(*)::int as n from moved`,
      );
      return { affected: Number(row?.n ?? 0) };
    });
  }

  // -------------------------------------------------------------------------------------------
  // The board.

  /**
   * One pipeline's columns: per stage the first page of the matching deals (by position), their
   * count and their sums by currency: the kept totals (or one grouped query when filtered) and
   * one page query per stage; never every deal.
   */
  async board(caller: Caller, query: BoardQuery): Promise<DealBoard> {
    const pipelineId = query.pipelineId ?? (await this.defaultPipeline(this.db, caller));
    const pipeline = await getPipeline(this.db, caller.workspaceId, pipelineId);
    if (!pipeline) throw notFound('No such pipeline');
    const filters = parseFilters(query.filters);
    const where = await filterWhere(this.db, dealsEntity, caller, filters, query.q);
    const stageIds = pipeline.stages.map((s) => s.id);
    // Unfiltered, the totals the triggers keep (drizzle/0008_deals.sql): a read of a few rows
    // whatever the number of deals. Filtered, one grouped query over the matching deals.
    const sums =
      stageIds.length === 0
        ? []
        : filters.length === 0 && !query.q && ownerScope(caller) === null
          ? await repo.keptStageSums(this.db, caller.workspaceId, stageIds)
          : await repo.stageSums(
              this.db,
              and(where, sql`"deals"."pipeline_id" = ${pipeline.id}::uuid`)!,
            );
    // The columns' pages at once (the pool runs them side by side on PostgreSQL), then the
    // people of every card in one query.
    const pages = await Promise.all(
      pipeline.stages.map((stage) => {
        const stageFilters: FilterCondition[] = [
          ...filters,
          { field: 'stageId', op: 'equals', value: stage.id },
        ];
        return this.bare(caller, {
          q: query.q,
          filters: JSON.stringify(stageFilters),
          sort: 'position',
          limit: query.limit,
        });
      }),
    );
    await repo.withPeople(
      this.db,
      caller.workspaceId,
      pages.flatMap((p) => p.items),
    );
    // The cards' people and companies as the caller may see them, in one pass for all columns.
    const shown = await this.shown(
      caller,
      pages.flatMap((p) => p.items),
    );
    let at = 0;
    for (const page of pages) {
      page.items = shown.slice(at, (at += page.items.length));
    }
    const columns = pipeline.stages.map((stage, i) => {
      const page = pages[i]!;
      const own = sums
        .filter((s) => s.stageId === stage.id)
        .map((s) => ({
          currency: s.currency,
          count: s.count,
          amount: s.amount,
          weighted: weighMinor(s.amount, stage.probability),
        }))
        .sort((x, y) => compareMinor(y.amount, x.amount) || x.currency.localeCompare(y.currency));
      return {
        stage,
        count: own.reduce((n, s) => n + s.count, 0),
        sums: own.map(({ currency, amount, weighted: w }) => ({ currency, amount, weighted: w })),
        deals: page.items,
        nextCursor: page.nextCursor,
      };
    });
    return { pipeline, columns };
  }

  /**
   * The forecast: a pipeline's open deals by month of expected close, from the caller's month
   * (in the member's effective zone: lib/time-zones.ts), one grouped query.
   */
  async forecast(caller: Caller, query: ForecastQuery): Promise<DealForecast> {
    const pipelineId = query.pipelineId ?? (await this.defaultPipeline(this.db, caller));
    if (!(await getPipeline(this.db, caller.workspaceId, pipelineId))) {
      throw notFound('No such pipeline');
    }
    const timeZone = await effectiveZoneOf(this.db, caller);
    const { year, month } = utcToWall(this.now(), timeZone);
    const months = Array.from({ length: query.months + 1 }, (_, i) => {
      const d = new Date(Date.UTC(year, month - 1 + i, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    });
    const rows = await repo.forecastSums(
      this.db,
      caller.workspaceId,
      pipelineId,
      `${months[0]}-01`,
      `${months[query.months]}-01`,
      ownerScope(caller),
    );
    return {
      pipelineId,
      timeZone,
      months: months.slice(0, query.months).map((m) => {
        const own = rows
          .filter((r) => r.month === m)
          .map((r) => ({
            currency: r.currency,
            amount: r.amount,
            weighted: weightedFromRaw(r.raw),
          }))
          .sort((x, y) => compareMinor(y.amount, x.amount) || x.currency.localeCompare(y.currency));
        return {
          month: m,
          count: rows.filter((r) => r.month === m).reduce((n, r) => n + r.count, 0),
          sums: own,
        };
      }),
    };
  }

  private publish(tx: Executor, caller: Caller, message: DealsRealtime) {
    return this.realtime.publish(tx, caller.workspaceId, message);
  }
}

const subject = (id: string) => ({ type: 'deal' as const, id });
