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
// Signed-in pages (`frame` in PRERENDERED_PAGES) are drawn for a marker member at phone width:
// their inline scripts check that the visitor is the member remembered in local storage (the
// token's, an editor, at phone width) and put the member's names in place of the markers before
// the page paints; main.tsx replaces the frame once the app has started
// (docs/decisions/056-signed-in-frame-at-build-time.md).
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

/**
 * The part of both checks below about what the browser knows of the visitor's settings: a query
 * string, a pending sign-in notice, a display setting (any `theme…` cookie) or a language other
 * than English, detected in the app's order. Sets `f` (drawn from scratch).
 */
const SETTINGS_CHECK = `var c=document.cookie,s=localStorage,q=new URLSearchParams(location.search);
if(location.search||sessionStorage.getItem('beacon.authNotice'))f=true;
if(/(?:^|;\\s*)theme(Mode|Direction|Layout|Contrast|Stretch|ColorPresets)=/.test(c))f=true;
var k=c.match(/(?:^|;\\s*)i18next=([^;]*)/);
var l=q.get('lng')||(k&&k[1])||s.getItem('i18nextLng')||sessionStorage.getItem('i18nextLng')||(navigator.languages&&navigator.languages[0])||navigator.language||'en';
if(!/^en(-|$)/i.test(l))f=true;`;

/** Marks the document before it paints when the pre-drawn page would not be the visitor's. */
const FRESH_CHECK = `(function(){var f=false;try{${SETTINGS_CHECK}
if(s.getItem('accessToken'))f=true;
}catch(e){f=true}
if(f)document.documentElement.setAttribute('data-fresh','');})();`;

/**
 * For a signed-in frame: the visitor is the member the page can be filled in for. The token is
 * there and unexpired, the member remembered beside it (features/auth/utils/member-frame.ts) is
 * the token's, may edit, has a verified account, and the screen is narrower than the `lg`
 * breakpoint (wider, the menu's layout follows the display settings); with the language and
 * display settings of the public pages' check.
 */
const FRAME_CHECK = `(function(){var f=false;try{${SETTINGS_CHECK}
var t=s.getItem('accessToken'),p=JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/')));
var m=JSON.parse(s.getItem('beacon.member'));
if(!(p.exp*1000>Date.now())||!m||m.id!==p.sub||!/^(admin|contributor)$/.test(m.role)||!m.email_verified)f=true;
if(matchMedia('(min-width:1200px)').matches)f=true;
}catch(e){f=true}
if(f)document.documentElement.setAttribute('data-fresh','');})();`;

/**
 * Right after the frame's markup: puts the remembered member's names in place of the markers
 * (text and attributes), as text, before the first paint. `roles`: the English label of each role;
 * `greetings`: the home page's heading for an account older than a day and for a newer one
 * (features/dashboard/components/dashboard-app-page.tsx).
 */
const frameFill = (
  markers,
  roles,
  greetings,
) => `(function(){if(document.documentElement.hasAttribute('data-fresh'))return;
var r=document.getElementById('root');try{var m=JSON.parse(localStorage.getItem('beacon.member'));
var v={};v[${JSON.stringify(markers.initials)}]=((m.first_name.charAt(0)+m.last_name.charAt(0)).toUpperCase()||'?');
v[${JSON.stringify(markers.first)}]=m.first_name;v[${JSON.stringify(markers.last)}]=m.last_name;v[${JSON.stringify(markers.email)}]=m.email;
v[${JSON.stringify(markers.workspace)}]=m.workspace;var g=${JSON.stringify(greetings)};
v[${JSON.stringify(markers.greeting)}]=g[Date.now()-Date.parse(m.created_at)<864e5?1:0].replace('{{name}}',function(){return m.first_name||m.email});v[${JSON.stringify(markers.role)}]=${JSON.stringify(roles)}[m.role]||m.role;
var x=/\uE000\uE000|\uE000[A-Z]/g,f=function(a){return v[a]};
var w=document.createTreeWalker(r,NodeFilter.SHOW_TEXT),n;while((n=w.nextNode()))if(n.nodeValue.indexOf('\uE000')>=0)n.nodeValue=n.nodeValue.replace(x,f);
r.querySelectorAll('*').forEach(function(e){for(var i=0;i<e.attributes.length;i++){var a=e.attributes[i];if(a.value.indexOf('\uE000')>=0)a.value=a.value.replace(x,f);}});
r.setAttribute('data-filled','');}catch(e){document.documentElement.setAttribute('data-fresh','');}})();`;

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
const head = (frame) =>
  `<script nonce="BEACON_CSP_NONCE">${frame ? FRAME_CHECK : FRESH_CHECK}</script>` +
  `<style nonce="BEACON_CSP_NONCE">${entry.defaultTokensCss()}` +
  `html[data-fresh] #root[data-prerendered]{display:none}` +
  (frame ? `#root[data-prerendered][data-frame]:not([data-filled]){visibility:hidden}` : '') +
  `</style>`;

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
 * with them (Lighthouse counts every request started before it). "Painted" is the browser's
 * first-contentful-paint entry (a frame's end on the main thread can come well before the
 * frame is on screen: the people page's frame showed 160 ms after it on a busy machine), or a
 * second at most (a hidden tab paints nothing). A visitor whose page is drawn
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
else{try{new PerformanceObserver(function(l,o){if(!l.getEntries().some(function(e){return e.name==='first-contentful-paint'}))return;o.disconnect();setTimeout(go,0);}).observe({type:'paint',buffered:true});}catch(e){requestAnimationFrame(function(){setTimeout(go,0);});}
setTimeout(go,1000);}})();`;
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
const { roles, app: homeWords } = resources.dashboard;
const greetings = [homeWords.greeting, homeWords.greetingNew];
for (const [pagePath, { file, demoFile, frame }] of Object.entries(entry.PRERENDERED_PAGES)) {
  for (const [name, info] of [[file, null], ...(demoFile ? [[demoFile, demo]] : [])]) {
    // The frame's role and the home page's greeting are drawn as markers too.
    resources.dashboard.roles = frame ? { ...roles, admin: entry.FRAME_MARKERS.role } : roles;
    resources.dashboard.app = frame
      ? { ...homeWords, greeting: entry.FRAME_MARKERS.greeting }
      : homeWords;
    await entry.setWords('dashboard', resources.dashboard);
    const { body, css } = moveInlineStyles(await entry.renderPage(pagePath, info, frame));
    if (frame && !body.includes('\uE000')) throw new Error(`prerender: ${pagePath} has no member`);
    const fill = frame
      ? `<script nonce="BEACON_CSP_NONCE">${frameFill(entry.FRAME_MARKERS, roles, greetings)}</script>`
      : '';
    const html = startAfterPaint(template)
      .replace(
        '</head>',
        `${head(frame)}<style nonce="BEACON_CSP_NONCE">${css}</style>${styleLinks(pagePath)}</head>`,
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${pagePath}"${frame ? ' data-frame' : ''} inert>${body}</div>${fill}`,
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
