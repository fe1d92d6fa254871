import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Negotiator from 'negotiator';
import { notFoundBody } from './errors.ts';

const NONCE_PLACEHOLDER = 'BEACON_CSP_NONCE';

/**
 * The pages the web build draws ahead of time (apps/web/src/prerender/pages.ts; scripts/prerender.mjs
 * writes each to `prerendered/<file>.html` and their list to `prerendered/pages.json`): sent for
 * their exact path, without a query string, instead of the empty index.html. The sign-in page's
 * demo file has placeholders for the demo account, filled in here
 * (docs/decisions/034-pre-rendered-public-pages.md).
 */
type PrerenderedManifest = {
  pages: Record<string, { file: string; demoFile?: string }>;
  demoEmail: string;
  demoPassword: string;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

function readPrerendered(
  webDir: string,
  demo: { email: string; password: string } | null,
): Map<string, string> {
  const pages = new Map<string, string>();
  const manifestPath = path.join(webDir, 'prerendered', 'pages.json');
  if (!existsSync(manifestPath)) return pages;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PrerenderedManifest;
  for (const [pagePath, { file, demoFile }] of Object.entries(manifest.pages)) {
    const name = demo && demoFile ? demoFile : file;
    const filePath = path.join(webDir, 'prerendered', `${name}.html`);
    if (!existsSync(filePath)) continue;
    let html = readFileSync(filePath, 'utf8');
    if (demo && demoFile) {
      html = html
        .replaceAll(manifest.demoEmail, escapeHtml(demo.email))
        .replaceAll(manifest.demoPassword, escapeHtml(demo.password));
    }
    pages.set(pagePath, html);
  }
  return pages;
}

/** Paths that belong to the API: an unknown one answers a JSON 404, never the app's page. */
export function isApiPath(url: string): boolean {
  return /^\/(api|token|register|user\/me|meetings\/events|health|ready)(\/|\?|$)/.test(url);
}

/** A last path segment with an extension (`/assets/app.js`): a file, never a page of the app. */
const FILE_LIKE = /\.[A-Za-z0-9]+$/;

/**
 * Whether a request that found no route gets the app's page: a GET (or HEAD) outside the API
 * whose Accept prefers HTML to JSON. A browser sends text/html; curl, link checkers and monitors
 * send `*\/*` (or nothing), which takes the page too unless the path names a file. A client that
 * prefers JSON, or any /api path, gets the JSON 404.
 */
export function wantsPage(method: string, url: string, accept: string | undefined): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || isApiPath(url)) return false;
  const negotiator = new Negotiator({ headers: accept === undefined ? {} : { accept } });
  if (negotiator.mediaType(['text/html', 'application/json']) !== 'text/html') return false;
  const namesHtml = /\btext\/html\b/i.test(accept ?? '');
  return namesHtml || !FILE_LIKE.test(url.split('?')[0] ?? '');
}

/**
 * Serves the built web app from `webDir`, with the SPA fallback: any other request for a page
 * (`wantsPage`) gets index.html with this response's CSP nonces filled in. Hashed assets are cached for a year.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { webDir: string | null; demo?: { email: string; password: string } | null },
  ) => {
    const indexFile = opts.webDir ? path.join(opts.webDir, 'index.html') : null;
    const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
    const prerendered =
      template && opts.webDir ? readPrerendered(opts.webDir, opts.demo ?? null) : new Map();

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
      if (template && wantsPage(request.method, request.url, request.headers.accept)) {
        const nonces = reply.cspNonce;
        const html = (prerendered.get(request.url) ?? template)
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
