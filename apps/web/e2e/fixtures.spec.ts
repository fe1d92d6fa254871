import { test as base } from '@playwright/test';
import { expect, guardPage } from './fixtures.ts';

/*
 * The page guard of fixtures.ts against the case its Issues check exists for: a CSP violation that
 * Chrome reports only in its Issues panel. The app's entry script is served with a caught
 * `new Function` at its end (as zod's probe used to do), which the policy blocks silently: no
 * console message, no page error. The guard must still report it. (A plain Playwright test, since
 * the guarded `test` would fail on purpose here.)
 */
base('a CSP violation reported only as an Issue is caught', async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('BASE_URL is not set: run the browser tests with npm run test:e2e');
  const guard = await guardPage(page, new URL(baseURL).host);
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}\ntry { new Function('return 1')(); } catch {}\n`;
    await route.fulfill({ response, body });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Nothing in the console: only the Issues check can see it.
  expect(consoleErrors).toEqual([]);
  await expect
    .poll(async () => (await guard.settle()).join('\n'))
    .toMatch(/^CSP issue: kEvalViolation blocked by script-src at .*\/assets\/index-/);
});

base('a page without violations reports nothing', async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('BASE_URL is not set: run the browser tests with npm run test:e2e');
  const guard = await guardPage(page, new URL(baseURL).host);
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Beacon' })).toBeVisible();
  expect(await guard.settle()).toEqual([]);
});
