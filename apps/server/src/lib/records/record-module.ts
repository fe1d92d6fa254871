import { Readable } from 'node:stream';
import { recordAudit } from '../../modules/audit/audit.repository.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CompanyBulkRequest,
  type DealBulkRequest,
  type PersonBulkRequest,
  type RecordCount,
  type recordEndpoints,
} from '@beacon/contract';

type RecordEndpoints = ReturnType<typeof recordEndpoints>;
import type { Database } from '../../db/client.ts';
import { download, routeOf, signedInRoutes } from '../responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { runBulk } from './bulk.ts';
import type { Caller } from './caller.ts';
import { csvChunks, pickColumns, type CsvColumn } from './csv.ts';
import type { EntityDef } from './fields.ts';
import { parseFilters } from './filters.ts';
import { hideUnseenLinks, type RecordLink } from './links.ts';
import { crmChange } from './live.ts';
import {
  countWhere,
  filterWhere,
  finishPage,
  preparePage,
  type ListQuery,
  type PreparedPage,
} from './query.ts';
import { ownerScope, requireVisible } from './scope.ts';
import { columnReader, rowsOf, type ColumnReader, type Executor } from './sql.ts';

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
  /** Links to records of other entities, hidden where the caller does not see them (links.ts). */
  links?: readonly RecordLink<Item>[];
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
    const page = finishPage(this.def.entity, prepared, rows, this.def.toItem);
    return { ...page, items: await this.shown(caller, page.items) };
  }

  /** Items as the caller may read them: links to records they do not see show no fields. */
  async shown(caller: Caller, items: Item[], db: Executor = this.db): Promise<Item[]> {
    return hideUnseenLinks(db, caller, items, this.def.links ?? []);
  }

  /** The query of a page, as `list` runs it (bench/people runs it as raw SQL beside the API). */
  async pageQuery(
    caller: Caller,
    query: ListQuery,
  ): Promise<{ statement: SQL; prepared: PreparedPage }> {
    const { entity } = this.def;
    const prepared = await preparePage(this.db, entity, caller, query);
    const statement = sql`select ${this.reader.list}, ${prepared.sortValue} as "sortValue"
      from ${sql.raw(`"${entity.table}"`)} where ${prepared.where}
      order by ${sql.join(prepared.order, sql.raw(', '))} limit ${prepared.limit + 1}`;
    return { statement, prepared };
  }

  async count(caller: Caller, query: CountQuery): Promise<RecordCount> {
    const { entity } = this.def;
    const where = await filterWhere(this.db, entity, caller, parseFilters(query.filters), query.q);
    return countWhere(this.db, entity, where);
  }

  /** 404 unless the records are the caller's to see (record visibility, lib/records/scope.ts). */
  async requireVisible(caller: Caller, ids: string[]): Promise<void> {
    await requireVisible(this.db, this.def.entity, caller, ids);
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
    // The export is in the audit log once its filter is known to be good, whatever the download does.
    await recordAudit(this.db, {
      workspaceId: caller.workspaceId,
      actorId: caller.userId,
      kind: 'records.exported',
      subject: this.def.entity.name,
      detail: {
        entity: this.def.entity.name,
        ...(query.q ? { q: query.q } : {}),
        ...(query.filters ? { filters: query.filters } : {}),
        columns: columns.map((column) => column.name),
      },
    });
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
  requireVisible(caller: Caller, ids: string[]): Promise<void>;
  detail(caller: Caller, id: string): Promise<unknown>;
  patch(caller: Caller, id: string, patch: Patch): Promise<unknown>;
  remove(caller: Caller, id: string): Promise<void>;
  bulk(caller: Caller, request: Bulk): Promise<{ affected: number }>;
  exportCsv(caller: Caller, query: ExportQuery): Promise<AsyncIterable<string>>;
};

export type RecordRoutesDef = {
  entity: EntityDef;
  /** The entity's generic endpoints, from the contract's `recordEndpoints`. */
  endpoints: RecordEndpoints;
  /** Routes over the whole collection of the module's own, registered after bulk. */
  collectionRoutes?: (
    app: Parameters<FastifyPluginAsyncZod>[0],
    routes: ReturnType<typeof signedInRoutes>,
  ) => void;
};

/**
 * The routes of a record type under `/api/{entity}`, each at its contract endpoint: list, count,
 * create, read, change, delete, bulk, the module's collection routes, then the CSV export.
 * Reading takes a signed-in member; writing a contributor or an admin.
 */
export function recordRoutes<New, Patch, Bulk>(
  def: RecordRoutesDef,
): FastifyPluginAsyncZod<{ service: RecordRoutesService<New, Patch, Bulk> }> {
  const name = def.entity.name;
  const ep = def.endpoints;

  return async (app, { service }) => {
    const routes = signedInRoutes(app, [name]);
    const { readAt, writeAt, tags, security } = routes;

    app.route({
      ...readAt(ep.list),
      handler: async (request) => service.list(requireAuth(request), request.query as ListQuery),
    });

    app.route({
      ...readAt(ep.count),
      handler: async (request) => service.count(requireAuth(request), request.query as CountQuery),
    });

    app.route({
      ...writeAt(ep.create, crmChange(name)),
      handler: async (request, reply) => {
        const caller = requireAuth(request);
        // A member who sees only their own records owns what they create without an owner, so
        // it does not vanish from their view (record visibility, docs/decisions/045).
        const body = request.body as New & { ownerId?: string | null };
        const input =
          ownerScope(caller) !== null && !body.ownerId ? { ...body, ownerId: caller.userId } : body;
        return reply.status(201).send(await service.create(caller, input));
      },
    });

    app.route({
      ...readAt(ep.detail),
      handler: async (request) => {
        const caller = requireAuth(request);
        const { id } = request.params as { id: string };
        await service.requireVisible(caller, [id]);
        return service.detail(caller, id);
      },
    });

    app.route({
      ...writeAt(ep.patch, crmChange(name, true)),
      handler: async (request) => {
        const caller = requireAuth(request);
        const { id } = request.params as { id: string };
        await service.requireVisible(caller, [id]);
        return service.patch(caller, id, request.body as Patch);
      },
    });

    app.route({
      ...writeAt(ep.remove, crmChange(name, true)),
      handler: async (request, reply) => {
        const caller = requireAuth(request);
        const { id } = request.params as { id: string };
        await service.requireVisible(caller, [id]);
        await service.remove(caller, id);
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...writeAt(ep.bulk, crmChange(name)),
      handler: async (request) => service.bulk(requireAuth(request), request.body as Bulk),
    });

    def.collectionRoutes?.(app, routes);

    app.route({
      ...routeOf(ep.exportCsv),
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: ep.exportCsv.summary,
        security,
        querystring: ep.exportCsv.query,
        produces: ['text/csv'],
      },
      handler: async (request, reply) => {
        const chunks = await service.exportCsv(requireAuth(request), request.query as ExportQuery);
        return download(
          reply,
          'text/csv; charset=utf-8',
          `attachment; filename="${name}.csv"`,
        ).send(Readable.from(chunks));
      },
    });
  };
}
