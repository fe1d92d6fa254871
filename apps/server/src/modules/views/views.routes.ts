import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newViewSchema,
  recordParamsSchema,
  savedViewSchema,
  savedViewsSchema,
  viewPatchSchema,
  viewsQuerySchema,
  type FilterCondition,
  type SavedView,
  type ViewEntity,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { savedViews } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { noContent, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { parseSort } from '../../lib/records/cursor.ts';
import { companiesEntity, peopleEntity } from '../../lib/records/fields.ts';
import { compileFilters } from '../../lib/records/filters.ts';
import { checkLists } from '../../lib/records/query.ts';

const viewColumns = {
  id: savedViews.id,
  name: savedViews.name,
  entity: savedViews.entity,
  shared: savedViews.shared,
  q: savedViews.q,
  filters: savedViews.filters,
  sort: savedViews.sort,
  columns: savedViews.columns,
  ownerId: savedViews.ownerId,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
};
type ViewRow = Pick<typeof savedViews.$inferSelect, keyof typeof viewColumns>;

const toView = (row: ViewRow): SavedView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Saved views: a user's own, plus those shared with the workspace. */
export const viewsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const { read, write } = signedInRoutes(app, ['views']);

  /** A saved filter and sort must make sense for its entity, as a list query would. */
  async function check(
    caller: AuthContext,
    entity: ViewEntity,
    filters: FilterCondition[] | undefined,
    sort: string | null | undefined,
  ) {
    const def = entity === 'people' ? peopleEntity : companiesEntity;
    if (filters) {
      const compiled = compileFilters(def, filters);
      await checkLists(db, caller.workspaceId, entity, compiled.listIds);
    }
    if (sort) parseSort(def, sort);
  }

  const visible = (caller: AuthContext) =>
    and(
      eq(savedViews.workspaceId, caller.workspaceId),
      or(eq(savedViews.ownerId, caller.userId), eq(savedViews.shared, true)),
    );

  /** Someone else's private view is not there (404); a shared one is the owner's or an admin's. */
  async function editable(caller: AuthContext, id: string) {
    const [row] = await db
      .select(viewColumns)
      .from(savedViews)
      .where(and(visible(caller), eq(savedViews.id, id)));
    if (!row) throw notFound('No such view');
    if (row.ownerId !== caller.userId && caller.role !== 'admin') {
      throw forbidden('Only its owner or an admin can change a shared view');
    }
    return row;
  }

  app.get(
    '/api/views',
    read({
      summary: 'Your saved views and the shared ones',
      querystring: viewsQuerySchema,
      response: { 200: savedViewsSchema },
    }),
    async (request) => {
      const caller = requireAuth(request);
      const rows = await db
        .select(viewColumns)
        .from(savedViews)
        .where(and(visible(caller), eq(savedViews.entity, request.query.entity)))
        .orderBy(asc(savedViews.name), asc(savedViews.id));
      return rows.map(toView);
    },
  );

  app.post(
    '/api/views',
    write({
      summary: 'Save a view (a named filter, sort and column set)',
      body: newViewSchema,
      response: { 201: savedViewSchema },
    }),
    async (request, reply) => {
      const caller = requireAuth(request);
      const input = request.body;
      await check(caller, input.entity, input.filters, input.sort);
      const [row] = await db
        .insert(savedViews)
        .values({ ...input, workspaceId: caller.workspaceId, ownerId: caller.userId })
        .returning(viewColumns);
      return reply.status(201).send(toView(row!));
    },
  );

  app.patch(
    '/api/views/:id',
    write({
      summary: 'Change a saved view (its owner, or an admin for a shared one)',
      params: recordParamsSchema,
      body: viewPatchSchema,
      response: { 200: savedViewSchema },
    }),
    async (request) => {
      const caller = requireAuth(request);
      const old = await editable(caller, request.params.id);
      await check(caller, old.entity, request.body.filters, request.body.sort);
      const [row] = await db
        .update(savedViews)
        .set({ ...request.body, updatedAt: sql`now()` })
        .where(eq(savedViews.id, old.id))
        .returning(viewColumns);
      return toView(row!);
    },
  );

  app.delete(
    '/api/views/:id',
    write({
      summary: 'Delete a saved view (its owner, or an admin for a shared one)',
      params: recordParamsSchema,
      response: noContent,
    }),
    async (request, reply) => {
      const old = await editable(requireAuth(request), request.params.id);
      await db.delete(savedViews).where(eq(savedViews.id, old.id));
      return reply.status(204).send(null);
    },
  );
};
