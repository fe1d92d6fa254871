import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { pipelines, pipelineStages } from '../schema/index.ts';
import { LOST_REASONS } from './deals.ts';
import type { BulkProgress } from './bulk.ts';

// Large volumes of deals for benchmarks (npm run seed:deals): as bulk.ts does for people, the
// database makes the rows with INSERT … SELECT over generate_series, on the workspace's default
// pipeline and its companies, each with its first stage change.

/** `h(i, salt)`: a cheap, deterministic scramble of a row number, 0 ≤ h < 1,000,003. */
const h = (salt: number) => sql.raw(`((g.i::bigint * 2654435761 + ${salt * 40503}) % 1000003)`);

export async function bulkDeals(
  db: Database,
  input: { workspaceId: string; count: number; ownerIds: string[]; batch?: number },
  progress?: BulkProgress,
): Promise<number> {
  const batch = input.batch ?? 20_000;
  const { workspaceId } = input;
  const [pipeline] = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.workspaceId, workspaceId), eq(pipelines.isDefault, true)));
  if (!pipeline) throw new Error('The workspace has no default pipeline');
  const stages = await db
    .select({ id: pipelineStages.id, kind: pipelineStages.kind, name: pipelineStages.name })
    .from(pipelineStages)
    .where(eq(pipelineStages.pipelineId, pipeline.id))
    .orderBy(asc(pipelineStages.position));
  const literal = (values: string[]) =>
    `{${values.map((v) => `"${v.replace(/"/g, '\\"')}"`).join(',')}}`;
  const stageIds = sql`${literal(stages.map((s) => s.id))}::uuid[]`;
  const stageKinds = sql`${literal(stages.map((s) => s.kind))}::text[]`;
  const owners = sql`${literal(input.ownerIds.length > 0 ? input.ownerIds : [])}::uuid[]`;
  const reasons = sql`${literal([...LOST_REASONS])}::text[]`;
  const n = (value: number) => sql.raw(String(value));
  const [{ before } = { before: 0 }] = (
    (await db.execute(
      sql`select count(*)::int as before from deals where workspace_id = ${workspaceId}`,
    )) as unknown as { rows: { before: number }[] }
  ).rows;
  for (let start = 0; start < input.count; start += batch) {
    const end = Math.min(input.count, start + batch) - 1;
    await db.execute(sql`
      with c as (
        select id, name, (row_number() over (order by id) - 1)::int as n
        from companies where workspace_id = ${workspaceId}),
      s as (
        select g.i, 1 + ${h(21)} % ${n(stages.length)} as stage_at,
          ${h(22)} % greatest((select count(*) from c), 1) as company_at,
          1 + ${h(23)} % greatest(${n(input.ownerIds.length)}, 1) as owner_at,
          (${h(24)} % 400 + 1) * 50000 as amount,
          (${h(25)} % 150)::int - 30 as close_in,
          (${h(26)} % 60)::int as quiet_days
        from generate_series(${start + before}::int, ${end + before}::int) as g(i)),
      made as (
        insert into deals (workspace_id, name, pipeline_id, stage_id, status, amount, currency,
          expected_close_date, owner_id, company_id, company_name, source, lost_reason, position,
          stage_changed_at, closed_at, created_at, updated_at, last_activity_at)
        select ${workspaceId}::uuid, coalesce(c.name, 'Deal') || ' #' || s.i, ${pipeline.id}::uuid,
          (${stageIds})[s.stage_at], ((${stageKinds})[s.stage_at])::deal_stage_kind, s.amount, 'EUR',
          (now() + make_interval(days => s.close_in))::date, (${owners})[s.owner_at], c.id,
          coalesce(c.name, ''), 'import',
          case when (${stageKinds})[s.stage_at] = 'lost'
            then (${reasons})[1 + s.i % ${n(LOST_REASONS.length)}] else '' end,
          'B' || lpad(s.i::text, 9, '0') || 'V',
          now() - make_interval(days => s.quiet_days),
          case when (${stageKinds})[s.stage_at] <> 'open' then now() - make_interval(days => s.quiet_days) end,
          now() - make_interval(days => s.quiet_days + 30), now() - make_interval(days => s.quiet_days),
          now() - make_interval(days => s.quiet_days)
        from s left join c on c.n = s.company_at
        returning id, stage_id, created_at)
      insert into deal_stage_changes (workspace_id, deal_id, to_stage_id, to_stage_name, at)
      select ${workspaceId}::uuid, made.id, made.stage_id, ps.name, made.created_at
      from made join pipeline_stages ps on ps.id = made.stage_id`);
    progress?.(end + 1, input.count);
  }
  await db.execute(sql`analyze deals`);
  return input.count;
}
