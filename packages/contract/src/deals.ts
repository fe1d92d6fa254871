import { z } from './z.ts';
import { endpoint } from './endpoint.ts';
import { companySchema } from './companies.ts';
import { expectedUpdatedAt, id, minorSumField, tagsField, text } from './fields.ts';
import { recordListSchema } from './lists.ts';
import { homeQuerySchema } from './home.ts';
import {
  recordEndpoints,
  recordParamsSchema,
  selectionSchema,
  type FilterFieldKind,
} from './records.ts';
import { errorBodySchema } from './errors.ts';

// Deals (issue 9): pipelines and their stages, the deal record, its filters and bulk actions, the
// board (per stage: a first page, a count and sums), the move, the stage history and the realtime
// events. docs/decisions/030-deals.md has the choices the issue left open.

// ---------------------------------------------------------------------------------------------
// Pipelines and stages.

/** What closing in a stage means: open deals are in play; won and lost ones are closed. */
export const dealStageKinds = ['open', 'won', 'lost'] as const;
export const dealStageKindSchema = z.enum(dealStageKinds);
export type DealStageKind = z.infer<typeof dealStageKindSchema>;

export const pipelineStageSchema = z
  .object({
    id: z.string(),
    pipelineId: z.string(),
    name: z.string(),
    /**
     * A default stage's stable key (`qualification`, `meeting_booked`, `proposal`, `negotiation`,
     * `won`, `lost`) while nobody renamed it: screens show the key's name in the reader's language
     * rather than `name` (record 037). Null for a stage a team named.
     */
    key: z.string().nullable(),
    /** 0, 1, 2…: the stage's place in its pipeline (the board's columns, left to right). */
    position: z.number().int(),
    /** The chance, in percent, that a deal in this stage is won: weights the board's totals. */
    probability: z.number().int(),
    kind: dealStageKindSchema,
    /** Days without activity after which an open deal in this stage is stale; null: never. */
    rotDays: z.number().int().nullable(),
  })
  .meta({ id: 'PipelineStage' });
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

