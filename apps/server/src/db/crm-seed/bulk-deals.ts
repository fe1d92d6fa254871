import { sql, type SQL } from 'drizzle-orm';
import { DIGITS } from '../../lib/positions.ts';
import type { Database } from '../client.ts';
import type { BulkProgress } from './bulk.ts';
import { SOURCES } from './words.ts';

// Deals in volume for benchmarks (npm run seed:people -- --deals …, and bench/deals.ts; tasks
// come from bulk-tasks.ts), as bulk.ts does people: INSERT … SELECT over generate_series, the database
// making the rows from a row number and a cheap scramble of it, a few statements per batch.
// Every deal gets its stage history in the same statement (from nothing to its first stage, then
// stage by stage to where it is, times in order, the last one its `stage_changed_at`); won and
// lost deals are closed then, lost ones with a reason.

function textArray(values: readonly string[]): SQL {
  const items = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return sql`${`{${items.join(',')}}`}::text[]`;
}
const intArray = (values: readonly number[]) => sql.raw(`'{${values.join(',')}}'::int[]`);
const n = (value: number) => sql.raw(String(Math.trunc(value)));
/** `h(salt)`: a deterministic scramble of the row number `g.i`, 0 ≤ h < 1,000,003. */
const h = (salt: number) => sql.raw(`((g.i::bigint * 2654435761 + ${salt * 40503}) % 1000003)`);

const DEAL_KINDS = [
  'renewal',
  'expansion',
  'pilot',
  'licences',
  'onboarding',
  'support plan',
  'migration',
  'training',
];
const LOST_REASONS = [
  'Went with a competitor',
  'No budget this year',
  'No decision maker',
  'Timing',
  'Price',
];
const NEXT_STEPS = ['Send the proposal', 'Book a demo', 'Call the champion', 'Agree on terms', ''];
const CURRENCIES = [...Array<string>(17).fill('EUR'), 'USD', 'USD', 'GBP'];

type Stage = { id: string; name: string; kind: 'open' | 'won' | 'lost'; position: number };

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function defaultPipeline(db: Database, workspaceId: string) {
  const [pipeline] = await rows<{ id: string }>(
    db,
    sql`select id from pipelines where workspace_id = ${workspaceId}
        order by is_default desc, position limit 1`,
  );
  if (!pipeline) throw new Error('The workspace has no pipeline');
  const stages = await rows<Stage>(
    db,
    sql`select id, name, kind, position from pipeline_stages
        where pipeline_id = ${pipeline.id} order by position`,
  );
  const open = stages.filter((stage) => stage.kind === 'open');
  if (open.length === 0) throw new Error('The pipeline has no open stage');
  return { id: pipeline.id, stages, open };
}

/**
 * A position key (lib/positions.ts) per row number: four base-62 digits and a final `V`, so the
 * keys sort as the rows were made and there is room before, between and after them.
 */
const positionKey = (i: SQL) => {
  const digit = (power: number) => sql`substr(${DIGITS}, 1 + ((${i}) / ${n(62 ** power)}) % 62, 1)`;
  return sql`${digit(3)} || ${digit(2)} || ${digit(1)} || ${digit(0)} || 'V'`;
};

