import type { TFunction } from 'i18next';

/*
 * The names a workspace did not choose, in the reader's language (record 037): the default
 * pipeline and its stages carry a stable `key` until a team renames them, and their words live in
 * the deals namespace (`deals:defaults.*`), which a screen using these must load. Shared by the
 * deals area and the home page (features never import each other).
 */

/** A pipeline's or a stage's name as the reader sees it: its key's words, else its own name. */
export function stageName(t: TFunction, stage: { name: string; key?: string | null }): string {
  return stage.key
    ? t(`deals:defaults.stages.${stage.key}`, { defaultValue: stage.name })
    : stage.name;
}

export function pipelineName(
  t: TFunction,
  pipeline: { name: string; key?: string | null },
): string {
  return pipeline.key
    ? t(`deals:defaults.pipelines.${pipeline.key}`, { defaultValue: pipeline.name })
    : pipeline.name;
}
