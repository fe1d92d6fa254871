import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PREVIEW_TEXT_MAX_BYTES, previewsEndpoints } from '@beacon/contract';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Previews } from '../../lib/previews/previews.ts';
import { readTextHead } from '../../lib/previews/render.ts';
import { routeOf, signedInRoutes } from '../../lib/responses.ts';
import { isText, sendStoredFile, type Storage } from '../../lib/storage/index.ts';
import { requireAuth } from '../../plugins/auth.ts';

/**
 * Previews, read by any member who may read the record holding the file (its area's rule): a
 * thumbnail, served as the stored file it is (ETag, nosniff, sandbox), 404 until it is made; the
 * head of a text file as JSON.
 */
export const previewsRoutes: FastifyPluginAsyncZod<{
  previews: Previews;
  storage: Storage;
}> = async (app, { previews, storage }) => {
  const { readAt, tags, security } = signedInRoutes(app, ['storage']);
  const endpoints = previewsEndpoints;

  // A file answer: the endpoint gives method, path, summary and parameters; the answer is WebP.
  app.route({
    ...routeOf(endpoints.thumbnail),
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: endpoints.thumbnail.summary,
      security,
      params: endpoints.thumbnail.params,
      querystring: endpoints.thumbnail.query,
      produces: ['image/webp'],
    },
    handler: async (request, reply) => {
      const file = await previews.readable(requireAuth(request), request.params.fileId);
      const thumbnail = await previews.thumbnail(file, request.query.size);
      if (!thumbnail) throw notFound('This file has no preview (yet)');
      // The bytes under a thumbnail's id never change: the browser may keep it for a day.
      return sendStoredFile(request, reply, storage, thumbnail, {
        disposition: 'inline',
        cacheControl: 'private, max-age=86400',
      });
    },
  });

  app.route({
    ...readAt(endpoints.text),
    handler: async (request) => {
      const file = await previews.readable(requireAuth(request), request.params.fileId);
      if (!isText(file.contentType)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file is not text');
      }
      const head = await readTextHead(await storage.open(file), PREVIEW_TEXT_MAX_BYTES);
      return { ...head, contentType: file.contentType };
    },
  });
};
