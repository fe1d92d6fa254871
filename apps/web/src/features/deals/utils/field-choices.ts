import type { TFunction } from 'i18next';
import { dealStageKinds, type Pipeline } from '@beacon/contract';
import { pipelineName, stageName } from './names.ts';

export type Choices = Record<string, { value: string; label: string }[]>;

/**
 * The labelled values of the deal fields only the deals area can name, for the table's filters,
 * cells and bulk stage change: stages (with their pipeline when there are several), pipelines,
 * status and the stale mark.
 */
export function dealFieldChoices(t: TFunction, pipelines: readonly Pipeline[]): Choices {
  const several = pipelines.length > 1;
  return {
    stageId: pipelines.flatMap((pipeline) =>
      pipeline.stages.map((stage) => ({
        value: stage.id,
        label: several
          ? `${pipelineName(t, pipeline)} · ${stageName(t, stage)}`
          : stageName(t, stage),
      })),
    ),
    pipelineId: pipelines.map((pipeline) => ({
      value: pipeline.id,
      label: pipelineName(t, pipeline),
    })),
    status: dealStageKinds.map((kind) => ({ value: kind, label: t(`deals:kinds.${kind}`) })),
    stale: [
      { value: 'true', label: t('deals:card.stale') },
      { value: 'false', label: t('deals:card.notStale') },
    ],
  };
}