export const pipelineSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** `sales` for the default pipeline while nobody renamed it (see the stage's `key`); else null. */
    key: z.string().nullable(),
    /** The pipeline a new deal goes to when none is named; exactly one per workspace. */
    isDefault: z.boolean(),
    position: z.number().int(),
    stages: z.array(pipelineStageSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Pipeline' });
export type Pipeline = z.infer<typeof pipelineSchema>;

export const pipelineListSchema = z
  .object({ items: z.array(pipelineSchema) })
  .meta({ id: 'PipelineList' });
export type PipelineList = z.infer<typeof pipelineListSchema>;

/** Each stage field's own rule. */
export const stageFields = {
  name: text(100).min(1, { message: 'Required' }),
  probability: z.number().int().min(0).max(100),
  kind: dealStageKindSchema,
  rotDays: z.number().int().min(1).max(3650).nullable(),
};

export const newStageSchema = z
  .object({
    name: stageFields.name,
    probability: stageFields.probability.default(0),
    kind: stageFields.kind.default('open'),
    rotDays: stageFields.rotDays.default(null),
    /** Where it goes among the pipeline's stages (0 is first); the end when absent. */
    index: z.number().int().min(0).max(100).optional(),
  })
  .meta({ id: 'NewPipelineStage' });
export type NewStage = z.input<typeof newStageSchema>;

export const stagePatchSchema = z
  .object({ ...stageFields, index: z.number().int().min(0).max(100) })
  .partial()
  .meta({ id: 'PipelineStagePatch' });
export type StagePatch = z.infer<typeof stagePatchSchema>;

/**
 * DELETE /api/pipelines/{id}/stages/{stageId}: a stage holding deals is refused with 409
 * `STAGE_NOT_EMPTY` unless `moveTo` names another stage of the same pipeline to move them to.
 */
export const deleteStageQuerySchema = z.object({ moveTo: id('stage').optional() });

export const newPipelineSchema = z
  .object({
    name: text(100).min(1, { message: 'Required' }),
    /** Its stages in order; the default stages when absent. */
    stages: z
      .array(newStageSchema.omit({ index: true }))
      .min(1)
      .max(30)
      .optional(),
  })
  .meta({ id: 'NewPipeline' });
export type NewPipeline = z.input<typeof newPipelineSchema>;

export const pipelinePatchSchema = z
  .object({
    name: text(100).min(1, { message: 'Required' }),
    /** true makes it the default (the former default stops being one); false is refused. */
    isDefault: z.literal(true),
    index: z.number().int().min(0).max(100),
  })
  .partial()
  .meta({ id: 'PipelinePatch' });
export type PipelinePatch = z.infer<typeof pipelinePatchSchema>;

export const pipelineParamsSchema = z.object({ id: id('pipeline') });
export const stageParamsSchema = z.object({ id: id('pipeline'), stageId: id('stage') });

// ---------------------------------------------------------------------------------------------
// Deals.

/** A person's part in a deal. */
export const dealPersonRoles = [
  'decision_maker',
  'economic_buyer',
  'champion',
  'influencer',
  'technical_evaluator',
  'user',
  'blocker',
  'other',
] as const;
export const dealPersonRoleSchema = z.enum(dealPersonRoles);
export type DealPersonRole = z.infer<typeof dealPersonRoleSchema>;

/**
 * The standard reasons a deal is lost. A deal's `lostReason` is one of these keys (screens word it
 * in the reader's language) or free text a person wrote (shown as written): record 037.
 */
export const dealLostReasons = [
  'competitor',
  'price',
  'no_budget',
  'timing',
  'no_response',
  'built_in_house',
  'not_a_fit',
] as const;
export type DealLostReason = (typeof dealLostReasons)[number];
export const isStandardLostReason = (value: string): value is DealLostReason =>
  (dealLostReasons as readonly string[]).includes(value);

/** ISO 4217 codes (what `Intl` knows, else any three capital letters the runtime can't check). */
const knownCurrencies: ReadonlySet<string> | null = (() => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return typeof intl.supportedValuesOf === 'function'
    ? new Set(intl.supportedValuesOf('currency'))
    : null;
})();
export const isCurrency = (code: string) =>
  /^[A-Z]{3}$/.test(code) && (knownCurrencies === null || knownCurrencies.has(code));

export const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCurrency, { message: 'Not an ISO 4217 currency code such as EUR' })
  .meta({ description: 'An ISO 4217 code such as EUR; upper-cased' });

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date such as 2026-12-31' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return (
        !Number.isNaN(date.getTime()) &&
        date.toISOString().slice(0, 10) === value &&
        value >= '1900-01-01'
      );
    },
    { message: 'Not a date of the calendar' },
  );

/** Amounts are integers of the currency's minor unit (cents), never floats. */
export const MAX_DEAL_AMOUNT = 1_000_000_000_000_000; // below 2^53
export const amountField = z
  .number({ message: 'Use a whole number of the minor unit (cents)' })
  .int({ message: 'Use a whole number of the minor unit (cents)' })
  .min(0, { message: 'An amount cannot be negative' })
  .max(MAX_DEAL_AMOUNT);

export const dealPersonSchema = z
  .object({
    personId: z.string(),
    role: dealPersonRoleSchema,
    /** The person's name (first and last), for display. */
    name: z.string(),
    email: z.string(),
  })
  .meta({ id: 'DealPerson' });
export type DealPerson = z.infer<typeof dealPersonSchema>;

