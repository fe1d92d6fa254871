import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, issueToken, openWithToken, registerAccount, test } from './fixtures.ts';

/** Fails on any 'serious' or 'critical' WCAG 2 A/AA violation. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

const publicPages = [
  { path: '/auth/login', heading: 'Sign in to Beacon' },
  { path: '/auth/register', heading: 'Create your Beacon account' },
  { path: '/auth/verify?email=someone%40example.com', heading: 'Verify your e-mail address' },
  { path: '/auth/reset-password', heading: 'Forgot your password?' },
  { path: '/auth/new-password', heading: 'Choose a new password' },
  { path: '/404', heading: 'Page not found' },
];

for (const { path, heading } of publicPages) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('axe: the sign-in form with errors shown', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('axe: /dashboard/app', async ({ page, request }) => {
  const account = await registerAccount(request);
  const token = await issueToken(request, account.email, account.password);
  await openWithToken(page, token, '/dashboard/app');
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${account.first_name}` }),
  ).toBeVisible();
  await expect(page.getByText('Admin', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('axe: the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
});
