import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  COMPANY_FIRST,
  COMPANY_SECOND,
  COMPANY_TAGS,
  FIRST_NAMES,
  INDUSTRIES,
  LAST_NAMES,
  PERSON_TAGS,
  PLACES,
  ROLES,
  SIZES,
  SOURCES,
  STAGE_WEIGHTS,
  mailboxPart,
} from './words.ts';

// Large volumes for benchmarks (npm run seed:people): the database generates the rows itself
// with INSERT … SELECT over generate_series, reading the generator's word lists passed as arrays,
// so a million people cost a few statements instead of a million parameters. COPY is not
// available through PGlite's Drizzle driver; this runs the same on both.

/** A PostgreSQL array literal of text, sent as one parameter. */
function textArray(values: readonly string[]): SQL {
  const items = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return sql`${`{${items.join(',')}}`}::text[]`;
}
/** Repeats each item by its weight, so a uniform pick follows the weights. */
function byWeight<T>(items: readonly T[], weight: (item: T) => number): T[] {
  return items.flatMap((item) => Array.from({ length: weight(item) }, () => item));
}
/** `h(i, salt)`: a cheap, deterministic scramble of a row number, 0 ≤ h < 1,000,003. */
const h = (salt: number) => sql.raw(`((g.i::bigint * 2654435761 + ${salt * 40503}) % 1000003)`);
const at = (array: SQL, length: number, salt: number) =>
  sql`(${array})[1 + ${h(salt)} % ${sql.raw(String(length))}]`;

export type BulkProgress = (done: number, total: number) => void;

export async function bulkCompanies(
  db: Database,
  input: { workspaceId: string; count: number; ownerIds: string[]; batch?: number },
  progress?: BulkProgress,
): Promise<number> {
  const batch = input.batch ?? 20_000;
  const industries = INDUSTRIES;
  const sizes = byWeight(SIZES, (s) => s.weight);
  const places = byWeight(PLACES, (p) => p.weight);
  const arrays = {
    first: textArray(COMPANY_FIRST),
    second: textArray(COMPANY_SECOND),
    industry: textArray(industries.map((i) => i.name)),
    kind: textArray(industries.map((i) => i.kinds.find(Boolean) ?? '')),
    tld: textArray(industries.map((i) => i.tlds[0]!)),
    description: textArray(industries.map((i) => i.description)),
    size: textArray(sizes.map((s) => s.size)),
    revenue: textArray(sizes.map((s) => s.revenue)),
    city: textArray(places.map((p) => p.city)),
    region: textArray(places.map((p) => p.region)),
    country: textArray(places.map((p) => p.country)),
    tag: textArray(COMPANY_TAGS),
    owner: textArray(input.ownerIds.length > 0 ? input.ownerIds : ['']),
  };
  const stems = COMPANY_FIRST.length * COMPANY_SECOND.length;
  const before = await countOf(db, 'companies', input.workspaceId);
  for (let start = 0; start < input.count; start += batch) {
    const end = Math.min(input.count, start + batch) - 1;
    await db.execute(sql`
      insert into companies (workspace_id, name, domain, industry, size, revenue_range, city, region,
        country, description, linkedin_url, owner_id, tags, created_at, updated_at, last_activity_at)
      select ${input.workspaceId}::uuid, x.name, x.domain, x.industry, x.size::company_size,
        x.revenue::revenue_range, x.city, x.region, x.country, x.name || ': ' || x.description,
        'https://www.linkedin.com/company/' || split_part(x.domain, '.', 1),
        nullif(x.owner, '')::uuid, x.tags, x.created, x.created, x.created
      from (
        select
          s.stem || case when s.kind = '' then '' else ' ' || s.kind end
            || case when s.seq > 0 then ' ' || (s.seq + 1) else '' end as name,
          lower(s.stem || replace(s.kind, ' ', ''))
            || case when s.seq > 0 then (s.seq + 1)::text else '' end || '.' || s.tld as domain,
          s.industry, s.description, s.size, s.revenue, s.city, s.region, s.country, s.owner,
          s.tags, s.created
        from (
          select
            (${arrays.first})[1 + g.i % ${sql.raw(String(COMPANY_FIRST.length))}]
              || lower((${arrays.second})[1 + (g.i / ${sql.raw(String(COMPANY_FIRST.length))}) % ${sql.raw(String(COMPANY_SECOND.length))}]) as stem,
            g.i / ${sql.raw(String(stems))} as seq,
            (${arrays.kind})[1 + ${h(1)} % ${sql.raw(String(industries.length))}] as kind,
            (${arrays.industry})[1 + ${h(1)} % ${sql.raw(String(industries.length))}] as industry,
            (${arrays.tld})[1 + ${h(1)} % ${sql.raw(String(industries.length))}] as tld,
            (${arrays.description})[1 + ${h(1)} % ${sql.raw(String(industries.length))}] as description,
            ${at(arrays.size, sizes.length, 2)} as size,
            ${at(arrays.revenue, sizes.length, 2)} as revenue,
            ${at(arrays.city, places.length, 3)} as city,
            ${at(arrays.region, places.length, 3)} as region,
            ${at(arrays.country, places.length, 3)} as country,
            ${at(arrays.owner, Math.max(1, input.ownerIds.length), 4)} as owner,
            case when ${h(5)} % 2 = 0 then array[${at(arrays.tag, COMPANY_TAGS.length, 6)}]
                 else '{}'::text[] end as tags,
            now() - make_interval(days => (30 + ${h(7)} % 700)::int) as created
          from generate_series(${start}::int, ${end}::int) as g(i)
        ) s
      ) x
      on conflict (workspace_id, domain) where domain <> '' do nothing`);
    progress?.(end + 1, input.count);
  }
  return (await countOf(db, 'companies', input.workspaceId)) - before;
}

