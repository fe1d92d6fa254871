import { describe, expect, it } from 'vitest';
import {
  preloadScript,
  preloadTable,
  type BundleChunk,
  type PreloadedRoute,
} from '../../apps/web/route-preloads.ts';

const chunk = (
  fileName: string,
  imports: string[],
  extra: Partial<BundleChunk> = {},
): BundleChunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports,
  ...extra,
});

/** An entry with React, a page behind a layout, and a chunk both the entry and the page use. */
const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js', 'assets/shared.js'], {
    isEntry: true,
    facadeModuleId: '/repo/apps/web/index.html',
  }),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/shared.js': chunk('assets/shared.js', []),
  'assets/layout.js': chunk('assets/layout.js', ['assets/mui.js'], {
    facadeModuleId: '/repo/apps/web/src/layout.tsx',
  }),
  'assets/mui.js': chunk('assets/mui.js', ['assets/react.js']),
  'assets/page.js': chunk('assets/page.js', ['assets/shared.js', 'assets/table.js'], {
    facadeModuleId: '/repo/apps/web/src/page.tsx',
    viteMetadata: { importedCss: new Set(['assets/page.css']) },
  }),
  'assets/table.js': chunk('assets/table.js', ['assets/mui.js']),
  'assets/other.js': chunk('assets/other.js', [], {
    facadeModuleId: '/repo/apps/web/src/other.tsx',
  }),
  'assets/page.css': { type: 'asset' as const, fileName: 'assets/page.css' },
};

const routes: Record<string, PreloadedRoute> = {
  '/dashboard/page': {
    modules: ['src/layout.tsx', 'src/page.tsx'],
    namespaces: ['crm'],
    auth: 'signed-in',
  },
  '/auth/login': { modules: ['src/other.tsx'], namespaces: ['auth'], auth: 'guest' },
};

const names = (table: ReturnType<typeof preloadTable>, path: string) =>
  table.routes[path]!.m.map((i) => table.files[i]);

describe('preloadTable', () => {
  it("lists a page's chunks and what they import, less what the entry already loads", () => {
    const table = preloadTable(bundle, routes);
    expect(names(table, '/dashboard/page')?.sort()).toEqual([
      'layout.js',
      'mui.js',
      'page.js',
      'table.js',
    ]);
    expect(table.routes['/dashboard/page']!.c.map((i) => table.files[i])).toEqual(['page.css']);
    expect(table.routes['/dashboard/page']).toMatchObject({ ns: ['crm'], a: 1 });
    expect(names(table, '/auth/login')).toEqual(['other.js']);
    expect(table.routes['/auth/login']!.a).toBe(0);
  });

  it('fails the build when a module of the table is in no chunk', () => {
    expect(() =>
      preloadTable(bundle, { '/x': { modules: ['src/gone.tsx'], namespaces: [] } }),
    ).toThrow(/no chunk holds src\/gone.tsx/);
  });
});

/** Runs the inline script against a stand-in document and returns the links it added. */
function run(
  path: string,
  storage: Record<string, string>,
  { search = '', cookie = '' } = {},
): string[] {
  const added: string[] = [];
  const document = {
    cookie,
    createElement: () => ({}) as Record<string, string>,
    head: {
      appendChild: (link: Record<string, string>) =>
        added.push(`${link.rel} ${link.as ?? '-'} ${link.href}`),
    },
  };
  const localStorage = { getItem: (key: string) => storage[key] ?? null };
  const script = preloadScript(preloadTable(bundle, routes), ['en', 'fr']);
  const fetch = (url: string, init: { headers: Record<string, string> }) => {
    added.push(`fetch ${url} ${init.headers.Authorization}`);
    return Promise.resolve(new Response('{}'));
  };
  const globals: { __beaconEarly?: { path: string; token: string }[] } = {};
  new Function('location', 'document', 'localStorage', 'fetch', 'globalThis', script)(
    { pathname: path, search },
    document,
    localStorage,
    fetch,
    globals,
  );
  if (globals.__beaconEarly) {
    const [early] = globals.__beaconEarly;
    added.push(`early ${early?.path} ${early?.token}`);
  }
  return added;
}

describe('preloadScript', () => {
  it("preloads a signed-in page's chunks, style sheets and words in the kept language", () => {
    const links = run('/dashboard/page/', { accessToken: 't', i18nextLng: 'fr' });
    expect(links).toContain('modulepreload - /assets/page.js');
    expect(links).toContain('modulepreload - /assets/mui.js');
    expect(links).toContain('preload style /assets/page.css');
    expect(links).toContain('preload fetch /locales/fr/common.json');
    expect(links).toContain('preload fetch /locales/fr/crm.json');
    expect(links).not.toContain('modulepreload - /assets/react.js');
    // The session's first call starts here too, with the stored token, kept for the app.
    expect(links).toContain('fetch /user/me Bearer t');
    expect(links).toContain('early /user/me t');
  });

  it('preloads the sign-in page instead of a signed-in page when there is no token', () => {
    expect(run('/dashboard/page', { i18nextLng: 'en' })).toEqual([
      'modulepreload - /assets/other.js',
      'preload fetch /locales/en/common.json',
      'preload fetch /locales/en/auth.json',
    ]);
  });

  it('preloads nothing for the sign-in page with a token, or for a page it does not know', () => {
    expect(run('/auth/login', { accessToken: 't' })).toEqual([]);
    expect(run('/nowhere', { accessToken: 't' })).toEqual([]);
  });

  it('leaves the words alone when the language could come from elsewhere or is unknown', () => {
    const code = ['modulepreload - /assets/other.js'];
    expect(run('/auth/login', {})).toEqual(code);
    expect(run('/auth/login', { i18nextLng: 'xx' })).toEqual(code);
    expect(run('/auth/login', { i18nextLng: 'en' }, { search: '?lng=fr' })).toEqual(code);
    expect(run('/auth/login', { i18nextLng: 'en' }, { cookie: 'i18next=fr' })).toEqual(code);
  });
});
