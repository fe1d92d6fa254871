import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  DealsRealtime,
  Pipeline,
  PipelinePatch,
  StagePatch,
  newPipelineSchema,
  newStageSchema,
} from '@beacon/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { deals, pipelineStages, pipelines } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { Caller } from '../../lib/caller.ts';
import { rowsOf, type Executor } from '../../lib/records/sql.ts';
import { enterStage, enterStageSql, movedDealsRecordsSql } from './stage-entry.ts';
import {
  DEFAULT_STAGES,
  getPipeline,
  insertPipeline,
  listPipelines,
  listStages,
  touchPipeline,
  type StageValues,
} from './pipelines.repository.ts';

type NewStageValues = z.output<typeof newStageSchema>;
type NewPipelineValues = z.output<typeof newPipelineSchema>;

const pipelineNotFound = () => notFound('No such pipeline');
const stageNotFound = () => notFound('No such stage');

/**
 * Pipelines and their stages: admins and contributors edit them (the routes check the role).
 * A stage that holds deals is deleted only with a stage to move them to; a pipeline that holds
 * deals is not deleted. Each change publishes `pipelines.changed`.
 */
export class PipelinesService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  list(caller: Caller): Promise<Pipeline[]> {
    return listPipelines(this.db, caller.workspaceId);
  }

  async get(caller: Caller, id: string): Promise<Pipeline> {
    const pipeline = await getPipeline(this.db, caller.workspaceId, id);
    if (!pipeline) throw pipelineNotFound();
    return pipeline;
  }

  async create(caller: Caller, input: NewPipelineValues) {
    return this.write(caller, null, async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(pipelines)
        .where(eq(pipelines.workspaceId, caller.workspaceId));
      const stages: readonly StageValues[] = input.stages ?? DEFAULT_STAGES;
      const id = await insertPipeline(tx, caller.workspaceId, {
        name: input.name,
        isDefault: Number(row?.n ?? 0) === 0,
        position: Number(row?.n ?? 0),
        stages,
      });
      return id;
    });
  }

  async patch(caller: Caller, id: string, patch: PipelinePatch) {
    return this.write(caller, id, async (tx) => {
      const all = await this.lockPipelines(tx, caller.workspaceId);
      if (!all.some((p) => p.id === id)) throw pipelineNotFound();
      if (patch.name !== undefined) {
        // A renamed default stops being shown translated (record 037).
        await tx
          .update(pipelines)
          .set({ name: patch.name, key: null })
          .where(and(eq(pipelines.id, id), sql`${pipelines.name} <> ${patch.name}`));
      }
      if (patch.isDefault) {
        await tx
          .update(pipelines)
          .set({ isDefault: false })
          .where(and(eq(pipelines.workspaceId, caller.workspaceId), eq(pipelines.isDefault, true)));
        await tx.update(pipelines).set({ isDefault: true }).where(eq(pipelines.id, id));
      }
      if (patch.index !== undefined) {
        const order = all.map((p) => p.id).filter((p) => p !== id);
        order.splice(Math.min(patch.index, order.length), 0, id);
        for (const [position, pipelineId] of order.entries()) {
          await tx.update(pipelines).set({ position }).where(eq(pipelines.id, pipelineId));
        }
      }
      return id;
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.write(caller, id, async (tx) => {
      const all = await this.lockPipelines(tx, caller.workspaceId);
      const pipeline = all.find((p) => p.id === id);
      if (!pipeline) throw pipelineNotFound();
      if (pipeline.isDefault) {
        throw new AppError(
          'DEFAULT_PIPELINE',
          'This is the default pipeline: make another one the default first',
        );
      }
      const [held] = await tx
        .select({ n: count() })
        .from(deals)
        .where(and(eq(deals.workspaceId, caller.workspaceId), eq(deals.pipelineId, id)));
      if (Number(held?.n ?? 0) > 0) {
        throw new AppError(
          'PIPELINE_NOT_EMPTY',
          `This pipeline holds ${held!.n} deals: move or delete them first`,
        );
      }
      await tx.delete(pipelines).where(eq(pipelines.id, id));
      return null;
    });
  }

  async addStage(caller: Caller, pipelineId: string, input: NewStageValues) {
    return this.write(caller, pipelineId, async (tx) => {
      const stages = await this.lockStages(tx, caller.workspaceId, pipelineId);
      const [row] = await tx
        .insert(pipelineStages)
        .values({
          workspaceId: caller.workspaceId,
          pipelineId,
          name: input.name,
          probability: input.probability,
          kind: input.kind,
          rotDays: input.rotDays,
          position: stages.length,
        })
        .returning({ id: pipelineStages.id });
      if (input.index !== undefined) {
        await this.reorder(
          tx,
          stages.map((s) => s.id),
          row!.id,
          input.index,
        );
      }
      return pipelineId;
    });
  }

  async patchStage(caller: Caller, pipelineId: string, stageId: string, patch: StagePatch) {
    return this.write(caller, pipelineId, async (tx) => {
      const stages = await this.lockStages(tx, caller.workspaceId, pipelineId);
      const stage = stages.find((s) => s.id === stageId);
      if (!stage) throw stageNotFound();
      const set: Partial<typeof pipelineStages.$inferInsert> = {};
      // A renamed default stage stops being shown translated (record 037).
      if (patch.name !== undefined && patch.name !== stage.name) {
        set.name = patch.name;
        set.key = null;
      }
      if (patch.probability !== undefined) set.probability = patch.probability;
      if (patch.rotDays !== undefined) set.rotDays = patch.rotDays;
      if (patch.kind !== undefined && patch.kind !== stage.kind) {
        const held = await this.dealsIn(tx, caller.workspaceId, stageId);
        if (patch.kind === 'lost' && held > 0) {
          throw new AppError(
            'STAGE_NOT_EMPTY',
            `This stage holds ${held} deals, and a lost deal needs its own reason: move them before making it a lost stage`,
          );
        }
        set.kind = patch.kind;
        // Its deals enter the stage anew: closed now when it becomes won, open again when open.
        await tx
          .update(deals)
          .set({ ...enterStage({ kind: patch.kind }, ''), updatedAt: sql`now()` })
          .where(and(eq(deals.workspaceId, caller.workspaceId), eq(deals.stageId, stageId)));
      }
      if (Object.keys(set).length > 0) {
        await tx
          .update(pipelineStages)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(pipelineStages.id, stageId));
      }
      if (patch.index !== undefined) {
        await this.reorder(
          tx,
          stages.map((s) => s.id).filter((id) => id !== stageId),
          stageId,
          patch.index,
        );
      }
      return pipelineId;
    });
  }

  /**
   * Deletes a stage. One that holds deals needs `moveTo` (another stage of the same pipeline,
   * not a lost one): its deals move there, each move kept in their history. Else 409.
   */
  async removeStage(caller: Caller, pipelineId: string, stageId: string, moveTo?: string) {
    await this.write(caller, pipelineId, async (tx) => {
      const stages = await this.lockStages(tx, caller.workspaceId, pipelineId);
      const stage = stages.find((s) => s.id === stageId);
      if (!stage) throw stageNotFound();
      if (stages.length === 1) {
        throw new AppError('LAST_STAGE', 'A pipeline keeps at least one stage');
      }
      const held = await this.dealsIn(tx, caller.workspaceId, stageId);
      if (held > 0) {
        if (!moveTo) {
          throw new AppError(
            'STAGE_NOT_EMPTY',
            `This stage holds ${held} deals: choose a stage to move them to (moveTo)`,
          );
        }
        const target = stages.find((s) => s.id === moveTo);
        if (!target || target.id === stageId) {
          throw fieldError('moveTo', 'Choose another stage of the same pipeline');
        }
        if (target.kind === 'lost') {
          throw fieldError(
            'moveTo',
            'A lost deal needs its own reason: choose an open or won stage',
          );
        }
        await rowsOf(
          tx,
          sql`with moved as (
            update "deals" set stage_id = ${target.id}::uuid, ${enterStageSql(target, '')},
              stage_changed_at = now(), updated_at = now(), last_activity_at = now()
            where workspace_id = ${caller.workspaceId}::uuid and stage_id = ${stageId}::uuid
            returning id, ${stageId}::uuid as from_id
          ), ${movedDealsRecordsSql(caller.workspaceId, caller.userId, target)}
          select count(*)::int as n from moved`,
        );
      }
      await tx.delete(pipelineStages).where(eq(pipelineStages.id, stageId));
      await this.reorder(
        tx,
        stages.map((s) => s.id).filter((id) => id !== stageId),
        null,
        0,
      );
      return null;
    });
  }

  // -------------------------------------------------------------------------------------------

  private async dealsIn(tx: Executor, workspaceId: string, stageId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(deals)
      .where(and(eq(deals.workspaceId, workspaceId), eq(deals.stageId, stageId)));
    return Number(row?.n ?? 0);
  }

  /** The workspace's pipelines, locked (changes to the order and the default take turns). */
  private lockPipelines(tx: Executor, workspaceId: string) {
    return tx
      .select({ id: pipelines.id, isDefault: pipelines.isDefault })
      .from(pipelines)
      .where(eq(pipelines.workspaceId, workspaceId))
      .orderBy(asc(pipelines.position), asc(pipelines.createdAt), asc(pipelines.id))
      .for('update');
  }

  /** A pipeline's stages in order, with the pipeline locked; 404 when it is not the workspace's. */
  private async lockStages(tx: Executor, workspaceId: string, pipelineId: string) {
    const [pipeline] = await tx
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(and(eq(pipelines.workspaceId, workspaceId), eq(pipelines.id, pipelineId)))
      .for('update');
    if (!pipeline) throw pipelineNotFound();
    return listStages(tx, workspaceId, pipelineId);
  }

  /** Numbers the stages 0, 1, 2… with `moved` (when given) at `index`. */
  private async reorder(tx: Executor, others: string[], moved: string | null, index: number) {
    const order = [...others];
    if (moved) order.splice(Math.min(index, order.length), 0, moved);
    for (const [position, id] of order.entries()) {
      await tx.update(pipelineStages).set({ position }).where(eq(pipelineStages.id, id));
    }
  }

  /** Runs a change in a transaction, publishes `pipelines.changed`, answers the pipeline. */
  private async write(
    caller: Caller,
    pipelineId: string | null,
    work: (tx: Executor) => Promise<string | null>,
  ): Promise<Pipeline> {
    return this.db.transaction(async (tx) => {
      const id = (await work(tx)) ?? pipelineId;
      if (id) await touchPipeline(tx, id);
      const message: DealsRealtime = {
        type: 'pipelines.changed',
        data: { pipelineId: id, by: caller.userId },
      };
      await this.realtime.publish(tx, caller.workspaceId, message);
      const pipeline = id ? await getPipeline(tx, caller.workspaceId, id) : undefined;
      return pipeline as Pipeline;
    });
  }
}
