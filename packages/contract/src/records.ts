import { z } from './z.ts';
import { id, instant } from './fields.ts';
import { endpoint } from './endpoint.ts';

// What every records-style area shares (people.ts, companies.ts, and the next ones): the one list
// of record entities the other enums derive from, filters, sort, search, cursor pagination,
// selections, bulk results, the CSV export's query and the `crm.changed` realtime event.

/**
 * Every records-style entity, by its API name, with the subject type its notes and timeline
 * entries carry. Adding an entity (deals, …) starts here: list kinds, saved views, imports and
 * note subjects follow (docs/adding-an-area.md).
 */
export const recordSubjects = {
  people: 'person',
  companies: 'company',
  deals: 'deal',
  tasks: 'task',
} as const;
export type RecordEntityName = keyof typeof recordSubjects;
export type SubjectType = (typeof recordSubjects)[RecordEntityName];
export const recordEntities = Object.keys(recordSubjects) as RecordEntityName[];
export const subjectTypes = Object.values(recordSubjects) as SubjectType[];
export const recordEntitySchema = z.enum(recordEntities);

/**
 * The entities without lists and CSV import: a task is a piece of work, not a contact to gather
 * into a list, and the import's per-entity row rules do not come with the registry
 * (docs/decisions/044). Every other entity has both.
 */
export const entitiesWithoutLists = ['tasks'] as const;
export type ListEntityName = Exclude<RecordEntityName, (typeof entitiesWithoutLists)[number]>;
export const listEntities = recordEntities.filter(
  (name): name is ListEntityName => !(entitiesWithoutLists as readonly string[]).includes(name),
);

// ---------------------------------------------------------------------------------------------
// Filters, sort, search and cursor pagination (GET /api/people, GET /api/companies).

/** Which operators each kind of field takes; the server refuses any other pair (400). */
export const filterOperators = {
  text: ['contains', 'equals', 'in', 'empty', 'not_empty'],
  enum: ['equals', 'in', 'empty', 'not_empty'],
  ref: ['equals', 'in', 'empty', 'not_empty'],
  tags: ['has_any', 'has_all', 'empty', 'not_empty'],
  date: ['between', 'empty', 'not_empty'],
  /** Whole numbers (a deal's amount): `gte` and `lte` take the bound as a string of digits. */
  number: ['equals', 'gte', 'lte', 'empty', 'not_empty'],
  list: ['on_list', 'not_on_list'],
} as const;
export type FilterFieldKind = keyof typeof filterOperators;

/**
 * One condition. `value` by operator: contains/equals: a string; in/has_any/has_all: an array of
 * strings; between: `{ from?, to? }` ISO instants (from inclusive, to exclusive); gte and lte: a
 * number as a string (inclusive bounds); on_list and
 * not_on_list: a list id; empty/not_empty: none.
 */
export const filterConditionSchema = z
  .object({
    field: z.string().min(1).max(40),
    op: z.enum([
      'contains',
      'equals',
      'in',
      'empty',
      'not_empty',
      'has_any',
      'has_all',
      'between',
      'on_list',
      'not_on_list',
      'gte',
      'lte',
    ]),
    value: z
      .union([
        z.string().max(500),
        z.array(z.string().max(500)).max(200),
        z.object({ from: instant.optional(), to: instant.optional() }),
      ])
      .optional(),
  })
  .meta({ id: 'FilterCondition' });
export type FilterCondition = z.infer<typeof filterConditionSchema>;
export const filterListSchema = z.array(filterConditionSchema).max(30);

/** `lastName` ascending, `-lastName` descending; any column of the table. */
export const sortParamSchema = z
  .string()
  .regex(/^-?[a-zA-Z]{1,40}$/, { message: 'Use a column name, with - for descending' });

/**
 * The query string of GET /api/people and GET /api/companies (and their /count and /export.csv).
 * `filters` is the JSON text of an array of conditions, all of which must hold.
 */
export const recordQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  filters: z.string().max(16_000).optional(),
  sort: sortParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2000).optional(),
});
export type RecordQuery = z.input<typeof recordQuerySchema>;

/** The selection a bulk action, an export or a count applies to: given ids, or a whole filter. */
export const selectionSchema = z
  .union([
    z.object({ ids: z.array(z.uuid()).min(1).max(10_000) }),
    z.object({
      filter: z.object({
        q: z.string().trim().max(200).optional(),
        filters: filterListSchema.default([]),
      }),
    }),
  ])
  .meta({ id: 'Selection' });
export type Selection = z.infer<typeof selectionSchema>;

/** GET …/count: exact up to `limit` (100,000), then `estimate` is true. */
export const recordCountSchema = z
  .object({ count: z.number().int(), estimate: z.boolean() })
  .meta({ id: 'RecordCount' });
