import { bigint, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { pipelineStages } from './deals.ts';
import { workspaces } from './workspaces.ts';

/**
 * The count and sum of the deals of each stage, per currency, kept by triggers on `deals`
 * (migration 0010_home.sql): the home page's "open deals by stage" reads a few rows instead of
 * scanning every open deal (docs/decisions/033-home.md).
 */
export const dealStageTotals = pgTable(
  'deal_stage_totals',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => pipelineStages.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    deals: integer('deals').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.stageId, t.currency] }),
    index('deal_stage_totals_workspace_idx').on(t.workspaceId),
  ],
);
