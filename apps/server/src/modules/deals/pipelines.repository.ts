import { and, asc, eq, sql } from 'drizzle-orm';
import type { DealStageKind, Pipeline, PipelineStage } from '@beacon/contract';
import { pipelineStages, pipelines } from '../../db/schema/index.ts';
import type { Executor } from '../../lib/records/sql.ts';

// Every SQL statement over pipelines and their stages. Each takes the workspace id.

export type StageValues = {
  name: string;
  /** A default stage's key (null for one a team named): record 037. */
  key?: string | null;
  probability: number;
  kind: DealStageKind;
  rotDays: number | null;
};

/**
 * The pipeline every workspace starts with and its stages: the one source for new workspaces and
 * new pipelines without stages. Each has a stable key, shown in the reader's language until a
 * team renames it (record 037); the English name is kept for imports, exports and the API.
 * drizzle/0008_deals.sql gave the same ones to workspaces made before deals existed, and 0012 their
 * keys (pipelines.test.ts checks that both agree with these).
 */
export const DEFAULT_PIPELINE = { name: 'Sales pipeline', key: 'sales' } as const;
export const DEFAULT_PIPELINE_NAME = DEFAULT_PIPELINE.name;
export const DEFAULT_STAGES = [
  { key: 'qualification', name: 'Qualification', probability: 10, kind: 'open', rotDays: 14 },
  { key: 'meeting_booked', name: 'Meeting booked', probability: 25, kind: 'open', rotDays: 14 },
  { key: 'proposal', name: 'Proposal', probability: 50, kind: 'open', rotDays: 21 },
  { key: 'negotiation', name: 'Negotiation', probability: 75, kind: 'open', rotDays: 21 },
  { key: 'won', name: 'Won', probability: 100, kind: 'won', rotDays: null },
  { key: 'lost', name: 'Lost', probability: 0, kind: 'lost', rotDays: null },
] as const satisfies readonly StageValues[];

export const stageColumns = {
  id: pipelineStages.id,
  pipelineId: pipelineStages.pipelineId,
  name: pipelineStages.name,
  key: pipelineStages.key,
  position: pipelineStages.position,
  probability: pipelineStages.probability,
  kind: pipelineStages.kind,
  rotDays: pipelineStages.rotDays,
};

const pipelineColumns = {
  id: pipelines.id,
  name: pipelines.name,
  key: pipelines.key,
  isDefault: pipelines.isDefault,
  position: pipelines.position,
  createdAt: pipelines.createdAt,
  updatedAt: pipelines.updatedAt,
};

/** Adds a pipeline with its stages (in order); answers its id. */
export async function insertPipeline(
  db: Executor,
  workspaceId: string,
  values: {
    name: string;
    key?: string | null;
    isDefault: boolean;
    position: number;
    stages: readonly StageValues[];
  },
): Promise<string> {
  const [row] = await db
    .insert(pipelines)
    .values({
      workspaceId,
      name: values.name,
      key: values.key ?? null,
      isDefault: values.isDefault,
      position: values.position,
    })
    .returning({ id: pipelines.id });
  await db.insert(pipelineStages).values(
    values.stages.map((s, i) => ({
      ...s,
      key: s.key ?? null,
      workspaceId,
      pipelineId: row!.id,
      position: i,
    })),
  );
  return row!.id;
}

/** A new workspace's pipeline (modules/auth/auth.repository.ts `createWorkspace` calls it). */
export async function insertDefaultPipeline(db: Executor, workspaceId: string): Promise<string> {
  return insertPipeline(db, workspaceId, {
    ...DEFAULT_PIPELINE,
    isDefault: true,
    position: 0,
    stages: DEFAULT_STAGES,
  });
}

export async function listStages(
  db: Executor,
  workspaceId: string,
  pipelineId?: string,
): Promise<PipelineStage[]> {
  return db
    .select(stageColumns)
    .from(pipelineStages)
    .where(
      and(
        eq(pipelineStages.workspaceId, workspaceId),
        pipelineId ? eq(pipelineStages.pipelineId, pipelineId) : undefined,
      ),
    )
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.id));
}

export async function getStage(
  db: Executor,
  workspaceId: string,
  stageId: string,
): Promise<PipelineStage | undefined> {
  const [row] = await db
    .select(stageColumns)
    .from(pipelineStages)
    .where(and(eq(pipelineStages.workspaceId, workspaceId), eq(pipelineStages.id, stageId)));
  return row;
}

/** The workspace's pipelines with their stages, in order. */
export async function listPipelines(
  db: Executor,
  workspaceId: string,
  pipelineId?: string,
): Promise<Pipeline[]> {
  const [rows, stages] = await Promise.all([
    db
      .select(pipelineColumns)
      .from(pipelines)
      .where(
        and(
          eq(pipelines.workspaceId, workspaceId),
          pipelineId ? eq(pipelines.id, pipelineId) : undefined,
        ),
      )
      .orderBy(asc(pipelines.position), asc(pipelines.createdAt), asc(pipelines.id)),
    listStages(db, workspaceId, pipelineId),
  ]);
  return rows.map((p) => ({
    ...p,
    stages: stages.filter((s) => s.pipelineId === p.id),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }));
}

export async function getPipeline(
  db: Executor,
  workspaceId: string,
  pipelineId: string,
): Promise<Pipeline | undefined> {
  return (await listPipelines(db, workspaceId, pipelineId))[0];
}

/**
 * The default pipeline's id. Every workspace has one: `createWorkspace` adds it, migration 0008
 * gave it to older workspaces, and the default can be neither deleted nor unset (record 030). A
 * read never writes one (two reads at once would both try, and the second break the one-default
 * index).
 */
export async function defaultPipelineId(
  db: Executor,
  workspaceId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.workspaceId, workspaceId), eq(pipelines.isDefault, true)));
  return row?.id;
}

export const touchPipeline = (db: Executor, pipelineId: string) =>
  db
    .update(pipelines)
    .set({ updatedAt: sql`now()` })
    .where(eq(pipelines.id, pipelineId));
