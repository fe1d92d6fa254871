import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('health', () => {
  it('answers /health and /ready', async () => {
    expect(await getJson(`${server.url}/health`)).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    expect(await getJson(`${server.url}/ready`)).toMatchObject({
      status: 200,
      body: { status: 'ready', database: 'ok' },
    });
  });
});

describe('API document', () => {
  it('publishes OpenAPI 3.1 at /api/openapi.json with the auth calls and their schemas', async () => {
    const response = await getJson(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const doc = response.body as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const [route, method] of [
      ['/register', 'post'],
      ['/token', 'post'],
      ['/user/me', 'get'],
      ['/api/auth/verify', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/auth/new-password', 'post'],
      ['/health', 'get'],
    ] as const) {
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['RegisterRequest', 'TokenResponse', 'CurrentUser', 'ErrorBody']),
    );
    expect(JSON.stringify(doc.paths['/token'])).toContain('application/x-www-form-urlencoded');
    // Every documented area is there, and its schemas have a name of their own.
    for (const route of ['/meetings/events', '/api/kanban/board', '/api/public/payment-requests']) {
      expect(doc.paths[route], route).toBeDefined();
    }
  });

  it('serves a browsable reference at /api/docs with its own assets', async () => {
    const response = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('swagger');
    // Every asset it names comes from this server.
    expect(html).not.toMatch(/(src|href)="https?:\/\//);
  });
});

describe('errors and headers', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    for (const route of ['/api/nothing-here', '/token/extra', '/api']) {
      const response = await getJson(`${server.url}${route}`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND', detail: expect.any(String) });
    }
  });

  it('answers a wrong method on a known path with a JSON error, never HTML', async () => {
    const response = await fetch(`${server.url}/register`, { method: 'GET' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await fetch(`${server.url}/health`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    // A JSON answer runs no script and styles nothing: no nonce (docs/decisions/027); HTML pages
    // get theirs (see 'the web app' below).
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('nonce-');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('the web app', () => {
  const script = `console.log(${JSON.stringify('beacon '.repeat(2000))});`;
  let web: TestServer;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'beacon-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><meta property="csp-nonce" nonce="BEACON_CSP_NONCE" />' +
        '<script type="module" nonce="BEACON_CSP_NONCE" src="/assets/app.js"></script>' +
        '<link rel="stylesheet" nonce="BEACON_CSP_NONCE" href="/assets/app.css"></head>' +
        '<body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(webDir, 'assets', 'app.js'), script);
    writeFileSync(path.join(webDir, 'assets', 'app.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webDir, 'assets', 'app.js.gz'), gzipSync(script));
    web = await startTestServer({ webDir });
  });
  afterAll(async () => {
    await web.close();
  });

  it('serves index.html for app routes with this response’s nonces filled in', async () => {
    for (const route of ['/', '/auth/login', '/dashboard/app', '/some/unknown/page']) {
      const response = await fetch(`${web.url}${route}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).not.toContain('BEACON_CSP_NONCE');
      const csp = response.headers.get('content-security-policy') ?? '';
      const scriptNonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      const styleNonce = /style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(html).toContain(`<script type="module" nonce="${scriptNonce}"`);
      expect(html).toContain(`<meta property="csp-nonce" nonce="${styleNonce}"`);
    }
  });

  it('serves the page to curl, link checkers and monitors (Accept */* or none), also for HEAD', async () => {
    for (const route of ['/auth/login', '/', '/dashboard/people', '/dashboard/people/new?x=1']) {
      for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/*' }] as Record<
        string,
        string
      >[]) {
        const response = await fetch(`${web.url}${route}`, { headers });
        expect(response.status, `${route} ${JSON.stringify(headers)}`).toBe(200);
        expect(response.headers.get('content-type')).toContain('text/html');
        expect(await response.text()).toContain('<div id="root">');
      }
      const head = await fetch(`${web.url}${route}`, {
        method: 'HEAD',
        headers: { accept: '*/*' },
      });
      expect(head.status, `HEAD ${route}`).toBe(200);
      expect(head.headers.get('content-type')).toContain('text/html');
    }
  });

  it('answers JSON 404s to clients that prefer JSON, to /api paths and to missing files', async () => {
    const cases: [string, string][] = [
      ['/auth/login', 'application/json'],
      ['/auth/login', 'application/json, text/html;q=0.5'],
      ['/auth/login', 'application/json, */*;q=0.1'],
      ['/api/unknown', '*/*'],
      ['/token/x', '*/*'],
      ['/assets/missing.js', '*/*'],
      ['/favicon-missing.png', '*/*'],
    ];
    for (const [route, accept] of cases) {
      const response = await fetch(`${web.url}${route}`, { headers: { accept } });
      expect(response.status, `${route} ${accept}`).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const post = await fetch(`${web.url}/auth/login`, {
      method: 'POST',
      headers: { accept: '*/*' },
    });
    expect(post.status).toBe(404);
  });

  it('gives each response a new nonce', async () => {
    const a = await fetch(`${web.url}/`, { headers: { accept: 'text/html' } });
    const b = await fetch(`${web.url}/`, { headers: { accept: 'text/html' } });
    expect(a.headers.get('content-security-policy')).not.toBe(
      b.headers.get('content-security-policy'),
    );
  });

  it('serves hashed assets with a long cache, and a JSON 404 for API paths and missing assets', async () => {
    // A browser asks for brotli: the pre-compressed file is sent (fetch decodes it back).
    const asset = await fetch(`${web.url}/assets/app.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe(script);
    const api = await fetch(`${web.url}/api/unknown`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const missing = await fetch(`${web.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
  });
});

describe('the pre-rendered public pages', () => {
  const servers: TestServer[] = [];
  const page = (marker: string, extra = '') =>
    '<!doctype html><html><head><script nonce="BEACON_CSP_NONCE">0</script>' +
    `<style nonce="BEACON_CSP_NONCE">:root{}</style></head><body><div id="root" data-prerendered>${marker}${extra}</div></body></html>`;
  const webDir = mkdtempSync(path.join(tmpdir(), 'beacon-web-'));
  mkdirSync(path.join(webDir, 'prerendered'));
  writeFileSync(path.join(webDir, 'index.html'), page('EMPTY-SHELL'));
  writeFileSync(
    path.join(webDir, 'prerendered', 'pages.json'),
    JSON.stringify({
      pages: { '/': { file: 'landing' }, '/auth/login': { file: 'login', demoFile: 'login-demo' } },
      demoEmail: 'beacon-demo-email@prerender.invalid',
      demoPassword: 'BEACON_DEMO_PASSWORD',
    }),
  );
  writeFileSync(path.join(webDir, 'prerendered', 'landing.html'), page('LANDING'));
  writeFileSync(path.join(webDir, 'prerendered', 'login.html'), page('LOGIN'));
  writeFileSync(
    path.join(webDir, 'prerendered', 'login-demo.html'),
    page('LOGIN-DEMO', '<dd>beacon-demo-email@prerender.invalid</dd><dd>BEACON_DEMO_PASSWORD</dd>'),
  );
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  const get = async (server: TestServer, route: string) => {
    const response = await fetch(`${server.url}${route}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).not.toContain('BEACON_CSP_NONCE');
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptNonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    const styleNonce = /style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`<script nonce="${scriptNonce}">`);
    expect(html).toContain(`<style nonce="${styleNonce}">`);
    return html;
  };

  it('sends each page its drawn HTML, with the demo account filled in and escaped', async () => {
    const server = await startTestServer({
      webDir,
      demo: { email: 'demo&co@example.test', password: 'pa<ss"word' },
    });
    servers.push(server);
    expect(await get(server, '/')).toContain('LANDING');
    const login = await get(server, '/auth/login');
    expect(login).toContain('LOGIN-DEMO');
    expect(login).toContain('<dd>demo&amp;co@example.test</dd><dd>pa&lt;ss&quot;word</dd>');
    expect(login).not.toContain('prerender.invalid');
    // With a query string (a return path, a language) or on any other page: the empty shell.
    for (const route of ['/auth/login?returnTo=%2Fdashboard', '/?lng=fr', '/pricing', '/x']) {
      expect(await get(server, route), route).toContain('EMPTY-SHELL');
    }
  });

  it('sends the sign-in page without the demo box when there is no demo account', async () => {
    const server = await startTestServer({ webDir, demo: null });
    servers.push(server);
    const login = await get(server, '/auth/login');
    expect(login).toContain('LOGIN');
    expect(login).not.toContain('LOGIN-DEMO');
  });
});
