import type { Plugin } from 'vite';

/**
 * The code and words a cold visit to a page needs, announced by the page itself before its
 * first script has loaded (docs/decisions/026-cold-first-visit.md).
 *
 * Without this, a first visit is a waterfall: the HTML, then the first bundle (React, the router,
 * i18next), which must run before the router asks for the page's lazy chunks and translations,
 * which must run before the page asks for its data. A small inline script in `<head>` (it carries
 * the response's CSP nonce, like every script of the page) reads the path and adds
 * `<link rel="modulepreload">` for the page's chunks, `<link rel="preload" as="style">` for their
 * CSS and `<link rel="preload" as="fetch">` for its translations, so that all of them load
 * alongside the first bundle.
 */

/**
 * The pages that get preload hints: each lists the lazy modules the router loads for it (its
 * layouts and its page, as in `src/app/routes.tsx`) and the translation namespaces they load.
 * `auth`: the page needs a session (without one the guard sends to the sign-in page) or must
 * have none (the guest guard sends a signed-in visitor to the dashboard).
 */
export type PreloadedRoute = {
  modules: string[];
  namespaces: string[];
  auth?: 'signed-in' | 'guest';
};

const MUI_SCOPE = 'src/app/layouts/mui-scope.tsx';
const PUBLIC_LAYOUT = 'src/app/routes/public-layout-route.tsx';
const MINIMAL_LAYOUT = 'src/features/general/components/minimal-layout.tsx';
const DASHBOARD_LAYOUT = 'src/app/layouts/dashboard-layout.tsx';
const DASHBOARD_WORDS = ['navbar', 'settings'];
const general = (page: string, ...namespaces: string[]): PreloadedRoute => ({
  modules: [MUI_SCOPE, PUBLIC_LAYOUT, `src/features/general/components/${page}.tsx`],
  namespaces: ['general', ...namespaces],
});
const dashboard = (route: string, ...namespaces: string[]): PreloadedRoute => ({
  modules: [MUI_SCOPE, DASHBOARD_LAYOUT, `src/app/routes/${route}.tsx`],
  namespaces: [...DASHBOARD_WORDS, ...namespaces],
  auth: 'signed-in',
});

export const PRELOADED_ROUTES: Record<string, PreloadedRoute> = {
  '/auth/login': {
    modules: ['src/app/layouts/auth-layout.tsx', 'src/features/auth/components/login-page.tsx'],
    namespaces: ['auth'],
    auth: 'guest',
  },
  '/': {
    modules: [MUI_SCOPE, PUBLIC_LAYOUT, 'src/app/routes/landing-route.tsx'],
    namespaces: ['general', 'landing'],
  },
  '/pricing': general('pricing-page'),
  '/payment': general('payment-page'),
  '/about-us': general('about-page'),
  '/contact-us': general('contact-page'),
  '/faqs': general('faqs-page', 'faqs'),
  '/terms-of-service': general('terms-page', 'legal'),
  '/privacy-policy': general('privacy-page', 'legal'),
  '/coming-soon': {
    modules: [MUI_SCOPE, MINIMAL_LAYOUT, 'src/features/general/components/coming-soon-page.tsx'],
    namespaces: ['general'],
  },
  '/maintenance': {
    modules: [MUI_SCOPE, MINIMAL_LAYOUT, 'src/features/general/components/maintenance-page.tsx'],
    namespaces: ['general'],
  },
  '/dashboard/app': dashboard('dashboard-app-route', 'dashboard', 'home', 'deals'),
  '/dashboard/people': dashboard('people-route', 'crm', 'records'),
  '/dashboard/companies': dashboard('companies-route', 'crm', 'records'),
  '/dashboard/calendar': dashboard('calendar-route', 'calendar'),
  '/dashboard/kanban': dashboard('kanban-route', 'kanban'),
  '/dashboard/lists': dashboard('lists-route', 'records'),
  '/dashboard/deals': dashboard('deals-route', 'deals', 'crm', 'records'),
};

/** What a chunk of the bundle tells us (a subset of Rollup's `OutputChunk`). */
export type BundleChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type BundleItem = BundleChunk | { type: 'asset'; fileName: string };