export const dealSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    pipelineId: z.string(),
    stageId: z.string(),
    /** The stage's kind, kept on the deal: open, won or lost. */
    status: dealStageKindSchema,
    /** In minor units of `currency` (cents for EUR). */
    amount: z.number().int(),
    currency: z.string(),
    /** `YYYY-MM-DD` or null. */
    expectedCloseDate: z.string().nullable(),
    ownerId: z.string().nullable(),
    companyId: z.string().nullable(),
    /** The company's name, for cards and tables; '' without a company. */
    companyName: z.string(),
    people: z.array(dealPersonSchema),
    source: z.string(),
    tags: z.array(z.string()),
    /** Why it was lost; '' unless it is in a lost stage. */
    lostReason: z.string(),
    nextStep: z.string(),
    /** A fractional key: deals of a stage are ordered by (position, id). */
    position: z.string(),
    stageChangedAt: z.string(),
    lastActivityAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** When it entered a won or lost stage; null while open. */
    closedAt: z.string().nullable(),
    /** Open, and no activity for longer than its stage's `rotDays`. */
    stale: z.boolean(),
  })
  .meta({ id: 'Deal' });
export type Deal = z.infer<typeof dealSchema>;

export const dealPersonInputSchema = z
  .object({ personId: id('person'), role: dealPersonRoleSchema.default('other') })
  .meta({ id: 'DealPersonLink' });

/** Each deal field's own rule (the CSV import validates cells with these). */
export const dealFields = {
  name: text(200).min(1, { message: 'Required' }),
  pipelineId: id('pipeline'),
  stageId: id('stage'),
  amount: amountField,
  currency: currencyField,
  expectedCloseDate: dayField.nullable(),
  ownerId: id('member').nullable(),
  companyId: id('company').nullable(),
  people: z.array(dealPersonInputSchema).max(50),
  source: text(100),
  tags: tagsField,
  lostReason: text(500),
  nextStep: text(500),
};

/**
 * A deal as a client sends it to create one. Without `pipelineId` it goes to the default pipeline;
 * without `stageId` to the pipeline's first stage. A stage of another pipeline is refused (400).
 */
export const newDealSchema = z
  .object({
    name: dealFields.name,
    pipelineId: dealFields.pipelineId.optional(),
    stageId: dealFields.stageId.optional(),
    amount: dealFields.amount.default(0),
    /** The workspace's default currency when left out (admin panel). */
    currency: dealFields.currency.optional(),
    expectedCloseDate: dealFields.expectedCloseDate.default(null),
    ownerId: dealFields.ownerId.default(null),
    companyId: dealFields.companyId.default(null),
    people: dealFields.people.default([]),
    source: dealFields.source.default('manual'),
    tags: dealFields.tags.default([]),
    lostReason: dealFields.lostReason.default(''),
    nextStep: dealFields.nextStep.default(''),
  })
  .meta({ id: 'NewDeal' });
export type NewDeal = z.input<typeof newDealSchema>;

/** A change: only the fields given. A stage change here goes to the end of the stage's column. */
export const dealPatchSchema = z
  .object(dealFields)
  .partial()
  .extend({ expectedUpdatedAt })
  .meta({ id: 'DealPatch' });
export type DealPatch = z.infer<typeof dealPatchSchema>;

export const dealFilterFields = [
  'name',
  'pipelineId',
  'stageId',
  'status',
  'amount',
  'currency',
  'expectedCloseDate',
  'ownerId',
  'companyId',
  'companyName',
  'personId',
  'source',
  'tags',
  'lostReason',
  'nextStep',
  'stale',
  'stageChangedAt',
  'closedAt',
  'createdAt',
  'updatedAt',
  'lastActivityAt',
  'list',
] as const;

export const dealFieldKinds: Record<(typeof dealFilterFields)[number], FilterFieldKind> = {
  name: 'text',
  pipelineId: 'ref',
  stageId: 'ref',
  status: 'enum',
  amount: 'number',
  currency: 'enum',
  expectedCloseDate: 'date',
  ownerId: 'ref',
  companyId: 'ref',
  companyName: 'text',
  personId: 'ref',
  source: 'text',
  tags: 'tags',
  lostReason: 'text',
  nextStep: 'text',
  stale: 'enum',
  stageChangedAt: 'date',
  closedAt: 'date',
  createdAt: 'date',
  updatedAt: 'date',
  lastActivityAt: 'date',
  list: 'list',
};

