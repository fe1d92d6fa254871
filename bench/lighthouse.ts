/**
 * bench/lighthouse: Lighthouse (mobile preset, simulated throttling) three times on the sign-in
 * page, the signed-in dashboard home and each general page, against the built app served by the
 * real server with the demo workspace. Prints the median performance, accessibility and
 * best-practices scores, LCP, TBT and CLS, and the gzip size of the JavaScript each page loads,
 * with the issue's targets.
 *
 *   npm run bench:lighthouse                  (builds first; LIGHTHOUSE_SKIP_BUILD=1 to reuse)
 *   LIGHTHOUSE_RUNS=1 LIGHTHOUSE_PAGES=/auth/login,/pricing npm run bench:lighthouse
 *   LIGHTHOUSE_URL=http://127.0.0.1:3000 npm run bench:lighthouse   (a server already running:
 *   no build, no server of its own; it must have the demo workspace)
 *   LIGHTHOUSE_SAVE=/tmp/lhr npm run bench:lighthouse   (also writes each run's report as JSON)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SIGN_IN = '/auth/login';
const DASHBOARD = '/dashboard/app';
const GENERAL = [
  '/',
  '/pricing',
  '/payment',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/terms-of-service',
  '/privacy-policy',
  '/coming-soon',
  '/maintenance',
  '/403',
  '/404',
  '/500',
  '/components',
];
const pages = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [SIGN_IN, DASHBOARD, ...GENERAL];
/** Lighthouse multiplies the main thread's observed times: a busy machine lowers the scores. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const loadAtStart = load();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const external = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
if (!external && !process.env.LIGHTHOUSE_SKIP_BUILD) {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

const dataDir = external ? null : mkdtempSync(path.join(tmpdir(), 'beacon-lighthouse-'));
const base = external ?? `http://127.0.0.1:${await freePort()}`;
const server = dataDir
  ? spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: new URL(base).port,
        HOST: '127.0.0.1',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
  : null;
const stopServer = () => {
  if (server && server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stopServer);

for (let waited = 0; ; waited += 250) {
  try {
    if ((await fetch(`${base}/ready`)).ok) break;
  } catch {
    // not yet
  }
  if (waited > 120_000) throw new Error('the server did not get ready');
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const login = await fetch(`${base}/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ username: 'demo@beacon.local', password: 'beacon-demo' }),
});
const { access_token: token } = (await login.json()) as { access_token: string };

const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** Signs the browser in (the token in local storage), as the app does after login. */
async function signIn(signedIn: boolean) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  await page.goto(`${base}/404`);
  await page.evaluate(
    ([value, on]) => {
      if (on) localStorage.setItem('accessToken', value);
      else localStorage.removeItem('accessToken');
      localStorage.setItem('i18nextLng', 'en');
    },
    [token, signedIn] as const,
  );
  await page.close();
  await browser.close();
}

const gzipSizes = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (size === undefined) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    size = gzipSync(body, { level: 9 }).length;
    gzipSizes.set(url, size);
  }
  return size;
}

type Run = {
  perf: number;
  a11y: number;
  bp: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  /** The accessibility and best-practice audits that lost points. */
  failed: string[];
  details?: unknown;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: { page: string; runs: Run[] }[] = [];

for (const pagePath of pages) {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    // A run that Lighthouse could not measure (runtimeError, e.g. NO_NAVSTART on a busy
    // machine) scores 0 and would drag the median down: it is run again, up to twice.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 1; ; attempt += 1) {
      await signIn(pagePath === DASHBOARD);
      result = await lighthouse(`${base}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      });
      if (!result) throw new Error(`no result for ${pagePath}`);
      const error = result.lhr.runtimeError;
      if (!error) break;
      process.stderr.write(
        `${pagePath}: run ${i + 1} failed (${error.code}), attempt ${attempt}\n`,
      );
      if (attempt === 3) break;
    }
    if (!result) throw new Error(`no result for ${pagePath}`);
    const { lhr } = result;
    if (process.env.LIGHTHOUSE_SAVE) {
      mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
      const name = `${pagePath.replace(/\W+/g, '_') || '_'}-${i + 1}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, name), JSON.stringify(lhr));
    }
    const requests =
      (
        lhr.audits['network-requests']?.details as {
          items?: { url: string; resourceType?: string }[];
        }
      )?.items ?? [];
    let js = 0;
    for (const request of requests) {
      if (request.resourceType === 'Script' && request.url.startsWith(base))
        js += await gzipSize(request.url);
    }
    runs.push({
      perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      bp: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      js,
      details: lhr.audits['inspector-issues']?.details,
      failed: (['accessibility', 'best-practices'] as const).flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      ),
    });
    if (
      pagePath === DASHBOARD &&
      lhr.finalDisplayedUrl &&
      !lhr.finalDisplayedUrl.includes(DASHBOARD)
    ) {
      throw new Error(`the dashboard run ended on ${lhr.finalDisplayedUrl}: not signed in`);
    }
  }
  results.push({ page: pagePath, runs });
  process.stderr.write(`measured ${pagePath}\n`);
}

await chrome.kill();
stopServer();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });

const targetPerf = (page: string) => (page === SIGN_IN ? 98 : page === DASHBOARD ? 90 : 0);
const failures: string[] = [];
console.log(`\nbench/lighthouse: mobile preset, median of ${RUNS} run(s) per page`);
console.log(`load average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`);
console.log('page                    perf  a11y    bp   LCP ms  TBT ms    CLS   JS gzip KiB');
for (const { page, runs } of results) {
  const m = {
    perf: median(runs.map((r) => r.perf)),
    a11y: median(runs.map((r) => r.a11y)),
    bp: median(runs.map((r) => r.bp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    js: median(runs.map((r) => r.js)) / 1024,
  };
  console.log(
    `${page.padEnd(22)} ${String(m.perf).padStart(5)} ${String(m.a11y).padStart(5)} ${String(m.bp).padStart(5)}` +
      ` ${m.lcp.toFixed(0).padStart(8)} ${m.tbt.toFixed(0).padStart(7)} ${m.cls.toFixed(3).padStart(6)} ${m.js.toFixed(1).padStart(12)}`,
  );
  const failed = [...new Set(runs.flatMap((r) => r.failed))];
  if (failed.length > 0) console.log(`${''.padEnd(22)} audits losing points: ${failed.join(', ')}`);
  if (process.env.LIGHTHOUSE_DETAILS)
    console.log(JSON.stringify(runs.at(-1)?.details ?? null, null, 1));
  if (m.perf < targetPerf(page))
    failures.push(`${page}: performance ${m.perf} < ${targetPerf(page)}`);
  if (m.a11y < 100) failures.push(`${page}: accessibility ${m.a11y} < 100`);
  if (m.bp < 100) failures.push(`${page}: best practices ${m.bp} < 100`);
  if (m.cls >= 0.05) failures.push(`${page}: CLS ${m.cls.toFixed(3)} >= 0.05`);
  if (page === SIGN_IN && m.js > 150)
    failures.push(`${page}: ${m.js.toFixed(1)} KiB of gzip JavaScript > 150`);
}
console.log(
  failures.length === 0
    ? '\nall targets met'
    : `\ntargets missed (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`,
);