export type RecordCount = z.infer<typeof recordCountSchema>;

export const bulkResultSchema = z.object({ affected: z.number().int() }).meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const recordParamsSchema = z.object({ id: id('record') });
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2000).optional(),
});

/** GET /api/people/export.csv and /api/companies/export.csv: a filtered view as CSV. */
export const exportQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  filters: z.string().max(16_000).optional(),
  sort: sortParamSchema.optional(),
  /** Comma-separated column names in order; every column when absent. */
  columns: z.string().max(2000).optional(),
});

/** GET …/count: the list's search and filters, without sort and paging. */
export const recordCountQuerySchema = recordQuerySchema.pick({ q: true, filters: true });

/** The schemas of one records-style entity that its generic endpoints answer and take. */
export type RecordEndpointSchemas = {
  page: z.ZodType;
  record: z.ZodType;
  detail: z.ZodType;
  create: z.ZodType;
  patch: z.ZodType;
  bulk: z.ZodType;
};

/**
 * The generic endpoints of a records-style entity under `/api/{name}` (docs/decisions/014): list
 * (keyset pages), count, create, read, change, delete, bulk and the CSV export. People, companies
 * and deals get theirs from here; each area adds its own next to them (merge, board, move…).
 * `subject` is the singular for the summaries ("person"); creates and changes can clash (409).
 */
export function recordEndpoints<
  const N extends RecordEntityName,
  const S extends RecordEndpointSchemas,
>(
  name: N,
  schemas: S,
  summaries: { subject: string; create: string; detail: string; remove: string },
) {
  const path = `/api/${name}` as const;
  const byId = `/api/${name}/:id` as const;
  const title = `${name[0]!.toUpperCase()}${name.slice(1)}`;
  return {
    list: endpoint({
      method: 'GET',
      path,
      summary: `${title}: filtered, searched, sorted, one page at a time (keyset cursor)`,
      query: recordQuerySchema,
      response: schemas.page as S['page'],
    }),
    count: endpoint({
      method: 'GET',
      path: `/api/${name}/count` as const,
      summary: `How many ${name} match (exact up to 100,000, then an estimate)`,
      query: recordCountQuerySchema,
      response: recordCountSchema,
    }),
    create: endpoint({
      method: 'POST',
      path,
      summary: summaries.create,
      body: schemas.create as S['create'],
      status: 201,
      response: schemas.record as S['record'],
      errors: [409],
    }),
    detail: endpoint({
      method: 'GET',
      path: byId,
      summary: summaries.detail,
      params: recordParamsSchema,
      response: schemas.detail as S['detail'],
    }),
    patch: endpoint({
      method: 'PATCH',
      path: byId,
      summary: `Change a ${summaries.subject} (only the fields given); each change goes on the timeline`,
      params: recordParamsSchema,
      body: schemas.patch as S['patch'],
      response: schemas.record as S['record'],
      errors: [409],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: byId,
      summary: summaries.remove,
      params: recordParamsSchema,
      status: 204,
      response: null,
    }),
    bulk: endpoint({
      method: 'POST',
      path: `/api/${name}/bulk` as const,
      summary: 'Act on a selection (ids, or everything a filter matches) in one set-based pass',
      body: schemas.bulk as S['bulk'],
      response: bulkResultSchema,
      errors: [413],
    }),
    /** A file (text/csv): registered with its own answer. */
    exportCsv: endpoint({
      method: 'GET',
      path: `/api/${name}/export.csv` as const,
      summary: 'The filtered view as CSV (UTF-8 with BOM, RFC 4180, formulas defused)',
      query: exportQuerySchema,
      response: null,
    }),
  };
}

/**
 * The realtime message `crm.changed`: a member changed CRM records, so screens that show them
 * read them again. `id` is the record (or list, or note) when one was changed, `null` when it was
 * a creation or a change of many (bulk, merge). `by` is the member's user id; `origin` the
 * `X-Client-Id` the write was sent with (the web app's tab), so that tab can skip it.
 */
export const CRM_CHANGED = 'crm.changed';
export const crmChangeSchema = z.object({
  entity: z.enum([...recordEntities, 'lists', 'notes']),
  id: z.string().nullable(),
  by: z.string(),
  origin: z.string().nullable(),
});
export type CrmChange = z.infer<typeof crmChangeSchema>;
/**
 * The realtime messages of the CRM records, as the server publishes them (the writes' routes
 * declare them: apps/server/src/lib/records/live.ts).
 */
export const crmRealtimeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(CRM_CHANGED), data: crmChangeSchema }),
]);
export type CrmRealtime = z.infer<typeof crmRealtimeSchema>;