/** The table the inline script reads: file names once, then each page's indexes into them. */
export type PreloadTable = {
  files: string[];
  routes: Record<string, { m: number[]; c: number[]; ns: string[]; a?: 1 | 0 }>;
};

/**
 * Each page's chunks (the lazy modules' chunks and everything they import statically) and their
 * CSS, less what the HTML already loads (the entry and its static imports). A module of the table
 * that no chunk holds fails the build: the table must follow `routes.tsx`.
 */
export function preloadTable(
  bundle: Record<string, BundleItem>,
  routes: Record<string, PreloadedRoute> = PRELOADED_ROUTES,
): PreloadTable {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: BundleChunk[]) => {
    const seen = new Set<BundleChunk>();
    const visit = (chunk: BundleChunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    start.forEach(visit);
    return seen;
  };
  const initial = closure(chunks.filter((chunk) => chunk.isEntry));
  const files: string[] = [];
  const index = (file: string) => {
    // Every chunk and style sheet is under assets/; the script puts the prefix back.
    const name = file.replace(/^assets\//, '');
    let at = files.indexOf(name);
    if (at < 0) at = files.push(name) - 1;
    return at;
  };
  const table: PreloadTable = { files, routes: {} };
  for (const [path, route] of Object.entries(routes)) {
    const start = route.modules.map((module) => {
      const chunk = chunks.find((candidate) =>
        candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`),
      );
      if (!chunk) throw new Error(`route-preloads: no chunk holds ${module} (for ${path})`);
      return chunk;
    });
    const needed = [...closure(start)].filter((chunk) => !initial.has(chunk));
    table.routes[path] = {
      m: needed.map((chunk) => index(chunk.fileName)),
      c: [...new Set(needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))].map(
        index,
      ),
      ns: route.namespaces,
      ...(route.auth ? { a: route.auth === 'signed-in' ? 1 : 0 } : {}),
    };
  }
  return table;
}

/**
 * The inline script. The language is the one the app's detector will find when it is kept in
 * local storage (the detector keeps it there after the first visit); when a query string or
 * cookie could choose another, or there is none kept, the translations are not preloaded.
 */
export function preloadScript(
  table: PreloadTable,
  languages: readonly string[],
  earlyUser = true,
): string {
  return `(function(){try{
var d=${JSON.stringify(table)},L=${JSON.stringify(languages)},E=${earlyUser ? 1 : 0};
var p=location.pathname.replace(/\\/+$/,'')||'/',r=d.routes[p];if(!r)return;
var s=localStorage,t=s.getItem('accessToken');
if(r.a===1&&!t)r=d.routes['/auth/login'];else if(r.a===0&&t)return;
function add(rel,href,as){var l=document.createElement('link');l.rel=rel;l.href=href;if(as)l.as=as;if(rel!=='preload'||as==='fetch')l.crossOrigin='';document.head.appendChild(l);}
r.m.forEach(function(i){add('modulepreload','/assets/'+d.files[i]);});
r.c.forEach(function(i){add('preload','/assets/'+d.files[i],'style');});
var g=s.getItem('i18nextLng');
if(g&&L.indexOf(g)>=0&&!/[?&]lng=/.test(location.search)&&document.cookie.indexOf('i18next=')<0)
['common'].concat(r.ns).forEach(function(n){add('preload','/locales/'+g+'/'+n+'.json','fetch');});
if(r.a===1&&E){var u=fetch('/user/me',{headers:{Accept:'application/json',Authorization:'Bearer '+t}});u.catch(function(){});globalThis.__beaconEarly=[{path:'/user/me',token:t,response:u}];}
}catch(e){}})();`;
}

/** The Vite plugin: writes the script into index.html at build time. */
export function routePreloads(languages: readonly string[]): Plugin {
  return {
    name: 'beacon-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const table = preloadTable((context.bundle ?? {}) as Record<string, BundleItem>);
        return [
          {
            tag: 'script',
            attrs: { nonce: 'BEACON_CSP_NONCE' },
            // A build whose API is elsewhere (VITE_API_URL) does not start `/user/me` here.
            children: preloadScript(table, languages, !process.env.VITE_API_URL),
            // At the end of <head>: it runs as the parser reaches it, before the deferred entry.
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}
