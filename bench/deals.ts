/**
 * bench/deals (issue 9): 200,000 deals and 1,000,000 tasks (BENCH_DEALS, BENCH_TASKS for other
 * sizes) in one workspace of ten members, with 20,000 companies and 100,000 people for them to be
 * about, on PostgreSQL (a fresh database on BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432, created and dropped) and on the embedded PGlite (a temp
 * DATA_DIR). Starts the real server and measures over HTTP the median and 95th percentile of the
 * deals board, a filtered deals page, "my tasks due today" and each call of the home page, each
 * beside its query run as raw SQL through the same driver in the same run. The board is measured
 * twice, at a tenth of the deals (BENCH_DEALS_SMALL) and at all of them: its cost must not grow
 * with the number of deals beyond the page it shows. Each call and its SQL are sampled in turns
 * (bench/lib.ts). The pipeline card's read of the kept stage totals is timed as raw SQL too,
 * beside the grouped scan of the deals it replaces (the former bench:home).
 *
 *   npm run bench:deals
 *   BENCH_DEALS=20000 BENCH_TASKS=100000 BENCH_DB=postgres npm run bench:deals
 *
 * A call whose route is not there (404) is reported as such, so the bench runs while the areas it
 * measures are still being built.
 */
import { sql, type SQL } from 'drizzle-orm';
import { bulkCompanies, bulkPeople } from '../apps/server/src/db/crm-seed/bulk.ts';
import { bulkDeals } from '../apps/server/src/db/crm-seed/bulk-deals.ts';
import { bulkTasks } from '../apps/server/src/db/crm-seed/bulk-tasks.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import {
  count,
  loadAverage,
  measureBeside,
  ms,
  numberEnv,
  onEachDatabase,
  sample,
  type Stats,
} from './lib.ts';

const DEALS = numberEnv('BENCH_DEALS', 200_000);
const DEALS_SMALL = numberEnv('BENCH_DEALS_SMALL', Math.round(DEALS / 10));
const TASKS = numberEnv('BENCH_TASKS', 1_000_000);
const PEOPLE = numberEnv('BENCH_PEOPLE', 100_000);
const COMPANIES = numberEnv('BENCH_COMPANIES', 20_000);
const MEMBERS = numberEnv('BENCH_MEMBERS', 10);
const TARGET_P95 = 50;

