import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  bulkResultSchema,
  errorBodySchema,
  exportQuerySchema,
  recordCountSchema,
  recordParamsSchema,
  recordQuerySchema,
  type CompanyBulkRequest,
  type DealBulkRequest,
  type PersonBulkRequest,
  type RecordCount,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { download, noContent, signedInRoutes } from '../responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { runBulk } from './bulk.ts';
import type { Caller } from './caller.ts';
import { csvChunks, pickColumns, type CsvColumn } from './csv.ts';
import type { EntityDef } from './fields.ts';
import { parseFilters } from './filters.ts';
import { crmChange } from './live.ts';
import {
  countWhere,
  filterWhere,
  finishPage,
  preparePage,
  type ListQuery,
  type PreparedPage,
} from './query.ts';
import { columnReader, rowsOf, type ColumnReader } from './sql.ts';

/**
 * What people and companies share (docs/decisions/014): the same list, count, bulk and CSV
 * export over their entity definition, and the same routes. Each module adds what is its own
 * (creating, changing and deleting a record, merge and vCard for people).
 */
export type RecordModuleDef<Row extends { id: string }, Item> = {
  entity: EntityDef;
  table: PgTable;
  /** The selected columns: a row of them is a `Row`. */
  columns: Record<string, PgColumn | SQL.Aliased>;
  toItem: (row: Row) => Item;
  /** Every CSV column, in the export's default order. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module's own context
  csvColumns: CsvColumn<Item, any>[];
  /** What the columns look up for a page of the export (owners' e-mails, companies' domains). */
  csvContext?: (db: Database, workspaceId: string, items: Item[]) => Promise<unknown>;
};

export type CountQuery = { q?: string; filters?: string };
export type ExportQuery = CountQuery & { sort?: string; columns?: string };
type BulkRequest = PersonBulkRequest | CompanyBulkRequest | DealBulkRequest;

/** The reads and bulk actions of an entity, the same for people and companies. */
export class RecordService<Row extends { id: string }, Item, Bulk extends BulkRequest> {
  /** The page's select list, built once, and how its rows are decoded. */
  private readonly reader: ColumnReader;

  constructor(
    protected readonly db: Database,
    private readonly def: RecordModuleDef<Row, Item>,
  ) {
    this.reader = columnReader(def.entity.table, def.columns);
  }

  async list(
    caller: Caller,
    query: ListQuery,
  ): Promise<{ items: Item[]; nextCursor: string | null }> {
    const { statement, prepared } = await this.pageQuery(caller, query);
    const rows = this.reader.decode<Row & { sortValue: string | null }>(
      await rowsOf<Record<string, unknown>>(this.db, statement),
    );
    return finishPage(this.def.entity, prepared, rows, this.def.toItem);
  }

  /** The query of a page, as `list` runs it (bench/people runs it as raw SQL beside the API). */
  async pageQuery(
    caller: Caller,
    query: ListQuery,
  ): Promise<{ statement: SQL; prepared: PreparedPage }> {
    const { entity } = this.def;
    const prepared = await preparePage(this.db, entity, caller.workspaceId, query);
    const statement = sql`select ${this.reader.list}, ${prepared.sortValue} as "sortValue"
      from ${sql.raw(`"${entity.table}"`)} where ${prepared.where}
      order by ${sql.join(prepared.order, sql.raw(', '))} limit ${prepared.limit + 1}`;
    return { statement, prepared };
  }

  async count(caller: Caller, query: CountQuery): Promise<RecordCount> {
    const { entity } = this.def;
    const where = await filterWhere(
      this.db,
      entity,
      caller.workspaceId,
      parseFilters(query.filters),
      query.q,
    );
    return countWhere(this.db, entity, where);
  }

  async bulk(caller: Caller, request: Bulk) {
    // An entity whose bulk actions differ from people's (deals' stage) overrides this.
    return runBulk(this.db, this.def.entity, caller, request as PersonBulkRequest);
  }

  /** The whole filtered view as CSV chunks; a bad filter is refused before anything is sent. */
  async exportCsv(caller: Caller, query: ExportQuery): Promise<AsyncIterable<string>> {
    const columns = pickColumns(this.def.csvColumns, query.columns);
    const pageQuery = { q: query.q, filters: query.filters, sort: query.sort, limit: 1000 };
    const first = await this.list(caller, pageQuery);
    const next = (cursor: string) => this.list(caller, { ...pageQuery, cursor });
    async function* pages() {
      let page = first;
      yield page.items;
      while (page.nextCursor) {
        page = await next(page.nextCursor);
        yield page.items;
      }
    }
    const { csvContext } = this.def;
    const db = this.db;
    const contextOf = csvContext
      ? (items: Item[]) => csvContext(db, caller.workspaceId, items)
      : undefined;
    return csvChunks(columns, pages(), contextOf);
  }
}

