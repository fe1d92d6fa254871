import { defineConfig } from '@playwright/test';
import base from '../playwright.config.ts';

/**
 * Screenshots for a person to look at (`npm run screenshots`): not tests, and not part of
 * `npm test`. scripts/e2e.mjs starts the built server with the demo workspace, as for the browser
 * tests, and sets SCREENSHOTS_DIR (default: `screenshots/` at the repository's root).
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.shots.ts',
  outputDir: '../test-results/screenshots',
  workers: 1,
  retries: 0,
  timeout: 900_000,
  expect: { timeout: 30_000 },
});
