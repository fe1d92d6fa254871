import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, FILES_PLAIN_UPLOAD_MAX_BYTES, filesEndpoints } from '@beacon/contract';
import { requireMediaType } from '../../lib/errors.ts';
import { attachmentDisposition, openAt, routeOf, signedInRoutes } from '../../lib/responses.ts';
import { sendStoredFile, type Storage } from '../../lib/storage/index.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { FilesService, ZipPlan } from './files.service.ts';

/**
 * The files manager's calls, from `filesEndpoints` (docs/decisions/054-files-manager.md). Reading,
 * listing, details, downloads and stars are open to every role; making, uploading, organising,
 * sharing and links are writes (contributors and admins), and each item's own rules (private,
 * shared to view or edit) are the service's. The public link calls need no sign-in: the secret
 * token in the address is the credential.
 */
export const filesRoutes: FastifyPluginAsyncZod<{
  service: FilesService;
  storage: Storage;
}> = async (app, { service, storage }) => {
  const { readAt, writeAt, tags, security } = signedInRoutes(app, ['files']);
  const endpoints = filesEndpoints;

  app.route({
    ...readAt(endpoints.list),
    handler: async (request) => service.list(requireAuth(request), request.query),
  });

  app.route({
    ...readAt(endpoints.usage),
    handler: async (request) => service.usage(requireAuth(request)),
  });

  app.route({
    ...writeAt(endpoints.newFolder),
    handler: async (request, reply) =>
      reply.status(201).send({ item: await service.newFolder(requireAuth(request), request.body) }),
  });

  // A plain upload: the body is the file, streamed to the storage as it arrives (never whole in
  // memory); the storage stops it past its limit (413) and refuses types it does not take (415).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
    done(null, payload),
  );
  const upload = writeAt(endpoints.upload, {
    preParsing: requireMediaType('application/octet-stream'),
  });
  app.route({
    ...upload,
    schema: { ...upload.schema, consumes: ['application/octet-stream'] },
    handler: async (request, reply) => {
      const length = Number(request.headers['content-length']);
      const item = await service.upload(requireAuth(request), {
        folderId: request.query.folderId ?? null,
        name: request.query.name,
        visibility: request.query.visibility,
        body: request.body as unknown as Readable,
        maxBytes: FILES_PLAIN_UPLOAD_MAX_BYTES,
        ...(Number.isFinite(length) ? { declaredSize: length } : {}),
      });
      return reply.status(201).send({ item });
    },
  });

  app.route({
    ...writeAt(endpoints.fromUpload),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ item: await service.fromUpload(requireAuth(request), request.body) }),
  });

  app.route({
    ...writeAt(endpoints.emptyTrash),
    handler: async (request) => service.emptyTrash(requireAuth(request)),
  });

  app.route({
    ...readAt(endpoints.details),
    handler: async (request) => service.details(requireAuth(request), request.params.id),
  });

  app.route({
    ...writeAt(endpoints.change),
    handler: async (request) => ({
      item: await service.change(requireAuth(request), request.params.id, request.body),
    }),
  });

  app.route({
    ...writeAt(endpoints.move),
    handler: async (request) => ({
      item: await service.move(requireAuth(request), request.params.id, request.body.folderId),
    }),
  });

  app.route({
    ...writeAt(endpoints.copy),
    handler: async (request, reply) =>
      reply.status(201).send({
        item: await service.copy(requireAuth(request), request.params.id, request.body.folderId),
      }),
  });

  app.route({
    ...readAt(endpoints.star),
    handler: async (request) => ({
      item: await service.star(requireAuth(request), request.params.id, request.body.starred),
    }),
  });

  app.route({
    ...writeAt(endpoints.trash),
    handler: async (request) => ({
      item: await service.trash(requireAuth(request), request.params.id),
    }),
  });

  app.route({
    ...writeAt(endpoints.restore),
    handler: async (request) => ({
      item: await service.restore(requireAuth(request), request.params.id),
    }),
  });

  app.route({
    ...writeAt(endpoints.remove),
    handler: async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...routeOf(endpoints.content),
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: endpoints.content.summary,
      security,
      params: endpoints.content.params,
      querystring: endpoints.content.query,
      produces: ['*/*'],
    },
    handler: async (request, reply) => {
      const content = await service.content(requireAuth(request), request.params.id);
      if ('zip' in content) return sendZip(reply, service, content.zip);
      return sendStoredFile(request, reply, storage, content.file, {
        disposition: request.query.disposition,
        name: content.name,
      });
    },
  });

  app.route({
    ...readAt(endpoints.streamUrl),
    handler: async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.streamUrl(requireAuth(request), request.params.id)),
  });

  // A media player's requests carry no header: the signed token in the address is the
  // credential (one member, one file, a few hours), and the member's access is checked again at
  // each request. Ranges, If-Range and the ETag are sendStoredFile's.
  app.route({
    ...routeOf(endpoints.stream),
    schema: {
      tags,
      summary: endpoints.stream.summary,
      params: endpoints.stream.params,
      querystring: endpoints.stream.query,
      produces: ['*/*'],
    },
    handler: async (request, reply) => {
      const content = await service.streamContent(request.params.id, request.query.token);
      return sendStoredFile(request, reply, storage, content.file, {
        disposition: 'inline',
        name: content.name,
      });
    },
  });

  app.route({
    ...readAt(endpoints.shares),
    handler: async (request) => service.shares(requireAuth(request), request.params.id),
  });

  app.route({
    ...writeAt(endpoints.share),
    handler: async (request) =>
      service.share(requireAuth(request), request.params.id, request.body),
  });

  app.route({
    ...writeAt(endpoints.unshare),
    handler: async (request, reply) => {
      await service.unshare(requireAuth(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...readAt(endpoints.links),
    handler: async (request) => service.links(requireAuth(request), request.params.id),
  });

  app.route({
    ...writeAt(endpoints.newLink),
    handler: async (request, reply) =>
      reply.status(201).send({
        link: await service.newLink(requireAuth(request), request.params.id, request.body),
      }),
  });

  app.route({
    ...writeAt(endpoints.revokeLink),
    handler: async (request, reply) => {
      await service.revokeLink(requireAuth(request), request.params.linkId);
      return reply.status(204).send(null);
    },
  });

  // Public links: no sign-in; the token in the address is the credential.
  const publicTags = ['files'];
  const publicErrors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  app.route({
    ...openAt(endpoints.publicInfo, publicTags, publicErrors),
    handler: async (request, reply) => {
      const info = await service.publicInfo(request.params.token, request.query.grant);
      return reply.header('cache-control', 'no-store').send(info);
    },
  });

  app.route({
    ...openAt(endpoints.publicUnlock, publicTags, { ...publicErrors, 429: errorBodySchema }),
    handler: async (request, reply) => {
      const grant = await service.unlock(request.params.token, request.body.password, request.ip);
      return reply.header('cache-control', 'no-store').send(grant);
    },
  });

  app.route({
    ...routeOf(endpoints.publicContent),
    schema: {
      tags: publicTags,
      summary: endpoints.publicContent.summary,
      params: endpoints.publicContent.params,
      querystring: endpoints.publicContent.query,
      produces: ['*/*'],
    },
    handler: async (request, reply) => {
      const content = await service.publicContent(request.params.token, request.query.grant);
      if ('zip' in content) return sendZip(reply, service, content.zip);
      return sendStoredFile(request, reply, storage, content.file, {
        disposition: request.query.disposition,
        name: content.name,
        cacheControl: 'private, no-store',
      });
    },
  });
};

/** A folder as a zip, streamed as it is made (its length is unknown until the end). */
function sendZip(reply: FastifyReply, service: FilesService, plan: ZipPlan) {
  return reply
    .type('application/zip')
    .header('content-disposition', attachmentDisposition(plan.name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(service.zipStream(plan));
}