export const dealPageSchema = z
  .object({ items: z.array(dealSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'DealPage' });
export type DealPage = z.infer<typeof dealPageSchema>;

export const dealBulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add_to_list'), listId: id('list') }),
  z.object({ type: z.literal('remove_from_list'), listId: id('list') }),
  z.object({ type: z.literal('set_owner'), ownerId: id('member').nullable() }),
  /**
   * Moves the selected deals to a stage (of any pipeline: each deal takes the stage's pipeline).
   * A lost stage needs `lostReason`.
   */
  z.object({
    type: z.literal('set_stage'),
    stageId: id('stage'),
    lostReason: dealFields.lostReason.optional(),
  }),
  z.object({ type: z.literal('add_tag'), tag: z.string().trim().min(1).max(40) }),
  z.object({ type: z.literal('delete') }),
]);
export const dealBulkRequestSchema = z
  .object({ selection: selectionSchema, action: dealBulkActionSchema })
  .meta({ id: 'DealBulkRequest' });
export type DealBulkRequest = z.infer<typeof dealBulkRequestSchema>;

/** One stage change of a deal: from (null when it was created), to, who, when. */
export const dealStageChangeSchema = z
  .object({
    id: z.string(),
    dealId: z.string(),
    fromStageId: z.string().nullable(),
    toStageId: z.string(),
    /** The stages' names when the change was made (a stage may be renamed or deleted since). */
    fromStageName: z.string().nullable(),
    toStageName: z.string(),
    byId: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'DealStageChange' });
export type DealStageChange = z.infer<typeof dealStageChangeSchema>;

/** GET /api/deals/{id}: the deal with what its page shows around it. */
export const dealDetailSchema = z
  .object({
    deal: dealSchema,
    company: companySchema.nullable(),
    stages: z.array(dealStageChangeSchema),
    lists: z.array(recordListSchema),
  })
  .meta({ id: 'DealDetail' });
export type DealDetail = z.infer<typeof dealDetailSchema>;

// ---------------------------------------------------------------------------------------------
// The board.

/**
 * GET /api/deals/board: one pipeline's columns. `q` and `filters` are those of the list (the
 * board shows the deals they match); `limit` is the first page of each column. A column loads
 * more with GET /api/deals, the column's `nextCursor`, `sort=position` and the same filters plus
 * `stageId` equals the column's stage (the cursor names them).
 */
