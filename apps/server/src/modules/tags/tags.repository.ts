import { sql } from 'drizzle-orm';
import type { TagUsage } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../lib/records/sql.ts';

/** The tables whose rows carry `tags text[]`, by the name the counts use. */
export const taggedTables = { people: 'people', companies: 'companies', deals: 'deals' } as const;
export type TaggedEntity = keyof typeof taggedTables;
export const taggedEntities = Object.keys(taggedTables) as TaggedEntity[];

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Every tag in use in the workspace, with how many people, companies and deals carry it. */
export async function tagUsage(db: Executor, workspaceId: string): Promise<TagUsage[]> {
  const rows = await rowsOf<{ tag: string; people: number; companies: number; deals: number }>(
    db,
    sql`select tag,
        count(*) filter (where entity = 'people')::int as people,
        count(*) filter (where entity = 'companies')::int as companies,
        count(*) filter (where entity = 'deals')::int as deals
      from (
        select 'people' as entity, unnest(tags) as tag from people where workspace_id = ${workspaceId}
        union all
        select 'companies', unnest(tags) from companies where workspace_id = ${workspaceId}
        union all
        select 'deals', unnest(tags) from deals where workspace_id = ${workspaceId}
      ) t
      group by tag
      order by lower(tag), tag collate "C"`,
  );
  return rows.map((row) => ({
    ...row,
    people: Number(row.people),
    companies: Number(row.companies),
    deals: Number(row.deals),
    total: Number(row.people) + Number(row.companies) + Number(row.deals),
  }));
}

/**
 * Replaces each of `from` by `into` on every row of `table` in the workspace that carries one,
 * keeping the tags' order and each tag once; `into` null removes them. Answers how many rows
 * changed.
 */
export async function replaceTags(
  db: Executor,
  entity: TaggedEntity,
  workspaceId: string,
  from: readonly string[],
  into: string | null,
): Promise<number> {
  const table = sql.raw(`"${taggedTables[entity]}"`);
  const sources = textArray(from);
  const replaced =
    into === null
      ? sql`array(select e from unnest(t.tags) with ordinality as u(e, n)
            where not (e = any(${sources})) order by n)`
      : sql`array(select tag from (
              select distinct on (tag) tag, n from (
                select case when e = any(${sources}) then ${into}::text else e end as tag, n
                from unnest(t.tags) with ordinality as u(e, n)
              ) s order by tag, n
            ) d order by n)`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update ${table} as t set tags = ${replaced}, updated_at = now()
      where t.workspace_id = ${workspaceId} and t.tags && ${sources}
      returning t.id`,
  );
  return rows.length;
}
