import { sql, type SQL } from 'drizzle-orm';
import type { DealStageKind } from '@beacon/contract';
import { deals } from '../../db/schema/index.ts';

/*
 * What entering a stage does to a deal, written once for every way a deal changes stage (create,
 * change, move, the bulk action, a stage deleted or turned into another kind): it takes the
 * stage's kind as its status; it is closed (`closed_at`) when it enters a won or lost stage, keeping
 * its close time when it was already closed that way; it keeps a lost reason only in a lost stage.
 */

/** `closed_at` after the deal enters a stage of `kind` (the row's old values are read in SQL). */
function closedAtOnEntering(kind: DealStageKind, inserting: boolean): SQL | null {
  if (kind === 'open') return null;
  if (inserting) return sql`now()`;
  return sql`case when ${deals.status} = ${kind}::deal_stage_kind then coalesce(${deals.closedAt}, now()) else now() end`;
}

/** The columns entering the stage sets, for a drizzle insert (`inserting`) or update. */
export function enterStage(stage: { kind: DealStageKind }, lostReason: string, inserting = false) {
  return {
    status: stage.kind,
    closedAt: closedAtOnEntering(stage.kind, inserting),
    lostReason: stage.kind === 'lost' ? lostReason : '',
  };
}

/** The same as an SQL `set` list, for statements written by hand (`update "deals" set …`). */
export function enterStageSql(stage: { kind: DealStageKind }, lostReason: string): SQL {
  const set = enterStage(stage, lostReason);
  return sql`status = ${set.status}::deal_stage_kind, closed_at = ${set.closedAt ?? sql`null`},
    lost_reason = ${set.lostReason}::text`;
}
