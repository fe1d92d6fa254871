import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityPageSchema,
  noteBodySchema,
  noteSchema,
  pageQuerySchema,
  recordParamsSchema,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { companies, people } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { noContent, signedInRoutes } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { companiesRoutes } from '../companies/companies.routes.ts';
import { CompaniesService } from '../companies/companies.service.ts';
import { listsRoutes } from '../lists/lists.routes.ts';
import { ListsService } from '../lists/lists.service.ts';
import { peopleRoutes } from '../people/people.routes.ts';
import { PeopleService } from '../people/people.service.ts';
import { viewsRoutes } from '../views/views.routes.ts';
import { activityPage, type Subject } from '../../lib/records/activity.ts';
import { publishCrmChanges } from '../../lib/records/live.ts';
import { NotesService } from './notes.service.ts';

/** The CRM records (issue 5): people, companies, lists, notes, the timeline and saved views. */
export const recordsRoutes: FastifyPluginAsyncZod<{ db: Database; realtime: Realtime }> = async (
  app,
  { db, realtime },
) => {
  // First, so that it applies to every route below, the modules' too.
  publishCrmChanges(app, db, realtime);
  await app.register(peopleRoutes, { service: new PeopleService(db) });
  await app.register(companiesRoutes, { service: new CompaniesService(db) });
  await app.register(listsRoutes, { service: new ListsService(db) });
  await app.register(viewsRoutes, { db });

  const notes = new NotesService(db);

  async function exists(workspaceId: string, subject: Subject) {
    const table = subject.type === 'person' ? people : companies;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.workspaceId, workspaceId), eq(table.id, subject.id)));
    if (!row) throw notFound(subject.type === 'person' ? 'No such person' : 'No such company');
  }

  for (const [path, type, tag] of [
    ['/api/people', 'person', 'people'],
    ['/api/companies', 'company', 'companies'],
  ] as const) {
    const { read, write } = signedInRoutes(app, [tag]);
    app.get(
      `${path}/:id/activity`,
      read({
        summary: `The ${type}'s timeline, newest first`,
        params: recordParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: activityPageSchema },
      }),
      async (request) => {
        const caller = requireAuth(request);
        const subject = { type, id: request.params.id };
        await exists(caller.workspaceId, subject);
        return activityPage(
          db,
          caller.workspaceId,
          subject,
          request.query.limit,
          request.query.cursor,
        );
      },
    );

    app.post(
      `${path}/:id/notes`,
      write({
        summary: `Add a note to the ${type} (it goes on the timeline)`,
        params: recordParamsSchema,
        body: noteBodySchema,
        response: { 201: noteSchema },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await notes.add(
              requireAuth(request),
              { type, id: request.params.id },
              request.body.body,
            ),
          ),
    );
  }

  const notesRoutes = signedInRoutes(app, ['notes']);
  app.patch(
    '/api/notes/:id',
    notesRoutes.write({
      summary: 'Change a note (its author or an admin)',
      params: recordParamsSchema,
      body: noteBodySchema,
      response: { 200: noteSchema },
    }),
    async (request) => notes.update(requireAuth(request), request.params.id, request.body.body),
  );

  app.delete(
    '/api/notes/:id',
    notesRoutes.write({
      summary: 'Delete a note (its author or an admin)',
      params: recordParamsSchema,
      response: noContent,
    }),
    async (request, reply) => {
      await notes.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