await onEachDatabase(
  'beacon_bench_deals',
  'postgres,pglite',
  async ({ kind, database, base, member }) => {
    const rows = async <T>(query: SQL) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const { auth, workspaceId } = member;
    const me = { id: member.userId };
    // The other members (the tasks are spread over them all; "mine" is a tenth).
    const others = await database.db
      .insert(users)
      .values(
        Array.from({ length: Math.max(0, MEMBERS - 1) }, (_, i) => ({
          workspaceId,
          email: `member-${i}-${Date.now()}@example.test`,
          passwordHash: 'not a password: this member never signs in',
          firstName: `Member ${i + 1}`,
          lastName: 'Bench',
          role: 'contributor' as const,
        })),
      )
      .returning({ id: users.id });
    const memberIds = [me.id, ...others.map((o) => o.id)];

    const progress = (what: string) => (done: number, total: number) =>
      process.stdout.write(`\r  seeding ${what} ${count(done)} / ${count(total)}        `);
    let started = performance.now();
    await bulkCompanies(database.db, { workspaceId, count: COMPANIES, ownerIds: memberIds });
    await bulkPeople(
      database.db,
      { workspaceId, count: PEOPLE, ownerIds: memberIds },
      progress('people'),
    );
    const dealsStarted = performance.now();
    await bulkDeals(
      database.db,
      { workspaceId, count: DEALS_SMALL, ownerIds: memberIds },
      progress('deals'),
    );
    let dealSeconds = (performance.now() - dealsStarted) / 1000;
    const tasksStarted = performance.now();
    await bulkTasks(
      database.db,
      { workspaceId, count: TASKS, assigneeIds: memberIds },
      progress('tasks'),
    );
    const taskSeconds = (performance.now() - tasksStarted) / 1000;
    // As autovacuum leaves a table after a bulk load: statistics and the visibility map (index-only scans).
    await database.db.execute(sql`vacuum analyze`);
    process.stdout.write(
      `\r  seeded ${count(COMPANIES)} companies, ${count(PEOPLE)} people, ${count(DEALS_SMALL)} deals, ${count(TASKS)} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s (tasks: ${count(Math.round(TASKS / taskSeconds))} rows/s)\n`,
    );

    const [pipeline] = await rows<{ id: string }>(
      sql`select id from pipelines where workspace_id = ${workspaceId} and is_default`,
    );
    if (!pipeline) throw new Error('the workspace has no default pipeline');
    // The board as one query: per stage, its first 20 deals by position, its count and sums.
    const boardSql = sql`
    select s.id, s.name,
      (select count(*)::int from deals d where d.workspace_id = ${workspaceId} and d.stage_id = s.id) as count,
      (select coalesce(json_agg(x), '[]') from (
        select d.currency, sum(d.amount)::bigint as amount,
          round(sum(d.amount) * s.probability / 100.0)::bigint as weighted
        from deals d where d.workspace_id = ${workspaceId} and d.stage_id = s.id
        group by d.currency) x) as sums,
      (select coalesce(json_agg(p), '[]') from (
        select d.* from deals d where d.workspace_id = ${workspaceId} and d.stage_id = s.id
        order by d.position collate "C", d.id limit 21) p) as deals
    from pipeline_stages s where s.pipeline_id = ${pipeline.id} order by s.position`;
    const boardUrl = `${base}/api/deals/board?pipelineId=${pipeline.id}&limit=20`;

    type Line = { label: string; http?: Stats; raw?: Stats; note?: string };
    const lines: Line[] = [];
    const runAll = (queries: SQL[]) => () =>
      Promise.all(queries.map((query) => database.db.execute(query)));
    const both = async (label: string, url: string, raw: SQL[]) => {
      const line: Line = { label, ...(await measureBeside(url, auth, runAll(raw))) };
      lines.push(line);
      return line;
    };
    const loadBefore = loadAverage();

    const boardSmall = await both(`board, ${count(DEALS_SMALL)} deals`, boardUrl, [boardSql]);

    started = performance.now();
    await bulkDeals(
      database.db,
      { workspaceId, count: DEALS - DEALS_SMALL, ownerIds: memberIds },
      progress('deals'),
    );
    dealSeconds += (performance.now() - started) / 1000;
    // As autovacuum leaves a table after a bulk load: statistics and the visibility map (index-only scans).
    await database.db.execute(sql`vacuum analyze`);
    process.stdout.write(
      `\r  seeded ${count(DEALS)} deals in all, with their stage histories (${count(Math.round(DEALS / dealSeconds))} deals/s)\n`,
    );
    const boardLarge = await both(`board, ${count(DEALS)} deals`, boardUrl, [boardSql]);

    // A filtered deals page: open deals of 50,000.00 or more, largest first.
    const filters = JSON.stringify([
      { field: 'status', op: 'in', value: ['open'] },
      { field: 'amount', op: 'gte', value: '5000000' },
    ]);
    await both(
      'deals page: open, amount >= 50,000, -amount',
      `${base}/api/deals?limit=50&sort=-amount&filters=${encodeURIComponent(filters)}`,
      [
        sql`select * from deals where workspace_id = ${workspaceId} and status = 'open'
          and amount >= 5000000 order by amount desc, id desc limit 51`,
      ],
    );

    // "My tasks due today" (UTC: the bench user has no time zone of their own).
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const tomorrow = new Date(today.getTime() + 86_400_000);
    await both('my tasks due today', `${base}/api/tasks?mine=true&due=today&limit=50`, [
      sql`select * from tasks where workspace_id = ${workspaceId} and assignee_id = ${me.id}
          and status = 'open' and due_at >= ${today.toISOString()}::timestamptz
          and due_at < ${tomorrow.toISOString()}::timestamptz
          order by due_at, id limit 51`,
    ]);

    // The home page's calls, each beside the queries it runs.
    const openDue = (from: Date | null, to: Date) => {
      const where = (t: string) => {
        const c = (column: string) => sql.raw(`${t}.${column}`);
        return sql`${c('workspace_id')} = ${workspaceId} and ${c('assignee_id')} = ${me.id}
        and ${c('status')} = 'open'
        and ${from ? sql`${c('due_at')} >= ${from.toISOString()}::timestamptz` : sql`${c('due_at')} is not null`}
        and ${c('due_at')} < ${to.toISOString()}::timestamptz`;
      };
      return [
        sql`select count(*)::int from (select 1 from tasks t where ${where('t')} limit 100) c`,
        sql`select t.*, p.first_name, c.name from tasks t left join people p on p.id = t.person_id
          left join companies c on c.id = t.company_id where ${where('t')}
          order by t.due_at, t.id limit 5`,
      ];
    };
    const weekStart = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
    await both('home: tasks (today, overdue)', `${base}/api/home/tasks?tz=UTC`, [
      ...openDue(today, tomorrow),
      ...openDue(null, today),
    ]);
    await both('home: my week', `${base}/api/home/week?tz=UTC`, [
      sql`select date_trunc('day', completed_at), count(*)::int from tasks
        where workspace_id = ${workspaceId} and assignee_id = ${me.id} and status = 'done'
        and completed_at >= ${weekStart.toISOString()}::timestamptz and completed_at < now()
        group by 1`,
      sql`select currency, count(*)::int, sum(amount)::bigint from deals
        where workspace_id = ${workspaceId} and owner_id = ${me.id} and status = 'won'
        and closed_at >= ${weekStart.toISOString()}::timestamptz group by currency`,
    ]);
    await both('home: meetings today', `${base}/api/home/meetings?tz=UTC`, [
      sql`select * from calendar_events where workspace_id = ${workspaceId}
        and start_at < ${tomorrow.toISOString()}::timestamptz
        and end_at >= ${today.toISOString()}::timestamptz order by start_at limit 50`,
    ]);
    await both('home: recent activity', `${base}/api/home/activity`, [
      sql`select a.*, p.first_name, c.name, u.first_name from activities a
        left join people p on p.id = a.person_id left join companies c on c.id = a.company_id
        left join users u on u.id = a.actor_id where a.workspace_id = ${workspaceId}
        order by a.created_at desc, a.id desc limit 20`,
    ]);
    await both('home: open deals by stage', `${base}/api/home/pipeline`, [
      sql`select stage_id, currency, count(*)::int, sum(amount)::bigint from deals
        where workspace_id = ${workspaceId} and stage_id in (select id from pipeline_stages
          where pipeline_id = ${pipeline.id} and kind = 'open')
        group by stage_id, currency`,
    ]);
    lines.push({
      label: 'home: stage totals read (the card), SQL',
      raw: await sample(
        runAll([
          sql`select stage_id, currency, count, amount from deal_stage_totals
            where workspace_id = ${workspaceId}`,
        ]),
      ),
    });
    const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
    const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
    const closing = sql`d.workspace_id = ${workspaceId} and d.status = 'open'
    and d.expected_close_date >= ${monthStart.toISOString().slice(0, 10)}::date
    and d.expected_close_date <= ${monthEnd.toISOString().slice(0, 10)}::date`;
    await both('home: closing this month', `${base}/api/home/closing?tz=UTC`, [
      sql`select d.currency, count(*)::int, sum(d.amount)::bigint,
          round(sum(d.amount * s.probability) / 100) from deals d
        join pipeline_stages s on s.id = d.stage_id where ${closing} group by d.currency`,
      sql`select d.id, d.name, d.amount, d.currency, d.expected_close_date, s.name, d.company_name
        from deals d join pipeline_stages s on s.id = d.stage_id where ${closing}
        order by d.expected_close_date, d.id limit 5`,
    ]);

    process.stdout.write(
      `  ${'call'.padEnd(44)} ${'HTTP median'.padStart(11)} ${'HTTP p95'.padStart(10)} ${'SQL median'.padStart(11)} ${'SQL p95'.padStart(10)}  HTTP/SQL\n`,
    );
    for (const line of lines) {
      const http = line.http
        ? `${ms(line.http.median).padStart(11)} ${ms(line.http.p95).padStart(10)}`
        : `${'-'.padStart(11)} ${'-'.padStart(10)}`;
      const raw = line.raw
        ? `${ms(line.raw.median).padStart(11)} ${ms(line.raw.p95).padStart(10)}`
        : '';
      const ratio =
        line.http && line.raw ? `${(line.http.median / line.raw.median).toFixed(1)}x` : '';
      process.stdout.write(
        `  ${line.label.padEnd(44)} ${http} ${raw}  ${ratio}${line.note ? `  (${line.note})` : ''}\n`,
      );
    }
    process.stdout.write(`  load average: ${loadBefore} before, ${loadAverage()} after\n`);
    const grow = (a?: Stats, b?: Stats) => (a && b ? (b.p95 / a.p95).toFixed(2) : '-');
    process.stdout.write(
      `  board p95 at ${count(DEALS)} / at ${count(DEALS_SMALL)} deals: HTTP ${grow(boardSmall.http, boardLarge.http)}x, SQL ${grow(boardSmall.raw, boardLarge.raw)}x (target: about 1x)\n`,
    );
    if (kind === 'postgres') {
      const missed = lines.filter((line) => line.http && line.http.p95 >= TARGET_P95);
      const unmeasured = lines.filter((line) => !line.http && line.note);
      process.stdout.write(
        `  target on PostgreSQL, every call p95 < ${TARGET_P95} ms: ${
          missed.length === 0 && unmeasured.length === 0
            ? 'met'
            : [
                missed.length ? `MISSED by ${missed.map((l) => l.label).join('; ')}` : '',
                unmeasured.length
                  ? `not measured: ${unmeasured.map((l) => l.label).join('; ')}`
                  : '',
              ]
                .filter(Boolean)
                .join('; ')
        }\n`,
      );
    }
  },
);
