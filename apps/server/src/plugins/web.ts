import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundBody } from './errors.ts';

const NONCE_PLACEHOLDER = 'BEACON_CSP_NONCE';

/** Paths that belong to the API: an unknown one answers a JSON 404, never the app's page. */
export function isApiPath(url: string): boolean {
  return /^\/(api|token|register|user\/me|meetings\/events|health|ready)(\/|\?|$)/.test(url);
}

/**
 * Serves the built web app from `webDir`, with the SPA fallback: any other GET that accepts HTML
 * gets index.html with this response's CSP nonces filled in. Hashed assets are cached for a year.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDir: string | null }) => {
    const indexFile = opts.webDir ? path.join(opts.webDir, 'index.html') : null;
    const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

    if (template && opts.webDir) {
      await app.register(fastifyStatic, {
        root: opts.webDir,
        // Only the files that exist get routes; every other path falls through to index.html.
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
        preCompressed: true,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          void res.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (template && request.method === 'GET' && wantsHtml && !isApiPath(request.url)) {
        const nonces = reply.cspNonce;
        const html = template
          .replace(/(<script\b[^>]*\snonce=")BEACON_CSP_NONCE/g, `$1${nonces.script}`)
          .replaceAll(NONCE_PLACEHOLDER, nonces.style);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(html);
      }
      return reply.status(404).send(notFoundBody(request.method, request.url));
    });
  },
  { name: 'beacon-web', dependencies: ['beacon-security'] },
);
