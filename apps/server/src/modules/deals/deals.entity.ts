import { sql, type SQL } from 'drizzle-orm';
import { dealFieldKinds, dealStageKinds } from '@beacon/contract';
import { fieldsOf, type EntityDef } from '../../lib/records/fields.ts';
import { rowsOf, type Executor } from '../../lib/records/sql.ts';

const d = fieldsOf('deals');

/**
 * Whether a deal is stale: open, in a stage with `rot_days`, and no activity for longer than
 * that. Computed when read (the stage's setting may change at any time).
 */
export const staleExpr = sql`("deals"."status" = 'open' and exists (
  select 1 from pipeline_stages rot where rot.id = "deals"."stage_id" and rot.rot_days is not null
    and "deals"."last_activity_at" < now() - make_interval(days => rot.rot_days)))`;

/** Position keys compare by code unit, as lib/positions.ts makes them (never by the locale). */
export const positionExpr = sql`"deals"."position" collate "C"`;

/** Deletes the selected deals; their people links, stage history, notes and timeline go with them. */
async function deleteDeals(db: Executor, match: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with removed as (delete from "deals" where ${match} returning 1)
        select count(*)::int as n from removed`,
  );
  return Number(row?.n ?? 0);
}

/** Deals in the records registry (registered in modules/record-entities.ts). */
export const dealsEntity: EntityDef = {
  name: 'deals',
  subject: 'deal',
  notFound: 'No such deal',
  subjectKey: 'dealId',
  table: 'deals',
  ownerColumn: 'owner_id',
  fields: {
    id: d('id', 'uuid'),
    name: d('name'),
    pipelineId: d('pipeline_id', 'uuid'),
    stageId: d('stage_id', 'uuid'),
    status: d('status', 'deal_stage_kind', { values: dealStageKinds }),
    amount: d('amount', 'bigint'),
    currency: d('currency', 'text', { lowerCased: true }),
    expectedCloseDate: d('expected_close_date', 'date', { nullable: true }),
    ownerId: d('owner_id', 'uuid', { nullable: true }),
    companyId: d('company_id', 'uuid', { nullable: true }),
    companyName: d('company_name'),
    personId: d('person_id', 'uuid', {
      sortable: false,
      through: { table: 'deal_people', key: 'deal_id', value: 'person_id' },
    }),
    source: d('source'),
    tags: d('tags', 'text[]', { sortable: false }),
    lostReason: d('lost_reason'),
    nextStep: d('next_step'),
    position: { ...d('position', 'text', { lowerCased: true }), sortExpr: positionExpr },
    stale: d('stale', 'boolean', { sortable: false, values: ['true', 'false'], expr: staleExpr }),
    stageChangedAt: d('stage_changed_at', 'timestamptz'),
    closedAt: d('closed_at', 'timestamptz', { nullable: true }),
    createdAt: d('created_at', 'timestamptz'),
    updatedAt: d('updated_at', 'timestamptz'),
    lastActivityAt: d('last_activity_at', 'timestamptz'),
  },
  kinds: dealFieldKinds,
  members: { table: 'list_deals', column: 'deal_id' },
  defaultSort: '-createdAt',
  linkedNames: [
    {
      field: 'companyName',
      idColumn: 'company_id',
      linked: { table: 'companies', ownerColumn: 'owner_id' },
      // search_text (db/schema/deals.ts) without the company's name.
      searchRest: sql`lower(deals.name || ' ' || deals.source || ' ' || deals.next_step)`,
    },
  ],
  deleteWhere: deleteDeals,
};