export const dealBoardQuerySchema = z.object({
  pipelineId: id('pipeline').optional(),
  q: z.string().trim().max(200).optional(),
  filters: z.string().max(16_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DealBoardQuery = z.input<typeof dealBoardQuerySchema>;

// Sums travel as decimal strings (fields.ts, shared with home.ts).
export { minorSumField };

/** A sum of amounts in one currency: raw, and weighted by the stage's probability. */
export const dealSumSchema = z
  .object({
    currency: z.string(),
    /** Minor units, a decimal string. */
    amount: minorSumField,
    /**
     * Minor units, a decimal string: Σ(amount × probability) / 100 over the deals, rounded half
     * up once (the one rule of weighted sums: board, forecast and home).
     */
    weighted: minorSumField,
  })
  .meta({ id: 'DealSum' });
export type DealSum = z.infer<typeof dealSumSchema>;

export const dealBoardColumnSchema = z
  .object({
    stage: pipelineStageSchema,
    /** How many deals of the stage match. */
    count: z.number().int(),
    /** The matching deals' amounts by currency (largest first); amounts in different currencies are never added. */
    sums: z.array(dealSumSchema),
    /** The first page, by position. */
    deals: z.array(dealSchema),
    /** For GET /api/deals?sort=position&cursor=…; null when the page holds them all. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'DealBoardColumn' });
export type DealBoardColumn = z.infer<typeof dealBoardColumnSchema>;

export const dealBoardSchema = z
  .object({
    pipeline: pipelineSchema,
    columns: z.array(dealBoardColumnSchema),
  })
  .meta({ id: 'DealBoard' });
export type DealBoard = z.infer<typeof dealBoardSchema>;

/**
 * POST /api/deals/{id}/move: to `stageId`, between two neighbours of that stage's column:
 * `afterId` (the deal above it) and/or `beforeId` (the deal below it); at the top when neither
 * is given. Only the moved deal's key changes, so concurrent moves never disturb each other.
 * A lost stage needs `lostReason` (400 on the field without it).
 */
export const dealMoveRequestSchema = z
  .object({
    stageId: id('stage'),
    afterId: id('deal').nullable().optional(),
    beforeId: id('deal').nullable().optional(),
    lostReason: dealFields.lostReason.optional(),
    expectedUpdatedAt,
  })
  .meta({ id: 'DealMoveRequest' });
export type DealMoveRequest = z.infer<typeof dealMoveRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The forecast.

export const FORECAST_MAX_MONTHS = 24;

/**
 * GET /api/deals/forecast: a pipeline's open deals by month of expected close, from the caller's
 * current month (in their effective zone: their own, else the workspace's, else UTC) for `months`
 * months.
 */
export const dealForecastQuerySchema = homeQuerySchema.extend({
  pipelineId: id('pipeline').optional(),
  months: z.coerce.number().int().min(1).max(FORECAST_MAX_MONTHS).default(6),
});
export type DealForecastQuery = z.input<typeof dealForecastQuerySchema>;

export const dealForecastMonthSchema = z
  .object({
    /** `YYYY-MM`. */
    month: z.string(),
    /** Open deals expected to close in the month. */
    count: z.number().int(),
    /** Their sums by currency (largest first), raw and weighted. */
    sums: z.array(dealSumSchema),
  })
  .meta({ id: 'DealForecastMonth' });
export type DealForecastMonth = z.infer<typeof dealForecastMonthSchema>;

export const dealForecastSchema = z
  .object({
    pipelineId: z.string(),
    /** The zone "this month" was read in. */
    timeZone: z.string(),
    /** Every month of the span, in order (a month without deals has count 0 and no sums). */
    months: z.array(dealForecastMonthSchema),
  })
  .meta({ id: 'DealForecast' });
export type DealForecast = z.infer<typeof dealForecastSchema>;

// ---------------------------------------------------------------------------------------------
// Realtime. Records-style writes also publish `crm.changed` with entity `deals`.

export const dealMovedSchema = z
  .object({
    dealId: z.string(),
    pipelineId: z.string(),
    fromStageId: z.string(),
    toStageId: z.string(),
    position: z.string(),
    by: z.string(),
  })
  .meta({ id: 'DealMoved' });
export type DealMoved = z.infer<typeof dealMovedSchema>;

/**
 * The realtime messages of deals: `deals.moved` when a deal moved on the board (screens place the
 * card without reading the board again); `pipelines.changed` when a pipeline or its stages changed.
 */
export const dealsRealtimeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('deals.moved'), data: dealMovedSchema }),
  z.object({
    type: z.literal('pipelines.changed'),
    data: z.object({ pipelineId: z.string().nullable(), by: z.string() }),
  }),
]);
export type DealsRealtime = z.infer<typeof dealsRealtimeSchema>;

// ---------------------------------------------------------------------------------------------
// CSV import (POST /api/imports?entity=deals): the fields a column can map to.

export const dealImportFields = [
  'name',
  'pipelineName',
  'stageName',
  'amount',
  'currency',
  'expectedCloseDate',
  'ownerEmail',
  'companyName',
  'companyDomain',
  'personEmail',
  'source',
  'tags',
  'lostReason',
  'nextStep',
  'createdAt',
] as const;

// ---------------------------------------------------------------------------------------------
// Endpoints (the records routes of deals are the records engine's).

export const dealsEndpoints = {
  board: endpoint({
    method: 'GET',
    path: '/api/deals/board',
    summary:
      "A pipeline's board: per stage the first page of deals, their count and sums (raw and weighted)",
    query: dealBoardQuerySchema,
    response: dealBoardSchema,
  }),
  forecast: endpoint({
    method: 'GET',
    path: '/api/deals/forecast',
    summary:
      "A pipeline's open deals by month of expected close (in the caller's time zone): counts and sums, raw and weighted",
    query: dealForecastQuerySchema,
    response: dealForecastSchema,
  }),
  move: endpoint({
    method: 'POST',
    path: '/api/deals/:id/move',
    summary:
      'Move a deal on the board: its stage and its place between two neighbours (a lost stage needs lostReason)',
    params: recordParamsSchema,
    body: dealMoveRequestSchema,
    response: dealSchema,
  }),
};

export const pipelinesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/pipelines',
    summary: "The workspace's pipelines, each with its stages in order",
    response: pipelineListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/pipelines',
    summary: 'Add a pipeline (with the default stages when none are given)',
    body: newPipelineSchema,
    status: 201,
    response: pipelineSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/pipelines/:id',
    summary: 'A pipeline with its stages',
    params: pipelineParamsSchema,
    response: pipelineSchema,
  }),
  patch: endpoint({
    method: 'PATCH',
    path: '/api/pipelines/:id',
    summary: 'Rename a pipeline, make it the default, or move it among the pipelines',
    params: pipelineParamsSchema,
    body: pipelinePatchSchema,
    response: pipelineSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/pipelines/:id',
    summary: 'Delete a pipeline without deals (409 PIPELINE_NOT_EMPTY when it holds some)',
    params: pipelineParamsSchema,
    status: 204,
    response: null,
  }),
  addStage: endpoint({
    method: 'POST',
    path: '/api/pipelines/:id/stages',
    summary: 'Add a stage to a pipeline (at the end, or at `index`)',
    params: pipelineParamsSchema,
    body: newStageSchema,
    status: 201,
    response: pipelineSchema,
  }),
  patchStage: endpoint({
    method: 'PATCH',
    path: '/api/pipelines/:id/stages/:stageId',
    summary: "Change a stage: name, probability, kind, rot days, or its place ('index')",
    params: stageParamsSchema,
    body: stagePatchSchema,
    response: pipelineSchema,
  }),
  removeStage: endpoint({
    method: 'DELETE',
    path: '/api/pipelines/:id/stages/:stageId',
    summary:
      'Delete a stage; one holding deals needs `moveTo` (another stage), else 409 STAGE_NOT_EMPTY',
    params: stageParamsSchema,
    query: deleteStageQuerySchema,
    status: 204,
    response: null,
  }),
};

/** The 409 answers of the deals and pipelines endpoints (STAGE_NOT_EMPTY, PIPELINE_NOT_EMPTY…). */
export const dealsConflictAnswer = { 409: errorBodySchema };

/**
 * The deals' generic records endpoints (list, count, create, read, change, delete, bulk, export);
 * the board and the move are the deals area's own.
 */
export const dealRecordEndpoints = recordEndpoints(
  'deals',
  {
    page: dealPageSchema,
    record: dealSchema,
    detail: dealDetailSchema,
    create: newDealSchema,
    patch: dealPatchSchema,
    bulk: dealBulkRequestSchema,
  },
  {
    subject: 'deal',
    create:
      'Add a deal (to the default pipeline and its first stage unless told otherwise); a lost stage needs a lost reason',
    detail: 'A deal, with its company, stage history and lists',
    remove: 'Delete a deal (its notes, timeline and stage history go with it)',
  },
);
