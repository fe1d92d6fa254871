import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  duplicateListSchema,
  mergeRequestSchema,
  newPersonSchema,
  personBulkRequestSchema,
  personDetailSchema,
  personPageSchema,
  personPatchSchema,
  personSchema,
  recordParamsSchema,
} from '@beacon/contract';
import { crmChange } from '../../lib/records/live.ts';
import { attachmentDisposition, download } from '../../lib/responses.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { peopleEntity } from './people.entity.ts';
import { recordRoutes } from '../../lib/records/record-module.ts';
import type { PeopleService } from './people.service.ts';

export const peopleRoutes: FastifyPluginAsyncZod<{ service: PeopleService }> = async (
  app,
  options,
) => {
  const { service } = options;
  const shared = recordRoutes({
    entity: peopleEntity,
    schemas: {
      page: personPageSchema,
      record: personSchema,
      detail: personDetailSchema,
      create: newPersonSchema,
      patch: personPatchSchema,
      bulk: personBulkRequestSchema,
    },
    summaries: {
      create: 'Add a person',
      detail: 'A person, with their company and lists',
      remove: 'Delete a person, with their notes, activity and list memberships',
    },
    conflicts: true,
    collectionRoutes: (app, { read, write }) => {
      app.get(
        '/api/people/duplicates',
        read({
          summary: 'Likely duplicates: the same e-mail, or the same name at the same company',
          response: { 200: duplicateListSchema },
        }),
        async (request) => service.duplicates(requireAuth(request)),
      );

      app.post(
        '/api/people/merge',
        write(
          {
            summary: 'Merge duplicates into a primary, keeping every related record',
            body: mergeRequestSchema,
            response: { 200: personDetailSchema },
          },
          crmChange('people'),
        ),
        async (request) => service.merge(requireAuth(request), request.body),
      );
    },
  });
  await shared(app, options);

  app.get(
    '/api/people/:id/vcard',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['people'],
        summary: 'A person as a vCard 4.0',
        security: [{ bearer: [] }],
        params: recordParamsSchema,
        produces: ['text/vcard'],
      },
    },
    async (request, reply) => {
      const card = await service.vcard(requireAuth(request), request.params.id);
      return download(
        reply,
        'text/vcard; charset=utf-8',
        attachmentDisposition(card.fileName),
      ).send(card.text);
    },
  );
};
