import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  TUS_VERSION,
  UPLOADS_PATH,
  uploadParamsSchema,
  uploadsEndpoints,
} from '@beacon/contract';
import { notFound, requireMediaType } from '../../lib/errors.ts';
import { routeOf, signedInRoutes } from '../../lib/responses.ts';
import { sendStoredFile } from '../../lib/storage/index.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { isUploadId, type ResumableUploads } from './resumable.ts';
import type { UploadsService } from './uploads.service.ts';

/** A body handed on as the request's stream, never read into memory here. */
const passThrough = (
  _request: FastifyRequest,
  payload: Readable,
  done: (e: null, b: Readable) => void,
) => done(null, payload);

const tusHeaders = {
  'tus-resumable': z.string().optional().describe(`The protocol version: ${TUS_VERSION}`),
};

/**
 * Uploads (docs/decisions/052-storage.md): one streamed request for small files, and the tus
 * protocol for large ones, all for contributors and admins. Bodies here are streams: this scope
 * replaces the body parsers of `application/octet-stream` and `application/offset+octet-stream`
 * by ones that hand the request on unread.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{
  service: UploadsService;
  resumable: ResumableUploads;
}> = async (app, { service, resumable }) => {
  const { writeAt, write, tags, writer, security } = signedInRoutes(app, ['uploads']);
  const endpoints = uploadsEndpoints;

  if (app.hasContentTypeParser('application/octet-stream')) {
    app.removeContentTypeParser('application/octet-stream');
  }
  app.addContentTypeParser('application/octet-stream', passThrough);
  app.addContentTypeParser('application/offset+octet-stream', passThrough);

  // An upload id that is not one answers 404 whatever the method, as a missing one.
  app.addHook('preValidation', async (request) => {
    const params = request.params as { uploadId?: unknown } | undefined;
    if (typeof params?.uploadId === 'string' && !isUploadId(params.uploadId)) {
      throw notFound('No such upload');
    }
  });

  const direct = writeAt(endpoints.direct, {
    preParsing: requireMediaType('application/octet-stream'),
  });
  app.route({
    ...direct,
    schema: {
      ...direct.schema,
      consumes: ['application/octet-stream'],
      response: { ...direct.schema.response, 413: errorBodySchema, 415: errorBodySchema },
    },
    handler: async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      const file = await service.direct(requireAuth(request), {
        name: request.query.name,
        body: request.body as Readable,
        declaredSize: Number.isSafeInteger(declared) ? declared : undefined,
      });
      return reply.status(201).send(file);
    },
  });

  /** Hands the request to tus, with the security headers already set on the answer. */
  async function handOver(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const caller = requireAuth(request);
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string);
    }
    reply.raw.setHeader('cache-control', 'no-store');
    reply.hijack();
    await resumable.handle(caller, request.raw, reply.raw);
  }

  /** The upload as tus sees it, when it is the caller's; a 404 otherwise (another workspace's too). */
  async function ownUpload(request: FastifyRequest, uploadId: string) {
    const pending = await resumable.pending(requireAuth(request), uploadId);
    if (!pending) throw notFound('No such upload');
    return pending;
  }

  const tusErrors = { 413: errorBodySchema };

  app.route({
    method: 'POST',
    url: UPLOADS_PATH,
    onRequest: writer,
    schema: {
      tags,
      security,
      summary:
        'Start a resumable upload (tus 1.0.0 creation): Upload-Length, Upload-Metadata (filename); answers 201 and its Location',
      headers: z.object({
        ...tusHeaders,
        'upload-length': z.string().optional().describe('The file size in bytes'),
        'upload-metadata': z.string().optional().describe('tus metadata: filename <base64>'),
      }),
      response: {
        201: z
          .string()
          .max(0)
          .describe('Created: an empty body; the Location header is /api/uploads/<id>'),
        ...tusErrors,
      },
    },
    handler: async (request, reply) => {
      const length = request.headers['upload-length'];
      if (typeof length === 'string' && /^\d+$/.test(length)) {
        await service.checkSize(requireAuth(request), Number(length));
      }
      await handOver(request, reply);
    },
  });

  app.route({
    method: 'HEAD',
    url: `${UPLOADS_PATH}/:uploadId`,
    onRequest: writer,
    schema: {
      tags,
      security,
      summary: 'Where a resumable upload stands (tus): Upload-Offset and Upload-Length',
      params: uploadParamsSchema,
      headers: z.object(tusHeaders),
    },
    handler: async (request, reply) => {
      const { uploadId } = request.params;
      // Finished: its bytes are a stored file now, and the whole length has arrived.
      const finished = await service.upload(requireAuth(request), uploadId).catch(() => null);
      if (finished) {
        return reply
          .header('tus-resumable', TUS_VERSION)
          .header('upload-offset', String(finished.size))
          .header('upload-length', String(finished.size))
          .header('cache-control', 'no-store')
          .code(200)
          .send();
      }
      await ownUpload(request, uploadId);
      await handOver(request, reply);
    },
  });

  app.route({
    method: 'PATCH',
    url: `${UPLOADS_PATH}/:uploadId`,
    onRequest: writer,
    schema: {
      tags,
      security,
      summary:
        'Send the next bytes of a resumable upload (tus): body application/offset+octet-stream from Upload-Offset',
      params: uploadParamsSchema,
      headers: z.object({
        ...tusHeaders,
        'upload-offset': z.string().optional().describe('Where these bytes start'),
      }),
      consumes: ['application/offset+octet-stream'],
      response: { 204: z.null().describe('Stored; Upload-Offset: the new offset'), ...tusErrors },
    },
    handler: async (request, reply) => {
      const pending = await ownUpload(request, request.params.uploadId);
      const offset = Number(request.headers['upload-offset']);
      const length = Number(request.headers['content-length']);
      // The quota again, as bytes arrive: others' files may have filled it since the start.
      const reach = Math.max(
        pending.size ?? 0,
        (Number.isSafeInteger(offset) ? offset : pending.offset) +
          (Number.isSafeInteger(length) ? length : 0),
      );
      await service.checkSize(requireAuth(request), reach);
      await handOver(request, reply);
    },
  });

  app.route({
    method: 'DELETE',
    url: `${UPLOADS_PATH}/:uploadId`,
    onRequest: writer,
    schema: {
      tags,
      security,
      summary:
        'Cancel an upload: an unfinished one (tus termination) or a finished one no record holds yet',
      params: uploadParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    },
    handler: async (request, reply) => {
      const caller = requireAuth(request);
      const { uploadId } = request.params;
      if (await service.discard(caller, uploadId)) return reply.code(204).send(null);
      await ownUpload(request, uploadId);
      // tus answers the termination itself (204), with the protocol's header.
      if (!request.headers['tus-resumable']) request.raw.headers['tus-resumable'] = TUS_VERSION;
      await handOver(request, reply);
    },
  });

  const info = write({
    summary: endpoints.upload.summary,
    params: endpoints.upload.params,
    response: { 200: endpoints.upload.response },
  });
  app.route({
    ...routeOf(endpoints.upload),
    ...info,
    handler: async (request) => {
      const file = await service.upload(requireAuth(request), request.params.uploadId);
      return service.info(file);
    },
  });

  app.route({
    ...routeOf(endpoints.content),
    onRequest: writer,
    schema: {
      tags,
      security,
      summary: endpoints.content.summary,
      params: endpoints.content.params,
      produces: ['*/*'],
      response: { 416: errorBodySchema },
    },
    handler: async (request, reply) => {
      const file = await service.upload(requireAuth(request), request.params.uploadId);
      return sendStoredFile(request, reply, service.storage, file, { disposition: 'inline' });
    },
  });
};