/** What the shared routes call: a `RecordService` and the module's own writes. */
export type RecordRoutesService<New, Patch, Bulk> = {
  list(caller: Caller, query: ListQuery): Promise<unknown>;
  count(caller: Caller, query: CountQuery): Promise<RecordCount>;
  create(caller: Caller, input: New): Promise<unknown>;
  detail(caller: Caller, id: string): Promise<unknown>;
  patch(caller: Caller, id: string, patch: Patch): Promise<unknown>;
  remove(caller: Caller, id: string): Promise<void>;
  bulk(caller: Caller, request: Bulk): Promise<{ affected: number }>;
  exportCsv(caller: Caller, query: ExportQuery): Promise<AsyncIterable<string>>;
};

export type RecordRoutesDef<New, Patch, Bulk> = {
  entity: EntityDef;
  schemas: {
    page: z.ZodType;
    record: z.ZodType;
    detail: z.ZodType;
    create: z.ZodType<New>;
    patch: z.ZodType<Patch>;
    bulk: z.ZodType<Bulk>;
  };
  summaries: { create: string; detail: string; remove: string };
  /** Whether a create or a change can clash with another record (409), as a company's domain. */
  conflicts: boolean;
  /** Routes over the whole collection of the module's own, registered after bulk. */
  collectionRoutes?: (
    app: Parameters<FastifyPluginAsyncZod>[0],
    routes: ReturnType<typeof signedInRoutes>,
  ) => void;
};

const countQuerySchema = recordQuerySchema.pick({ q: true, filters: true });

/**
 * The routes of a record type under `/api/{entity}`: list, count, create, read, change, delete,
 * bulk, the module's collection routes, then the CSV export. Reading takes a signed-in member;
 * writing a contributor or an admin.
 */
export function recordRoutes<New, Patch, Bulk>(
  def: RecordRoutesDef<New, Patch, Bulk>,
): FastifyPluginAsyncZod<{ service: RecordRoutesService<New, Patch, Bulk> }> {
  const name = def.entity.name;
  const path = `/api/${name}`;
  const plural = `${name[0]!.toUpperCase()}${name.slice(1)}`;
  const conflict = def.conflicts ? { 409: errorBodySchema } : {};

  return async (app, { service }) => {
    const routes = signedInRoutes(app, [name]);
    const { read, write, tags, security } = routes;

    app.get(
      path,
      read({
        summary: `${plural}: filtered, searched, sorted, one page at a time (keyset cursor)`,
        querystring: recordQuerySchema,
        response: { 200: def.schemas.page },
      }),
      async (request) => service.list(requireAuth(request), request.query),
    );

    app.get(
      `${path}/count`,
      read({
        summary: `How many ${name} match (exact up to 100,000, then an estimate)`,
        querystring: countQuerySchema,
        response: { 200: recordCountSchema },
      }),
      async (request) => service.count(requireAuth(request), request.query),
    );

    app.post(
      path,
      write(
        {
          summary: def.summaries.create,
          body: def.schemas.create,
          response: { 201: def.schemas.record, ...conflict },
        },
        crmChange(name),
      ),
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAuth(request), request.body as New)),
    );

    app.get(
      `${path}/:id`,
      read({
        summary: def.summaries.detail,
        params: recordParamsSchema,
        response: { 200: def.schemas.detail },
      }),
      async (request) => service.detail(requireAuth(request), request.params.id),
    );

    app.patch(
      `${path}/:id`,
      write(
        {
          summary: `Change a ${def.entity.subject} (only the fields given); each change goes on the timeline`,
          params: recordParamsSchema,
          body: def.schemas.patch,
          response: { 200: def.schemas.record, ...conflict },
        },
        crmChange(name, true),
      ),
      async (request) =>
        service.patch(requireAuth(request), request.params.id, request.body as Patch),
    );

    app.delete(
      `${path}/:id`,
      write(
        {
          summary: def.summaries.remove,
          params: recordParamsSchema,
          response: noContent,
        },
        crmChange(name, true),
      ),
      async (request, reply) => {
        await service.remove(requireAuth(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${path}/bulk`,
      write(
        {
          summary: 'Act on a selection (ids, or everything a filter matches) in one set-based pass',
          body: def.schemas.bulk,
          response: { 200: bulkResultSchema, 413: errorBodySchema },
        },
        crmChange(name),
      ),
      async (request) => service.bulk(requireAuth(request), request.body as Bulk),
    );

    def.collectionRoutes?.(app, routes);

    app.get(
      `${path}/export.csv`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'The filtered view as CSV (UTF-8 with BOM, RFC 4180, formulas defused)',
          security,
          querystring: exportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const chunks = await service.exportCsv(requireAuth(request), request.query);
        return download(
          reply,
          'text/csv; charset=utf-8',
          `attachment; filename="${name}.csv"`,
        ).send(Readable.from(chunks));
      },
    );
  };
}
