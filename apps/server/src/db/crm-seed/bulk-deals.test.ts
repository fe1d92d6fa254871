import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidKey } from '../../lib/positions.ts';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { seedDemo } from '../seed.ts';
import { bulkDeals } from './bulk-deals.ts';

// The bulk seed of bench/deals (200,000 deals) at a small size: what it makes must be what the
// app would have made, stage histories included.

let database: DatabaseHandle;
let workspaceId: string;
let members: string[];
/** The demo's own deals, left out of the checks. */
let demoDeals: string[];
const DEALS = 3_000;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  database = await openDatabase(
    url ? { kind: 'postgres', url, poolSize: 2 } : { kind: 'pglite-memory' },
  );
  await seedDemo(database.db);
  [{ id: workspaceId }] = (await rows<{ id: string }>(
    sql`select id from workspaces where demo_key = 'demo'`,
  )) as [{ id: string }];
  members = (
    await rows<{ id: string }>(sql`select id from users where workspace_id = ${workspaceId}`)
  ).map((row) => row.id);
  demoDeals = (
    await rows<{ id: string }>(sql`select id from deals where workspace_id = ${workspaceId}`)
  ).map((row) => row.id);
  await bulkDeals(database.db, { workspaceId, count: DEALS, ownerIds: members, batch: 1_000 });
}, 120_000);
afterAll(async () => {
  await database.close();
});

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const bulk = () => sql`not (d.id = any(${uuids(demoDeals)}))`;

describe('bulk deals', () => {
  it('adds the deals asked for, on the default pipeline, in every stage, at companies', async () => {
    const stages = await rows<{ kind: string; n: number; companies: number }>(sql`
      select s.kind::text, count(*)::int as n, count(d.company_id)::int as companies
      from deals d join pipeline_stages s on s.id = d.stage_id
      where d.workspace_id = ${workspaceId} and ${bulk()} group by s.kind order by s.kind`);
    expect(stages.reduce((sum, row) => sum + row.n, 0)).toBe(DEALS);
    expect(stages.map((row) => row.kind).sort()).toEqual(['lost', 'open', 'won']);
    for (const row of stages) expect(row.companies).toBe(row.n);
    const [mismatch] = await rows<{ n: number }>(sql`
      select count(*)::int as n from deals d join pipeline_stages s on s.id = d.stage_id
      where d.workspace_id = ${workspaceId} and ${bulk()}
        and (d.status <> s.kind or d.pipeline_id <> s.pipeline_id or d.amount < 0
          or (d.status = 'open') <> (d.closed_at is null)
          or (d.status = 'lost') <> (d.lost_reason <> '')
          or d.company_name <> (select name from companies c where c.id = d.company_id))`);
    expect(mismatch!.n).toBe(0);
  });

  it('gives every deal a stage history from nothing to its stage, in order', async () => {
    const [bad] = await rows<{ first: number; last: number; chain: number; order: number }>(sql`
      with h as (
        select c.*, row_number() over (partition by c.deal_id order by c.at, c.id) as k,
          lag(c.to_stage_id) over (partition by c.deal_id order by c.at, c.id) as previous,
          count(*) over (partition by c.deal_id) as total
        from deal_stage_changes c join deals d on d.id = c.deal_id
        where d.workspace_id = ${workspaceId} and ${bulk()})
      select
        (select count(*)::int from h where k = 1 and from_stage_id is not null) as first,
        (select count(*)::int from h join deals d on d.id = h.deal_id
          where k = total and (h.to_stage_id <> d.stage_id or h.at <> d.stage_changed_at
            or h.at < d.created_at or h.at > now())) as last,
        (select count(*)::int from h where k > 1 and from_stage_id is distinct from previous) as chain,
        (select count(*)::int from h join pipeline_stages f on f.id = h.from_stage_id
          join pipeline_stages t on t.id = h.to_stage_id
          where f.position >= t.position or f.kind <> 'open') as order`);
    expect(bad).toEqual({ first: 0, last: 0, chain: 0, order: 0 });
    const [{ deals: withHistory } = { deals: 0 }] = await rows<{ deals: number }>(sql`
      select count(distinct c.deal_id)::int as deals from deal_stage_changes c
      join deals d on d.id = c.deal_id where d.workspace_id = ${workspaceId} and ${bulk()}`);
    expect(withHistory).toBe(DEALS);
  });

  it('gives each deal a position key of its own, valid for later moves', async () => {
    const keys = await rows<{ position: string; stage_id: string }>(sql`
      select position, stage_id from deals d where d.workspace_id = ${workspaceId} and ${bulk()}`);
    expect(keys.every((row) => isValidKey(row.position))).toBe(true);
    expect(new Set(keys.map((row) => `${row.stage_id} ${row.position}`)).size).toBe(DEALS);
  });
});
