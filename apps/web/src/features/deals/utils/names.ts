import type { TFunction } from 'i18next';
import { isStandardLostReason } from '@beacon/contract';

/*
 * The names a workspace did not choose, in the reader's language (record 037): the default
 * pipeline and its stages carry a stable `key` until a team renames them, and a lost reason is
 * either one of the standard keys or the text a person wrote.
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

/** A lost reason as the reader sees it: a standard reason in their language, else as written. */
export function lostReasonText(t: TFunction, reason: string): string {
  return isStandardLostReason(reason) ? t(`deals:lostReasons.${reason}`) : reason;
}
