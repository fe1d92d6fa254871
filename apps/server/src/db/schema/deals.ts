import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { dealPersonRoles, dealStageKinds } from '@beacon/contract';
import { companies, people, recordLists } from './crm.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

// Deals (issue 9): pipelines, their stages, deals, the people on a deal, every stage change and
// list membership. Free-text columns are NOT NULL with '' for empty (keyset pages compare plain
// values); each sortable column has a (workspace_id, column, id) index, as people's do.

export const dealStageKind = pgEnum('deal_stage_kind', dealStageKinds);
export const dealPersonRole = pgEnum('deal_person_role', dealPersonRoles);

const textField = (name: string) => text(name).notNull().default('');
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const pipelines = pgTable(
  'pipelines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The default pipeline's key (`sales`) until it is renamed: shown translated (record 037). */
    key: text('key'),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...stamps,
  },
  (t) => [
    index('pipelines_workspace_idx').on(t.workspaceId, t.position),
    uniqueIndex('pipelines_one_default_key')
      .on(t.workspaceId)
      .where(sql`is_default`),
  ],
);

export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A default stage's key (`proposal`…) until it is renamed: shown translated (record 037). */
    key: text('key'),
    position: integer('position').notNull(),
    probability: integer('probability').notNull().default(0),
    kind: dealStageKind('kind').notNull().default('open'),
    rotDays: integer('rot_days'),
    ...stamps,
  },
  (t) => [
    index('pipeline_stages_pipeline_idx').on(t.pipelineId, t.position),
    index('pipeline_stages_workspace_idx').on(t.workspaceId),
    check('pipeline_stages_probability', sql`probability between 0 and 100`),
  ],
);

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => pipelineStages.id),
    /** The stage's kind, kept here (on a move and when a stage's kind changes) for filters. */
    status: dealStageKind('status').notNull().default('open'),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    expectedCloseDate: date('expected_close_date', { mode: 'string' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The company's name, copied here for sorting and search; kept in step on rename. */
    companyName: textField('company_name'),
    source: textField('source'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lostReason: textField('lost_reason'),
    nextStep: textField('next_step'),
    /** Fractional key (lib/positions.ts): a stage's deals are ordered by (position, id). */
    position: text('position').notNull(),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || company_name || ' ' || source || ' ' || next_step)`,
    ),
  },
  (t) => [
    check('deals_amount_not_negative', sql`amount >= 0`),
    // The board: a column's first page, and its count and sums by currency (index-only).
    // Keys compare by code unit (collate "C"), as lib/positions.ts makes them.
    index('deals_stage_position_idx').on(
      t.workspaceId,
      t.stageId,
      sql`${t.position} collate "C"`,
      t.id,
    ),
    index('deals_stage_sums_idx').on(t.workspaceId, t.stageId, t.currency, t.amount),
    index('deals_name_lower_idx').on(t.workspaceId, sql`lower(${t.name})`, t.id),
    index('deals_company_name_lower_idx').on(t.workspaceId, sql`lower(${t.companyName})`, t.id),
    index('deals_amount_idx').on(t.workspaceId, t.amount, t.id),
    index('deals_close_date_idx').on(t.workspaceId, t.expectedCloseDate, t.id),
    // Also holds what the home page's "closing this month" sums (currency, amount, stage), so
    // the month's open deals are read from the index alone (bench/deals: 309 ms to 19 ms at
    // 200,000 deals).
    index('deals_status_close_idx').on(
      t.workspaceId,
      t.status,
      t.expectedCloseDate,
      t.currency,
      t.amount,
      t.stageId,
    ),
    index('deals_stage_changed_idx').on(t.workspaceId, t.stageChangedAt, t.id),
    index('deals_closed_idx').on(t.workspaceId, t.closedAt, t.id),
    index('deals_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('deals_updated_idx').on(t.workspaceId, t.updatedAt, t.id),
    index('deals_activity_idx').on(t.workspaceId, t.lastActivityAt, t.id),
    index('deals_pipeline_idx').on(t.pipelineId),
    index('deals_stage_idx').on(t.stageId),
    index('deals_owner_idx').on(t.ownerId, t.status),
    index('deals_company_idx').on(t.companyId),
    index('deals_tags_idx').using('gin', t.tags),
    index('deals_search_idx').using('gin', sql`search_text gin_trgm_ops`),
  ],
);

/** The people on a deal, each with their part in it. */
export const dealPeople = pgTable(
  'deal_people',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    role: dealPersonRole('role').notNull().default('other'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.personId] }),
    index('deal_people_person_idx').on(t.personId),
  ],
);

/** Every stage change of a deal (its first stage too, from null): time in stage, conversion. */
export const dealStageChanges = pgTable(
  'deal_stage_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    fromStageId: uuid('from_stage_id').references(() => pipelineStages.id, {
      onDelete: 'set null',
    }),
    toStageId: uuid('to_stage_id').references(() => pipelineStages.id, { onDelete: 'set null' }),
    fromStageName: text('from_stage_name'),
    toStageName: text('to_stage_name').notNull(),
    byId: uuid('by_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deal_stage_changes_deal_idx').on(t.dealId, t.at),
    index('deal_stage_changes_workspace_idx').on(t.workspaceId, t.at),
  ],
);

export const listDeals = pgTable(
  'list_deals',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => recordLists.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.dealId] }), index('list_deals_deal_idx').on(t.dealId)],
);

// `deal_stage_totals` (each stage's count and sum by currency, kept by triggers on `deals`) is
// written in drizzle/0008_deals.sql only: it is derived data, so backups (src/db/backup.ts, which
// takes the tables of this schema) leave it out and a restore rebuilds it through the triggers.
