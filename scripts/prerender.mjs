#!/usr/bin/env node
// Pre-renders the public pages of the built web app (docs/decisions/034-pre-rendered-public-pages.md).
// Run from apps/web after `vite build`: builds src/prerender/entry-server.tsx for Node, draws each
// page of PRERENDERED_PAGES in English with the default settings, and writes it into a copy of
// dist/index.html as dist/prerendered/<file>.html, with:
//   - the theme's default custom properties in a <style> (the app sets them from JavaScript);
//   - a small inline script that marks the document `data-fresh` before it paints when the
//     visitor's language, display settings, session or notice differ from what was drawn: the
//     pre-drawn page is then hidden and replaced (main.tsx), never shown wrong.
// The server sends these files for their exact paths (apps/server/src/plugins/web.ts).
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

// React's production build, as the browser gets.
process.env.NODE_ENV = 'production';

const webDir = process.cwd();
const dist = path.join(webDir, 'dist');
const ssrOut = path.join(webDir, 'node_modules', '.prerender');

await build({
  configFile: path.join(webDir, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender/entry-server.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: { output: { codeSplitting: false } },
  },
  ssr: { noExternal: true },
});

const entry = await import(
  pathToFileURL(
    path.join(
      ssrOut,
      readdirSync(ssrOut).find((f) => /^entry-server\.m?js$/.test(f)),
    ),
  ).href
);

const localeDir = path.join(webDir, 'public', 'locales', 'en');
const resources = Object.fromEntries(
  readdirSync(localeDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [
      file.replace(/\.json$/, ''),
      JSON.parse(readFileSync(path.join(localeDir, file), 'utf8')),
    ]),
);
await entry.initServerI18n(resources);
// The sign-in page's loader asks the server for its info as the page loads; there is no server
// here, and the answer is set per file below.
const warn = console.warn;
console.warn = (...args) => {
  if (!String(args[0]).startsWith('Could not load the sign-in info')) warn(...args);
};

/** Marks the document before it paints when the pre-drawn page would not be the visitor's. */
const FRESH_CHECK = `(function(){var f=false;try{
var c=document.cookie,s=localStorage,q=new URLSearchParams(location.search);
if(location.search||s.getItem('accessToken')||sessionStorage.getItem('beacon.authNotice'))f=true;
if(/(?:^|;\\s*)theme(Mode|Direction|Layout|Contrast|Stretch|ColorPresets)=/.test(c))f=true;
var m=c.match(/(?:^|;\\s*)i18next=([^;]*)/);
var l=q.get('lng')||(m&&m[1])||s.getItem('i18nextLng')||sessionStorage.getItem('i18nextLng')||(navigator.languages&&navigator.languages[0])||navigator.language||'en';
if(!/^en(-|$)/i.test(l))f=true;
}catch(e){f=true}
if(f)document.documentElement.setAttribute('data-fresh','');})();`;

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('prerender: no empty #root');
// The page's style sheets (the preload table of apps/web/route-preloads.ts, in index.html): the
// drawn page must not paint before its styles.
const table = JSON.parse(/var d=(\{.*?\}),L=/.exec(template)?.[1] ?? 'null');
if (!table) throw new Error('prerender: no route preload table in index.html');
const styleLinks = (pagePath) =>
  (table.routes[pagePath]?.c ?? [])
    .map(
      (i) =>
        `<link rel="stylesheet" crossorigin href="/assets/${table.files[i]}" nonce="BEACON_CSP_NONCE">`,
    )
    .join('');
const head =
  `<script nonce="BEACON_CSP_NONCE">${FRESH_CHECK}</script>` +
  `<style nonce="BEACON_CSP_NONCE">${entry.defaultTokensCss()}` +
  `html[data-fresh] #root[data-prerendered]{display:none}</style>`;

/**
 * The CSP refuses `style="…"` attributes in HTML (styles set from JavaScript are fine). Each one
 * becomes `data-ssr-style="…"` with a rule of the page's nonce'd style sheet that matches it, so
 * that the page paints as drawn; main.tsx puts them back as styles before it hydrates.
 */
