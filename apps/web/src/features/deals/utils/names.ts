import type { TFunction } from 'i18next';
import { isStandardLostReason } from '@beacon/contract';

/*
 * The names a workspace did not choose, in the reader's language (record 037): the default
 * pipeline and its stages carry a stable `key` until a team renames them, and a lost reason is
 * either one of the standard keys or the text a person wrote.
 */

// The default pipeline's and stages' names: one pure function, shared with the home page.
export { pipelineName, stageName } from '../../../utils/default-names.ts';

/** A lost reason as the reader sees it: a standard reason in their language, else as written. */
export function lostReasonText(t: TFunction, reason: string): string {
  return isStandardLostReason(reason) ? t(`deals:lostReasons.${reason}`) : reason;
}
