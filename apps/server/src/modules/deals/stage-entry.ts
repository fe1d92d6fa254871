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

/**
 * What every deal moved by one statement leaves behind, as the CTEs `history` and `timeline` to
 * follow a CTE `moved (id, from_id)`: its stage change (`deal_stage_changes`, from the stage it
 * left to `to`) and the same change on its timeline (`activities`), as a board move keeps them
 * one deal at a time. Used by the bulk action and by a stage deleted with its deals moved.
 */
export function movedDealsRecordsSql(
  workspaceId: string,
  byId: string | null,
  to: { id: string; name: string },
): SQL {
  return sql`history as (
    insert into deal_stage_changes
      (workspace_id, deal_id, from_stage_id, from_stage_name, to_stage_id, to_stage_name, by_id)
    select ${workspaceId}::uuid, m.id, m.from_id, s.name, ${to.id}::uuid, ${to.name}::text,
           ${byId}::uuid
    from moved m left join pipeline_stages s on s.id = m.from_id
  ), timeline as (
    insert into activities (workspace_id, deal_id, kind, actor_id, field, old_value, new_value)
    select ${workspaceId}::uuid, m.id, 'field_changed', ${byId}::uuid, 'stage', s.name,
           ${to.name}::text
    from moved m left join pipeline_stages s on s.id = m.from_id
  )`;
}
