import { defineConfig } from '@playwright/test';

/**
 * Browser tests against a running server: `npm run test:e2e` (scripts/e2e.mjs) builds the app,
 * starts the server and sets BASE_URL, JWT_SECRET, DEMO_EMAIL and DEMO_PASSWORD.
 * Chromium comes from the operating system; no test downloads a browser.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // On CI a test that fails once on a busy two-core machine runs again; Playwright reports it
  // as flaky, never as passed, so a real failure still fails the run.
  retries: process.env.CI ? 2 : 0,
  use: {
    baseURL: process.env.BASE_URL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
