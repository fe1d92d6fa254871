#!/usr/bin/env node
// The browser tests (`npm run test:e2e`): finds the system's Chromium (installing Debian's when it
// can), builds the app, starts the built server on a fresh embedded database with the demo
// workspace, runs Playwright against it, then stops the server and removes its data.
// Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- --grep login`.
// With `--screenshots` first (`npm run screenshots`), it runs apps/web/screenshots instead: the
// PNGs for a person to look at, written to SCREENSHOTS_DIR (default: screenshots/ at the root).
// E2E_SKIP_BUILD=1 reuses the last build (when only the specs changed).
// The server sends its mail over SMTP to a catcher started here (scripts/e2e-mail.mjs); the specs
// read what it received from E2E_MAIL_DIR (e2e/fixtures.ts `waitForMail`).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from './e2e-mail.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = process.argv[2] === '--screenshots';
const playwrightArgs = process.argv.slice(screenshots ? 3 : 2);
const playwrightConfig = path.join(
  root,
  screenshots ? 'apps/web/screenshots/playwright.config.ts' : 'apps/web/playwright.config.ts',
);
const screenshotsDir = path.resolve(root, process.env.SCREENSHOTS_DIR || 'screenshots');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
// A fresh embedded database with the demo workspace (3,000 people) takes a while on a busy machine.
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;
const DEMO_EMAIL = 'demo@beacon.local';
const DEMO_PASSWORD = 'beacon-demo';
const NOT_FOUND =
  'Chromium not found: install it with `sudo apt-get install -y chromium` or set CHROME_PATH';

function fail(message) {
  process.stderr.write(`e2e: ${message}\n`);
  process.exit(1);
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findChromium() {
  if (process.env.CHROME_PATH)
    return isExecutable(process.env.CHROME_PATH) ? process.env.CHROME_PATH : null;
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(isExecutable) ?? null;
}

function canInstallChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function ensureChromium() {
  if (process.env.CHROME_PATH && !isExecutable(process.env.CHROME_PATH)) {
    fail(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which is not an executable file`);
  }
  let chromium = findChromium();
  if (!chromium && canInstallChromium()) {
    console.log('e2e: Chromium not found; installing Debian’s chromium with apt-get');
    const install = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status !== 0) console.error('e2e: apt-get could not install chromium');
    chromium = findChromium();
  }
  if (!chromium) {
    console.error(NOT_FOUND);
    process.exit(1);
  }
  return chromium;
}

/** The project's Playwright CLI, run by this Node; npx when it cannot be found. */
function playwrightCommand() {
  try {
    const require = createRequire(path.join(root, 'package.json'));
    return [process.execPath, require.resolve('@playwright/test/cli')];
  } catch {
    return ['npx', 'playwright'];
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startServer({ port, dataDir, jwtSecret, smtpPort, inboundSmtpPort }) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Beacon <beacon@e2e.test>',
    // Replies reach the workspace's Beacon mailboxes here (e2e/conversations.spec.ts sends them).
    INBOUND_SMTP_PORT: String(inboundSmtpPort),
    // A mail's remote images are served by e2e/mail.spec.ts on loopback.
    MAIL_REMOTE_IMAGES_ALLOW_PRIVATE: 'true',
    // The tests' API calls give each account its own X-Forwarded-For address (e2e/fixtures.ts),
    // so the run stays within the per-address rate limits, which keep their shipped values.
    TRUST_PROXY: 'true',
  };
  // Always the embedded database: a fresh one per run.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => setImmediate(() => resolve({ code, signal })));
  });
  let exit = null;
  void exited.then((result) => (exit = result));
  return {
    child,
    exited,
    output: () => output,
    hasExited: () => exit !== null || child.exitCode !== null || child.signalCode !== null,
    exit: () => exit,
  };
}

async function waitReady(server, url, interrupted) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (interrupted()) throw new Error(`interrupted by ${interrupted()}`);
    if (server.hasExited()) {
      const exit = server.exit();
      throw new Error(
        `the server exited (code ${exit?.code}, signal ${exit?.signal}) before it was ready:\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(
    `the server was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`,
  );
}

async function stopServer(server) {
  if (server.hasExited()) return server.exit();
  server.child.kill('SIGTERM');
  const timeout = sleep(STOP_TIMEOUT_MS).then(() => null);
  const result = await Promise.race([server.exited, timeout]);
  if (result) return result;
  console.error(`e2e: the server did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it`);
  server.child.kill('SIGKILL');
  return server.exited;
}

async function main() {
  // 1. Chromium from the operating system.
  const chromium = ensureChromium();
  if (!existsSync(playwrightConfig)) {
    fail(`no Playwright configuration at ${path.relative(root, playwrightConfig)}`);
  }

  // 2. Build the web app and the server.
  if (process.env.E2E_SKIP_BUILD === '1') {
    console.log('e2e: E2E_SKIP_BUILD=1, using the last build');
  } else {
    console.log('e2e: building the app');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) fail('the build failed');
  }
  if (!existsSync(serverEntry)) {
    fail(`the build did not produce ${path.relative(root, serverEntry)}`);
  }

  // 3. The built server on a fresh embedded database with the demo workspace.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const jwtSecret = randomBytes(32).toString('base64url');
  const mailDir = path.join(dataDir, 'e2e-mail');
  mkdirSync(mailDir, { recursive: true });
  const mail = await startMailCatcher(mailDir);
  const inboundSmtpPort = await freePort();
  const server = startServer({ port, dataDir, jwtSecret, smtpPort: mail.port, inboundSmtpPort });

  let playwright = null;
  let interrupted = null;
  const onSignal = (signal) => {
    interrupted = signal;
    if (playwright && playwright.exitCode === null) playwright.kill(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let exitCode;
  try {
    if (screenshots) {
      mkdirSync(screenshotsDir, { recursive: true });
      console.log(`e2e: screenshots go to ${screenshotsDir}`);
    }
    console.log(`e2e: starting the server on ${url} (data in ${dataDir})`);
    await waitReady(server, url, () => interrupted);

    // 4. Playwright.
    // `npx playwright test`, minus npx: npm exec would not pass our signals on to Playwright.
    const [command, ...cli] = playwrightCommand();
    playwright = spawn(command, [...cli, 'test', '-c', playwrightConfig, ...playwrightArgs], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        BASE_URL: url,
        JWT_SECRET: jwtSecret,
        CHROME_PATH: chromium,
        DEMO_EMAIL,
        DEMO_PASSWORD,
        E2E_MAIL_DIR: mailDir,
        E2E_INBOUND_SMTP_PORT: String(inboundSmtpPort),
        ...(screenshots ? { SCREENSHOTS_DIR: screenshotsDir } : {}),
      },
    });
    exitCode = await new Promise((resolve) => {
      playwright.once('error', (error) => {
        console.error(`e2e: could not run Playwright: ${error.message}`);
        resolve(1);
      });
      playwright.once('exit', (code) => resolve(code ?? 1));
    });
    if (exitCode !== 0 && server.output().trim()) {
      console.error(`e2e: server output:\n${server.output()}`);
    }
  } catch (error) {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    exitCode = 1;
  } finally {
    // 5. Always stop the server and remove its data.
    const stopped = await stopServer(server);
    if (stopped && stopped.code !== 0) {
      console.error(
        `e2e: the server stopped with code ${stopped.code} (signal ${stopped.signal})\n${server.output()}`,
      );
    }
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

main().catch((error) => {
  console.error(`e2e: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