function moveInlineStyles(html) {
  const rules = new Set();
  const decode = (text) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  const body = html.replace(/ style="([^"]*)"/g, (_all, value) => {
    const css = decode(value);
    if (/<\/|[{}]/.test(css)) throw new Error(`prerender: unexpected inline style ${css}`);
    // !important: an inline style wins over every rule, as this one must over Emotion's.
    const important = css
      .split(';')
      .filter((declaration) => declaration.trim())
      .map((declaration) => `${declaration}!important`)
      .join(';');
    rules.add(
      `[data-ssr-style="${css.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"]{${important}}`,
    );
    return ` data-ssr-style="${value}"`;
  });
  return { body, css: [...rules].join('') };
}

/**
 * The page's code starts once the drawn page has painted, not from <head>: the parser would
 * otherwise ask for every chunk before the first paint, and the paint would wait on the network
 * with them (Lighthouse counts every request started before it). A visitor whose page is drawn
 * again (`data-fresh`) starts at once. The entry, its static imports and the route preload script
 * of index.html move into this script, as they were.
 */
function startAfterPaint(html) {
  const entry =
    /\s*<script type="module" crossorigin src="([^"]+)" nonce="BEACON_CSP_NONCE"><\/script>/;
  const entrySrc = entry.exec(html)?.[1];
  if (!entrySrc) throw new Error('prerender: no entry script in index.html');
  const modulepreload =
    /\s*<link rel="modulepreload" crossorigin href="([^"]+)" nonce="BEACON_CSP_NONCE">/g;
  const imports = [...html.matchAll(modulepreload)].map((match) => match[1]);
  const preload =
    /\s*<script nonce="BEACON_CSP_NONCE">(\(function\(\)\{try\{\nvar d=[\s\S]*?\}catch\(e\)\{\}\}\)\(\);)<\/script>/;
  const preloadScript = preload.exec(html)?.[1];
  if (!preloadScript) throw new Error('prerender: no route preload script in index.html');
  const start = `(function(){var n=document.currentScript&&document.currentScript.nonce,done=false;
function go(){if(done)return;done=true;
// Emotion's styles drawn with the page go to <head>, where its cache finds them when it hydrates;
// a visitor drawn again drops them with the page (they are the default theme's).
if(!document.documentElement.hasAttribute('data-fresh'))document.querySelectorAll('#root style[data-emotion]').forEach(function(e){document.head.appendChild(e);});${preloadScript}
${JSON.stringify(imports)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);});
var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entrySrc)};if(n)s.nonce=n;document.head.appendChild(s);}
if(document.documentElement.hasAttribute('data-fresh'))go();
else{requestAnimationFrame(function(){setTimeout(go,0);});setTimeout(go,500);}})();`;
  return html
    .replace(entry, '')
    .replace(modulepreload, '')
    .replace(preload, '')
    .replace('</body>', `<script nonce="BEACON_CSP_NONCE">${start}</script></body>`);
}

const outDir = path.join(dist, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const demo = { demo: { email: entry.DEMO_EMAIL, password: entry.DEMO_PASSWORD } };
for (const [pagePath, { file, demoFile }] of Object.entries(entry.PRERENDERED_PAGES)) {
  for (const [name, info] of [[file, null], ...(demoFile ? [[demoFile, demo]] : [])]) {
    const { body, css } = moveInlineStyles(await entry.renderPage(pagePath, info));
    const html = startAfterPaint(template)
      .replace(
        '</head>',
        `${head}<style nonce="BEACON_CSP_NONCE">${css}</style>${styleLinks(pagePath)}</head>`,
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${pagePath}" inert>${body}</div>`,
      );
    writeFileSync(path.join(outDir, `${name}.html`), html);
    console.log(`prerendered ${pagePath} -> dist/prerendered/${name}.html (${html.length} bytes)`);
  }
}
// What the server reads (apps/server/src/plugins/web.ts): which file answers which path, and the
// demo placeholders it fills in; the list itself lives only in apps/web/src/prerender/pages.ts.
writeFileSync(
  path.join(outDir, 'pages.json'),
  JSON.stringify({
    pages: entry.PRERENDERED_PAGES,
    demoEmail: entry.DEMO_EMAIL,
    demoPassword: entry.DEMO_PASSWORD,
  }),
);
rmSync(ssrOut, { recursive: true, force: true });
