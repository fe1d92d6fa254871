import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { peopleEndpoints } from '@beacon/contract';
import { crmChange } from '../../lib/records/live.ts';
import { attachmentDisposition, download, routeOf } from '../../lib/responses.ts';
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
    endpoints: peopleEndpoints,
    collectionRoutes: (app, { readAt, writeAt }) => {
      app.route({
        ...readAt(peopleEndpoints.duplicates),
        handler: async (request) => service.duplicates(requireAuth(request)),
      });

      app.route({
        ...writeAt(peopleEndpoints.merge, crmChange('people')),
        handler: async (request) => service.merge(requireAuth(request), request.body),
      });
    },
  });
  await shared(app, options);

  const vcard = peopleEndpoints.vcard;
  app.route({
    ...routeOf(vcard),
    onRequest: app.authenticate,
    schema: {
      tags: ['people'],
      summary: vcard.summary,
      security: [{ bearer: [] }],
      params: vcard.params,
      produces: ['text/vcard'],
    },
    handler: async (request, reply) => {
      const card = await service.vcard(requireAuth(request), request.params.id);
      return download(
        reply,
        'text/vcard; charset=utf-8',
        attachmentDisposition(card.fileName),
      ).send(card.text);
    },
  });
};
