import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidKey } from '../../lib/positions.ts';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { seedDemo } from '../seed.ts';
import { bulkDeals, bulkTasks } from './bulk-deals.ts';

// The bulk seed of bench/deals (200,000 deals, 1,000,000 tasks) at a small size: what it makes
// must be what the app would have made, stage histories included.

let database: DatabaseHandle;
let workspaceId: string;
let members: string[];
/** The demo's own deals and tasks, left out of the checks. */
let demoDeals: string[];
let demoTasks: string[];
const DEALS = 3_000;
const TASKS = 8_000;

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
  const ids = async (table: 'deals' | 'tasks') =>
    (
      await rows<{ id: string }>(
        sql`select id from ${sql.identifier(table)} where workspace_id = ${workspaceId}`,
      )
    ).map((row) => row.id);
  demoDeals = await ids('deals');
  demoTasks = await ids('tasks');
  await bulkDeals(database.db, { workspaceId, count: DEALS, ownerIds: members, batch: 1_000 });
  await bulkTasks(database.db, { workspaceId, count: TASKS, assigneeIds: members, batch: 3_000 });
}, 120_000);
afterAll(async () => {
  await database.close();
});

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const bulk = () => sql`not (d.id = any(${uuids(demoDeals)}))`;
const bulkTask = () => sql`not (id = any(${uuids(demoTasks)}))`;

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

describe('bulk tasks', () => {
  it('adds tasks for the members, about records, past, today and coming', async () => {
    const [counts] = await rows<{
      total: number;
      members: number;
      about: number;
      past: number;
      today: number;
      coming: number;
      none: number;
    }>(sql`
      select count(*)::int as total, count(distinct assignee_id)::int as members,
        count(*) filter (where person_id is not null or company_id is not null or deal_id is not null)::int as about,
        count(*) filter (where due_at < date_trunc('day', now()))::int as past,
        count(*) filter (where due_at >= date_trunc('day', now()) and due_at < date_trunc('day', now()) + interval '1 day')::int as today,
        count(*) filter (where due_at >= date_trunc('day', now()) + interval '1 day')::int as coming,
        count(*) filter (where due_at is null)::int as none
      from tasks where workspace_id = ${workspaceId} and ${bulkTask()}`);
    expect(counts!.total).toBe(TASKS);
    expect(counts!.members).toBe(members.length);
    expect(counts!.about).toBeGreaterThan(TASKS * 0.9);
    for (const part of ['past', 'today', 'coming', 'none'] as const) {
      expect(counts![part], part).toBeGreaterThan(TASKS * 0.03);
    }
  });

  it('keeps statuses consistent: done and skipped tasks are past ones, with a completion time', async () => {
    const [bad] = await rows<{ closed: number; future: number; links: number }>(sql`
      select
        count(*) filter (where status in ('done', 'skipped') and completed_at is null)::int as closed,
        count(*) filter (where status <> 'open' and due_at >= date_trunc('day', now()))::int as future,
        count(*) filter (where (person_id is not null)::int + (company_id is not null)::int
          + (deal_id is not null)::int > 1)::int as links
      from tasks where workspace_id = ${workspaceId} and ${bulkTask()}`);
    expect(bad).toEqual({ closed: 0, future: 0, links: 0 });
  });
});