async function countOf(db: Database, table: 'people' | 'companies', workspaceId: string) {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where workspace_id = ${workspaceId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

export async function bulkPeople(
  db: Database,
  input: { workspaceId: string; count: number; ownerIds: string[]; batch?: number },
  progress?: BulkProgress,
): Promise<number> {
  const batch = input.batch ?? 50_000;
  const roles = byWeight(ROLES, (r) => r.weight);
  const places = byWeight(PLACES, (p) => p.weight);
  const stages = byWeight(STAGE_WEIGHTS, (s) => s[1]);
  const arrays = {
    first: textArray(FIRST_NAMES),
    firstMail: textArray(FIRST_NAMES.map(mailboxPart)),
    last: textArray(LAST_NAMES),
    lastMail: textArray(LAST_NAMES.map(mailboxPart)),
    title: textArray(roles.map((r) => r.title)),
    seniority: textArray(roles.map((r) => r.seniority)),
    department: textArray(roles.map((r) => r.department)),
    city: textArray(places.map((p) => p.city)),
    region: textArray(places.map((p) => p.region)),
    country: textArray(places.map((p) => p.country)),
    zone: textArray(places.map((p) => p.timeZone)),
    stage: textArray(stages.map((s) => s[0])),
    tag: textArray(PERSON_TAGS),
    source: textArray(SOURCES),
    owner: textArray(input.ownerIds.length > 0 ? input.ownerIds : ['']),
  };
  const companyCount = await countOf(db, 'companies', input.workspaceId);
  // Existing people shift the row numbers, so a second run adds new names and addresses.
  const offset = await countOf(db, 'people', input.workspaceId);
  const len = (n: number) => sql.raw(String(n));
  for (let start = 0; start < input.count; start += batch) {
    const end = Math.min(input.count, start + batch) - 1;
    await db.execute(sql`
      with c as (
        select id, name, domain, (row_number() over (order by id) - 1)::int as n
        from companies where workspace_id = ${input.workspaceId}),
      s as (
        select g.i,
          ${at(arrays.first, FIRST_NAMES.length, 11)} as first_name,
          ${at(arrays.firstMail, FIRST_NAMES.length, 11)} as first_mail,
          ${at(arrays.last, LAST_NAMES.length, 12)} as last_name,
          ${at(arrays.lastMail, LAST_NAMES.length, 12)} as last_mail,
          ${at(arrays.title, roles.length, 13)} as job_title,
          ${at(arrays.seniority, roles.length, 13)} as seniority,
          ${at(arrays.department, roles.length, 13)} as department,
          ${at(arrays.city, places.length, 14)} as city,
          ${at(arrays.region, places.length, 14)} as region,
          ${at(arrays.country, places.length, 14)} as country,
          ${at(arrays.zone, places.length, 14)} as time_zone,
          ${at(arrays.stage, stages.length, 15)} as stage,
          ${at(arrays.source, SOURCES.length, 16)} as source,
          ${at(arrays.owner, Math.max(1, input.ownerIds.length), 17)} as owner,
          case when ${h(18)} % 10 < 4 then array[${at(arrays.tag, PERSON_TAGS.length, 19)}]
               else '{}'::text[] end as tags,
          case when ${h(20)} % 5 = 0 then (${h(20)} % 90 + 2)::text else '' end as suffix,
          ${companyCount > 0 ? sql`${h(21)} % ${len(companyCount)}` : sql`-1`} as company_n,
          now() - make_interval(days => (1 + ${h(22)} % 400)::int) as created,
          ${h(23)}::float8 / 1000003 as activity
        from generate_series(${start + offset}::int, ${end + offset}::int) as g(i))
      insert into people (workspace_id, first_name, last_name, email, job_title, seniority,
        department, company_id, company_name, city, region, country, time_zone, linkedin_url,
        owner_id, stage, tags, source, created_at, updated_at, last_activity_at)
      select ${input.workspaceId}::uuid, s.first_name, s.last_name,
        s.first_mail || '.' || s.last_mail || s.suffix || '@' || coalesce(c.domain, 'example.com'),
        s.job_title, s.seniority::seniority, s.department, c.id, coalesce(c.name, ''),
        s.city, s.region, s.country, s.time_zone,
        'https://www.linkedin.com/in/' || s.first_mail || '-' || s.last_mail || '-' || s.i,
        nullif(s.owner, '')::uuid, s.stage::person_stage, s.tags, s.source, s.created,
        s.created + (now() - s.created) * s.activity, s.created + (now() - s.created) * s.activity
      from s left join c on c.n = s.company_n`);
    progress?.(end + 1, input.count);
  }
  await db.execute(sql`
    update companies c set people_count = n.count
    from (select company_id, count(*)::int as count from people
          where workspace_id = ${input.workspaceId} and company_id is not null group by company_id) n
    where c.id = n.company_id and c.people_count <> n.count`);
  return input.count;
}