export async function bulkDeals(
  db: Database,
  input: { workspaceId: string; count: number; ownerIds: string[]; batch?: number },
  progress?: BulkProgress,
): Promise<number> {
  const batch = input.batch ?? 20_000;
  const pipeline = await defaultPipeline(db, input.workspaceId);
  // Where deals stand: most in the first stages, a share won and lost.
  const weights: number[] = pipeline.stages.map((stage) =>
    stage.kind === 'won' ? 14 : stage.kind === 'lost' ? 16 : 0,
  );
  pipeline.open.forEach((stage, index) => {
    weights[pipeline.stages.indexOf(stage)] = Math.max(6, 24 - index * 5);
  });
  const pick = pipeline.stages.flatMap((_, index) =>
    Array<number>(weights[index]!).fill(index + 1),
  );
  const nOpen = pipeline.open.length;
  const arrays = {
    stageId: textArray(pipeline.stages.map((s) => s.id)),
    stageName: textArray(pipeline.stages.map((s) => s.name)),
    stageKind: textArray(pipeline.stages.map((s) => s.kind)),
    openIndex: intArray(pipeline.stages.map((s) => pipeline.open.indexOf(s))),
    openId: textArray(pipeline.open.map((s) => s.id)),
    openName: textArray(pipeline.open.map((s) => s.name)),
    pick: intArray(pick),
    kind: textArray(DEAL_KINDS),
    reason: textArray(LOST_REASONS),
    next: textArray(NEXT_STEPS),
    currency: textArray(CURRENCIES),
    source: textArray(SOURCES),
    owner: textArray(input.ownerIds.length > 0 ? input.ownerIds : ['']),
  };
  const at = (array: SQL, length: number, salt: number) =>
    sql`(${array})[1 + ${h(salt)} % ${n(length)}]`;
  const [{ companies: companyCount } = { companies: 0 }] = await rows<{ companies: number }>(
    db,
    sql`select count(*)::int as companies from companies where workspace_id = ${input.workspaceId}`,
  );
  const [{ deals: offset } = { deals: 0 }] = await rows<{ deals: number }>(
    db,
    sql`select count(*)::int as deals from deals where workspace_id = ${input.workspaceId}`,
  );
  for (let start = 0; start < input.count; start += batch) {
    const end = Math.min(input.count, start + batch) - 1;
    await db.execute(sql`
      with c as (
        select id, name, (row_number() over (order by id) - 1)::int as n
        from companies where workspace_id = ${input.workspaceId}),
      s0 as (
        select g.i,
          ${at(arrays.pick, pick.length, 31)} as t,
          ${h(32)} as r,
          ${at(arrays.kind, DEAL_KINDS.length, 33)} as what,
          ${at(arrays.currency, CURRENCIES.length, 34)} as currency,
          (5 + ${h(35)} % 2000) * 10000 as amount,
          ${at(arrays.source, SOURCES.length, 36)} as source,
          ${at(arrays.owner, Math.max(1, input.ownerIds.length), 37)} as owner,
          ${companyCount > 0 ? sql`${h(38)} % ${n(companyCount)}` : sql`-1`} as company_n,
          now() - make_interval(days => (3 + ${h(39)} % 540)::int,
            mins => (${h(40)} % 1440)::int) as created,
          0.15 + 0.85 * (${h(41)}::float8 / 1000003) as progress,
          ${positionKey(sql`g.i`)} as position
        from generate_series(${start + offset}::int, ${end + offset}::int) as g(i)),
      s as (
        select s0.*,
          (${arrays.stageKind})[s0.t] as kind,
          -- How many stage changes: up to an open stage, its place; won goes through every open
          -- stage, lost through some; both then to their own stage.
          case (${arrays.stageKind})[s0.t]
            when 'open' then (${arrays.openIndex})[s0.t] + 1
            when 'won' then ${n(nOpen)} + 1
            else s0.r % ${n(nOpen)} + 2 end as steps,
          s0.created + (now() - s0.created) * s0.progress as changed
        from s0),
      d as (
        insert into deals (workspace_id, name, pipeline_id, stage_id, status, amount, currency,
          expected_close_date, owner_id, company_id, company_name, source, tags, lost_reason,
          next_step, position, stage_changed_at, closed_at, created_by, created_at, updated_at,
          last_activity_at)
        select ${input.workspaceId}::uuid,
          coalesce(c.name, 'Beacon') || ' ' || s.what,
          ${pipeline.id}::uuid, ((${arrays.stageId})[s.t])::uuid, s.kind::deal_stage_kind,
          s.amount, s.currency,
          case when s.kind = 'open' then (now() + make_interval(days => (s.r % 150 - 30)::int))::date
               else s.changed::date end,
          nullif(s.owner, '')::uuid, c.id, coalesce(c.name, ''), s.source,
          case when s.r % 7 = 0 then array['priority'] else '{}'::text[] end,
          case when s.kind = 'lost' then (${arrays.reason})[1 + s.r % ${n(LOST_REASONS.length)}] else '' end,
          case when s.kind = 'open' then (${arrays.next})[1 + s.r % ${n(NEXT_STEPS.length)}] else '' end,
          s.position,
          case when s.steps = 1 then s.created else s.changed end,
          case when s.kind = 'open' then null else s.changed end,
          nullif(s.owner, '')::uuid, s.created, s.changed,
          case when s.steps = 1 then s.created else s.changed end
        from s left join c on c.n = s.company_n
        returning id, position)
      insert into deal_stage_changes (workspace_id, deal_id, from_stage_id, to_stage_id,
        from_stage_name, to_stage_name, by_id, at)
      select ${input.workspaceId}::uuid, d.id,
        case when j.j = 0 then null else ((${arrays.openId})[j.j])::uuid end,
        case when j.j = s.steps - 1 and s.kind <> 'open' then ((${arrays.stageId})[s.t])::uuid
             else ((${arrays.openId})[j.j + 1])::uuid end,
        case when j.j = 0 then null else (${arrays.openName})[j.j] end,
        case when j.j = s.steps - 1 and s.kind <> 'open' then (${arrays.stageName})[s.t]
             else (${arrays.openName})[j.j + 1] end,
        nullif(s.owner, '')::uuid,
        case when s.steps = 1 then s.created
             else s.created + (s.changed - s.created) * (j.j::float8 / (s.steps - 1)) end
      from d join s on s.position = d.position
      cross join lateral generate_series(0, s.steps - 1) as j(j)`);
    progress?.(end + 1, input.count);
  }
  return input.count;
}
